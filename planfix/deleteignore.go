package planfix

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/sqltext"
)

// deleteIgnoreID is from wrong18's range 11_120-11_139.
const deleteIgnoreID analyzer.RuleId = 11_122

// deleteIgnore gives a single-table DELETE IGNORE (sqltext marks one:
// GMS's parser has none) MySQL's meaning for foreign keys: a row that a
// referencing row (ON DELETE RESTRICT / NO ACTION) keeps from being deleted
// is skipped with warning 1451 and the statement goes on; without IGNORE it
// fails.
//
// GMS's delete iterator has no IGNORE, and an error its deleter returns
// (even GMS's IgnorableError) fails the statement when the iterator
// closes. So the rows are checked before they reach it: the row source of
// the table's foreign-key handler gets a filter that runs the handler's own
// RESTRICT checks on each row, warns and drops the row when one refuses.
// The deleter runs them again on the rows that pass. A refusal deeper in an
// ON DELETE CASCADE chain is not pre-checked and still fails the statement
// (rolled back, not half done). A multi-table DELETE IGNORE skips a
// target table's restricted part of a joined row (deleteignoremulti.go).
func deleteIgnore(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !sqltext.IsDeleteIgnore(ctx.Query()) {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		d, ok := n.(*plan.DeleteFrom)
		if !ok {
			return n, transform.SameTree, nil
		}
		if d.HasExplicitTargets() {
			for _, t := range d.GetDeleteTargets() {
				if _, done := t.(*ignoringTarget); done {
					return n, transform.SameTree, nil
				}
			}
			if nd, changed := ignoringTargets(d); changed { // deleteignoremulti.go
				return nd, transform.NewTree, nil
			}
			return n, transform.SameTree, nil
		}
		h, ok := d.Child.(*plan.ForeignKeyHandler)
		if !ok || h.Editor == nil {
			return n, transform.SameTree, nil
		}
		if f, ok := h.OriginalNode.(*plan.Filter); ok {
			if _, done := f.Expression.(*restrictedRows); done {
				return n, transform.SameTree, nil
			}
		}
		nh := *h
		nh.OriginalNode = plan.NewFilter(&restrictedRows{h: h}, h.OriginalNode)
		nd, err := d.WithChildren(&nh)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nd, transform.NewTree, nil
	})
}

// restrictedRows is true for a row of h's table that no RESTRICT / NO
// ACTION reference keeps from being deleted; for one that is, it warns
// with the refusal (1451) and is false.
type restrictedRows struct {
	h *plan.ForeignKeyHandler
}

var _ sql.Expression = (*restrictedRows)(nil)

func (r *restrictedRows) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	for _, ra := range r.h.Editor.RefActions {
		switch ra.ForeignKey.OnDelete {
		case sql.ForeignKeyReferentialAction_Cascade, sql.ForeignKeyReferentialAction_SetNull,
			sql.ForeignKeyReferentialAction_SetDefault:
			continue
		}
		err := r.h.Editor.OnDeleteRestrict(ctx, ra, row)
		if err == nil {
			continue
		}
		if !sql.ErrForeignKeyParentViolation.Is(err) {
			return nil, err
		}
		fk := ra.ForeignKey
		// MySQL's text of 1451 (the error GMS returns is its own).
		msg := fmt.Sprintf("Cannot delete or update a parent row: a foreign key constraint fails "+
			"(`%s`.`%s`, CONSTRAINT `%s` FOREIGN KEY (%s) REFERENCES `%s` (%s))",
			fk.Database, fk.Table, fk.Name, quotedList(fk.Columns), fk.ParentTable, quotedList(fk.ParentColumns))
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1451, Message: msg})
		return false, nil
	}
	return true, nil
}

func quotedList(cols []string) string {
	s := ""
	for i, c := range cols {
		if i > 0 {
			s += ", "
		}
		s += "`" + c + "`"
	}
	return s
}

func (r *restrictedRows) Resolved() bool             { return true }
func (r *restrictedRows) String() string             { return "myriad_delete_ignore_restrict()" }
func (r *restrictedRows) Type() sql.Type             { return types.Boolean }
func (r *restrictedRows) IsNullable() bool           { return false }
func (r *restrictedRows) Children() []sql.Expression { return nil }
func (r *restrictedRows) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 0)
	}
	return r, nil
}
