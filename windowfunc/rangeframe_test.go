package windowfunc

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestRangeFramer checks value offsets in both sort directions, with a
// NULL current row framed by its NULL peers.
func TestRangeFramer(t *testing.T) {
	lit := func(n int) sql.Expression { return expression.NewLiteral(int64(n), types.Int64) }
	col := expression.NewGetField(0, types.Int64, "v", true)
	cases := []struct {
		name  string
		order sql.SortOrder
		buf   []any
		frame sql.WindowFrame
		want  [][2]int
	}{
		{"asc 5 preceding", sql.Ascending, []any{nil, int64(5), int64(7), int64(10), int64(20)},
			plan.NewRangeNPrecedingToCurrentRowFrame(lit(5)),
			[][2]int{{0, 1}, {1, 2}, {1, 3}, {1, 4}, {4, 5}}},
		{"desc 10 preceding", sql.Descending, []any{int64(30), int64(20), int64(10), int64(5), nil},
			plan.NewRangeNPrecedingToCurrentRowFrame(lit(10)),
			[][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 4}, {4, 5}}},
		{"asc 1 following to 2 following", sql.Ascending, []any{int64(1), int64(2), int64(3), int64(3), int64(9)},
			plan.NewRangeNFollowingToNFollowingFrame(lit(1), lit(2)),
			[][2]int{{1, 4}, {2, 4}, {4, 4}, {4, 4}, {5, 5}}},
	}
	ctx := sql.NewEmptyContext()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			buf := make(sql.WindowBuffer, len(c.buf))
			for i, v := range c.buf {
				buf[i] = sql.Row{v}
			}
			w := &sql.WindowDefinition{OrderBy: sql.SortFields{{Column: col, Order: c.order}}}
			proto, err := (&RangeFrame{c.frame}).NewFramer(w)
			if err != nil {
				t.Fatal(err)
			}
			f, err := proto.NewFramer(sql.WindowInterval{Start: 0, End: len(buf)})
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range c.want {
				iv, err := f.Next(ctx, buf)
				if err != nil {
					t.Fatalf("row %d: %v", i, err)
				}
				if iv.Start != want[0] || iv.End != want[1] {
					t.Errorf("row %d: frame [%d,%d), want [%d,%d)", i, iv.Start, iv.End, want[0], want[1])
				}
			}
		})
	}
}
