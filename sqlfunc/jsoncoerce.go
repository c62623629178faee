package sqlfunc

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

// JSON values where GMS reads them itself: a JSON value cast to or stored
// into a number or text, and JSON text stored into a JSON column by an
// INSERT whose source is not a VALUES list or a projection (LOAD DATA,
// INSERT ... SELECT ... LIMIT, a UNION). GMS reads a document's numbers as
// float64s (a DECIMAL inside JSON lost digits past 2^53, or failed as "not
// a valid Decimal") and parses text into them (1.0 stored as 1, 1e2 as 100).

// jsonNumber is a JSON value read as a number exactly, as MySQL's
// Json_wrapper::coerce_decimal and coerce_int read one for CAST(json AS
// DECIMAL/SIGNED/UNSIGNED) and for a DECIMAL or integer column: an integer
// or a DECIMAL by its value (GMS's float64 lost digits past 2^53), a DOUBLE
// as itself, rounded half to even for an integer (coerce_int rint()s it,
// as Field_longlong::store(double); GMS rounded half away from zero).
// Other values (strings, booleans, arrays, objects, JSON null) stay GMS's
// document, which GMS reads as before.
type jsonNumber struct {
	unary
	toInt bool
}

func (j *jsonNumber) Type() sql.Type { return j.child.Type() }
func (j *jsonNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(j, children)
}

func (j *jsonNumber) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if w, ok := v.(sql.JSONWrapper); ok {
		// A string by its numeric prefix (jsonstrnum.go).
		if d, err := fromGMS(w); err == nil {
			if s, ok := d.Val.(string); ok {
				n, code := jsonStringNumber(s, j.toInt)
				target := "DECIMAL"
				if j.toInt {
					target = "INTEGER"
				}
				warnJSONCast(ctx, code, target, j.child)
				return n, nil
			}
		}
	}
	return exactNumber(v, j.toInt)
}

func exactNumber(v any, toInt bool) (any, error) {
	w, ok := v.(sql.JSONWrapper)
	if !ok {
		return v, nil
	}
	d, err := fromGMS(w)
	if err != nil {
		return nil, err
	}
	switch x := d.Val.(type) {
	case int64, uint64, decimal.Decimal:
		return x, nil
	case jsondoc.Temporal:
		// coerce_int/coerce_decimal of a date or time: its number
		// (YYYYMMDD, YYYYMMDDhhmmss.ffffff, hhmmss.ffffff).
		if n, ok := hybridDecimal(x.Text); ok { // hybridnum.go
			if toInt {
				return n.Round(0).IntPart(), nil
			}
			return n, nil
		}
	case float64:
		if toInt {
			return math.RoundToEven(x), nil
		}
		return x, nil
	}
	return types.JSONDocument{Val: gmsNumbers(d.Val)}, nil
}

// jsonInto is v as an INSERT or UPDATE puts it into a column of type dest:
// text into a JSON column parsed by jsondoc; a JSON value into a DECIMAL or
// integer column exactly (jsonNumber), into a string column as the text
// MySQL prints for it (100.0 for the DOUBLE 100, GMS's printer gave 100),
// into any other column as GMS's own document.
func jsonInto(dest sql.Type, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if types.IsJSON(dest) {
		switch x := v.(type) {
		case string:
			if d, err := jsondoc.Parse([]byte(x)); err == nil {
				return jsondoc.Doc{Val: d}, nil
			}
			// Invalid text: GMS's conversion raises its error.
		case []byte:
			if d, err := jsondoc.Parse(x); err == nil {
				return jsondoc.Doc{Val: d}, nil
			}
		case sql.JSONWrapper:
			return fromGMS(x)
		}
		return v, nil
	}
	w, ok := v.(sql.JSONWrapper)
	if !ok {
		return v, nil
	}
	switch {
	case types.IsDecimal(dest):
		return exactNumber(w, false)
	case types.IsInteger(dest):
		return exactNumber(w, true)
	case types.IsText(dest):
		d, err := fromGMS(w)
		if err != nil {
			return nil, err
		}
		return d.JSONString()
	}
	d, err := fromGMS(w)
	if err != nil {
		return nil, err
	}
	return types.JSONDocument{Val: gmsValue(d.Val)}, nil
}

// gmsValue is a Doc's value for GMS's own conversions (to DATE, TIME ...):
// its numbers as GMS's parser makes them, a date or time scalar its text,
// which GMS reads as MySQL's Json_wrapper::coerce_date/coerce_time read the
// temporal.
func gmsValue(v any) any {
	if t, ok := v.(jsondoc.Temporal); ok {
		return t.Text
	}
	return gmsNumbers(v)
}

// jsonIntoColumn is jsonInto for one expression an INSERT or UPDATE puts
// into a non-JSON column.
type jsonIntoColumn struct {
	unary
	dest sql.Type
}

func (j *jsonIntoColumn) Type() sql.Type { return j.child.Type() }
func (j *jsonIntoColumn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(j, children)
}
func (j *jsonIntoColumn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	return jsonInto(j.dest, v)
}

// jsonRowSource is jsonInto over every column of an INSERT's source rows,
// for a source whose expressions jsonInsertDocs cannot reach (neither a
// VALUES list nor a projection: LOAD DATA, a SELECT with LIMIT, a UNION).
// It also makes the conversions of storeConverted (storeconv.go) that such
// a source's expressions cannot carry: store, when not nil, holds one per
// destination column (nil where none), each reading its value as column 0
// of a one-value row.
type jsonRowSource struct {
	child sql.Node
	dest  sql.Schema
	store []sql.Expression
}

var _ sql.ExecSourceRel = (*jsonRowSource)(nil)

func (s *jsonRowSource) Resolved() bool       { return s.child.Resolved() }
func (s *jsonRowSource) IsReadOnly() bool     { return s.child.IsReadOnly() }
func (s *jsonRowSource) Schema() sql.Schema   { return s.child.Schema() }
func (s *jsonRowSource) Children() []sql.Node { return []sql.Node{s.child} }
func (s *jsonRowSource) String() string       { return fmt.Sprintf("JSONRowSource(%s)", s.child) }
func (s *jsonRowSource) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return &jsonRowSource{child: children[0], dest: s.dest, store: s.store}, nil
}

func (s *jsonRowSource) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, s.child, row)
	if err != nil {
		return nil, err
	}
	return &jsonRowIter{it: it, dest: s.dest, src: s.child.Schema(), store: s.store}, nil
}

type jsonRowIter struct {
	it    sql.RowIter
	dest  sql.Schema
	src   sql.Schema // the source's columns, whose types decide 3140 (jsonnumcol.go)
	store []sql.Expression
}

func (r *jsonRowIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := r.it.Next(ctx)
	if err != nil {
		return nil, err
	}
	out := make(sql.Row, len(row))
	copy(out, row)
	// In a trigger body the row starts with the triggering row; GMS's
	// insert takes the last columns, as many as the table has.
	at := len(out) - len(r.dest)
	if at < 0 {
		return out, nil
	}
	for i, c := range r.dest {
		if i < len(r.store) && r.store[i] != nil {
			if out[at+i], err = r.store[i].Eval(ctx, sql.Row{out[at+i]}); err != nil {
				return nil, err
			}
		}
		if types.IsJSON(c.Type) && r.refused(i, out[at+i]) {
			return nil, errNotJSONText(columnName(c)) // jsoncol.go
		}
		if out[at+i], err = jsonInto(c.Type, out[at+i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// refused reports whether v, going into the JSON column dest[i], is
// refused: a temporal value, or a value of a number's type. The source's
// last columns are the ones written, as the row's are.
func (r *jsonRowIter) refused(i int, v any) bool {
	var t sql.Type = types.LongText
	if j := len(r.src) - len(r.dest) + i; j >= 0 && j < len(r.src) {
		t = r.src[j].Type
	}
	return jsonColumnRefused(t, v)
}

func (r *jsonRowIter) Close(ctx *sql.Context) error { return r.it.Close(ctx) }

// needsJSONRowSource reports whether an INSERT's source with schema src
// puts anything into dest that jsonInto changes.
func needsJSONRowSource(src, dest sql.Schema) bool {
	if len(src) != len(dest) {
		return false
	}
	for i := range dest {
		if types.IsJSON(dest[i].Type) || types.IsJSON(src[i].Type) {
			return true
		}
	}
	return false
}
