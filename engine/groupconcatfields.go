package engine

import (
	"reflect"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A GROUP_CONCAT result column's field is MySQL's Item_func_group_concat
// (item_sum.cc, fix_fields): nullable (a group of NULLs, or no rows, is
// NULL), max_chars = group_concat_max_len / mbminlen of the argument's
// character set, a BLOB of max_chars * mbmaxlen bytes past
// CONVERT_IF_BIGGER_TO_BLOB (512) characters and a VARCHAR(max_chars)
// otherwise. GMS flags it NOT NULL and sends its TEXT's length (262140),
// and its string types snap TEXT lengths to the TINYTEXT/TEXT/... tiers,
// so the planner cannot carry MySQL's length: the outermost analysis (and
// a cached plan before it runs, NoteResultColumns) notes in the session
// which result columns are GROUP_CONCATs, with their character set and
// limit, and the server corrects their fields (server/fields.go).

// GroupConcatField describes a result column that is a GROUP_CONCAT.
type GroupConcatField struct {
	// Name is the column's name as the field carries it.
	Name string
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

// groupConcatFieldsID is from meta27's range 12_010-12_019.
const groupConcatFieldsID analyzer.RuleId = 12_010

// installGroupConcatFields appends noteGroupConcatFields to the after-all
// batch, after the GROUP_CONCAT wraps (groupConcatCut) and retypes.
func installGroupConcatFields(a *analyzer.Analyzer) {
	b := batch(a, "after-all")
	if b == nil || slices.ContainsFunc(b.Rules, func(r analyzer.Rule) bool { return r.Id == groupConcatFieldsID }) {
		return
	}
	b.Rules = append(b.Rules, analyzer.Rule{Id: groupConcatFieldsID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if scope.IsEmpty() {
			NoteResultColumns(ctx, n)
		}
		return n, transform.SameTree, nil
	}})
}

// NoteResultColumns records in ctx's session which of n's result columns
// are GROUP_CONCATs (none: the note is cleared), for the fields the server
// sends next. n is an analyzed plan about to run.
func NoteResultColumns(ctx *sql.Context, n sql.Node) {
	if ctx == nil {
		return
	}
	s, ok := ctx.Session.(*Session)
	if !ok {
		return
	}
	s.gcFields = resultGroupConcats(n)
}

// GroupConcatFields is the note NoteResultColumns made last in ctx's
// session, one entry per result column (nil entries: not a GROUP_CONCAT);
// nil when no column is one.
func GroupConcatFields(ctx *sql.Context) []*GroupConcatField {
	if ctx == nil {
		return nil
	}
	if s, ok := ctx.Session.(*Session); ok {
		return s.gcFields
	}
	return nil
}

// resultGroupConcats is the GroupConcatField of each of n's result
// columns, nil when none is a GROUP_CONCAT (the common plan has none, and
// costs one walk).
func resultGroupConcats(n sql.Node) []*GroupConcatField {
	if !anyGroupConcat(n) {
		return nil
	}
	sch := n.Schema()
	out := make([]*GroupConcatField, len(sch))
	found := false
	for i := range sch {
		if f := gcAt(n, i, 0); f != nil {
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

// anyGroupConcat: n or a plan below it has a GROUP_CONCAT.
func anyGroupConcat(n sql.Node) bool {
	found := false
	transform.InspectExpressionsWithNode(n, func(_ sql.Node, e sql.Expression) bool {
		switch x := e.(type) {
		case *aggregation.GroupConcat, *collGroupConcat:
			found = true
		case *plan.Subquery:
			found = found || anyGroupConcat(x.Query)
		}
		return !found
	})
	return found
}

// gcAt is the GroupConcatField of n's result column i, nil when it is no
// GROUP_CONCAT's. Columns are followed by position: the analyzed plan's
// references carry their row index, while GMS's assignExecIndexes dropped
// the aggregates' column ids.
func gcAt(n sql.Node, i, depth int) *GroupConcatField {
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
		f := gcAt(below, i, depth+1)
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
		return gcAt(below, x.Index(), depth+1)
	default:
		return nil
	}
	if gc.Window() != nil {
		// GMS's GROUP_CONCAT OVER (MySQL 8.0 has none) is left alone.
		return nil
	}
	f := &GroupConcatField{Charset: sql.CharacterSet_utf8mb4, MaxLen: gcMaxLen(gc)}
	if st, ok := e.Type().(sql.StringType); ok {
		f.Charset = st.Collation().CharacterSet()
	}
	if f.MaxLen <= 0 {
		return nil
	}
	return f
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
