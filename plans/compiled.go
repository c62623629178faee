package plans

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// A plan whose parameters reach nothing but one static index lookup and
// the Filter it came from can be re-executed without Bind: a caller that
// compiled the bound plan into a node depending on the lookup alone (the
// engine's rangeScan, once it dropped that Filter as exact) keeps that node
// (SetCompiled) and, at later executions, asks RangeFor for the lookup of
// the new values and re-checks what its compilation depended on. Bind's
// copy of the plan, the range builder's setup and the walks that drop the
// Filter and compile the copy were ~15% of a prepared point select
// (docs/PROFILES.md, Session 9).

// rangeOnly returns the recipe of the plan's one static index access when
// every parameter of the plan reaches only that access and Filters (so a
// caller that dropped those Filters depends on nothing else of Bind's).
func rangeOnly(tmpl sql.Node, patch *nodePatch) *recipe {
	if patch == nil {
		return nil
	}
	var found *recipe
	n := 0
	var visit func(node sql.Node, np *nodePatch) bool
	visit = func(node sql.Node, np *nodePatch) bool {
		if np.rec != nil {
			found = np.rec
			n++
			return true
		}
		if np.source != nil {
			return false
		}
		if len(np.exprs) > 0 {
			if _, isFilter := node.(*plan.Filter); !isFilter {
				return false
			}
		}
		kids := node.Children()
		for _, k := range np.kids {
			if !visit(kids[k.i], k.p) {
				return false
			}
		}
		return true
	}
	if !visit(tmpl, patch) || n != 1 {
		return nil
	}
	return found
}

// SetCompiled keeps v, what the caller compiled a bound execution of p
// into, for later executions (RangeFor); the first value stored wins. Only
// a plan RangeFor serves keeps it.
func (p *Plan) SetCompiled(v any) {
	if p.rng != nil {
		p.compiled.CompareAndSwap(nil, v)
	}
}

// Compiled is what SetCompiled kept, or nil.
func (p *Plan) Compiled() any { return p.compiled.Load() }

// RangeFor returns the lookup Bind would give the plan's one static index
// access for vals, and appends to keys the values its steps compare the
// index's columns with, in the Filter's order (BETWEEN's two bounds as two):
// the operands that Filter holds after Bind. ok is false when the plan has
// no such access (rangeOnly) or when Bind would fail for these values (the
// caller then takes Bind's path, which reports it the same way).
func (p *Plan) RangeFor(ctx *sql.Context, vals []*expression.Literal, keys []any) (lookup sql.IndexLookup, _ []any, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			lookup, ok = sql.IndexLookup{}, false
		}
	}()
	r := p.rng
	if r == nil || len(vals) != len(p.params) {
		return sql.IndexLookup{}, keys, false
	}
	// As Bind: every derived literal is converted, and a failed
	// conversion fails the execution's binding.
	slots := vals
	if len(p.derived) > 0 {
		var buf [4]*expression.Literal
		slots = append(buf[:0], vals...)
		for _, d := range p.derived {
			v, err := convertLike(ctx, d.lit, vals[d.param].Value())
			if err != nil {
				return sql.IndexLookup{}, keys, false
			}
			slots = append(slots, expression.NewLiteral(v, d.lit.Type()))
		}
	}
	lookup, ok, err := r.lookupFor(ctx, slots)
	if err != nil || !ok {
		return sql.IndexLookup{}, keys, false
	}
	for _, s := range r.steps {
		keys = append(keys, slots[s.slot].Value())
	}
	return lookup, keys, true
}
