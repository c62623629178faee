package plans

import "github.com/dolthub/go-mysql-server/sql"

// Retarget returns a plan whose template is fn's rewrite of p's, with p's
// parameters, patches and flags. fn must keep the template's shape (the
// same nodes in the same places, the parameter literals where they were)
// and change only what the parameters do not reach: the server points an
// INSERT template analyzed for one table at another table of the same
// definition this way. The result is not p: p stays as it was.
func (p *Plan) Retarget(fn func(sql.Node) (sql.Node, error)) (q *Plan, err error) {
	tmpl, err := fn(p.tmpl)
	if err != nil {
		return nil, err
	}
	q = &Plan{tmpl: tmpl, params: p.params, derived: p.derived, patch: p.patch, size: p.size,
		dml: p.dml, flags: p.flags, singleRow: p.singleRow}
	if m := p.meta.Load(); m != nil {
		q.meta.Store(m)
	}
	return q, nil
}
