package server

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/timetype"
)

// Temporal values in the binary protocol (prepared statements), as MySQL
// and MariaDB send and read them. The protocol library converts between the
// text GMS produces and the binary layout, and differs from MySQL where
// drivers notice:
//   - a zero DATE/DATETIME/TIMESTAMP ('0000-00-00 00:00:00') is sent as a
//     4- or 7-byte value of zeros, which drivers that build a date from the
//     parts read as -0001-11-30 (go-sql-driver with parseTime): MySQL sends
//     such a value, and a zero TIME, with length 0;
//   - parameters: the library writes the microseconds of a DATETIME or TIME
//     parameter without leading zeros (.000789 became .789, 789 ms) and the
//     other parts unpadded, and a zero-length DATETIME (MySQL's zero date)
//     as " ".

// binaryTemporal gives zero temporal values of a binary-protocol result the
// empty text the library encodes with length 0. Rows are changed in place:
// each execution builds its own.
func binaryTemporal(res *sqltypes.Result) {
	if res == nil {
		return
	}
	var cols []int
	for i, f := range res.Fields {
		switch f.Type {
		case querypb.Type_DATE, querypb.Type_DATETIME, querypb.Type_TIMESTAMP, querypb.Type_TIME:
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 {
		return
	}
	for _, row := range res.Rows {
		for _, i := range cols {
			if i >= len(row) || row[i].IsNull() || !zeroTemporal(row[i].Raw()) {
				continue
			}
			if row[i].Type() == sqltypes.Time {
				// The library sends exactly "00:00:00" with length 0 (an
				// empty TIME is an error there).
				row[i] = sqltypes.MakeTrusted(sqltypes.Time, []byte("00:00:00"))
			} else {
				row[i] = sqltypes.MakeTrusted(row[i].Type(), nil)
			}
		}
	}
}

// zeroTemporal: every digit of the value is 0 ("0000-00-00",
// "00:00:00.000000"; "-00:00:00" is not zero in MySQL either way, it has
// no sign in the binary layout when all parts are 0).
func zeroTemporal(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		switch c {
		case '0', '-', ':', ' ', '.':
		default:
			return false
		}
	}
	return b[0] != '-'
}

// temporalParams rewrites the DATE/DATETIME/TIMESTAMP and TIME parameters
// the library decoded from their binary layout into the text MySQL would
// read for the same value (see above).
func temporalParams(p *mysql.PrepareData) {
	for i, t := range p.ParamsType {
		// Only a temporal parameter is rewritten: its name is made and
		// looked up for it alone (a Sprintf per parameter of every
		// execution was ~1% of the server's instructions under sysbench's
		// oltp_write_only, docs/PROFILES.md "perf27").
		switch querypb.Type(t) {
		case querypb.Type_DATE, querypb.Type_DATETIME, querypb.Type_TIMESTAMP, querypb.Type_TIME:
		default:
			continue
		}
		name := "v" + strconv.Itoa(i+1)
		bv := p.BindVars[name]
		if bv == nil || bv.Type != querypb.Type_VARCHAR {
			continue
		}
		var text string
		var ok bool
		switch querypb.Type(t) {
		case querypb.Type_DATE, querypb.Type_DATETIME, querypb.Type_TIMESTAMP:
			text, ok = datetimeParam(string(bv.Value), querypb.Type(t) == querypb.Type_DATE)
		case querypb.Type_TIME:
			text, ok = timeParam(string(bv.Value))
		}
		if ok {
			p.BindVars[name] = &querypb.BindVariable{Type: querypb.Type_VARCHAR, Value: []byte(text)}
		}
	}
}

// datetimeParam formats the library's "Y-M-D[ h:m:s[.us]]" (us: an integer
// count of microseconds) or " " (length 0) as MySQL's text.
func datetimeParam(s string, date bool) (string, bool) {
	if strings.TrimSpace(s) == "" {
		if date {
			return "0000-00-00", true
		}
		return "0000-00-00 00:00:00", true
	}
	var y, mo, d, h, mi, sec, us int
	n, _ := fmt.Sscanf(s, "%d-%d-%d %d:%d:%d.%d", &y, &mo, &d, &h, &mi, &sec, &us)
	switch n {
	case 3:
		return fmt.Sprintf("%04d-%02d-%02d", y, mo, d), true
	case 6:
		return fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, sec), true
	case 7:
		return fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d.%06d", y, mo, d, h, mi, sec, us), true
	}
	return "", false
}

// timeParam formats the library's "[-]h:m:s[.us]" (us: an integer count of
// microseconds) as MySQL's text.
func timeParam(s string) (string, bool) {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	var h, mi, sec, us int
	n, _ := fmt.Sscanf(s, "%d:%d:%d.%d", &h, &mi, &sec, &us)
	switch n {
	case 3:
		return fmt.Sprintf("%s%02d:%02d:%02d", sign, h, mi, sec), true
	case 4:
		return fmt.Sprintf("%s%02d:%02d:%02d.%06d", sign, h, mi, sec, us), true
	}
	return "", false
}

// temporalFields gives DATETIME and TIMESTAMP result columns MySQL's
// display length: 19 characters, plus the point and the fraction digits
// (GMS always says 26).
func temporalFields(f *querypb.Field) {
	switch f.Type {
	case querypb.Type_DATETIME, querypb.Type_TIMESTAMP:
		want := uint32(19)
		if f.Decimals > 0 && f.Decimals <= 6 {
			want += 1 + f.Decimals
		}
		if f.ColumnLength != want {
			f.ColumnLength = want
		}
	case querypb.Type_TIME:
		// The precision of a TIME(n) travels in its column length (see
		// timetype.DisplayLength): GMS sets no decimals for TIME, so a
		// driver that formats binary values by them (go-sql-driver into
		// a string) dropped the fraction. GMS's own TIME (expressions
		// other than CAST) keeps microseconds and reads as TIME(6).
		if want := uint32(timetype.PrecisionOfLength(f.ColumnLength)); f.Decimals != want {
			f.Decimals = want
		}
	}
}
