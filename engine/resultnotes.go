package engine

import (
	"reflect"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Result fields GMS flags or sizes otherwise than MySQL, where the planner
// cannot carry MySQL's: MIN, MAX, SUM, AVG, STD/VARIANCE, JSON_ARRAYAGG,
// JSON_OBJECTAGG and GROUP_CONCAT are nullable in MySQL (maybe_null: no
// rows, or only NULLs, give NULL), GMS's report NOT NULL; and a
// GROUP_CONCAT's field is Item_func_group_concat's (item_sum.cc,
// fix_fields): max_chars = group_concat_max_len / mbminlen of the
// argument's character set, a BLOB of max_chars * mbmaxlen bytes past
// CONVERT_IF_BIGGER_TO_BLOB (512) characters and a VARCHAR(max_chars)
// otherwise, where GMS sends its TEXT's length (262140; its string types
// snap TEXT lengths to the TINYTEXT/TEXT/... tiers). Making the
// aggregates nullable in the plan would change the references GMS's
// planner built when it bound the statement; instead the outermost
// analysis (and a cached plan before it runs, NoteResultColumns) notes in
// the session which result columns are such aggregates, and the server
// corrects their fields (server/fields.go). An expression over one
// (UPPER(MIN(s))) keeps GMS's flag.

// ResultNote describes a result column that is an aggregate MySQL makes
// nullable, a GROUP_CONCAT among them.
type ResultNote struct {
	// Name is the column's name as the field carries it.
	Name string
	// GroupConcat: the column is a GROUP_CONCAT, of Charset and MaxLen.
	GroupConcat bool
	// Charset is the result's character set (the argument's; binary for
	// a binary argument).
	Charset sql.CharacterSetID
	// MaxLen is group_concat_max_len when the statement was analyzed.
	MaxLen int64
	// Derived: the column is read through a derived table, view or CTE,
	// whose column MySQL materializes as a Field (a BLOB's field then
	// carries BLOB_FLAG).
	Derived bool
}

// resultNotesID is from meta27's range 12_010-12_019.
const resultNotesID analyzer.RuleId = 12_010

// installResultNotes appends the note to the after-all batch, after the
// GROUP_CONCAT wraps (groupConcatCut) and retypes.
func installResultNotes(a *analyzer.Analyzer) {
	b := batch(a, "after-all")
	if b == nil || slices.ContainsFunc(b.Rules, func(r analyzer.Rule) bool { return r.Id == resultNotesID }) {
		return
	}
	b.Rules = append(b.Rules, analyzer.Rule{Id: resultNotesID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if scope.IsEmpty() {
			NoteResultColumns(ctx, n)
		}
		return n, transform.SameTree, nil
	}})
}

// NoteResultColumns records in ctx's session which of n's result columns
// are nullable aggregates or GROUP_CONCATs (none: the note is cleared),
// for the fields the server sends next. n is an analyzed plan about to
// run.
func NoteResultColumns(ctx *sql.Context, n sql.Node) {
	SetResultNotes(ctx, ResultNotesOf(n))
}

// ResultNotes of a plan, as NoteResultColumns makes them: a cached
// plan's are made once and kept with it (SetResultNotes).
type ResultNotesOfPlan struct{ notes []*ResultNote }

// ResultNotesOf is the note NoteResultColumns makes of n.
func ResultNotesOf(n sql.Node) ResultNotesOfPlan { return ResultNotesOfPlan{resultNotesOf(n)} }

// SetResultNotes makes notes the session's note of the result columns
// (see NoteResultColumns).
func SetResultNotes(ctx *sql.Context, notes ResultNotesOfPlan) {
	if ctx == nil {
		return
	}
	if s, ok := ctx.Session.(*Session); ok {
		s.resultNotes = notes.notes
	}
}

// ResultNotes is the note NoteResultColumns made last in ctx's session,
// one entry per result column (nil entries: no such aggregate); nil when
// no column is one.
func ResultNotes(ctx *sql.Context) []*ResultNote {
	if ctx == nil {
		return nil
	}
	if s, ok := ctx.Session.(*Session); ok {
		return s.resultNotes
	}
	return nil
}

// resultNotesOf is the ResultNote of each of n's result columns, nil
// when none is such an aggregate (a plan without aggregates costs one
// walk).
func resultNotesOf(n sql.Node) []*ResultNote {
	if !anyNoted(n) {
		return nil
	}
	sch := n.Schema()
	out := make([]*ResultNote, len(sch))
	found := false
	for i := range sch {
		if f := noteAt(n, i, 0); f != nil {
			g := *f
			g.Name = sch[i].Name
			out[i], found = &g, true
		}
	}
	if !found {
		return nil
	}
	return out
}

// anyNoted: n or a plan below it has an aggregate or an expression whose
// nullability mysqlNullable corrects.
func anyNoted(n sql.Node) bool {
	found := false
	transform.InspectExpressionsWithNode(n, func(_ sql.Node, e sql.Expression) bool {
		switch x := e.(type) {
		case sql.Aggregation, *function.If, *function.IfNull, *function.Coalesce, *expression.Case,
			*expression.IntDiv, *expression.Mod, *expression.Div, *expression.Convert:
			found = true
		case sql.FunctionExpression:
			// GMS's names are lower-case.
			found = alwaysNullable[x.FunctionName()] || x.FunctionName() == "div" || x.FunctionName() == "%"
		case *plan.Subquery:
			found = found || anyNoted(x.Query)
		}
		return !found
	})
	return found
}

// noteAt is the ResultNote of n's result column i, nil when it is no
// such aggregate's. Columns are followed by position: the analyzed plan's
// references carry their row index, while GMS's assignExecIndexes dropped
// the aggregates' column ids.
func noteAt(n sql.Node, i, depth int) *ResultNote {
	if depth > 32 {
		return nil
	}
	exprs, below, ok := rootExprs(n)
	if !ok || i >= len(exprs) {
		return nil
	}
	e := exprs[i]
	if e == nil {
		// A derived table's column: its query's.
		f := noteAt(below, i, depth+1)
		if f != nil && !f.Derived {
			g := *f
			g.Derived = true
			f = &g
		}
		return f
	}
	for {
		a, ok := e.(*expression.Alias)
		if !ok {
			break
		}
		e = a.Child
	}
	var gc *aggregation.GroupConcat
	switch x := e.(type) {
	case *aggregation.GroupConcat:
		gc = x
	case *collGroupConcat:
		gc = x.GroupConcat
	case *expression.GetField:
		if below == nil {
			return nil
		}
		return noteAt(below, x.Index(), depth+1)
	case sql.Aggregation:
		// Item_sum_hybrid, Item_sum_sum, Item_sum_avg, Item_sum_variance,
		// Item_sum_json: maybe_null (no rows, or only NULLs, give NULL);
		// GMS says NOT NULL. By name: sqlfunc wraps some of GMS's.
		if f, ok := x.(sql.FunctionExpression); ok && nullableAggregates[strings.ToLower(f.FunctionName())] {
			return &ResultNote{}
		}
		return nil
	default:
		if !e.IsNullable() && mysqlNullable(e, below, depth) {
			return &ResultNote{}
		}
		return nil
	}
	if gc.Window() != nil {
		// GMS's GROUP_CONCAT OVER (MySQL 8.0 has none) is left alone.
		return nil
	}
	f := &ResultNote{GroupConcat: true, Charset: sql.CharacterSet_utf8mb4, MaxLen: gcMaxLen(gc)}
	if st, ok := e.Type().(sql.StringType); ok {
		f.Charset = st.Collation().CharacterSet()
	}
	if f.MaxLen <= 0 {
		return &ResultNote{}
	}
	return f
}

// mysqlNullable is MySQL's maybe_null of e, a column of the row of below
// (nil: none known), where GMS's IsNullable says otherwise: IF is
// nullable when either value is (GMS: the first), DIV, % and / when a
// divisor can be 0 (always: Item_func_int_div, Item_func_mod and
// Item_func_div set maybe_null; GMS: when an operand is), COALESCE when
// every argument is (GMS: the first), IFNULL when its second is, CASE
// without ELSE or with a nullable value; arithmetic, CAST and the
// functions of nullPropagating when an argument is; a reference when the
// column it reads is (a nullable aggregate's, one of these). Anything
// else is GMS's answer.
func mysqlNullable(e sql.Expression, below sql.Node, depth int) bool {
	if depth > 32 {
		return e.IsNullable()
	}
	anyNullable := func(es ...sql.Expression) bool {
		for _, c := range es {
			if c != nil && mysqlNullable(c, below, depth+1) {
				return true
			}
		}
		return false
	}
	switch x := e.(type) {
	case *expression.Alias:
		return mysqlNullable(x.Child, below, depth+1)
	case *expression.GetField:
		if x.IsNullable() {
			return true
		}
		return below != nil && noteAt(below, x.Index(), depth+1) != nil
	case *expression.Literal:
		return x.Value() == nil
	case *expression.IntDiv, *expression.Mod, *expression.Div, *function.NullIf:
		return true
	case *function.If:
		ch := x.Children()
		return len(ch) == 3 && anyNullable(ch[1], ch[2])
	case *function.IfNull:
		return mysqlNullable(x.RightChild, below, depth+1)
	case *function.Coalesce:
		for _, c := range x.Children() {
			if !mysqlNullable(c, below, depth+1) {
				return false
			}
		}
		return true
	case *expression.Case:
		if x.Else == nil || anyNullable(x.Else) {
			return true
		}
		for _, b := range x.Branches {
			if anyNullable(b.Value) {
				return true
			}
		}
		return false
	case *expression.Convert:
		if t := x.Type(); types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTime(t) {
			// Item_typecast_date/datetime/time: maybe_null (an
			// invalid value is NULL).
			return true
		}
		return e.IsNullable() || anyNullable(e.Children()...)
	case *expression.Arithmetic, *expression.UnaryMinus:
		return e.IsNullable() || anyNullable(e.Children()...)
	case sql.FunctionExpression:
		name := strings.ToLower(x.FunctionName())
		if alwaysNullable[name] {
			return true
		}
		if nullPropagating[name] {
			return e.IsNullable() || anyNullable(e.Children()...)
		}
		return e.IsNullable()
	}
	if ch := e.Children(); len(ch) == 1 && e.IsNullable() == ch[0].IsNullable() {
		// A wrap of its argument (sqlfunc's branch conversions under IF,
		// a number-to-text conversion): its value's nullability.
		return mysqlNullable(ch[0], below, depth+1)
	}
	return e.IsNullable()
}

// nullPropagating are functions whose result is NULL when an argument is
// (and whose nullability GMS derives from theirs).
var nullPropagating = map[string]bool{
	"abs": true, "ceil": true, "ceiling": true, "floor": true, "round": true, "truncate": true, "sign": true,
	"concat": true, "upper": true, "lower": true, "ucase": true, "lcase": true, "length": true,
	"char_length": true, "character_length": true, "octet_length": true, "substring": true, "substr": true,
	"mid": true, "left": true, "right": true, "trim": true, "ltrim": true, "rtrim": true, "lpad": true,
	"rpad": true, "replace": true, "reverse": true, "hex": true, "md5": true, "sha1": true, "sha2": true,
}

// alwaysNullable are functions MySQL 8.0 makes maybe_null whatever their
// arguments (an argument out of their domain, an invalid date, a missing
// JSON path, a result past max_allowed_packet give NULL), which GMS flags
// NOT NULL over NOT NULL columns; MariaDB 10.11 flags them nullable too.
var alwaysNullable = map[string]bool{
	"sqrt": true, "ln": true, "log": true, "log2": true, "log10": true, "asin": true, "acos": true,
	"from_base64": true, "to_base64": true, "unhex": true, "conv": true, "bin": true, "oct": true,
	"inet_aton": true, "inet_ntoa": true, "inet6_aton": true, "inet6_ntoa": true,
	"substring_index": true, "space": true, "repeat": true, "elt": true, "uncompress": true,
	"date": true, "last_day": true, "from_days": true, "makedate": true, "str_to_date": true,
	"json_extract": true, "json_unquote": true, "json_search": true, "json_keys": true, "json_value": true,
}

// nullableAggregates are the aggregates MySQL makes nullable (COUNT and
// BIT_AND/OR/XOR are not).
var nullableAggregates = map[string]bool{
	"min": true, "max": true, "sum": true, "avg": true,
	"std": true, "stddev": true, "stddev_pop": true, "stddev_samp": true,
	"variance": true, "var_pop": true, "var_samp": true,
	"json_arrayagg": true, "json_objectagg": true,
}

// gcMaxLen is the limit GMS's GROUP_CONCAT cuts at (its unexported
// maxLen, read as groupconcatcut.go reads it; 0: unknown).
func gcMaxLen(gc *aggregation.GroupConcat) int64 {
	v := reflect.ValueOf(gc).Elem().FieldByName("maxLen")
	if !v.IsValid() || v.Kind() != reflect.Int {
		return 0
	}
	return v.Int()
}

// rootExprs are the expressions that compute n's result columns and the
// node whose row their references index, found through the nodes that
// pass their child's columns on (sorts, limits, filters, DISTINCT, the
// query's wrappers); for a derived table, nil expressions and its query.
// ok is false where no expression is known (a table's column, a join's, a
// set operation's).
func rootExprs(n sql.Node) (exprs []sql.Expression, below sql.Node, ok bool) {
	width := len(n.Schema())
	for {
		var es []sql.Expression
		switch x := n.(type) {
		case *plan.Project:
			es = x.Projections
		case *plan.GroupBy:
			es = x.SelectedExprs
		case *plan.Window:
			es = x.SelectExprs
		case *plan.SubqueryAlias:
			return make([]sql.Expression, width), x.Child, true
		case *plan.SetOp, *plan.ResolvedTable, *plan.TableAlias, *plan.JoinNode:
			return nil, nil, false
		default:
			ch := n.Children()
			if len(ch) != 1 || len(ch[0].Schema()) != width || !sameNames(n.Schema(), ch[0].Schema()) {
				return nil, nil, false
			}
			n = ch[0]
			continue
		}
		if len(es) != width {
			return nil, nil, false
		}
		var child sql.Node
		if ch := n.Children(); len(ch) == 1 {
			child = ch[0]
		}
		return es, child, true
	}
}

func sameNames(a, b sql.Schema) bool {
	for i := range a {
		if !strings.EqualFold(a[i].Name, b[i].Name) {
			return false
		}
	}
	return true
}
