package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ShowCreateProcedureMode gives SHOW CREATE PROCEDURE's sql_mode column the
// mode the procedure was created under, which it runs under (server's
// procedure runner, as MySQL's sp_head). GMS answers an empty string there, so
// mysqldump --routines wrote an empty `SET sql_mode` before each CREATE
// PROCEDURE and a restored procedure lost its mode.
func ShowCreateProcedureMode(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sc, ok := n.(*plan.ShowCreateProcedure)
		if !ok || sc.ExternalStoredProcedure != nil {
			return n, transform.SameTree, nil
		}
		return &procModeShow{inner: sc}, transform.NewTree, nil
	})
}

type procModeShow struct{ inner *plan.ShowCreateProcedure }

var _ sql.ExecSourceRel = (*procModeShow)(nil)

func (p *procModeShow) Resolved() bool       { return p.inner.Resolved() }
func (p *procModeShow) IsReadOnly() bool     { return true }
func (p *procModeShow) String() string       { return p.inner.String() }
func (p *procModeShow) Schema() sql.Schema   { return p.inner.Schema() }
func (p *procModeShow) Children() []sql.Node { return nil }
func (p *procModeShow) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(ch), 0)
	}
	return p, nil
}

func (p *procModeShow) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, p.inner, row)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, it)
	if err != nil {
		return nil, err
	}
	if pdb, ok := p.inner.Database().(sql.StoredProcedureDatabase); ok {
		for _, r := range rows {
			name, _ := r[0].(string)
			d, found, err := pdb.GetStoredProcedure(ctx, strings.ToLower(name))
			if err != nil {
				return nil, err
			}
			if found && len(r) > 1 {
				r[1] = d.SqlMode
			}
		}
	}
	return sql.RowsToRowIter(rows...), nil
}
