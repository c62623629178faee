package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RefuseReadOnlyDDL is an analyzer rule: GMS lets every DDL statement run
// in a READ ONLY transaction because DDL commits the transaction first. In
// MySQL the DDL then runs in a transaction of its own, which is read-only
// when the session's transaction_read_only is set (SET [SESSION]
// TRANSACTION READ ONLY), so it fails with 1792; DDL on temporary tables
// stays allowed.
func RefuseReadOnlyDDL(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if !isDDL(n) || !SessionReadOnly(ctx) {
		return n, transform.SameTree, nil
	}
	if ct, ok := n.(*plan.CreateTable); ok && ct.Temporary() {
		return n, transform.SameTree, nil
	}
	return nil, transform.SameTree, sql.ErrReadOnlyTransaction.New()
}

func isDDL(n sql.Node) bool {
	if plan.IsDDLNode(n) {
		return true
	}
	switch n.(type) {
	case *plan.AlterAutoIncrement, *plan.AlterDefaultSet, *plan.AlterDefaultDrop, *plan.AlterTableCollation,
		*plan.DropColumn, *plan.RenameColumn, *plan.ModifyColumn, *plan.AddColumn:
		return true
	}
	return false
}
