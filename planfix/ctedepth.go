package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// erCteMaxRecursionDepth is MySQL's ER_CTE_MAX_RECURSION_DEPTH.
const erCteMaxRecursionDepth = 3636

// guardDepth makes a recursive CTE honour cte_max_recursion_depth as MySQL
// does: GMS ignores the variable and stops only after 10,001 iterations, so
// `WITH RECURSIVE r AS (SELECT 1 n UNION ALL SELECT n + 1 FROM r WHERE n <
// 2000)` answered 2000 rows where MySQL refuses (3636), and a runaway
// recursion ran ten times longer than MySQL lets it before failing with
// 1105. GMS's iterator builds the recursive part once per iteration, after
// the previous one produced rows (rowexec's recursiveCteIter.resetIter),
// which is when MySQL's FollowTailIterator starts a new iteration and
// counts it; the anchor is built once per execution and restarts the count.
//
// The count lives in the plan node, as GMS keeps the iteration's working
// rows there (plan.RecursiveTable.Buf): a recursive CTE's plan is never
// cached or shared between executions (package plans caches only plain
// node kinds), so one execution at a time uses it.
func guardDepth(r *plan.RecursiveCte, rec sql.Node) (sql.Node, error) {
	d := &cteDepth{}
	return r.WithChildren(&cteDepthReset{child: r.Left(), d: d}, &cteDepthGuard{child: rec, d: d})
}

type cteDepth struct{ n uint64 }

// cteDepthReset wraps the anchor and restarts the iteration count.
type cteDepthReset struct {
	child sql.Node
	d     *cteDepth
}

// cteDepthGuard wraps the recursive part and counts its iterations.
type cteDepthGuard struct {
	child sql.Node
	d     *cteDepth
}

var (
	_ sql.ExecSourceRel = (*cteDepthReset)(nil)
	_ sql.ExecSourceRel = (*cteDepthGuard)(nil)
)

func (c *cteDepthReset) Resolved() bool       { return c.child.Resolved() }
func (c *cteDepthReset) IsReadOnly() bool     { return c.child.IsReadOnly() }
func (c *cteDepthReset) String() string       { return c.child.String() }
func (c *cteDepthReset) Schema() sql.Schema   { return c.child.Schema() }
func (c *cteDepthReset) Children() []sql.Node { return []sql.Node{c.child} }
func (c *cteDepthReset) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 1)
	}
	nc := *c
	nc.child = ch[0]
	return &nc, nil
}

func (c *cteDepthReset) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	c.d.n = 0
	return rowexec.DefaultBuilder.Build(ctx, c.child, row)
}

func (c *cteDepthGuard) Resolved() bool       { return c.child.Resolved() }
func (c *cteDepthGuard) IsReadOnly() bool     { return c.child.IsReadOnly() }
func (c *cteDepthGuard) String() string       { return c.child.String() }
func (c *cteDepthGuard) Schema() sql.Schema   { return c.child.Schema() }
func (c *cteDepthGuard) Children() []sql.Node { return []sql.Node{c.child} }
func (c *cteDepthGuard) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 1)
	}
	nc := *c
	nc.child = ch[0]
	return &nc, nil
}

func (c *cteDepthGuard) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	c.d.n++
	if limit := maxRecursionDepth(ctx); c.d.n > limit {
		return nil, mysql.NewSQLError(erCteMaxRecursionDepth, "HY000",
			"Recursive query aborted after %d iterations. Try increasing @@cte_max_recursion_depth to a larger value.", c.d.n)
	}
	return rowexec.DefaultBuilder.Build(ctx, c.child, row)
}

// maxRecursionDepth reads the session's cte_max_recursion_depth (MySQL's
// default 1000 when it cannot be read).
func maxRecursionDepth(ctx *sql.Context) uint64 {
	if ctx == nil || ctx.Session == nil {
		return 1000
	}
	v, err := ctx.GetSessionVariable(ctx, "cte_max_recursion_depth")
	if err != nil {
		return 1000
	}
	n, _, err := types.Uint64.Convert(ctx, v)
	if err != nil || n == nil {
		return 1000
	}
	return n.(uint64)
}
