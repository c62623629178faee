package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// dropDBCountID is from the lead's session-26 range 11_990-11_999.
const dropDBCountID analyzer.RuleId = 11_990

// countDroppedTables makes DROP DATABASE answer the number of tables and
// views it dropped as its affected rows, as MySQL's mysql_rm_db does
// (my_ok(thd, deleted_tables) over the schema's dd::Abstract_table
// objects, views included; MariaDB counts alike). GMS's buildDropDB
// answers 1 whatever the schema held. The count costs a scan of the
// schema's table record keys; the drop itself stays one record delete and
// range tombstones.
func countDroppedTables(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if d, ok := n.(*plan.DropDB); ok {
			return &countedDropDB{DropDB: d}, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// countedDropDB is a DROP DATABASE that answers its count.
type countedDropDB struct {
	*plan.DropDB
}

var _ sql.ExecSourceRel = (*countedDropDB)(nil)

func (c *countedDropDB) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	n, counted := c.objects(ctx)
	it, err := rowexec.DefaultBuilder.Build(ctx, c.DropDB, row)
	if err != nil || !counted {
		return it, err
	}
	rows, err := sql.RowIterToRows(ctx, it)
	if err != nil {
		return nil, err
	}
	if len(rows) == 1 && len(rows[0]) == 1 {
		if ok, isOK := rows[0][0].(types.OkResult); isOK && ok.RowsAffected == 1 {
			ok.RowsAffected = uint64(n)
			rows[0][0] = ok
		}
	}
	return sql.RowsToRowIter(rows...), nil
}

// objects counts the schema's tables and views; counted is false when the
// schema is not Myriad's (IF EXISTS of a missing one: GMS answers 0).
func (c *countedDropDB) objects(ctx *sql.Context) (int, bool) {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return 0, false
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return 0, false
	}
	sch, err := s.eng.cat.Schema(tx.kv, c.DbName)
	if err != nil || sch == nil {
		return 0, false
	}
	n, err := s.eng.cat.CountTables(tx.kv, sch)
	if err != nil {
		return 0, false
	}
	return n + sch.Views, true
}
