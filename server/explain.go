package server

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/sqltext"
)

// EXPLAIN: GMS answers plain EXPLAIN with a placeholder row and refuses
// FORMAT=TRADITIONAL and FORMAT=JSON. The handler takes the FORMAT clause
// out (sqltext.Explain; JSON becomes FORMAT=TREE, and the connection is
// marked), and the executor's first step, explainBuilder, answers GMS's
// DescribeQuery with engine.Explain's rows or JSON document instead.

type explainBuilder struct {
	inner sql.NodeExecBuilder
	srv   *Server
}

func (b *explainBuilder) Build(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, error) {
	if c := callOf(n); c != nil {
		return buildCallKeepingMode(ctx, b.inner, c, n, row) // procsysset.go
	}
	d, ok := n.(*plan.DescribeQuery)
	if !ok || d.Format.Analyze || d.Format.Debug || d.Format.Estimates {
		return b.inner.Build(ctx, n, row)
	}
	if !d.Format.Plan {
		return sql.RowsToRowIter(engine.ExplainRows(engine.Explain(ctx, d.Child))...), nil
	}
	if _, isJSON := b.srv.explainJSON.Load(ctx.Session.ID()); isJSON {
		doc, err := engine.ExplainJSON(engine.Explain(ctx, d.Child))
		if err != nil {
			return nil, err
		}
		return sql.RowsToRowIter(sql.Row{doc}), nil
	}
	return b.inner.Build(ctx, n, row)
}

// explainFormat takes a FORMAT=TRADITIONAL/JSON clause out of query; for
// JSON it marks the connection until done is called and names the
// result's column as MySQL does.
func (h *handler) explainFormat(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, mysql.ResultSpoolFn, func()) {
	q, format, ok := sqltext.Explain(query)
	if !ok || format != "JSON" {
		return q, cb, func() {}
	}
	h.srv.explainJSON.Store(c.ConnectionID, true)
	named := func(r *sqltypes.Result, more bool) error {
		if len(r.Fields) == 1 && r.Fields[0].Name == "plan" {
			p := r.Fields[0]
			f := &querypb.Field{Name: "EXPLAIN", Type: p.Type, Charset: p.Charset, ColumnLength: p.ColumnLength, Flags: p.Flags}
			r = &sqltypes.Result{Fields: []*querypb.Field{f}, Rows: r.Rows}
		}
		return cb(r, more)
	}
	return q, named, func() { h.srv.explainJSON.Delete(c.ConnectionID) }
}
