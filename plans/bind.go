package plans

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// A nodePatch marks a template node on the way to a parameter: which
// children and expressions lead to one, whether it is an INSERT whose
// VALUES hold some, or a static index access rebuilt from them. Nodes
// without a patch are shared with the template as they are.
type nodePatch struct {
	kids   []kidPatch
	exprs  []exprAt
	source *nodePatch // InsertInto's rows (not among its children)
	rec    *recipe    // a static IndexedTableAccess
}

type kidPatch struct {
	i int
	p *nodePatch
}

type exprAt struct {
	i int
	p *exprPatch
}

// An exprPatch marks an expression on the way to a parameter: slot >= 0
// is the literal to replace (a parameter or a derived conversion).
type exprPatch struct {
	slot int
	kids []exprAt
	// hashIn: a HashInTuple, whose hash set of its right side's values is
	// built when it is made and kept by WithChildren; it is made again, or
	// it would match the analyzed values (c IN (30, 15) answering for
	// c IN (0, 3)).
	hashIn bool
}

func nodePatchFor(n sql.Node, itas map[*plan.IndexedTableAccess]*recipe, slots map[*expression.Literal]int) *nodePatch {
	if ita, ok := n.(*plan.IndexedTableAccess); ok {
		if r := itas[ita]; r != nil {
			return &nodePatch{rec: r}
		}
		return nil
	}
	np := &nodePatch{}
	for i, c := range n.Children() {
		if cp := nodePatchFor(c, itas, slots); cp != nil {
			np.kids = append(np.kids, kidPatch{i, cp})
		}
	}
	if ins, ok := n.(*plan.InsertInto); ok {
		np.source = nodePatchFor(ins.Source, itas, slots)
	}
	if _, dest := n.(*plan.InsertDestination); !dest {
		if ex, ok := n.(sql.Expressioner); ok {
			for i, e := range ex.Expressions() {
				if ep := exprPatchFor(e, slots); ep != nil {
					np.exprs = append(np.exprs, exprAt{i, ep})
				}
			}
		}
	}
	if len(np.kids) == 0 && len(np.exprs) == 0 && np.source == nil {
		return nil
	}
	return np
}

func exprPatchFor(e sql.Expression, slots map[*expression.Literal]int) *exprPatch {
	if l, ok := e.(*expression.Literal); ok {
		if s, ok := slots[l]; ok {
			return &exprPatch{slot: s}
		}
		return nil
	}
	ep := &exprPatch{slot: -1}
	for i, c := range e.Children() {
		if cp := exprPatchFor(c, slots); cp != nil {
			ep.kids = append(ep.kids, exprAt{i, cp})
		}
	}
	if len(ep.kids) == 0 {
		return nil
	}
	_, ep.hashIn = e.(*expression.HashInTuple)
	return ep
}

// Bind returns a copy of the template with vals (literals of the types the
// template was keyed by) in place of the parameters, and every static index
// range rebuilt from them; only the nodes and expressions on the way to a
// parameter are copied. ok is false when a range cannot be rebuilt for
// these values (the caller takes the general path).
func (p *Plan) Bind(ctx *sql.Context, vals []*expression.Literal) (n sql.Node, ok bool, err error) {
	defer func() {
		// Never a failed statement for the cache's sake: the general path
		// runs instead.
		if r := recover(); r != nil {
			n, ok, err = nil, false, nil
		}
	}()
	if len(vals) != len(p.params) {
		return nil, false, nil
	}
	slots, ok := p.slots(ctx, vals)
	if !ok {
		return nil, false, nil
	}
	if p.patch == nil {
		return p.tmpl, true, nil
	}
	return p.patch.apply(ctx, p.tmpl, slots)
}

// slots are vals followed by the derived literals made from them; ok is
// false when a conversion fails (the caller takes the general path).
func (p *Plan) slots(ctx *sql.Context, vals []*expression.Literal) ([]*expression.Literal, bool) {
	if len(p.derived) == 0 {
		return vals, true
	}
	slots := make([]*expression.Literal, len(vals), len(vals)+len(p.derived))
	copy(slots, vals)
	for _, d := range p.derived {
		v, err := convertLike(ctx, d.lit, vals[d.param].Value())
		if err != nil {
			return nil, false
		}
		slots = append(slots, expression.NewLiteral(v, d.lit.Type()))
	}
	return slots, true
}

func (np *nodePatch) apply(ctx *sql.Context, n sql.Node, slots []*expression.Literal) (sql.Node, bool, error) {
	if np.rec != nil {
		return np.rec.rebuild(ctx, n.(*plan.IndexedTableAccess), slots)
	}
	if len(np.kids) > 0 {
		kids := slices.Clone(n.Children())
		for _, k := range np.kids {
			c, ok, err := k.p.apply(ctx, kids[k.i], slots)
			if err != nil || !ok {
				return nil, false, err
			}
			kids[k.i] = c
		}
		var err error
		if n, err = n.WithChildren(kids...); err != nil {
			return nil, false, err
		}
	}
	if np.source != nil {
		ins := n.(*plan.InsertInto)
		src, ok, err := np.source.apply(ctx, ins.Source, slots)
		if err != nil || !ok {
			return nil, false, err
		}
		n = ins.WithSource(src)
	}
	if len(np.exprs) > 0 {
		ex := n.(sql.Expressioner)
		es := slices.Clone(ex.Expressions())
		for _, x := range np.exprs {
			e, err := x.p.apply(ctx, es[x.i], slots)
			if err != nil {
				return nil, false, err
			}
			es[x.i] = e
		}
		var err error
		if n, err = ex.WithExpressions(es...); err != nil {
			return nil, false, err
		}
	}
	return n, true, nil
}

func (ep *exprPatch) apply(ctx *sql.Context, e sql.Expression, slots []*expression.Literal) (sql.Expression, error) {
	if ep.slot >= 0 {
		return slots[ep.slot], nil
	}
	kids := slices.Clone(e.Children())
	for _, k := range ep.kids {
		c, err := k.p.apply(ctx, kids[k.i], slots)
		if err != nil {
			return nil, err
		}
		kids[k.i] = c
	}
	e, err := e.WithChildren(kids...)
	if err != nil {
		return nil, err
	}
	if ep.hashIn {
		h := e.(*expression.HashInTuple)
		return expression.NewHashInTuple(ctx, h.Left(), h.Right())
	}
	return e, nil
}

// InsertValues serves a single-row INSERT ... VALUES without Bind's copy
// of the plan: when the plan's parameters stand only in its one VALUES
// row (the projection and the rest of the INSERT hold none), it returns
// the template's own InsertInto, which the caller must not change or
// keep, and the row's expressions with vals in place of the parameters (a
// fresh slice; only the expressions on the way to a parameter are copies,
// the others are the template's). Bind would copy the InsertInto, its
// Project and its Values to hold the same row. ok is false for any other
// plan; Bind then serves.
func (p *Plan) InsertValues(ctx *sql.Context, vals []*expression.Literal) (ins *plan.InsertInto, row []sql.Expression, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ins, row, ok = nil, nil, false
		}
	}()
	np := p.patch
	if !p.dml || np == nil || len(vals) != len(p.params) || len(np.kids) > 0 || len(np.exprs) > 0 || np.rec != nil || np.source == nil {
		return nil, nil, false
	}
	ins, isIns := p.tmpl.(*plan.InsertInto)
	if !isIns {
		return nil, nil, false
	}
	proj, isProj := ins.Source.(*plan.Project)
	sp := np.source
	if !isProj || len(sp.exprs) > 0 || sp.rec != nil || sp.source != nil || len(sp.kids) != 1 || sp.kids[0].i != 0 {
		return nil, nil, false
	}
	vp := sp.kids[0].p
	values, isValues := proj.Child.(*plan.Values)
	if !isValues || len(values.ExpressionTuples) != 1 || len(vp.kids) > 0 || vp.rec != nil || vp.source != nil {
		return nil, nil, false
	}
	slots, ok := p.slots(ctx, vals)
	if !ok {
		return nil, nil, false
	}
	row = slices.Clone(values.ExpressionTuples[0])
	for _, x := range vp.exprs {
		if x.i >= len(row) {
			return nil, nil, false
		}
		e, err := x.p.apply(ctx, row[x.i], slots)
		if err != nil {
			return nil, nil, false
		}
		row[x.i] = e
	}
	return ins, row, true
}
