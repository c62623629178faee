package engine

import (
	"context"
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/sqlfunc"
)

// fixedFloatComparisons gives a FLOAT(M,D) or DOUBLE(M,D) column compared
// with a constant MySQL's tolerance: when both operands of a REAL
// comparison have a fixed number of decimals (the column's D; an integer's
// 0, a DECIMAL's scale), Arg_comparator::set_cmp_func picks
// compare_real_fixed, which calls the values equal when they differ by less
// than 5 / 10^(max decimals + 1). A FLOAT(10,4) holding 0.1 holds the
// float 0.10000000149..., so GMS's exact comparison made `WHERE f = 0.1`
// find nothing where MySQL (and MariaDB) find the row.
//
// Each comparison becomes plain comparisons with the bounds (a = b is
// a > b-p AND a < b+p; a < b is a <= b-p ...), which an index on the
// column still serves. Only =, <=>, <, <=, >, >= (and so <> and NOT) are
// rewritten: MySQL's IN and BETWEEN compare REALs exactly. The column's D
// is read from its table's catalog record, found by the name the column
// reference carries among the plan's tables; a name two tables share is
// left alone.
func fixedFloatComparisons(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return deep(nil, n, func(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) { // deep.go
		return fixedFloatComparisonsIn(n)
	})
}

// fixedFloatID is from the lead's session-21 range 11_830-11_839.
const fixedFloatID analyzer.RuleId = 11_830

var fixedFloatRule = analyzer.Rule{Id: fixedFloatID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return fixedFloatComparisons(n)
}}

// installFixedFloat puts fixedFloatRule first in a's once-before batch and
// in AlwaysBeforeDefault (the single-table UPDATE/DELETE shortcut's): before
// sqlfunc's comparison rules make the DECIMAL literal a DOUBLE operand and
// a numeric BETWEEN two comparisons (which MySQL evaluates exactly).
func installFixedFloat(a *analyzer.Analyzer) {
	abd := []analyzer.Rule{fixedFloatRule, fixedTextRule}
	for _, r := range analyzer.AlwaysBeforeDefault {
		if r.Id != fixedFloatID && r.Id != fixedTextID {
			abd = append(abd, r)
		}
	}
	analyzer.AlwaysBeforeDefault = abd
	b := batch(a, "once-before")
	if b == nil {
		return
	}
	rules := []analyzer.Rule{fixedFloatRule, fixedTextRule}
	for _, r := range b.Rules {
		if r.Id != fixedFloatID && r.Id != fixedTextID {
			rules = append(rules, r)
		}
	}
	b.Rules = rules
}

func fixedFloatComparisonsIn(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if !hasFloatComparison(n) {
		return n, transform.SameTree, nil
	}
	tables := planTables(n)
	if len(tables) == 0 {
		return n, transform.SameTree, nil
	}
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if r, ok := fixedFloatComparison(e, tables); ok {
			return r, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// hasFloatComparison is the cheap test that keeps the table walk off every
// other statement: some comparison reads a FLOAT or DOUBLE column.
func hasFloatComparison(n sql.Node) bool {
	found := false
	transform.InspectExpressionsWithNode(n, func(_ sql.Node, e sql.Expression) bool {
		if found {
			return false
		}
		if sqlfunc.ComparisonOp(e) != "" {
			for _, c := range e.Children() {
				if gf, ok := c.(*expression.GetField); ok && types.IsFloat(gf.Type()) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// planTables maps the lower-case names column references use (a table's
// name or its alias) to Myriad tables; nil for a name two tables share.
func planTables(n sql.Node) map[string]*Table {
	m := map[string]*Table{}
	add := func(name string, t *Table) {
		name = strings.ToLower(name)
		// The same table read twice (a UNION's branches, a subquery) is
		// one table here: its columns have the same scales.
		if old, dup := m[name]; dup && old != t && (old == nil || !strings.EqualFold(old.db.Name(), t.db.Name()) || !strings.EqualFold(old.Name(), t.Name())) {
			m[name] = nil
			return
		}
		m[name] = t
	}
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.TableAlias:
			if t := tableOfNode(x.Child); t != nil {
				add(x.Name(), t)
			}
		case *plan.ResolvedTable:
			if t := tableOfNode(x); t != nil {
				add(x.Name(), t)
			}
		case *plan.IndexedTableAccess:
			// After index selection (floattext.go's rule runs then).
			if t := tableOfNode(x); t != nil {
				add(x.Name(), t)
			}
		}
		return true
	})
	return m
}

func fixedFloatComparison(e sql.Expression, tables map[string]*Table) (sql.Expression, bool) {
	op := sqlfunc.ComparisonOp(e)
	if op == "" {
		return nil, false
	}
	cs := e.Children()
	col, other := cs[0], cs[1]
	if _, ok := col.(*expression.GetField); !ok {
		col, other, op = cs[1], cs[0], sqlfunc.Flipped(op)
	}
	gf, ok := col.(*expression.GetField)
	if !ok || !types.IsFloat(gf.Type()) {
		return nil, false
	}
	t := tables[strings.ToLower(gf.Table())]
	if t == nil {
		return nil, false
	}
	i := t.def.ColumnByName(gf.Name())
	if i < 0 {
		return nil, false
	}
	m, d, ok := t.def.Columns[i].Type.FloatScale()
	if !ok || m == 0 {
		return nil, false
	}
	lit, ok := other.(*expression.Literal)
	if !ok {
		if lit, ok = sqlfunc.ExactDecimalOperand(other); !ok {
			return nil, false
		}
	}
	var v float64
	dec := 0
	switch x := lit.Value().(type) {
	case decimal.Decimal:
		v, _ = x.Float64()
		dec = int(-x.Exponent())
		if dt, ok := lit.Type().(sql.DecimalType); ok {
			dec = int(dt.Scale())
		}
	case int8, int16, int32, int64, uint8, uint16, uint32, uint64, int, uint:
		f, _, err := types.Float64.Convert(context.Background(), x)
		if err != nil {
			return nil, false
		}
		v = f.(float64)
	default:
		// NULL, a DOUBLE literal (no fixed decimals: exact) or a string.
		return nil, false
	}
	p := 5 / math.Pow10(max(int(d), dec)+1)
	l, h := v-p, v+p
	if gf.Type() == types.Float32 {
		// An index range converts the bounds to the column's FLOAT: made
		// single-precision values (the lower one rounded down, the upper
		// up), they select the same floats, strict or not, and convert
		// exactly (123456.7891 +- 5e-5 both round to the stored
		// 123456.7890625 otherwise, and > excluded it).
		l, h = float64(down32(l)), float64(up32(h))
	}
	lo := expression.NewLiteral(l, types.Float64)
	hi := expression.NewLiteral(h, types.Float64)
	switch op {
	case "=":
		return expression.NewAnd(expression.NewGreaterThan(gf, lo), expression.NewLessThan(gf, hi)), true
	case "<=>":
		// Never NULL: false for a NULL column.
		return expression.NewAnd(expression.NewNot(expression.NewIsNull(gf)),
			expression.NewAnd(expression.NewGreaterThan(gf, lo), expression.NewLessThan(gf, hi))), true
	case "<":
		return expression.NewLessThanOrEqual(gf, lo), true
	case "<=":
		return expression.NewLessThan(gf, hi), true
	case ">":
		return expression.NewGreaterThanOrEqual(gf, hi), true
	case ">=":
		return expression.NewGreaterThan(gf, lo), true
	}
	return nil, false
}

// down32 is the largest float32 not above f, up32 the smallest not below.
func down32(f float64) float32 {
	r := float32(f)
	if float64(r) > f {
		r = math.Nextafter32(r, float32(math.Inf(-1)))
	}
	return r
}

func up32(f float64) float32 {
	r := float32(f)
	if float64(r) < f {
		r = math.Nextafter32(r, float32(math.Inf(1)))
	}
	return r
}
