package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A trigger lives in its table's schema, and MySQL runs its body there:
// sp_head::execute makes the trigger's schema the current database while
// the body runs, so an unqualified table in the body is the trigger
// schema's whatever the firing statement's session has selected. GMS's
// applyTriggers does find the triggers of the written table's schema
// (`USE a; INSERT INTO b.t ...` reads b's triggers), but it parses each
// trigger (`CREATE TRIGGER ... ON t ...`) and analyzes its body in the
// session's current database: `USE a; INSERT INTO b.t` fired b's trigger
// and its `INSERT INTO lg` wrote a.lg; without an a.lg it failed 1146, and
// an UPDATE of b.t failed 1146 "Table 'a.t' doesn't exist" (the trigger's
// own ON t looked up in a); with no database selected, 1046.
//
// applyTriggersInSchema is GMS's rule run with the written table's schema
// as the session's current database, for exactly as long as the rule
// runs: the trigger bodies come out bound to the trigger schema's tables,
// and nothing else of the statement is planned meanwhile. Blocks (trigger
// and procedure bodies) are walked here statement by statement, as GMS's
// rule does, so each statement is given its own table's schema.

// applyTriggersGMS is GMS's applyTriggers rule as GMS registers it.
var applyTriggersGMS = func() analyzer.RuleFunc {
	for _, r := range analyzer.OnceAfterAll {
		if r.Id.String() == "applyTriggers" {
			return r.Apply
		}
	}
	return nil
}()

// init puts applyTriggersInSchema in the place of GMS's rule, for every
// analyzer the process builds (as installGlobalRules does).
func init() {
	for i, r := range analyzer.OnceAfterAll {
		if r.Id.String() == "applyTriggers" {
			analyzer.OnceAfterAll[i].Apply = applyTriggersInSchema
			return
		}
	}
}

func applyTriggersInSchema(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if applyTriggersGMS == nil {
		return n, transform.SameTree, nil
	}
	if !qFlags.DmlIsSet() {
		return n, transform.SameTree, nil
	}
	switch n.(type) {
	case *plan.TriggerBeginEndBlock, *plan.BeginEndBlock, *plan.Block:
		ch := n.Children()
		out := make([]sql.Node, len(ch))
		same := transform.SameTree
		for i, c := range ch {
			nc, s, err := applyTriggersInSchema(ctx, a, c, scope, sel, qFlags)
			if err != nil {
				return nil, transform.SameTree, err
			}
			out[i] = nc
			same = same && s
		}
		if same {
			return n, transform.SameTree, nil
		}
		nn, err := n.WithChildren(out...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	}
	if out, handled, err := wireDeleteTargets(ctx, a, n, scope, qFlags); handled || err != nil {
		// GMS refuses explicit targets with triggers (multidelete.go).
		return out, transform.NewTree, err
	}
	db := writtenSchema(n)
	if cur := ctx.GetCurrentDatabase(); db != "" && !strings.EqualFold(db, cur) {
		ctx.SetCurrentDatabase(db)
		defer ctx.SetCurrentDatabase(cur)
	}
	out, same, err := applyTriggersGMS(ctx, a, n, scope, sel, qFlags)
	if err != nil {
		return out, same, err
	}
	// Triggers GMS also put inside BEGIN ... END trigger bodies (trigbody.go).
	out, dsame, err := dropReappliedTriggers(out)
	if err != nil {
		return nil, transform.SameTree, err
	}
	same = same && dsame
	// REPLACE's DELETE triggers, which GMS does not plan (replacetrig.go).
	out, rsame, err := wireReplaceDeletes(ctx, a, out, scope, qFlags)
	if err != nil {
		return nil, transform.SameTree, err
	}
	same = same && rsame
	// ODKU's UPDATE triggers, which GMS does not plan (odkutrig.go).
	out, osame, err := wireODKUTriggers(ctx, a, out, scope, qFlags)
	if err != nil {
		return nil, transform.SameTree, err
	}
	same = same && osame
	// The statement's LAST_INSERT_ID() through its triggers (triglid.go).
	out, lsame, err := keepTriggerLastInsertID(out)
	if err != nil {
		return nil, transform.SameTree, err
	}
	same = same && lsame
	if same || db == "" {
		return out, same, err
	}
	out, err = triggerSchemaNames(out, db)
	return out, transform.NewTree, err
}

// triggerSchemaNames is n with DATABASE() in the bodies of its trigger
// executors answering db, the triggers' schema: MySQL's DATABASE() in a
// trigger is the trigger's schema (sp_head::execute changes the current
// database for the body), GMS's the session's. A nested trigger's body
// (the right side of an executor in a body) was given its own schema when
// the body's statement was analyzed; a CALL's procedure is not a trigger
// body.
func triggerSchemaNames(n sql.Node, db string) (sql.Node, error) {
	out, _, err := transform.NodeWithCtx(n, nil, func(c transform.Context) (sql.Node, transform.TreeIdentity, error) {
		if ii, ok := c.Node.(*plan.InsertInto); ok && ii.Source != nil {
			// BEFORE INSERT executors are put around the source.
			src, err := triggerSchemaNames(ii.Source, db)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return ii.WithSource(src), transform.NewTree, nil
		}
		te, ok := c.Node.(*plan.TriggerExecutor)
		if !ok {
			return c.Node, transform.SameTree, nil
		}
		body, same, err := schemaNameIn(te.Right(), db)
		if err != nil || same {
			return c.Node, transform.SameTree, err
		}
		nte, err := te.WithChildren(te.Left(), body)
		return nte, transform.NewTree, err
	})
	return out, err
}

// schemaNameIn is body with its DATABASE() calls answering db, outside
// nested trigger bodies.
func schemaNameIn(body sql.Node, db string) (sql.Node, transform.TreeIdentity, error) {
	skipNested := func(c transform.Context) bool {
		_, ok := c.Parent.(*plan.TriggerExecutor)
		return !ok || c.ChildNum != 1
	}
	return transform.NodeWithCtx(body, skipNested, func(c transform.Context) (sql.Node, transform.TreeIdentity, error) {
		n := c.Node
		if ii, ok := n.(*plan.InsertInto); ok && ii.Source != nil {
			src, same, err := schemaNameIn(ii.Source, db)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if !same {
				n = ii.WithSource(src)
			}
			nn, same2, err := schemaNameExprs(n, db)
			return nn, same && same2, err
		}
		return schemaNameExprs(n, db)
	})
}

func schemaNameExprs(n sql.Node, db string) (sql.Node, transform.TreeIdentity, error) {
	if _, ok := n.(sql.Expressioner); !ok {
		return n, transform.SameTree, nil
	}
	return transform.OneNodeExpressions(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch e := e.(type) {
		case *plan.Subquery:
			if e.Query == nil {
				return e, transform.SameTree, nil
			}
			q, same, err := schemaNameIn(e.Query, db)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return e.WithQuery(q), transform.NewTree, nil
		case trigSchemaName:
			return e, transform.SameTree, nil
		case sql.FunctionExpression:
			if strings.EqualFold(e.FunctionName(), "database") && len(e.Children()) == 0 {
				return trigSchemaName{Expression: e, db: db}, transform.NewTree, nil
			}
		}
		return e, transform.SameTree, nil
	})
}

// trigSchemaName is DATABASE() in a trigger body: the trigger's schema,
// typed and collated as DATABASE() is.
type trigSchemaName struct {
	sql.Expression
	db string
}

var _ sql.CollationCoercible = trigSchemaName{}

func (t trigSchemaName) Eval(*sql.Context, sql.Row) (any, error) { return t.db, nil }

func (t trigSchemaName) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if cc, ok := t.Expression.(sql.CollationCoercible); ok {
		return cc.CollationCoercibility(ctx)
	}
	return sql.Collation_utf8mb3_general_ci, 3
}

func (t trigSchemaName) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 0)
	}
	return t, nil
}

// writtenSchema is the schema whose triggers GMS's applyTriggers reads for
// n: that of the last INSERT, UPDATE or DELETE it finds in n ("": none
// names one; GMS then reads the current database's).
func writtenSchema(n sql.Node) string {
	db := ""
	transform.Inspect(n, func(c sql.Node) bool {
		switch c := c.(type) {
		case *plan.InsertInto:
			if d := c.Database(); d != nil && d.Name() != "" {
				db = d.Name()
			}
		case *plan.Update:
			if d := c.Database(); d != "" {
				db = d
			}
		case *plan.DeleteFrom:
			if d := c.Database(); d != "" {
				db = d
			}
		}
		return true
	})
	return db
}
