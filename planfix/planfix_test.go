package planfix

import (
	"math"
	"slices"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestInstallFindsGMSRules guards against a GMS upgrade renaming the rules
// Install anchors to: the corrections would then silently not run.
func TestInstallFindsGMSRules(t *testing.T) {
	a := analyzer.NewBuilder(nil).Build()
	Install(a)
	// each of Myriad's rules, and the GMS rule it must precede
	before := map[analyzer.RuleId][]string{
		notExistsNullsID:   {"hoistOutOfScopeFilters", "unnestExistsSubqueries"},
		constantExistsID:   {notExistsNullsID.String()},
		inSubqueryNullsID:  {"unnestInSubqueries"},
		semiJoinOnceID:     {exactJoinKeysID.String()},
		exactJoinKeysID:    {noRangeHeapJoinsID.String()},
		noRangeHeapJoinsID: {"optimizeJoins"},
		groupedOuterRefsID: {"applyDefaultSelectLimit"},
	}
	seen := map[analyzer.RuleId]int{}
	for _, b := range a.Batches {
		for i, r := range b.Rules {
			if want, ok := before[r.Id]; ok {
				seen[r.Id]++
				if i+1 >= len(b.Rules) || !slices.Contains(want, b.Rules[i+1].Id.String()) {
					t.Errorf("rule %d in batch %s is not followed by one of %v", r.Id, b.Desc, want)
				}
			}
			if r.Id == negZeroGroupingID {
				seen[r.Id]++
				if b.Desc != "post-analyzer" {
					t.Errorf("-0 rule in batch %s", b.Desc)
				}
			}
		}
	}
	// notExistsNullsID runs twice: before hoisting and before unnesting EXISTS.
	want := map[analyzer.RuleId]int{constantExistsID: 2, notExistsNullsID: 2, inSubqueryNullsID: 1, semiJoinOnceID: 1, exactJoinKeysID: 1, noRangeHeapJoinsID: 1, negZeroGroupingID: 1, groupedOuterRefsID: 1}
	for id, n := range want {
		if seen[id] != n {
			t.Errorf("rule %d installed %d times, want %d", id, seen[id], n)
		}
	}
}

func TestNullFreeExpressions(t *testing.T) {
	ctx := sql.NewEmptyContext()
	lit := func(v any) sql.Expression {
		if v == nil {
			return expression.NewLiteral(nil, types.Null)
		}
		return expression.NewLiteral(v, types.Int64)
	}
	for _, c := range []struct {
		l, r any
		want any
	}{
		{1, 1, true}, {1, 2, false}, {nil, 1, false}, {1, nil, false}, {nil, nil, false},
	} {
		e := nullFree(expression.NewEquals(lit(c.l), lit(c.r)))
		got, err := e.Eval(ctx, nil)
		if err != nil || got != c.want {
			t.Errorf("%v = %v made null-free: got %v, %v; want %v", c.l, c.r, got, err, c.want)
		}
		lt := expression.NewLessThan(lit(c.l), lit(c.r))
		got, err = nullFree(lt).Eval(ctx, nil)
		want, _ := lt.Eval(ctx, nil)
		if err != nil || got != (want == true) {
			t.Errorf("%v < %v made null-free: got %v, %v; want %v", c.l, c.r, got, err, want == true)
		}
	}
}

func TestZeroNorm(t *testing.T) {
	ctx := sql.NewEmptyContext()
	for _, v := range []any{math.Copysign(0, -1), float32(math.Copysign(0, -1))} {
		got, err := (&zeroNorm{expression.NewLiteral(v, types.Float64)}).Eval(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		switch g := got.(type) {
		case float64:
			if math.Signbit(g) {
				t.Errorf("%T -0 stayed negative", v)
			}
		case float32:
			if math.Signbit(float64(g)) {
				t.Errorf("%T -0 stayed negative", v)
			}
		default:
			t.Errorf("%T -0 became %T", v, got)
		}
	}
	got, _ := (&zeroNorm{expression.NewLiteral(-1.5, types.Float64)}).Eval(ctx, nil)
	if got != -1.5 {
		t.Errorf("-1.5 became %v", got)
	}
}
