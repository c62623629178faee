package engine

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/sqlfunc"
)

// RuleFKBinaryKeyChange is from the lead's session-24 range 11_950-11_959.
const RuleFKBinaryKeyChange analyzer.RuleId = 11_951

// fkBinaryKeyChange makes a foreign key's referential action see a change
// of a parent key's text that its collation calls equal ('a' to 'A' under
// a _ci collation, 'a' to 'a ' under PAD SPACE): InnoDB decides whether a
// key field changed by its bytes (row_upd_changes_ord_field_binary), so
// ON UPDATE CASCADE writes 'A' into the children, SET NULL sets them NULL
// and RESTRICT/NO ACTION refuse the UPDATE (1451) while children hold the
// old key. GMS's ForeignKeyEditor compared old and new keys with the
// column's collation: no change, so the children kept 'a' (a child then
// differed from its parent's key in case) and RESTRICT let it through.
//
// The editor's schema is copied with each text column's type wrapped so
// that it compares bytes; the schema serves only these change checks (the
// reference lookups go through the tables' indexes), and the copy leaves
// the table's own schema alone. Editors are built per analysis, never
// shared with the catalog, and wrapping is idempotent.
func fkBinaryKeyChange(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	seen := map[*plan.ForeignKeyEditor]bool{}
	transform.Inspect(n, func(n sql.Node) bool {
		if h, ok := n.(*plan.ForeignKeyHandler); ok {
			binaryKeyEditor(h.Editor, seen)
			// GMS counts an UPDATE's changed rows with this schema
			// when the table has foreign keys (updateRowHandler): a
			// case-only change was written but counted 0, as
			// ExactUpdates (exactupdate.go) fixed without them.
			if sch, changed := exactSchema(h.Sch); changed {
				h.Sch = sch
			}
		}
		return true
	})
	return n, transform.SameTree, nil
}

func binaryKeyEditor(e *plan.ForeignKeyEditor, seen map[*plan.ForeignKeyEditor]bool) {
	if e == nil || seen[e] {
		return
	}
	seen[e] = true
	var sch sql.Schema
	for i, c := range e.Schema {
		if _, done := c.Type.(bytewiseText); done || !types.IsText(c.Type) {
			continue
		}
		if sch == nil {
			sch = append(sql.Schema(nil), e.Schema...)
		}
		col := *c
		col.Type = bytewiseText{c.Type}
		sch[i] = &col
	}
	if sch != nil {
		e.Schema = sch
	}
	for _, ra := range e.RefActions {
		binaryKeyEditor(ra.Editor, seen)
	}
}

// bytewiseText is a text type whose Compare compares bytes.
type bytewiseText struct{ wrappedType }

// wrappedType names the embedded type: sql.Type has a method Type.
type wrappedType = sql.Type

func (b bytewiseText) Compare(ctx context.Context, x, y any) (int, error) {
	xs, xok := sqlfunc.AsString(x)
	ys, yok := sqlfunc.AsString(y)
	if !xok || !yok {
		return b.wrappedType.Compare(ctx, x, y)
	}
	switch {
	case xs < ys:
		return -1, nil
	case xs > ys:
		return 1, nil
	}
	return 0, nil
}
