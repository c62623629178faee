package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// GMS's applyTriggers puts each trigger of the written table around the
// statement by a walk of the whole plan, and it skips a trigger body only
// when the body is a single statement (the walk visits a node after its
// children, so the check "is my parent a trigger executor" comes too late
// for the statements of a BEGIN ... END body). Triggers planned after a
// BEFORE UPDATE or BEFORE DELETE trigger whose body is a block were thus
// also put around the DML statements inside that block: with `BEFORE
// UPDATE ... BEGIN INSERT INTO audit ...; END` and an AFTER UPDATE
// trigger, each UPDATE fired the AFTER trigger a second time for the
// audit row, reading the audit row as its OLD and NEW (a garbage row
// written silently, or 1105 "unable to find field with index" when the
// audit row was narrower). INSERT's BEFORE triggers sit in the INSERT's
// source, which the walk does not visit.
//
// dropReappliedTriggers takes those copies out again: inside any trigger
// body, an executor of a trigger that the statement itself fires is one.
// A body cannot legitimately fire a trigger of the statement's own table:
// it cannot write that table (MySQL's 1442, GMS's circular-update check).

type trigKey struct{ name, create string }

func dropReappliedTriggers(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	own := map[trigKey]bool{}
	collectOwnTriggers(n, own)
	if len(own) == 0 {
		return n, transform.SameTree, nil
	}
	return dropIn(n, own, false)
}

// collectOwnTriggers notes the executors of n outside trigger bodies.
func collectOwnTriggers(n sql.Node, own map[trigKey]bool) {
	switch n := n.(type) {
	case *plan.TriggerExecutor:
		own[trigKey{n.TriggerDefinition.Name, n.TriggerDefinition.CreateStatement}] = true
		collectOwnTriggers(n.Left(), own)
		return
	case *plan.InsertInto:
		if n.Source != nil {
			collectOwnTriggers(n.Source, own)
		}
	}
	for _, c := range n.Children() {
		collectOwnTriggers(c, own)
	}
}

// dropIn is n without the executors of own triggers inside trigger bodies
// (inBody: n is in one).
func dropIn(n sql.Node, own map[trigKey]bool, inBody bool) (sql.Node, transform.TreeIdentity, error) {
	if te, ok := n.(*plan.TriggerExecutor); ok {
		left, lsame, err := dropIn(te.Left(), own, inBody)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if inBody && own[trigKey{te.TriggerDefinition.Name, te.TriggerDefinition.CreateStatement}] {
			return left, transform.NewTree, nil
		}
		right, rsame, err := dropIn(te.Right(), own, true)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if lsame && rsame {
			return n, transform.SameTree, nil
		}
		nn, err := te.WithChildren(left, right)
		return nn, transform.NewTree, err
	}
	same := transform.SameTree
	if ii, ok := n.(*plan.InsertInto); ok && ii.Source != nil {
		src, ssame, err := dropIn(ii.Source, own, inBody)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !ssame {
			n, same = ii.WithSource(src), transform.NewTree
		}
	}
	ch := n.Children()
	if len(ch) == 0 {
		return n, same, nil
	}
	out := make([]sql.Node, len(ch))
	csame := true
	for i, c := range ch {
		nc, s, err := dropIn(c, own, inBody)
		if err != nil {
			return nil, transform.SameTree, err
		}
		out[i] = nc
		csame = csame && bool(s)
	}
	if csame {
		return n, same, nil
	}
	nn, err := n.WithChildren(out...)
	return nn, transform.NewTree, err
}
