package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/jsondoc"
)

// Aggregates that MySQL 8.0 also runs as window functions but GMS's
// planner does not list as such (planbuilder's isWindowFunc), so with OVER
// they were planned as plain aggregates and failed 1105 ("Unimplemented
// BitOr.Eval()"): BIT_AND, BIT_OR, BIT_XOR and JSON_OBJECTAGG.
// missingWindowFuncs renames them to FIRST_VALUE with a marker, and the
// first_value registry entry builds them: the BIT_* aggregates are GMS's
// (their windowed forms honour the frame), JSON_OBJECTAGG is objectAggOver.

// windowAggregate builds the aggregate a marker names, or ok false.
func windowAggregate(args []sql.Expression) (e sql.Expression, ok bool, err error) {
	if len(args) == 0 {
		return nil, false, nil
	}
	last := args[len(args)-1]
	for _, b := range []struct {
		name string
		new  func(sql.Expression) sql.Expression
	}{
		{"bit_and", func(e sql.Expression) sql.Expression { return aggregation.NewBitAnd(e) }},
		{"bit_or", func(e sql.Expression) sql.Expression { return aggregation.NewBitOr(e) }},
		{"bit_xor", func(e sql.Expression) sql.Expression { return aggregation.NewBitXor(e) }},
	} {
		if isMarker(last, b.name) {
			if len(args) != 2 {
				return nil, true, sql.ErrInvalidArgumentNumber.New(b.name, 1, len(args)-1)
			}
			return b.new(args[0]), true, nil
		}
	}
	if isMarker(last, "json_objectagg") {
		if len(args) != 3 {
			return nil, true, sql.ErrInvalidArgumentNumber.New("json_objectagg", 2, len(args)-1)
		}
		return &objectAggOver{key: args[0], value: wrapJSONArg(args[1], argAggValue)}, true, nil
	}
	return nil, false, nil
}

// objectAggOver is JSON_OBJECTAGG(key, value) OVER (...): the object of
// each row's frame, a later row's value winning for a key met twice, as
// MySQL's (JSON normalization keeps the last duplicate). GMS's windowed
// JSON_OBJECTAGG ignored the frame and its WithChildren dropped the window.
type objectAggOver struct {
	key, value sql.Expression
	window     *sql.WindowDefinition
	id         sql.ColumnId
}

var _ sql.Aggregation = (*objectAggOver)(nil)
var _ sql.FunctionExpression = (*objectAggOver)(nil)

func (j *objectAggOver) FunctionName() string { return "json_objectagg" }
func (j *objectAggOver) Description() string {
	return "returns the key-value pairs of the window frame as a JSON object."
}
func (j *objectAggOver) Resolved() bool {
	return j.key.Resolved() && j.value.Resolved() && expression.ExpressionsResolved(j.window.ToExpressions()...)
}
func (j *objectAggOver) String() string {
	s := fmt.Sprintf("json_objectagg(%s, %s)", j.key, j.value)
	if j.window != nil {
		s += " " + j.window.String()
	}
	return s
}
func (j *objectAggOver) Type() sql.Type   { return types.JSON }
func (j *objectAggOver) IsNullable() bool { return true }
func (j *objectAggOver) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCharacterSet().BinaryCollation(), 2
}
func (j *objectAggOver) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, sql.ErrWindowUnsupported.New(j.FunctionName())
}
func (j *objectAggOver) Children() []sql.Expression {
	return append(j.window.ToExpressions(), j.key, j.value)
}
func (j *objectAggOver) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n := len(j.window.ToExpressions())
	if len(children) != n+2 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), n+2)
	}
	w, err := j.window.FromExpressions(children[:n])
	if err != nil {
		return nil, err
	}
	nj := *j
	nj.window, nj.key, nj.value = w, children[n], children[n+1]
	return &nj, nil
}
func (j *objectAggOver) Id() sql.ColumnId { return j.id }
func (j *objectAggOver) WithId(id sql.ColumnId) sql.IdExpression {
	nj := *j
	nj.id = id
	return &nj
}
func (j *objectAggOver) Window() *sql.WindowDefinition { return j.window }
func (j *objectAggOver) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	nj := *j
	nj.window = w
	return &nj
}

// NewBuffer: only the windowed form is built (missingWindowFuncs renames
// JSON_OBJECTAGG only where OVER follows).
func (j *objectAggOver) NewBuffer() (sql.AggregationBuffer, error) {
	return nil, sql.ErrWindowUnsupported.New(j.FunctionName())
}

func (j *objectAggOver) NewWindowFunction() (sql.WindowFunction, error) {
	f := &objectAggWindow{key: j.key, value: j.value}
	if w := j.window; w != nil && w.Frame != nil {
		var err error
		if f.framer, err = w.Frame.NewFramer(w); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// objectAggWindow reads each row's key and value once per partition
// (StartPartition, which can fail) and builds each frame's object from them.
type objectAggWindow struct {
	key, value sql.Expression
	framer     sql.WindowFramer
	start      int
	keys       []string
	vals       []any
}

func (a *objectAggWindow) Dispose() {}
func (a *objectAggWindow) DefaultFramer() sql.WindowFramer {
	if a.framer != nil {
		return a.framer
	}
	return aggregation.NewUnboundedPrecedingToCurrentRowFramer()
}

// StartPartition refuses a NULL key anywhere in the partition. MySQL
// refuses it only in a frame it aggregates, so a NULL key that no frame
// reaches (ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING on the first row) is
// refused here and not there.
func (a *objectAggWindow) StartPartition(ctx *sql.Context, iv sql.WindowInterval, buf sql.WindowBuffer) error {
	a.start = iv.Start
	a.keys, a.vals = a.keys[:0], a.vals[:0]
	for _, row := range buf[iv.Start:iv.End] {
		k, err := a.key.Eval(ctx, row)
		if err != nil {
			return err
		}
		if k == nil {
			return mysql.NewSQLError(erJSONDocumentNullKey, "22032", "JSON documents may not contain NULL member names.")
		}
		ks, _, err := types.LongText.Convert(ctx, k)
		if err != nil {
			return err
		}
		v, err := a.value.Eval(ctx, row)
		if err != nil {
			return err
		}
		if js, ok := v.(sql.JSONWrapper); ok {
			if v, err = js.ToInterface(); err != nil {
				return err
			}
		}
		a.keys = append(a.keys, ks.(string))
		a.vals = append(a.vals, v)
	}
	return nil
}

// erJSONDocumentNullKey is MySQL's ER_JSON_DOCUMENT_NULL_KEY.
const erJSONDocumentNullKey = 3158

func (a *objectAggWindow) Compute(_ *sql.Context, iv sql.WindowInterval, _ sql.WindowBuffer) any {
	if iv.End <= iv.Start {
		return nil
	}
	obj := make(map[string]any, iv.End-iv.Start)
	for i := iv.Start - a.start; i < iv.End-a.start; i++ {
		obj[a.keys[i]] = a.vals[i]
	}
	return jsondoc.Doc{Val: obj}
}
