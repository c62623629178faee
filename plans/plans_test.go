package plans

import (
	"fmt"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/plan"
)

// TestCacheBudget: a stream of distinct statement shapes never holds more
// than the budget, evicts the least recently used first, and remembers
// uncacheable statements within the same budget.
func TestCacheBudget(t *testing.T) {
	const budget = 16 * 64 << 10
	c := New(budget)
	p := &Plan{tmpl: plan.NewResolvedDualTable(), size: 2000}
	hot := Key{Query: "SELECT hot", Version: 1}
	c.Put(hot, p)
	for i := 0; i < 10000; i++ {
		var pl *Plan
		if i%3 == 0 {
			pl = p
		}
		c.Put(Key{Query: fmt.Sprintf("SELECT %d", i), Version: 1}, pl)
		if i%10 == 0 {
			if got, _ := c.Get(hot); got != p {
				t.Fatalf("hot entry evicted after %d puts", i)
			}
		}
		if used, _ := c.Usage(); used > budget {
			t.Fatalf("used %d > budget %d", used, budget)
		}
	}
	if _, n := c.Usage(); n < 100 || n > 10000 {
		t.Fatalf("%d entries held", n)
	}
	if c.Evictions.Load() == 0 {
		t.Fatal("no evictions")
	}
	if _, known := c.Get(Key{Query: "SELECT hot", Version: 2}); known {
		t.Fatal("an entry of another catalog version matched")
	}
	// An entry larger than the whole budget is not stored.
	c.Put(Key{Query: "huge"}, &Plan{size: budget + 1})
	if _, known := c.Get(Key{Query: "huge"}); known {
		t.Fatal("oversized entry stored")
	}
}
