package sqltext

import "strings"

// tsiUnits are the ODBC spellings MySQL's lexer reads as the interval
// units themselves (sql/lex.h: SQL_TSI_SECOND is SECOND_SYM, ...; there is
// no SQL_TSI_MICROSECOND), so TIMESTAMPDIFF(SQL_TSI_HOUR, a, b) is valid
// MySQL; the parser has none of them (1064).
var tsiUnits = map[string]bool{
	"SQL_TSI_SECOND": true, "SQL_TSI_MINUTE": true, "SQL_TSI_HOUR": true, "SQL_TSI_DAY": true,
	"SQL_TSI_WEEK": true, "SQL_TSI_MONTH": true, "SQL_TSI_QUARTER": true, "SQL_TSI_YEAR": true,
}

// tsiUnitEdit is the edit writing the plain unit for the SQL_TSI_ unit at
// toks[i] where a unit stands: TIMESTAMPADD's and TIMESTAMPDIFF's first
// argument, EXTRACT(unit FROM ...), or after INTERVAL's value. Elsewhere
// the word is a name (these keywords are not reserved in MySQL: a column
// may be called sql_tsi_day) and stays.
func tsiUnitEdit(q string, toks []depthToken, i int) (Edit, bool) {
	t := toks[i]
	if !tsiUnits[t.word] || t.start > 0 && (q[t.start-1] == '.' || q[t.start-1] == '@' || q[t.start-1] == '`') {
		return Edit{}, false
	}
	unitPos := false
	if i >= 2 && toks[i-1].word == "(" {
		switch toks[i-2].word {
		case "TIMESTAMPADD", "TIMESTAMPDIFF":
			unitPos = i+1 < len(toks) && toks[i+1].word == ","
		case "EXTRACT":
			unitPos = i+1 < len(toks) && toks[i+1].word == "FROM"
		}
	}
	if !unitPos && !(i > 1 && endsValue(toks[i-1]) && intervalBefore(toks, i)) {
		return Edit{}, false
	}
	return Edit{At: t.start, Len: t.end - t.start, New: strings.TrimPrefix(t.word, "SQL_TSI_")}, true
}
