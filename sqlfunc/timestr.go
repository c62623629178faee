package sqlfunc

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/timetype"
)

// textOfTimeFuncs are the string functions that read their arguments as
// text. MySQL gives them a TIME argument's text ('10:00:00', with the
// value's n fractional digits); GMS's string conversion has no case for its
// TIME value (types.Timespan), so they failed with 1105 ("incompatible
// conversion to SQL type"), answered NULL (CAST(t AS CHAR)) or panicked
// (TRIM).
var textOfTimeFuncs = map[string]bool{
	"length": true, "octet_length": true, "char_length": true, "character_length": true,
	"bit_length": true, "concat": true, "concat_ws": true, "upper": true, "lower": true,
	"ucase": true, "lcase": true, "left": true, "right": true, "substring": true,
	"substr": true, "mid": true, "substring_index": true, "replace": true, "reverse": true,
	"lpad": true, "rpad": true, "trim": true, "ltrim": true, "rtrim": true, "instr": true,
	"locate": true, "position": true, "hex": true, "md5": true, "sha1": true, "sha": true,
	"sha2": true, "crc32": true, "ascii": true, "ord": true, "repeat": true, "quote": true,
	"to_base64": true, "strcmp": true, "elt": true, "soundex": true, "insert": true,
	"export_set": true, "make_set": true, "regexp_like": true, "regexp_replace": true,
	"regexp_substr": true, "regexp_instr": true, "group_concat": true,
}

// timeTextArgs gives the arguments of a string function, a LIKE, a CAST to a
// string type and a COALESCE/IFNULL of string type the text MySQL reads
// (stringArg: TIME, ENUM/SET, DECIMAL and DATE/DATETIME arguments).
// ok is false when e is none of those or has no such argument.
func timeTextArgs(e sql.Expression) (sql.Expression, bool) {
	wrapAll := false
	switch e := e.(type) {
	case *timeText:
		return e, false
	case *expression.Like:
		wrapAll = true
	case *expression.Convert:
		wrapAll = types.IsText(e.Type())
	case *function.Coalesce, *function.IfNull:
		// All-temporal branches (COALESCE(time(6) column, CAST(... AS
		// TIME))) get their aggregate temporal type from branchTemporal;
		// GMS's LONGTEXT for them is not a string context.
		// YEAR beside integers is an integer (branchyear.go).
		// An ENUM/SET branch is its text, also beside NULLs only: MySQL's
		// COALESCE and IFNULL are STRING_RESULT Item_func_numhybrids,
		// whose number is their string's (`IFNULL(e, NULL) + 0` is 0,
		// GMS's the member number) and which sort as text.
		wrapAll = types.IsText(e.Type()) && newBranchTemporal(e) == nil && newBranchYearInt(e, false) == nil || mixedEnumSet(e.Children()) ||
			slices.ContainsFunc(e.Children(), func(c sql.Expression) bool { return isEnumOrSet(c.Type()) })
	case sql.FunctionExpression:
		wrapAll = textOfTimeFuncs[strings.ToLower(e.FunctionName())]
		if strings.EqualFold(e.FunctionName(), "json_quote") && len(e.Children()) == 1 && isEnumOrSet(e.Children()[0].Type()) {
			// An ENUM or SET is a string to MySQL's JSON_QUOTE; GMS
			// failed with 1105 "invalid type". Other types keep GMS's
			// answer.
			wrapAll = true
		}
	}
	if !wrapAll {
		return e, false
	}
	cs := e.Children()
	var name string
	if f, ok := e.(sql.FunctionExpression); ok {
		name = strings.ToLower(f.FunctionName())
	}
	numeric := numericArgs[name]
	var ncs []sql.Expression
	for i, c := range cs {
		num := slices.Contains(numeric, i) && !(name == "hex" && isDatetimeType(c.Type()))
		if name == "group_concat" && !isDatetimeType(c.Type()) && !timetype.Is(c.Type()) &&
			!(types.IsFloat(c.Type()) && i == len(cs)-1) {
			// (A DOUBLE value, the last child, gets MySQL's text of it:
			// 1e20, not 21 digits.)
			// Its children are its ORDER BY's and then its values, not
			// told apart here: a DECIMAL's text would sort 10 before 9.
			// A temporal's text sorts as its value.
			num = true
			if isEnumOrSet(c.Type()) && i < len(cs)-1 {
				// An ORDER BY key (the value is the last child: several
				// are one CONCAT, groupConcatArgs): MySQL sorts an ENUM
				// by member number and a SET by its bits, as the ENUM's
				// own type compares; its text sorted 'a' before 'c' in
				// ENUM('c','a').
				continue
			}
		}
		if types.IsFloat(c.Type()) {
			switch e.(type) {
			case *function.Coalesce, *function.IfNull:
				// Its type is the branches' (branchdouble.go,
				// branchstr.go), which print a DOUBLE branch themselves.
				continue
			}
		}
		w, ok := stringArg(c, num)
		if !ok {
			continue
		}
		if ncs == nil {
			ncs = append([]sql.Expression(nil), cs...)
		}
		ncs[i] = w
	}
	if ncs == nil {
		return e, false
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	return ne, true
}

// timeText is a TIME expression's text, as a string function reads it:
// exactly n fractional digits for a TIME(n); GMS's own TIME (TIMEDIFF,
// SEC_TO_TIME, ...) as the server prints it to the client.
type timeText struct{ unary }

func (t *timeText) Type() sql.Type {
	fsp, _ := timetype.PrecisionOf(t.child.Type())
	return types.MustCreateStringWithDefaults(sqltypes.VarChar, int64(timetype.DisplayLength(fsp)))
}
func (t *timeText) DebugString() string { return sql.DebugString(t.child) }
func (t *timeText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCharacterSet().DefaultCollation(), 4
}

func (t *timeText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(t, children)
}

func (t *timeText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := t.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	ts, err := types.Time.ConvertToTimespan(v)
	if err != nil {
		return nil, err
	}
	if tt, ok := t.child.Type().(timetype.Type); ok {
		return string(timetype.AppendText(nil, ts, tt.Precision())), nil
	}
	return ts.String(), nil
}

// timePrefix is the leading part of a string that can be a TIME: digits
// with ':' and '.' between them, after an optional sign.
var timePrefix = regexp.MustCompile(`^\s*-?\d[\d:.]*`)

// timeOfPrefix is MySQL's TIME of a string with trailing garbage
// (CAST('12abc' AS TIME) is 00:00:12): the value of its longest leading
// time text, with warning 1292; NULL when there is none. GMS answered NULL.
func timeOfPrefix(ctx *sql.Context, typ sql.Type, s string) (any, error) {
	p := strings.TrimRight(timePrefix.FindString(s), ":.")
	if p == "" || p == strings.TrimSpace(s) {
		return nil, nil
	}
	if rest := s[len(timePrefix.FindString(s)):]; len(rest) > 0 && (rest[0] == 'e' || rest[0] == 'E') {
		// A number with an exponent ('1e3') is no time (NULL), not 1.
		return nil, nil
	}
	r, _, err := typ.Convert(ctx, strings.TrimSpace(p))
	if err != nil || r == nil {
		return nil, nil
	}
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERTruncatedWrongValue,
		Message: fmt.Sprintf("Truncated incorrect time value: '%s'", s)})
	return r, nil
}
