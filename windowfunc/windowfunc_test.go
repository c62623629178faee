package windowfunc

import (
	"io"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestPeerFramer checks frame ends over a sorted partition: rows tie only
// when equal on every key, and NULL keys tie with each other.
func TestPeerFramer(t *testing.T) {
	keys := sql.SortFields{
		{Column: expression.NewGetField(0, types.Int64, "a", true), Order: sql.Ascending},
		{Column: expression.NewGetField(1, types.Int64, "b", true), Order: sql.Ascending},
	}
	buf := sql.WindowBuffer{
		{nil, nil}, {nil, nil}, {nil, int64(1)},
		{int64(1), int64(1)}, {int64(1), int64(1)}, {int64(1), int64(2)},
		{int64(2), nil},
	}
	cases := []struct {
		name       string
		start, end int
		wantEnds   []int
	}{
		{"whole buffer", 0, 7, []int{2, 2, 3, 5, 5, 6, 7}},
		{"partition in the middle", 3, 6, []int{5, 5, 6}},
		{"single row", 6, 7, []int{7}},
	}
	ctx := sql.NewEmptyContext()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proto, err := (&PeerFrame{}).NewFramer(&sql.WindowDefinition{OrderBy: keys})
			if err != nil {
				t.Fatal(err)
			}
			f, err := proto.NewFramer(sql.WindowInterval{Start: c.start, End: c.end})
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range c.wantEnds {
				iv, err := f.Next(ctx, buf)
				if err != nil {
					t.Fatalf("row %d: %v", c.start+i, err)
				}
				if iv.Start != c.start || iv.End != want {
					t.Errorf("row %d: frame [%d,%d), want [%d,%d)", c.start+i, iv.Start, iv.End, c.start, want)
				}
			}
			if _, err := f.Next(ctx, buf); err != io.EOF {
				t.Errorf("after the partition: %v, want io.EOF", err)
			}
		})
	}
}
