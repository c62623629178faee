package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// InsertTemplateShape returns the shape (catalog.Table.Shape) under which
// an INSERT plan analyzed for t may serve every table of that shape, or
// ok false when t's plans must stay its own: whatever a plan of t holds
// besides its definition must be the same for every table of the shape.
// That excludes declared foreign keys (a child's checks), CHECK constraints and generated columns (GMS resolves their
// expressions against the table's name), expression defaults and ON
// UPDATE (the same), triggers in t's schema, and an index build or
// rewrite under way (what a write must also write).
func (e *Engine) InsertTemplateShape(ctx *sql.Context, t sql.Table) (shape string, ok bool) {
	et, isOurs := t.(*Table)
	if !isOurs || et.db == nil || et.db.schema.Triggers > 0 {
		return "", false
	}
	def := et.def
	if len(def.FKs) > 0 || len(def.Checks) > 0 {
		return "", false
	}
	for i := range def.Columns {
		c := &def.Columns[i]
		if c.Generated != nil || c.Virtual || c.OnUpdate != nil || c.Default != nil && c.Default.Expr != "" {
			return "", false
		}
	}
	if b := e.buildOf(def.ID); b != nil && !b.ended.Load() {
		return "", false
	}
	// Foreign keys that reference t are not looked up (an iterator per
	// statement, 4% of the server's time over 1M tables): GMS plans a plain
	// INSERT, the only statement run from a template, by the table's
	// declared keys alone (applyForeignKeys: getForeignKeyReferences), and
	// inserting a parent row has nothing to check.
	shape = def.Shape()
	return shape, shape != ""
}

// RetargetInsert rewrites n, an analyzed single-row INSERT plan of a table
// whose shape InsertTemplateShape vouched for, to insert into t of schema
// db instead (t of the same shape, resolved by the caller with the
// privileges checked). It replaces the table, its schema's handle and
// the column sources; every other node and expression stays as it was,
// so the plan's parameters are where they were.
func RetargetInsert(ctx *sql.Context, n sql.Node, db sql.Database, t sql.Table) (sql.Node, error) {
	ins, ok := n.(*plan.InsertInto)
	if !ok {
		return nil, fmt.Errorf("retarget: %T is not an INSERT", n)
	}
	dest, ok := ins.Destination.(*plan.InsertDestination)
	if !ok {
		return nil, fmt.Errorf("retarget: destination %T", ins.Destination)
	}
	rt, ok := dest.Child.(*plan.ResolvedTable)
	if !ok || unwrapTable(rt.Table) == nil {
		return nil, fmt.Errorf("retarget: destination table %T", dest.Child)
	}
	et := unwrapTable(t)
	if et == nil || len(et.Schema()) != len(dest.Sch) {
		return nil, fmt.Errorf("retarget: target table %T", t)
	}
	oldName := rt.Name()
	nrt := *rt
	nrt.Table, nrt.SqlDatabase = t, db
	// The destination's columns carry the analyzed defaults; only their
	// provenance changes.
	sch := make(sql.Schema, len(dest.Sch))
	for i, c := range dest.Sch {
		nc := *c
		nc.Source, nc.DatabaseSource = et.Name(), db.Name()
		sch[i] = &nc
	}
	nd := *dest
	nd.Child, nd.Sch, nd.DestinationName = &nrt, sch, et.Name()
	// The rows' source holds the AUTO_INCREMENT generator, bound to the
	// analyzed table; nothing else in it may name that table.
	var autoCol *sql.Column
	for _, c := range et.Schema() {
		if c.AutoIncrement {
			autoCol = c
		}
	}
	var bad error
	src, _, err := transform.NodeExprs(ins.Source, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.AutoIncrement:
			if autoCol == nil {
				bad = fmt.Errorf("retarget: no AUTO_INCREMENT column")
				return e, transform.SameTree, nil
			}
			na, err := expression.NewAutoIncrementForColumn(ctx, t, autoCol, x.Child)
			return na, transform.NewTree, err
		case *expression.GetField:
			if x.Table() != "" && strings.EqualFold(x.Table(), oldName) {
				bad = fmt.Errorf("retarget: source reads the analyzed table")
			}
		}
		return e, transform.SameTree, nil
	})
	if err != nil {
		return nil, err
	}
	if bad != nil {
		return nil, bad
	}
	out, err := ins.WithDatabase(db)
	if err != nil {
		return nil, err
	}
	if out, err = out.WithChildren(&nd); err != nil {
		return nil, err
	}
	return out.(*plan.InsertInto).WithSource(src), nil
}
