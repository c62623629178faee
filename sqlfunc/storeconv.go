package sqlfunc

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/encodings"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// numDate is a number stored into a DATE, DATETIME or TIMESTAMP column,
// read as MySQL's Field_temporal::store(longlong / double / decimal) reads
// it: YYYYMMDD, YYMMDD, YYYYMMDDhhmmss[.f] (number_to_datetime). GMS's
// column conversion refused every number (INSERT ... VALUES (20240131)
// failed 1292, as did UPDATE ... SET d = 20240131). A number that is no
// date, and 0, are handed on unchanged, so GMS's and the sql_mode's
// handling of them (1292, the zero date) is what it was.
type numDate struct{ transparent }

func (n *numDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}

func (n *numDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if zeroInDateAllowed(ctx) {
		if t, st := readDate(ctx, v, fuzzyDate); st == readOK && t.zeroPart() {
			return nil, errZeroPartDate(v)
		}
	}
	t, st := readDate(ctx, v, 0) // zeropart.go
	if st != readOK || !t.real() {
		return v, nil
	}
	return t.goTime(), nil
}

// zeroInDateAllowed: sql_mode lets a DATE have a zero month or day
// (2020-00-10), which MySQL then stores as it is.
func zeroInDateAllowed(ctx *sql.Context) bool {
	return !sqlModeHas(ctx, "NO_ZERO_IN_DATE") && !sqlModeHas(ctx, "TRADITIONAL")
}

// errZeroPartDate refuses to store a date with a zero month or day where
// sql_mode lets MySQL store it: GMS's dates are Go times, which have no
// month 0, and it stored 0000-00-00 without a word.
func errZeroPartDate(v any) error {
	return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
		"This version of MySQL doesn't yet support 'storing a date with a zero month or day (%v); set sql_mode NO_ZERO_IN_DATE'", v)
}

// strDate is a string stored into a DATE, DATETIME or TIMESTAMP column
// that GMS's conversion refuses but MySQL's str_to_datetime reads (any
// punctuation between the parts, two-digit years: '24-1-31',
// '2024/01/31 10.20.30'); INSERT failed 1292. A string GMS reads, or one
// that is no real date, is handed on unchanged.
type strDate struct {
	transparent
	col sql.Type
}

func (n *strDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}

func (n *strDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := asString(v)
	if !ok {
		return v, nil
	}
	if zeroInDateAllowed(ctx) {
		if t, ok, known := parseDateText(s); ok && known && t.zeroPart() {
			return nil, errZeroPartDate(s)
		}
	}
	if t, ok, known := parseDateText(s); ok && known && t.yearZeroJan1() {
		return nil, errYearZero(t)
	}
	if c, _, err := n.col.Convert(ctx, s); err == nil && c != nil {
		return v, nil
	}
	if t, ok, known := parseDateText(s); ok && known && t.real() { // zeropart.go
		return t.goTime(), nil
	}
	return v, nil
}

// floatRint is a DOUBLE or FLOAT stored into an integer column: MySQL's
// Field_long::store(double) (and the other integer fields) round with
// rint, half to even, so 2.5e0 is stored as 2 and -0.5e0 as 0; GMS's
// conversion rounded half away from zero (3, -1). Strings and DECIMALs
// round half up in MySQL too and are not wrapped.
type floatRint struct{ transparent }

func (n *floatRint) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}

func (n *floatRint) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	switch f := v.(type) {
	case float64:
		return math.RoundToEven(f), nil
	case float32:
		return math.RoundToEven(float64(f)), nil
	}
	return v, nil
}

// storeConverted wraps e, a value stored into a column of type col, in
// the conversion MySQL's Field::store makes and GMS's column conversion
// does not: a number into a temporal column (numDate), a DOUBLE into an
// integer column rounded half to even (floatRint), a DOUBLE into a
// string column as MySQL's text of it (1e20 is '1e20', which fits a
// VARCHAR(5); GMS wrote 21 digits and failed 1406). ok is false when e
// needs neither.
func storeConverted(col sql.Type, e sql.Expression) (sql.Expression, bool) {
	switch e.(type) {
	case *numDate, *strDate, *floatRint, *decimalText, *yearStore, *charsetBytes, *sql.ColumnDefaultValue:
		return e, false
	}
	et := e.Type()
	switch {
	case types.IsYear(col) && types.IsText(et):
		// '0000' is YEAR 0000, '0' 2000 (yearstore.go); INSERT ...
		// SELECT '0000' stored 2000.
		return &yearStore{unary{e}}, true
	case isTemporal(col) && (isInt(et) || types.IsDecimal(et) || types.IsFloat(et)):
		return &numDate{transparent{unary{e}}}, true
	case isInt(col) && types.IsFloat(et):
		return &floatRint{transparent{unary{e}}}, true
	case isTemporal(col) && types.IsText(et):
		return &strDate{transparent: transparent{unary{e}}, col: col}, true
	case types.IsText(col) && !types.IsBinaryType(col) && types.IsFloat(et):
		return &decimalText{unary{e}}, true // dectext.go
	case types.IsBinaryType(col) && encodedText(et) != nil:
		return &charsetBytes{transparent{unary{e}}}, true
	}
	return e, false
}

// storeConversions puts storeConverted's wrappers over the VALUES of an
// INSERT or REPLACE (UPDATE's and ON DUPLICATE KEY UPDATE's SET go
// through storeConvertedSet).
func storeConversions(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Destination == nil {
			return n, transform.SameTree, nil
		}
		cols, ok := insertColumns(ins) // nonstrict.go
		if !ok {
			return n, transform.SameTree, nil
		}
		proj, isP := ins.Source.(*plan.Project)
		var v *plan.Values
		if isP {
			v, ok = proj.Child.(*plan.Values)
			if !ok {
				return selectedConversions(ins, proj, cols)
			}
		} else {
			v, ok = ins.Source.(*plan.Values)
		}
		if !ok {
			return sourceConversions(ins, cols)
		}
		tuples, changed := eachChanged(v.ExpressionTuples, func(_ int, tup []sql.Expression) ([]sql.Expression, bool) {
			if len(tup) != len(cols) {
				return tup, false
			}
			var out []sql.Expression
			for i, e := range tup {
				w, ok := storeConverted(cols[i].Type, e)
				if !ok {
					continue
				}
				if out == nil {
					out = append([]sql.Expression(nil), tup...)
				}
				out[i] = w
			}
			return out, out != nil
		})
		if !changed {
			return n, transform.SameTree, nil
		}
		if !isP {
			proj = nil
		}
		return ins.WithSource(valuesWith(proj, v, tuples)), transform.NewTree, nil
	})
}

// valuesWith is an INSERT's VALUES source v (under proj, when not nil)
// with tuples in place of v's rows.
func valuesWith(proj *plan.Project, v *plan.Values, tuples [][]sql.Expression) sql.Node {
	nv := *v
	nv.ExpressionTuples = tuples
	if proj == nil {
		return &nv
	}
	np := *proj
	np.Child = &nv
	return &np
}

// selectedConversions wraps the projections of an INSERT ... SELECT whose
// rows come from a Project, one per inserted column.
func selectedConversions(ins *plan.InsertInto, proj *plan.Project, cols []*sql.Column) (sql.Node, transform.TreeIdentity, error) {
	if len(proj.Projections) != len(cols) {
		return ins, transform.SameTree, nil
	}
	exprs, changed := eachChanged(proj.Projections, func(i int, e sql.Expression) (sql.Expression, bool) {
		return storeConverted(cols[i].Type, e)
	})
	if !changed {
		return ins, transform.SameTree, nil
	}
	np := *proj
	np.Projections = exprs
	return ins.WithSource(&np), transform.NewTree, nil
}

// sourceConversions converts the rows of an INSERT ... SELECT source that
// is no Project (a UNION, a DISTINCT, a LIMIT) in a row source
// (jsoncoerce.go): without it, SELECT x ... UNION ALL SELECT 4.5 into an
// INT column rounded the DOUBLEs half away from zero (2.5 stored as 3). A
// Project over the source would not do: GMS erases a projection whose
// schema is its child's.
func sourceConversions(ins *plan.InsertInto, cols []*sql.Column) (sql.Node, transform.TreeIdentity, error) {
	src := ins.Source
	if src == nil || !src.Resolved() {
		return ins, transform.SameTree, nil
	}
	if _, ok := src.(*jsonRowSource); ok {
		return ins, transform.SameTree, nil
	}
	sch := src.Schema()
	if len(sch) != len(cols) {
		return ins, transform.SameTree, nil
	}
	// Each conversion reads its value as column 0 of a one-value row.
	conv := make([]sql.Expression, len(sch))
	changed := false
	for i, c := range sch {
		v := expression.NewGetField(0, c.Type, c.Name, c.Nullable)
		w, ok := storeConverted(cols[i].Type, v)
		if !ok && isInt(cols[i].Type) {
			// A UNION's column type is not final yet here (GMS's
			// DECIMAL(65,30) for DOUBLE UNION DECIMAL, made DOUBLE later),
			// and floatRint rounds only the DOUBLEs it is given.
			w, ok = &floatRint{transparent{unary{v}}}, true
		}
		if ok {
			conv[i], changed = w, true
		}
	}
	if !changed {
		return ins, transform.SameTree, nil
	}
	return ins.WithSource(&jsonRowSource{child: src, dest: cols, store: conv}), transform.NewTree, nil
}

// storeConvertedSet is `SET col = e` with e wrapped by storeConverted, or
// nil.
func storeConvertedSet(s *expression.SetField) sql.Expression {
	if _, ok := s.LeftChild.(*expression.GetField); !ok {
		return nil
	}
	w, ok := storeConverted(s.LeftChild.Type(), s.RightChild)
	if !ok {
		return nil
	}
	return expression.NewSetField(s.LeftChild, w)
}

// charsetBytes is text of a character set other than UTF-8 (a latin1
// column, or a literal of a latin1 connection) stored into a BINARY,
// VARBINARY or BLOB column: MySQL keeps the bytes of the text's own
// character set (Field_blob/Field_varstring::store copies a string
// converted to the binary charset, which leaves its bytes as they are),
// so a latin1 'é' is stored as E9. GMS holds every string as UTF-8 and
// stored C3A9. A text with characters its set lacks is left as it is.
type charsetBytes struct{ transparent }

func (c *charsetBytes) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

func (c *charsetBytes) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := v.(string)
	enc := encodedText(c.child.Type())
	if !ok || enc == nil {
		return v, nil
	}
	b, ok := enc.Encode([]byte(s))
	if !ok {
		return v, nil
	}
	return b, nil
}

// encodedText is the encoder of t's character set when t is text whose
// bytes are not its UTF-8 (latin1 and the other non-Unicode sets), else
// nil.
func encodedText(t sql.Type) encodings.Encoder {
	st, ok := t.(sql.StringType)
	if !ok || !types.IsTextOnly(t) {
		return nil
	}
	switch cs := st.CharacterSet(); cs {
	case sql.CharacterSet_binary, sql.CharacterSet_utf8mb4, sql.CharacterSet_utf8mb3, sql.CharacterSet_ascii:
		return nil
	default:
		return cs.Encoder()
	}
}
