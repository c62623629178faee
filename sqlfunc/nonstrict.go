package sqlfunc

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// MySQL's condition numbers for a value adjusted on its way into a column.
const (
	erBadNull          = 1048 // ER_BAD_NULL_ERROR
	erWarnDataTrunc    = 1265 // WARN_DATA_TRUNCATED
	erTruncWrongValue  = 1292 // ER_TRUNCATED_WRONG_VALUE
	erWrongValForField = 1366 // ER_TRUNCATED_WRONG_VALUE_FOR_FIELD
)

// storeAdjust is a value an INSERT or UPDATE stores into a column when
// MySQL adjusts instead of failing: under IGNORE, or without a strict
// sql_mode. MySQL then stores the nearest value the column holds and
// raises a warning
// (Level Warning) naming the column and the statement's row: 1264 for a
// number out of range (clamped), 1265 for a string cut short or a number
// with trailing garbage, 1366 for a string with no number at all (0), 1292
// for an unreadable date, 1048 for a NULL given a NOT NULL column (its
// implicit default). GMS's insert iterator instead failed these statements
// without IGNORE, and under IGNORE stored the type's zero with a Note
// carrying GMS's own words ("99999999999 out of range for int"). The
// adjusted value is one GMS's own conversion then takes unchanged.
type storeAdjust struct {
	unary
	col *sql.Column
	// row is the statement's 1-based row, for VALUES; 0: counted by
	// rows, for the rows of a SELECT or an UPDATE.
	row  int
	rows *rowCount
	// nullOK: a NULL for a NOT NULL column is adjusted (multi-row INSERT
	// or IGNORE); a single-row INSERT without IGNORE fails with 1048 even
	// when not strict, as MySQL does.
	nullOK bool
	// spacesOnly: strict mode, where only a string too long by trailing
	// spaces is adjusted (cut, with Note 1265, as MySQL's
	// Field::report_if_important_data allows in any mode); anything else
	// is left to the column's conversion and its error.
	spacesOnly bool
}

func (a *storeAdjust) Type() sql.Type { return a.child.Type() }
func (a *storeAdjust) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, a.child)
}
func (a *storeAdjust) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(a, children)
}

func (a *storeAdjust) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.child.Eval(ctx, row)
	if err != nil {
		return v, err
	}
	if a.spacesOnly {
		if v == nil {
			return v, nil
		}
		out, code, msg := adjustString(a.col, v, a.row)
		switch {
		case code == noteDataTrunc:
			noteAt(ctx, erWarnDataTrunc, msg)
			return out, nil
		case code == 0 && isChar(a.col.Type):
			return out, nil // a CHAR's trailing spaces go without a word
		}
		return v, nil
	}
	if v == nil {
		if a.rows != nil {
			a.rows.next(ctx)
		}
		if a.col.Nullable || !a.nullOK || a.col.AutoIncrement {
			return nil, nil
		}
		warnAt(ctx, erBadNull, fmt.Sprintf("Column '%s' cannot be null", a.col.Name))
		return implicitDefault(a.col.Type), nil
	}
	rowNum := a.row
	if a.rows != nil {
		rowNum = a.rows.next(ctx)
	}
	out, code, msg := adjustValue(ctx, a.col, v, rowNum)
	switch code {
	case 0:
	case noteDataTrunc:
		noteAt(ctx, erWarnDataTrunc, msg)
	default:
		warnAt(ctx, code, msg)
	}
	if code == erWarnDataTrunc && types.IsDecimal(a.col.Type) {
		// A DECIMAL read from the front of a string is then rounded to
		// the column's scale with its own Note (Field_new_decimal::store
		// warns for both). The engine's decimalNote, which notes rounding,
		// could not read the string.
		if d, ok := out.(decimal.Decimal); ok {
			scale := int32(a.col.Type.(sql.DecimalType).Scale())
			if !d.Equal(d.Round(scale)) {
				noteAt(ctx, erWarnDataTrunc, msg)
			}
		}
	}
	return out, nil
}

// noteDataTrunc is adjustValue's code for 1265 at level Note: only spaces
// were cut from a VARCHAR or TEXT (Field::report_if_important_data).
const noteDataTrunc = -erWarnDataTrunc

func warnAt(ctx *sql.Context, code int, msg string) {
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: code, Message: msg})
	}
}

func noteAt(ctx *sql.Context, code int, msg string) {
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Note", Code: code, Message: msg})
	}
}

// implicitDefault is MySQL's implicit default of a NOT NULL column's type
// (11.6 "Data Type Default Values"): 0, the empty string, the first ENUM
// member, the zero date.
func implicitDefault(t sql.Type) any {
	switch {
	case types.IsEnum(t):
		return 1
	case types.IsSet(t):
		return uint64(0)
	case types.IsText(t), types.IsBinaryType(t):
		return ""
	}
	return t.Zero()
}

// adjustValue is v as a non-strict INSERT stores it into col, and the one
// warning MySQL raises for it (code 0: none, v unchanged).
func adjustValue(ctx *sql.Context, col *sql.Column, v any, row int) (any, int, string) {
	t := col.Type
	switch {
	case isInt(t), types.IsDecimal(t), types.IsFloat(t):
		return adjustNumber(ctx, col, v, row)
	case types.IsEnum(t):
		if _, _, err := t.Convert(ctx, v); err != nil {
			return 0, erWarnDataTrunc, truncatedMsg(col, row)
		}
	case types.IsSet(t):
		return adjustSet(ctx, col, v, row)
	case types.IsText(t) || types.IsBinaryType(t):
		return adjustString(col, v, row)
	case types.IsYear(t):
		return adjustYear(ctx, col, v, row)
	case types.IsTime(t) || t.Type() == sqltypes.Time:
		return adjustTemporal(ctx, col, v, row)
	}
	return v, 0, ""
}

func truncatedMsg(col *sql.Column, row int) string {
	return fmt.Sprintf("Data truncated for column '%s' at row %d", col.Name, row)
}

func outOfRangeMsg(col *sql.Column, row int) string {
	return fmt.Sprintf("Out of range value for column '%s' at row %d", col.Name, row)
}

// readNumber reads s as MySQL does for a numeric column (my_strntoll10rnd,
// my_strntod): the number at its front (strnum.go's numPrefix), whether
// anything but trailing spaces follows it (truncated), and whether there
// is a number at all.
func readNumber(s string) (num string, truncated, ok bool) {
	num, clean := numPrefix(s)
	if clean {
		return num, false, true
	}
	t := strings.TrimLeft(s, " \t\n\r\f\v")
	t = strings.TrimLeft(t, "+-")
	t = strings.TrimPrefix(t, ".")
	return num, true, t != "" && t[0] >= '0' && t[0] <= '9'
}

// adjustNumber: a string is read for the number at its front; a number out
// of the column's range is clamped to it.
func adjustNumber(ctx *sql.Context, col *sql.Column, v any, row int) (any, int, string) {
	t := col.Type
	code, msg := 0, ""
	if b, isB := v.([]byte); isB {
		v = string(b)
	}
	if s, isS := v.(string); isS {
		num, trunc, ok := readNumber(s)
		switch {
		case !ok && types.IsFloat(t):
			// Field_double::store: a string without a number is
			// truncated data, stored 0.
			return float64(0), erWarnDataTrunc, truncatedMsg(col, row)
		case !ok:
			kind := "integer"
			if types.IsDecimal(t) {
				kind = "decimal"
			}
			return 0, erWrongValForField, fmt.Sprintf("Incorrect %s value: '%s' for column '%s' at row %d", kind, shortVal(s), col.Name, row)
		case trunc:
			code, msg = erWarnDataTrunc, truncatedMsg(col, row)
		}
		d, perr := parseNum(num)
		if perr != nil {
			return v, 0, ""
		}
		if isInt(t) {
			// my_strntoll10rnd rounds a fraction half away from zero.
			d = d.Round(0)
		}
		v = d
	}
	if types.IsFloat(t) {
		return adjustFloat(col, v, row, code, msg)
	}
	_, inRange, err := t.Convert(ctx, v)
	if err != nil && types.IsDecimal(t) && isNumeric(v) {
		err, inRange = nil, false
	}
	if err == nil && !inRange {
		if code != 0 && types.IsDecimal(t) {
			// Field_new_decimal::store warns for the text after the
			// number, then for its range; an integer column only for the
			// range (Field_num::get_int).
			warnAt(ctx, code, msg)
		}
		c, ok := clamp(ctx, t, v)
		if f, isF := v.(float64); !ok && isF && !math.IsNaN(f) {
			// Beyond what clamp reads as a decimal: only the sign counts.
			c, ok = clampDec(ctx, t, decimal.New(int64(math.Copysign(1, f)), 80))
		}
		if ok {
			return c, erWarnDataOutOfRange, outOfRangeMsg(col, row)
		}
	}
	if d, isD := v.(decimal.Decimal); isD && code != 0 && isInt(t) {
		// A string read to an integer: hand GMS the integer itself.
		c, _, err := t.Convert(ctx, d)
		if err == nil {
			return c, code, msg
		}
	}
	return v, code, msg
}

// parseNum reads a numPrefix match; an exponent far beyond any column's
// range is capped so that no huge number is built.
func parseNum(num string) (decimal.Decimal, error) {
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		exp, err := strconv.Atoi(num[i+1:])
		switch {
		case err != nil && strings.HasPrefix(num[i+1:], "-"), exp < -400:
			exp = -400
		case err != nil, exp > 400:
			exp = 400
		}
		m, err := decimal.NewFromString(strings.TrimSuffix(num[:i], "."))
		if err != nil {
			return decimal.Zero, err
		}
		return m.Shift(int32(exp)), nil
	}
	return decimal.NewFromString(strings.TrimSuffix(num, "."))
}

// adjustFloat clamps to the largest FLOAT or DOUBLE of the sign.
func adjustFloat(col *sql.Column, v any, row int, code int, msg string) (any, int, string) {
	var f float64
	switch x := v.(type) {
	case decimal.Decimal:
		f, _ = x.Float64()
		if x.Abs().GreaterThan(decimal.NewFromFloat(math.MaxFloat64)) {
			f = math.Inf(x.Sign())
		}
	case float64:
		f = x
	case float32:
		f = float64(x)
	default:
		return v, code, msg
	}
	limit := math.MaxFloat64
	if col.Type.Type() == sqltypes.Float32 {
		limit = math.MaxFloat32
	}
	if math.Abs(f) > limit {
		return math.Copysign(limit, f), erWarnDataOutOfRange, outOfRangeMsg(col, row)
	}
	if code != 0 {
		return f, code, msg
	}
	return v, 0, ""
}

// shortVal is a value as MySQL's messages quote it (%-.128s).
func shortVal(s string) string {
	if utf8.RuneCountInString(s) <= 128 {
		return s
	}
	return string([]rune(s)[:128])
}

// adjustString cuts a string (or an integer's or DECIMAL's text) longer
// than its column: characters for the character types, bytes for the
// binary ones. Only spaces cut from a
// CHAR need no warning (they are padding); from a VARCHAR or TEXT they
// are a Note.
func adjustString(col *sql.Column, v any, row int) (any, int, string) {
	st, ok := col.Type.(sql.StringType)
	if !ok {
		return v, 0, ""
	}
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint:
		s = fmt.Sprint(x)
	case decimal.Decimal:
		s = x.String()
	default:
		return v, 0, ""
	}
	var kept, cut string
	if types.IsBinaryType(col.Type) {
		max := st.MaxByteLength()
		if int64(len(s)) <= max {
			return v, 0, ""
		}
		kept, cut = s[:max], s[max:]
	} else {
		max := st.MaxCharacterLength()
		if types.IsTextOnly(col.Type) && !isCharOrVarchar(col.Type) && st.CharacterSet().MaxLength() == 1 {
			// A one-byte character set's TEXT: its byte limit is in
			// characters (latin1 TINYTEXT holds 255 'é', not 127).
			max = st.MaxByteLength()
			if int64(len(s)) <= max || int64(utf8.RuneCountInString(s)) <= max {
				return v, 0, ""
			}
			r := []rune(s)
			kept, cut = string(r[:max]), string(r[max:])
		} else if types.IsTextOnly(col.Type) && !isCharOrVarchar(col.Type) {
			// TEXT's limit is in bytes; cut at a character's start.
			maxB := st.MaxByteLength()
			if int64(len(s)) <= maxB {
				return v, 0, ""
			}
			i := int(maxB)
			for i > 0 && !utf8.RuneStart(s[i]) {
				i--
			}
			kept, cut = s[:i], s[i:]
		} else {
			// No more bytes than the limit's characters fits without
			// counting (strictSpaces runs this on every strict INSERT row).
			if int64(len(s)) <= max || int64(utf8.RuneCountInString(s)) <= max {
				return v, 0, ""
			}
			r := []rune(s)
			kept, cut = string(r[:max]), string(r[max:])
		}
	}
	if strings.Trim(cut, " ") == "" {
		if isChar(col.Type) {
			return kept, 0, ""
		}
		return kept, noteDataTrunc, truncatedMsg(col, row)
	}
	if _, isB := v.([]byte); isB {
		return []byte(kept), erWarnDataTrunc, truncatedMsg(col, row)
	}
	return kept, erWarnDataTrunc, truncatedMsg(col, row)
}

func isCharOrVarchar(t sql.Type) bool {
	switch t.Type() {
	case sqltypes.Char, sqltypes.VarChar:
		return true
	}
	return false
}

func isChar(t sql.Type) bool { return t.Type() == sqltypes.Char }

// adjustSet keeps a SET value's members and drops the rest with 1265.
func adjustSet(ctx *sql.Context, col *sql.Column, v any, row int) (any, int, string) {
	if _, _, err := col.Type.Convert(ctx, v); err == nil {
		return v, 0, ""
	}
	s, ok := v.(string)
	if !ok {
		if b, isB := v.([]byte); isB {
			s, ok = string(b), true
		}
	}
	if !ok {
		return uint64(0), erWarnDataTrunc, truncatedMsg(col, row)
	}
	var kept []string
	for _, m := range strings.Split(s, ",") {
		if _, _, err := col.Type.Convert(ctx, m); err == nil && m != "" {
			kept = append(kept, m)
		}
	}
	return strings.Join(kept, ","), erWarnDataTrunc, truncatedMsg(col, row)
}

// NonStrictRuleID names the rule that puts storeAdjust and missingDefault
// into INSERTs (round nonstrict2's range 11_530-11_539).
const NonStrictRuleID analyzer.RuleId = 11_530

// nonStrictRule runs after GMS's resolveInsertRows, which builds the
// projection of the destination's columns (and DeferredDefaults) that
// missingDefault goes into.
var nonStrictRule = analyzer.Rule{Id: NonStrictRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return nonStrictInserts(ctx, n)
}}

// nonStrictInserts puts storeAdjust over the VALUES of an INSERT (or
// REPLACE) that is IGNORE or runs without a strict sql_mode. The sql_mode
// is read when the statement is analyzed (cached plans are keyed by it).
func nonStrictInserts(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if ok && !ins.Ignore && strictMode(ctx) {
			return strictSpaces(ins)
		}
		if !ok || !(ins.Ignore || !strictMode(ctx)) {
			return n, transform.SameTree, nil
		}
		if ins.Destination == nil {
			return n, transform.SameTree, nil
		}
		proj, isP := ins.Source.(*plan.Project)
		var v *plan.Values
		if isP {
			v, ok = proj.Child.(*plan.Values)
			if !ok {
				return selectedRows(ins, proj)
			}
		} else {
			v, ok = ins.Source.(*plan.Values)
		}
		if !ok {
			return n, transform.SameTree, nil
		}
		cols, ok := insertColumns(ins)
		if !ok {
			return n, transform.SameTree, nil
		}
		nullOK := ins.Ignore || len(v.ExpressionTuples) > 1
		same := transform.SameTree
		if !nullOK {
			if dups, dchanged := singleRowDupSets(ins.OnDupExprs); dchanged {
				out := *ins
				out.OnDupExprs = dups
				ins, n, same = &out, &out, transform.NewTree
			}
		}
		tuples, changed := eachChanged(v.ExpressionTuples, func(row int, tup []sql.Expression) ([]sql.Expression, bool) {
			if len(tup) != len(cols) {
				return tup, false
			}
			var out []sql.Expression
			for i, e := range tup {
				if _, done := e.(*storeAdjust); done {
					continue
				}
				c := cols[i]
				if w, isW := e.(*expression.Wrapper); isW && isNilDefault(w.Unwrap()) && !c.Nullable && !c.AutoIncrement && c.Generated == nil {
					// DEFAULT (or `VALUES ()`) of a NOT NULL column without one.
					if out == nil {
						out = append([]sql.Expression(nil), tup...)
					}
					out[i] = &missingDefault{col: c}
					continue
				}
				if _, def := e.(*sql.ColumnDefaultValue); def {
					continue
				}
				if c.AutoIncrement || c.Generated != nil || types.IsJSON(c.Type) {
					continue
				}
				if out == nil {
					out = append([]sql.Expression(nil), tup...)
				}
				out[i] = &storeAdjust{unary: unary{e}, col: c, row: row + 1, nullOK: nullOK}
			}
			if out == nil {
				return tup, false
			}
			return out, true
		})
		var src sql.Node = v
		if changed {
			nv := *v
			nv.ExpressionTuples = tuples
			src = &nv
		}
		if isP {
			exprs, pchanged := missingDefaults(ins, proj.Projections)
			if !changed && !pchanged {
				return n, same, nil
			}
			np := *proj
			np.Projections = exprs
			np.Child = src
			src = &np
		} else if !changed {
			return n, same, nil
		}
		return ins.WithSource(src), transform.NewTree, nil
	})
}

// strictSpaces wraps the VALUES of a strict INSERT into CHAR, VARCHAR and
// TEXT columns in storeAdjust's spacesOnly form: 'abc ' into a VARCHAR(3)
// is stored as 'abc' with Note 1265, as MySQL does in every mode (GMS
// refused it with 1406).
func strictSpaces(ins *plan.InsertInto) (sql.Node, transform.TreeIdentity, error) {
	if ins.Destination == nil {
		return ins, transform.SameTree, nil
	}
	proj, isP := ins.Source.(*plan.Project)
	var v *plan.Values
	ok := false
	if isP {
		v, ok = proj.Child.(*plan.Values)
	} else {
		v, ok = ins.Source.(*plan.Values)
	}
	if !ok {
		return ins, transform.SameTree, nil
	}
	cols, ok := insertColumns(ins)
	if !ok {
		return ins, transform.SameTree, nil
	}
	tuples, changed := eachChanged(v.ExpressionTuples, func(row int, tup []sql.Expression) ([]sql.Expression, bool) {
		if len(tup) != len(cols) {
			return tup, false
		}
		var out []sql.Expression
		for i, e := range tup {
			c := cols[i]
			if _, done := e.(*storeAdjust); done || !types.IsText(c.Type) || types.IsBinaryType(c.Type) || c.Generated != nil {
				continue
			}
			if _, def := e.(*sql.ColumnDefaultValue); def {
				continue
			}
			if out == nil {
				out = append([]sql.Expression(nil), tup...)
			}
			out[i] = &storeAdjust{unary: unary{e}, col: c, row: row + 1, spacesOnly: true}
		}
		return out, out != nil
	})
	if !changed {
		return ins, transform.SameTree, nil
	}
	if !isP {
		proj = nil
	}
	return ins.WithSource(valuesWith(proj, v, tuples)), transform.NewTree, nil // storeconv.go
}

// singleRowDupSets makes the ON DUPLICATE KEY UPDATE assignments of a
// single-row INSERT without IGNORE leave a NULL for a NOT NULL column as
// it is: MySQL then fails with 1048 even without a strict sql_mode, as
// for the inserted row (sql_insert.cc sets CHECK_FIELD_ERROR_FOR_NULL for
// the whole statement, write_record's update included); the engine's
// ODKU check raises it. nonStrictSet leaves a SetField over storeAdjust
// alone.
func singleRowDupSets(exprs []sql.Expression) ([]sql.Expression, bool) {
	var out []sql.Expression
	for i, e := range exprs {
		s, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := s.LeftChild.(*expression.GetField)
		if !ok || types.IsJSON(gf.Type()) {
			continue
		}
		var a *storeAdjust
		switch r := s.RightChild.(type) {
		case *storeAdjust:
			if !r.nullOK {
				continue
			}
			na := *r
			na.nullOK = false
			a = &na
		case *sql.ColumnDefaultValue, *expression.Wrapper:
			continue
		default:
			col := &sql.Column{Name: gf.Name(), Type: gf.Type(), Nullable: gf.IsNullable(), Source: gf.Table()}
			a = &storeAdjust{unary: unary{r}, col: col, rows: &rowCount{}}
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = expression.NewSetField(gf, a)
	}
	return out, out != nil
}

// missingDefaults puts missingDefault in the projection GMS builds over
// VALUES for the NOT NULL columns without a default that the INSERT leaves
// out (its DeferredDefaults).
func missingDefaults(ins *plan.InsertInto, exprs []sql.Expression) ([]sql.Expression, bool) {
	sch := ins.Destination.Schema()
	var out []sql.Expression
	for i, e := range exprs {
		if !ins.DeferredDefaults.Contains(i) || i >= len(sch) {
			continue
		}
		if _, done := e.(*missingDefault); done {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = &missingDefault{col: sch[i]}
	}
	if out == nil {
		return exprs, false
	}
	return out, true
}

// missingDefault is the value of a NOT NULL column without a default that
// a non-strict INSERT leaves out: its type's implicit default, with
// Warning 1364 once per statement (MySQL checks the column list once, in
// check_that_all_fields_are_given_values).
type missingDefault struct {
	col *sql.Column
	mu  sync.Mutex
	// warned: the statement (session, query start) already warned.
	warnedSess uint32
	warnedAt   time.Time
}

func (m *missingDefault) Resolved() bool             { return true }
func (m *missingDefault) IsNullable() bool           { return false }
func (m *missingDefault) Children() []sql.Expression { return nil }
func (m *missingDefault) String() string             { return "DEFAULT" }
func (m *missingDefault) Type() sql.Type             { return m.col.Type }
func (m *missingDefault) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 6
}
func (m *missingDefault) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(m, len(children), 0)
	}
	return m, nil
}

func (m *missingDefault) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	if ctx != nil && ctx.Session != nil && !types.IsEnum(m.col.Type) {
		// An ENUM NOT NULL's default is its first member (MySQL's manual,
		// "The ENUM Type"): nothing is missing.
		id, at := ctx.Session.ID(), ctx.QueryTime()
		m.mu.Lock()
		first := m.warnedSess != id || !m.warnedAt.Equal(at)
		m.warnedSess, m.warnedAt = id, at
		m.mu.Unlock()
		if first {
			warnAt(ctx, 1364, fmt.Sprintf("Field '%s' doesn't have a default value", m.col.Name))
		}
	}
	return implicitDefault(m.col.Type), nil
}

// insertColumns are the destination's columns in the INSERT's order.
func insertColumns(ins *plan.InsertInto) ([]*sql.Column, bool) {
	sch := ins.Destination.Schema()
	if len(ins.ColumnNames) == 0 {
		return sch, true
	}
	cols := make([]*sql.Column, 0, len(ins.ColumnNames))
	for _, name := range ins.ColumnNames {
		i := sch.IndexOfColName(strings.ToLower(name))
		if i < 0 {
			return nil, false
		}
		cols = append(cols, sch[i])
	}
	return cols, true
}

// strictTruncated is the error a strict INSERT raises for a string with a
// number at its front and more after it, stored into a numeric column:
// MySQL's 1265 (GMS: 1366, "not a valid value").
func strictTruncated(col string, t sql.Type, v any, row int) error {
	s, ok := v.(string)
	if !ok || !(isInt(t) || types.IsDecimal(t) || types.IsFloat(t)) {
		return nil
	}
	if _, trunc, ok := readNumber(s); ok && trunc {
		return mysql.NewSQLError(erWarnDataTrunc, "01000", "Data truncated for column '%s' at row %d", col, row)
	}
	return nil
}

// adjustYear: Field_year::store reads a string as an integer (1366
// without one); a year outside 1901-2155 is out of range, stored 0000.
func adjustYear(ctx *sql.Context, col *sql.Column, v any, row int) (any, int, string) {
	code, msg := 0, ""
	if b, isB := v.([]byte); isB {
		v = string(b)
	}
	v = yearOfString(v)
	if s, isS := v.(string); isS {
		num, trunc, ok := readNumber(s)
		if !ok {
			return int16(0), erWrongValForField, fmt.Sprintf("Incorrect integer value: '%s' for column '%s' at row %d", shortVal(s), col.Name, row)
		}
		if trunc {
			code, msg = erWarnDataTrunc, truncatedMsg(col, row)
		}
		if trunc || strings.ContainsAny(num, ".eE") {
			d, err := parseNum(num)
			if err != nil {
				return v, 0, ""
			}
			v = d.Round(0).IntPart()
			if d.Abs().GreaterThan(decimal.NewFromInt(1 << 20)) {
				v = int64(1 << 20)
			}
		}
	}
	if _, inRange, err := col.Type.Convert(ctx, v); err != nil || !inRange {
		return int16(0), erWarnDataOutOfRange, outOfRangeMsg(col, row)
	}
	return v, code, msg
}

// valueText is v as a message quotes it.
func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return fmt.Sprint(v)
}

// timeHours is the hours of a TIME text 'h:mm:ss'.
var timeHours = regexp.MustCompile(`^\s*-?(\d+):`)

// adjustTemporal: a value no DATE, DATETIME, TIMESTAMP or TIME reads is
// stored as the zero value with 1292; a TIME beyond 838:59:59 is clamped
// (GMS clamps too, silently) with 1264; a DATE given a time of day drops
// it with Note 1265.
func adjustTemporal(ctx *sql.Context, col *sql.Column, v any, row int) (any, int, string) {
	t := col.Type
	conv, _, err := t.Convert(ctx, v)
	if err != nil {
		kind := "datetime"
		switch {
		case types.IsDateType(t):
			kind = "date"
		case t.Type() == sqltypes.Time:
			kind = "time"
		}
		return t.Zero(), erTruncWrongValue, fmt.Sprintf("Incorrect %s value: '%s' for column '%s' at row %d", kind, shortVal(valueText(v)), col.Name, row)
	}
	s, isS := v.(string)
	if !isS {
		return v, 0, ""
	}
	switch {
	case t.Type() == sqltypes.Time:
		if m := timeHours.FindStringSubmatch(s); m != nil {
			if h, herr := strconv.Atoi(m[1]); herr != nil || h > 838 {
				return conv, erWarnDataOutOfRange, outOfRangeMsg(col, row)
			}
		}
	case types.IsDateType(t):
		if dt, _, derr := types.DatetimeMaxPrecision.Convert(ctx, s); derr == nil {
			if tm, ok := dt.(time.Time); ok && (tm.Hour() != 0 || tm.Minute() != 0 || tm.Second() != 0 || tm.Nanosecond() != 0) {
				return conv, noteDataTrunc, truncatedMsg(col, row)
			}
		}
	}
	return v, 0, ""
}

// rowCount numbers the rows one storeAdjust sees in a statement: it is
// evaluated once for each row an INSERT ... SELECT or UPDATE writes, so
// its own count is the row's number in MySQL's "at row N". A plan may be
// cached and run again, by other sessions too: the count is kept per
// session and restarts with each statement (its start time).
type rowCount struct {
	mu   sync.Mutex
	sess map[uint32]*rowSlot
}

type rowSlot struct {
	at time.Time
	n  int
}

func (r *rowCount) next(ctx *sql.Context) int {
	if ctx == nil || ctx.Session == nil {
		return 1
	}
	id, at := ctx.Session.ID(), ctx.QueryTime()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess == nil || len(r.sess) > 256 {
		r.sess = map[uint32]*rowSlot{}
	}
	s := r.sess[id]
	if s == nil {
		s = &rowSlot{}
		r.sess[id] = s
	}
	if !s.at.Equal(at) {
		s.at, s.n = at, 0
	}
	s.n++
	return s.n
}

// nonStrictSet puts storeAdjust (with a row count) under an UPDATE's SET
// of a column, for an UPDATE IGNORE or one run without a strict sql_mode:
// MySQL stores the adjusted value with a warning, and a NULL for a NOT
// NULL column as its implicit default with 1048, whatever the number of
// rows. Nil: left as it is.
func nonStrictSet(ctx *sql.Context, s *expression.SetField, ignore bool) sql.Expression {
	if !ignore && strictMode(ctx) {
		return nil
	}
	gf, ok := s.LeftChild.(*expression.GetField)
	if !ok || types.IsJSON(gf.Type()) {
		return nil
	}
	switch s.RightChild.(type) {
	case *storeAdjust, *sql.ColumnDefaultValue, *expression.Wrapper:
		return nil
	}
	col := &sql.Column{Name: gf.Name(), Type: gf.Type(), Nullable: gf.IsNullable(), Source: gf.Table()}
	return expression.NewSetField(gf, &storeAdjust{unary: unary{s.RightChild}, col: col, nullOK: true, rows: &rowCount{}})
}

// selectedRows puts storeAdjust (with a row count) over the projection
// of an INSERT ... SELECT's rows onto the destination's columns, and
// missingDefault where it leaves a NOT NULL column without a default out.
func selectedRows(ins *plan.InsertInto, proj *plan.Project) (sql.Node, transform.TreeIdentity, error) {
	exprs, changed := missingDefaults(ins, proj.Projections)
	sch := ins.Destination.Schema()
	var out []sql.Expression
	for i, e := range exprs {
		if i >= len(sch) || ins.DeferredDefaults.Contains(i) {
			continue
		}
		c := sch[i]
		if _, isGF := e.(*expression.GetField); !isGF || c.AutoIncrement || c.Generated != nil || types.IsJSON(c.Type) {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = &storeAdjust{unary: unary{e}, col: c, nullOK: true, rows: &rowCount{}}
	}
	if out != nil {
		exprs, changed = out, true
	}
	if !changed {
		return ins, transform.SameTree, nil
	}
	np := *proj
	np.Projections = exprs
	return ins.WithSource(&np), transform.NewTree, nil
}

// isNilDefault: the builder's DEFAULT of a column without one.
func isNilDefault(e sql.Expression) bool {
	if e == nil {
		return true
	}
	d, ok := e.(*sql.ColumnDefaultValue)
	return ok && d == nil
}
