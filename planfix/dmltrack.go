package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/myriaddb/myriad/plans"
)

// dmlTrackID is from the lead's session-18 range 11_590-11_599.
const dmlTrackID analyzer.RuleId = 11_590

// untrackDMLTables takes GMS's progress wrappers (plan.ProcessTable,
// ProcessIndexableTable, added by trackProcess) off the tables read by
// INSERT, UPDATE and DELETE. Each wrapper's partition iterator is a
// plan.TrackedRowIter without a node, whose Close sets ROW_COUNT() to -1
// as after a SELECT. A DML statement's accumulator sets ROW_COUNT() when
// its source is exhausted; a source that stopped early (UPDATE or DELETE
// ... LIMIT n over a scan, INSERT ... SELECT ... LIMIT n) closes the
// partition iterator after that, so ROW_COUNT() was -1 — also inside a
// stored procedure, where the handler cannot mend it. The wrappers only
// report per-partition progress to the process list, which a DML
// statement's own entry (and plans.Build, which strips them from cached
// plans the same way) does without.
func untrackDMLTables(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch d := n.(type) {
		case *plan.Update, *plan.DeleteFrom, *plan.InsertInto:
			return untrackTables(d)
		}
		return n, transform.SameTree, nil
	})
}

func untrackTables(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if ins, ok := n.(*plan.InsertInto); ok {
		// INSERT's source is a field, not a child.
		src, same, err := transform.Node(ins.Source, plans.UntrackTable)
		if err != nil || same {
			return n, transform.SameTree, err
		}
		return ins.WithSource(src), transform.NewTree, nil
	}
	return transform.Node(n, plans.UntrackTable)
}
