package sqlfunc

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
	"github.com/myriaddb/myriad/timetype"
)

// JSON numbers keep the kind MySQL gives them (integer, DOUBLE, DECIMAL
// with its scale; package jsondoc). GMS parses JSON text into float64s, so
// its functions get their documents from here: text parsed by jsondoc
// (jsonArg), and their results handed on as jsondoc.Doc values (kindedDoc),
// which print and compare as MySQL's. The values GMS's functions add to a
// document (JSON_SET's, JSON_OBJECT's) keep their SQL kinds by themselves:
// an INT is an int64, a DECIMAL a decimal.Decimal, a DOUBLE a float64.
//
// A JSON value GMS built from text itself (a document that did not come
// through here) holds every number as a float64; read as a Doc, its
// integral numbers are integers (as GMS printed them), the others DOUBLE
// (fromGMS).

// argMode says how jsonArg reads its value.
type argMode uint8

const (
	// argDoc: a JSON document; text is parsed.
	argDoc argMode = iota
	// argValue: an SQL value put into a document; text stays a string.
	argValue
	// argGMS: for GMS code that only knows float64 numbers (JSON_CONTAINS,
	// JSON_OVERLAPS): a Doc becomes GMS's document with the numbers GMS's
	// parser would have made.
	argGMS
	// argAggValue: JSON_ARRAYAGG/JSON_OBJECTAGG's value; only a temporal
	// value changes (to its text), the rest is GMS's as before.
	argAggValue
)

// jsonArg is an argument of a GMS JSON function, read as its mode says.
type jsonArg struct {
	unary
	mode argMode
}

func (j *jsonArg) Type() sql.Type   { return j.child.Type() }
func (j *jsonArg) String() string   { return j.child.String() }
func (j *jsonArg) IsNullable() bool { return j.child.IsNullable() }
func (j *jsonArg) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if cc, ok := j.child.(sql.CollationCoercible); ok {
		return cc.CollationCoercibility(ctx)
	}
	return sql.Collation_binary, 5
}
func (j *jsonArg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return &jsonArg{unary: unary{children[0]}, mode: j.mode}, nil
}

func (j *jsonArg) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	return j.read(v)
}

// read is Eval's answer for v, the child's non-NULL value.
func (j *jsonArg) read(v any) (any, error) {
	if j.mode == argValue || j.mode == argAggValue {
		if t, ok := temporalJSON(j.child.Type(), v); ok { // jsontemporal.go
			return t, nil
		}
		if s, ok := enumJSONText(j.child.Type(), v); ok { // jsonenum.go
			return s, nil
		}
		if j.mode == argAggValue {
			return v, nil
		}
	}
	switch x := v.(type) {
	case string:
		if j.mode == argDoc {
			if d, err := jsondoc.Parse([]byte(x)); err == nil {
				return jsondoc.Doc{Val: d}, nil
			}
			// Invalid text: GMS's function raises its own error.
		}
	case []byte:
		if j.mode == argDoc {
			if d, err := jsondoc.Parse(x); err == nil {
				return jsondoc.Doc{Val: d}, nil
			}
		}
	case jsondoc.Doc:
		if j.mode == argGMS {
			return types.JSONDocument{Val: gmsNumbers(x.Val)}, nil
		}
	case sql.JSONWrapper:
		if j.mode != argGMS {
			return fromGMS(x)
		}
	}
	return v, nil
}

// wrapJSONArg wraps a once.
func wrapJSONArg(a sql.Expression, mode argMode) sql.Expression {
	if j, ok := a.(*jsonArg); ok && j.mode == mode {
		return a
	}
	return &jsonArg{unary: unary{a}, mode: mode}
}

// fromGMS reads any JSON value as a Doc (see the comment at the top).
func fromGMS(w sql.JSONWrapper) (jsondoc.Doc, error) {
	if d, ok := w.(jsondoc.Doc); ok {
		return d, nil
	}
	v, err := w.ToInterface()
	if err != nil {
		return jsondoc.Doc{}, err
	}
	return jsondoc.Doc{Val: integralAsInt(v)}, nil
}

// integralAsInt copies v with its integral float64s made int64s.
func integralAsInt(v any) any {
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && x >= math.MinInt64 && x < math.MaxInt64 {
			return int64(x)
		}
	case float32:
		return integralAsInt(float64(x))
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = integralAsInt(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = integralAsInt(e)
		}
		return out
	}
	return v
}

// gmsNumbers copies v with its numbers as GMS's parser makes them: a
// float64, except an integer past 2^53, which stays exact.
func gmsNumbers(v any) any {
	return jsondoc.MapLeaves(v, func(v any) any {
		switch x := v.(type) {
		case int64:
			if x >= -1<<53 && x <= 1<<53 {
				return float64(x)
			}
		case uint64:
			if x <= 1<<53 {
				return float64(x)
			}
		case decimal.Decimal:
			f, _ := x.Float64()
			return f
		}
		return v
	})
}

// kindedDoc hands a GMS JSON function's result on as a Doc.
func kindedDoc(_ *sql.Context, v any) (any, error) {
	switch x := v.(type) {
	case types.JSONDocument:
		return jsondoc.Doc{Val: x.Val}, nil
	case *types.JSONDocument:
		return jsondoc.Doc{Val: x.Val}, nil
	}
	return v, nil
}

func sameType(in sql.Expression) sql.Type { return in.Type() }

// docFirst: a document, then paths and values (JSON_SET and its kin).
func docFirst(i int, a sql.Expression) sql.Expression {
	if i == 0 {
		return wrapJSONArg(a, argDoc)
	}
	return wrapJSONArg(a, argValue)
}

func allDocs(_ int, a sql.Expression) sql.Expression   { return wrapJSONArg(a, argDoc) }
func allValues(_ int, a sql.Expression) sql.Expression { return wrapJSONArg(a, argValue) }

// jsonUnquote is JSON_UNQUOTE (and ->>): a Doc that is not a string is its
// text as MySQL prints it (GMS's printer gives 100.0 as 100, 1.50 as 1.5).
type jsonUnquote struct{ *gmsjson.JSONUnquote }

var _ sql.FunctionExpression = (*jsonUnquote)(nil)

func newJSONUnquote(e sql.Expression) sql.Expression {
	return &jsonUnquote{gmsjson.NewJSONUnquote(e).(*gmsjson.JSONUnquote)}
}

func (j *jsonUnquote) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return newJSONUnquote(children[0]), nil
}

func (j *jsonUnquote) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if d, ok := v.(jsondoc.Doc); ok {
		switch x := d.Val.(type) {
		case string:
			return x, nil
		case jsondoc.Temporal:
			return x.Text, nil
		}
		return d.JSONString()
	}
	// GMS's answer for anything else, without evaluating the child again.
	return gmsjson.NewJSONUnquote(expression.NewLiteral(v, j.Child.Type())).Eval(ctx, nil)
}

// castJSON is CAST(x AS JSON) for x text, JSON, a number or a temporal
// value: text parsed by jsondoc, a DECIMAL keeping its scale (CAST(1.50 AS
// JSON) is 1.50), a DOUBLE a DOUBLE, a DATE/DATETIME/TIMESTAMP/TIME its
// printed text (temporalJSONText; GMS's cast printed RFC 3339, typed
// DATETIME/DATE: the text is now right, the JSON_TYPE is STRING).
type castJSON struct{ *expression.Convert }

var _ sql.Expression = (*castJSON)(nil)

func newCastJSON(e *expression.Convert) sql.Expression {
	ct := e.Child.Type()
	if e.Type() != types.JSON || types.IsYear(ct) {
		return nil
	}
	return &castJSON{e}
}

func (c *castJSON) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	ne, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castJSON{ne.(*expression.Convert)}, nil
}

func (c *castJSON) String() string { return fmt.Sprintf("cast(%s as json)", c.Child) }

func (c *castJSON) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if t, ok := temporalJSON(c.Child.Type(), v); ok {
		return jsondoc.Doc{Val: t}, nil
	}
	if s, ok := enumJSONText(c.Child.Type(), v); ok { // jsonenum.go
		return jsondoc.Doc{Val: s}, nil
	}
	switch x := v.(type) {
	case string:
		if d, err := jsondoc.Parse([]byte(x)); err == nil {
			return jsondoc.Doc{Val: d}, nil
		}
	case []byte:
		if d, err := jsondoc.Parse(x); err == nil {
			return jsondoc.Doc{Val: d}, nil
		}
	case sql.JSONWrapper:
		return fromGMS(x)
	}
	// GMS's conversion (and its errors), from the value already read.
	out, err := expression.NewConvert(expression.NewLiteral(v, c.Child.Type()), expression.ConvertToJSON).Eval(ctx, nil)
	if err != nil || out == nil {
		return out, err
	}
	return kindedDoc(ctx, out)
}

func init() {
	for _, f := range []struct {
		name string
		args func(int, sql.Expression) sql.Expression
	}{
		{"json_set", docFirst}, {"json_insert", docFirst}, {"json_replace", docFirst},
		{"json_remove", docFirst}, {"json_array_append", docFirst}, {"json_array_insert", docFirst},
		{"json_merge_preserve", allDocs}, {"json_merge", allDocs},
		{"json_object", allValues}, {"json_array", allValues},
	} {
		functions[f.name] = fixed(f.name, f.args, sameType, kindedDoc)
	}
	functions["json_contains"] = sql.FunctionN{Name: "json_contains", Fn: newJSONContains} // jsoncontains.go
	functions["json_search"] = sql.FunctionN{Name: "json_search", Fn: newJSONSearch}       // jsonsearch.go
	functions["json_overlaps"] = sql.FunctionN{Name: "json_overlaps", Fn: newJSONOverlaps}
	functions["json_unquote"] = sql.Function1{Name: "json_unquote", Fn: newJSONUnquote}
}

// jsonInsertDocs makes the text an INSERT (or REPLACE) puts into a JSON
// column a Doc before GMS converts it to the column's type (which would
// parse it into float64s): the source's expressions at the JSON columns'
// positions (a VALUES list or the projection GMS puts over it, both in the
// table's column order by now) read their text as documents. UPDATE's SET
// (and ON DUPLICATE KEY UPDATE's) is replaceExprOnce's SetField case.
func jsonInsertDocs(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if jt, ok := n.(*plan.JSONTable); ok {
			// GMS's JSON_TABLE converts each leaf to its column's type
			// itself and knows no jsondoc.Temporal (a DATE column of a
			// JSON date was NULL): it reads dates and times as their
			// text (jsonvalue.go).
			if _, done := jt.DataExpr.(*temporalsAsText); done {
				return n, transform.SameTree, nil
			}
			es := jt.Expressions()
			es[0] = &temporalsAsText{unary{es[0]}}
			nn, err := jt.WithExpressions(es...)
			return nn, transform.NewTree, err
		}
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Source == nil {
			return n, transform.SameTree, nil
		}
		full := ins.Destination.Schema()
		named := namedColumns(full, ins.ColumnNames)
		// A set operation's column may carry a JSON value under another
		// type (JSON UNION NULL): its references are read as JSON too.
		wrap := func(es []sql.Expression, setOp bool) ([]sql.Expression, bool) {
			sch := sourceColumns(full, named, len(es))
			if sch == nil {
				return es, false
			}
			var out []sql.Expression
			for i, e := range es {
				var w sql.Expression
				switch e.(type) {
				case *jsonArg, *gmsJSON, *jsonIntoColumn, *jsonColumnValue:
					continue
				}
				switch {
				case types.IsJSON(sch[i].Type):
					w = newJSONColumnValue(e, columnName(sch[i]))
				case types.IsJSON(e.Type()) || setOp && isGetField(e):
					// A JSON value into another type's column
					// (jsoncoerce.go).
					w = &jsonIntoColumn{unary{e}, sch[i].Type}
				default:
					continue
				}
				if out == nil {
					out = append([]sql.Expression(nil), es...)
				}
				out[i] = w
			}
			if out == nil {
				return es, false
			}
			return out, true
		}
		var src sql.Node
		switch s := ins.Source.(type) {
		case *plan.Values:
			tuples := make([][]sql.Expression, len(s.ExpressionTuples))
			changed := false
			for i, t := range s.ExpressionTuples {
				var c bool
				tuples[i], c = wrap(t, false)
				changed = changed || c
			}
			if changed {
				nv := *s
				nv.ExpressionTuples = tuples
				src = &nv
			}
		case *plan.Project:
			_, setOp := s.Child.(*plan.SetOp)
			if ps, changed := wrap(s.Projections, setOp); changed {
				np, err := s.WithExpressions(ps...)
				if err != nil {
					return n, transform.SameTree, err
				}
				src = np
			}
		case *jsonRowSource:
		default:
			// Rows from elsewhere (jsoncoerce.go).
			sch := sourceColumns(full, named, len(s.Schema()))
			if _, setOp := s.(*plan.SetOp); sch != nil && (setOp || needsJSONRowSource(s.Schema(), sch)) {
				src = &jsonRowSource{child: s, dest: sch}
			}
		}
		if src == nil {
			return n, transform.SameTree, nil
		}
		return ins.WithSource(src), transform.NewTree, nil
	})
}

func isGetField(e sql.Expression) bool {
	_, ok := e.(*expression.GetField)
	return ok
}

// jsonSetDoc: SET json_col = text reads the text as a document (a
// temporal value is refused, jsoncol.go); SET other_col = json gives GMS
// its own document (gmsJSON).
func jsonSetDoc(e *expression.SetField) sql.Expression {
	switch e.RightChild.(type) {
	case *jsonArg, *gmsJSON, *jsonIntoColumn, *jsonColumnValue:
		return nil
	}
	var w sql.Expression
	switch {
	case types.IsJSON(e.LeftChild.Type()):
		w = newJSONColumnValue(e.RightChild, setColumnName(e.LeftChild))
	case types.IsJSON(e.RightChild.Type()):
		w = &jsonIntoColumn{unary{e.RightChild}, e.LeftChild.Type()}
	default:
		return nil
	}
	ne, err := e.WithChildren(e.LeftChild, w)
	if err != nil {
		return nil
	}
	return ne
}

// gmsJSON hands a Doc to GMS code that only knows GMS's own document type
// (its DECIMAL conversion reads a types.JSONDocument and no other JSON
// value: CAST(doc->'$.n' AS DECIMAL), DIV and MOD answered 0, ROUND failed)
// as that type, its numbers as GMS's parser makes them (gmsNumbers).
type gmsJSON struct{ unary }

func (g *gmsJSON) Type() sql.Type { return g.child.Type() }
func (g *gmsJSON) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(g, children)
}
func (g *gmsJSON) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := g.child.Eval(ctx, row)
	if d, ok := v.(jsondoc.Doc); ok && err == nil {
		return types.JSONDocument{Val: gmsValue(d.Val)}, nil // jsoncoerce.go
	}
	return v, err
}

// jsonText is a JSON value as the text MySQL prints for it, for CAST(json
// AS CHAR) (GMS's printer gives the DOUBLE 100 as 100).
type jsonText struct{ unary }

func (j *jsonText) Type() sql.Type { return types.LongText }
func (j *jsonText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(j, children)
}
func (j *jsonText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}
func (j *jsonText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if d, ok := v.(jsondoc.Doc); ok {
		return d.JSONString()
	}
	s, _, err := types.LongText.Convert(ctx, v)
	return s, err
}

// jsonTemporalText is a JSON value read for a cast to a date or time type,
// as MySQL's Json_wrapper::coerce_date and coerce_time read it: a JSON
// DATE, TIME or DATETIME or a JSON string by its text; any other value is
// NULL with warning 3156.
type jsonTemporalText struct{ unary }

func (j *jsonTemporalText) Type() sql.Type { return types.LongText }
func (j *jsonTemporalText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(j, children)
}
func (j *jsonTemporalText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}
func (j *jsonTemporalText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	w, ok := v.(sql.JSONWrapper)
	if !ok {
		return v, nil
	}
	d, err := fromGMS(w)
	if err != nil {
		return nil, err
	}
	switch x := d.Val.(type) {
	case string:
		return x, nil
	case jsondoc.Temporal:
		return x.Text, nil
	}
	warnJSONCast(ctx, 3156, "DATE/TIME/DATETIME/TIMESTAMP", j.child)
	return nil, nil
}

// jsonOperands wraps the JSON operands of casts, arithmetic and numeric
// functions (gmsJSON, jsonText) before replaceExprOnce replaces them; ok is
// false when e has none to wrap.
func jsonOperands(e sql.Expression) (sql.Expression, bool) {
	switch x := e.(type) {
	case *expression.Convert:
		if !types.IsJSON(x.Child.Type()) || types.IsJSON(x.Type()) {
			return e, false
		}
		var w sql.Expression
		switch x.Child.(type) {
		case *gmsJSON, *jsonText, *jsonNumber, *jsonReal:
			return e, false
		}
		switch t := x.Type(); {
		case types.IsText(t):
			w = &jsonText{unary{x.Child}}
		case types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t) || timetype.Is(t):
			// coerce_date/coerce_time: a JSON date, time or string by its
			// text (GMS answered NULL for every JSON value).
			w = &jsonTemporalText{unary{x.Child}}
		case types.IsFloat(x.Type()):
			// coerce_real: a string by its numeric prefix, with 3156
			// (GMS: 0 without a warning).
			w = &jsonReal{unary{x.Child}, numeric{}}
		case types.IsDecimal(x.Type()) || types.IsInteger(x.Type()):
			// Exactly (jsoncoerce.go).
			w = &jsonNumber{unary{x.Child}, types.IsInteger(x.Type())}
		default:
			w = &gmsJSON{unary{x.Child}}
		}
		if ne, err := x.WithChildren(w); err == nil {
			return ne, true
		}
	case *expression.Like:
		return jsonTextArgs(e)
	case *expression.Arithmetic, *expression.Div, *expression.IntDiv, *expression.Mod, *expression.UnaryMinus, sql.FunctionExpression:
		// Operators and the numeric functions compute in DOUBLE (jsonReal);
		// string functions read MySQL's text (jsonText); other functions
		// with a numeric result get GMS's document.
		real := true
		if fn, ok := e.(sql.FunctionExpression); ok {
			name := strings.ToLower(fn.FunctionName())
			if name == "group_concat" {
				return groupConcatJSONText(e)
			}
			if textOfJSON[name] {
				return jsonTextArgs(e)
			}
			real = realOfJSON[name]
			if !real && !types.IsNumber(e.Type()) {
				return e, false
			}
		}
		cs := e.Children()
		var out []sql.Expression
		for i, c := range cs {
			if !types.IsJSON(c.Type()) {
				continue
			}
			if _, done := c.(*gmsJSON); done {
				continue
			}
			if out == nil {
				out = append([]sql.Expression(nil), cs...)
			}
			if real {
				out[i] = &jsonReal{unary: unary{c}}
			} else {
				out[i] = &gmsJSON{unary{c}}
			}
		}
		if out != nil {
			if ne, err := e.WithChildren(out...); err == nil {
				return ne, true
			}
		}
	}
	return e, false
}

// jsonReal is a JSON value read as a DOUBLE, as MySQL's
// Json_wrapper::coerce_real reads it for a numeric function or operator (a
// JSON argument has STRING_RESULT there, so ROUND, ABS, FLOOR, +, SUM and
// their kin compute in DOUBLE): a number by its value, true/false as 1/0,
// a string by its numeric prefix, anything else (array, object, JSON null)
// as 0; the last two with warning 3156 when not all of it was a number.
// GMS answered NULL for ROUND and ABS of a JSON value and failed on a JSON
// true.
type jsonReal struct {
	unary
	numeric
}

func (j *jsonReal) Type() sql.Type { return types.Float64 }
func (j *jsonReal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(j, children)
}

func (j *jsonReal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	w, ok := v.(sql.JSONWrapper)
	if !ok {
		return toFloat(ctx, v)
	}
	d, err := fromGMS(w)
	if err != nil {
		return nil, err
	}
	switch x := d.Val.(type) {
	case int64:
		return float64(x), nil
	case uint64:
		return float64(x), nil
	case float64:
		return x, nil
	case decimal.Decimal:
		f, _ := x.Float64()
		return f, nil
	case bool:
		if x {
			return 1.0, nil
		}
		return 0.0, nil
	case string:
		num, clean := numPrefix(x)
		f, perr := strconv.ParseFloat(num, 64)
		if math.IsInf(f, 0) {
			f = math.Copysign(math.MaxFloat64, f)
		}
		if !clean || (perr != nil && f == 0) {
			j.warnInvalid(ctx)
		}
		return f, nil
	}
	j.warnInvalid(ctx)
	return 0.0, nil
}

func (j *jsonReal) warnInvalid(ctx *sql.Context) {
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 3156,
			Message: fmt.Sprintf("Invalid JSON value for CAST to DOUBLE from column %s at row 1", j.child)})
	}
}

// realOfJSON names the functions that read a JSON argument as a DOUBLE
// (jsonReal); other functions with a numeric result (JSON_LENGTH, LENGTH,
// LOCATE) read it as a document or as text.
var realOfJSON = map[string]bool{
	"abs": true, "round": true, "truncate": true, "floor": true, "ceil": true, "ceiling": true,
	"sign": true, "sqrt": true, "pow": true, "power": true, "exp": true, "ln": true, "log": true,
	"log2": true, "log10": true, "sin": true, "cos": true, "tan": true, "cot": true, "asin": true,
	"acos": true, "atan": true, "atan2": true, "degrees": true, "radians": true, "mod": true,
	"sum": true, "avg": true,
}

// ReplaceExpr is Replace for one bound expression outside a plan (a
// functional index's key part, engine/funcindex.go), so that it computes
// what the same expression in a query computes; changed says whether any
// node was replaced (GMS's own expression computes something else).
func ReplaceExpr(ctx *sql.Context, e sql.Expression) (out sql.Expression, changed bool, err error) {
	out, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		return replaceExpr(ctx, e, false)
	})
	if err != nil {
		return e, false, err
	}
	return out, same == transform.NewTree, nil
}

// textOfJSON names the string functions, which read a JSON argument as the
// text MySQL prints for it (Item_func_json_extract::val_str: 100.0 for the
// DOUBLE 100, a DECIMAL with its scale; GMS's printer gave 100, and its
// SUBSTRING and HEX failed on a kinded document).
var textOfJSON = map[string]bool{
	"concat": true, "concat_ws": true, "length": true, "octet_length": true, "char_length": true,
	"character_length": true, "bit_length": true, "upper": true, "lower": true, "ucase": true,
	"lcase": true, "substring": true, "substr": true, "mid": true, "substring_index": true,
	"left": true, "right": true, "replace": true, "trim": true, "ltrim": true, "rtrim": true,
	"lpad": true, "rpad": true, "reverse": true, "instr": true, "locate": true, "position": true,
	"md5": true, "sha": true, "sha1": true, "sha2": true, "crc32": true, "hex": true,
	"repeat": true, "insert": true, "ascii": true, "ord": true, "strcmp": true, "to_base64": true,
	"quote": true, "regexp_like": true, "regexp_replace": true, "regexp_substr": true,
	"regexp_instr": true, "group_concat": true,
}

// jsonTextArgs wraps e's JSON children in jsonText.
// groupConcatJSONText reads GROUP_CONCAT's value as MySQL's JSON text and
// leaves its ORDER BY expressions JSON, which sort in JSON's order (as an
// ORDER BY of the query does); read as text they sorted as strings. GMS's
// GroupConcat lists its ORDER BY expressions first, then its value (one
// expression: groupConcatArgs concatenates several).
func groupConcatJSONText(e sql.Expression) (sql.Expression, bool) {
	cs := e.Children()
	if len(cs) == 0 {
		return e, false
	}
	last := cs[len(cs)-1]
	if !types.IsJSON(last.Type()) {
		return e, false
	}
	out := append([]sql.Expression(nil), cs...)
	out[len(out)-1] = &jsonText{unary{last}}
	ne, err := e.WithChildren(out...)
	if err != nil {
		return e, false
	}
	return ne, true
}

func jsonTextArgs(e sql.Expression) (sql.Expression, bool) {
	cs := e.Children()
	var out []sql.Expression
	for i, c := range cs {
		if !types.IsJSON(c.Type()) {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), cs...)
		}
		out[i] = &jsonText{unary{c}}
	}
	if out == nil {
		return e, false
	}
	ne, err := e.WithChildren(out...)
	if err != nil {
		return e, false
	}
	return ne, true
}
