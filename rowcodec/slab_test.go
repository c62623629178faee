package rowcodec

import (
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestSlabDecodeSome decodes every kind of value through one Slab, row
// after row, and checks each row against DecodeSome's after all of them
// were decoded: a later row's values must not overwrite an earlier row's
// (the chunks are shared).
func TestSlabDecodeSome(t *testing.T) {
	kinds := []any{nil, true, int8(-5), uint8(200), int16(-300), int32(math.MinInt32), int32(7000), int64(math.MaxInt64),
		int(-42), uint16(65535), uint32(50123), uint64(math.MaxUint64), uint(7), float32(3.25), 2.5, math.Copysign(0, -1),
		"", "héllo 世界", strings.Repeat("x", 300), strings.Repeat("y", 5000), []byte{}, []byte{0, 1, 0xff},
		mustDecimal(t, "-12345.678900"), time.Date(2024, 2, 29, 23, 59, 59, 123456789, time.UTC),
		types.Timespan(-1234567), mustJSON(t, `{"a": [1, "two"]}`)}
	var sl Slab
	type decoded struct {
		want, got sql.Row
		need      []bool
	}
	var all []decoded
	for round := 0; round < 40; round++ {
		for k, v := range kinds {
			row := sql.Row{int32(round*1000 + k), v, "after" + strings.Repeat("z", round), v, int64(round) << 40, float64(round) + 0.5}
			enc, err := Encode(nil, row)
			if err != nil {
				t.Fatalf("%T: %v", v, err)
			}
			need := make([]bool, len(row))
			for i := range need {
				need[i] = (round+k+i)%3 != 0
			}
			got, err := sl.DecodeSome(enc, need)
			if err != nil {
				t.Fatalf("%T: %v", v, err)
			}
			want, err := DecodeSome(enc, need)
			if err != nil {
				t.Fatal(err)
			}
			if cap(got) != len(got) {
				t.Fatalf("row capacity %d, length %d: an append would write into the next row", cap(got), len(got))
			}
			all = append(all, decoded{want: want, got: got, need: need})
		}
	}
	runtime.GC()
	for n, d := range all {
		for i := range d.want {
			if d.want[i] == nil {
				if d.got[i] != nil {
					t.Fatalf("row %d column %d: got %#v, want nil", n, i, d.got[i])
				}
				continue
			}
			if !valuesEqual(t, d.want[i], d.got[i]) {
				t.Fatalf("row %d column %d: got %#v (%T), want %#v (%T)", n, i, d.got[i], d.got[i], d.want[i], d.want[i])
			}
		}
	}
	// Skipped values are still validated.
	enc, _ := Encode(nil, sql.Row{"abc", int32(1)})
	if _, err := sl.DecodeSome(enc[:len(enc)-1], []bool{false, false}); err == nil {
		t.Fatal("truncated row decoded")
	}
}

// TestSlabAllocations: a hundred of sysbench's rows (two int32 above 255,
// two strings) through a Slab cost a few chunk allocations, not four or
// five per row.
func TestSlabAllocations(t *testing.T) {
	enc, err := Encode(nil, sysbenchRow())
	if err != nil {
		t.Fatal(err)
	}
	need := []bool{true, true, true, true}
	perRow := testing.AllocsPerRun(20, func() {
		if _, err := DecodeSome(enc, need); err != nil {
			t.Fatal(err)
		}
	})
	slab := testing.AllocsPerRun(20, func() {
		var sl Slab
		for range 100 {
			if _, err := sl.DecodeSome(enc, need); err != nil {
				t.Fatal(err)
			}
		}
	})
	if perRow < 4 || slab > 40 {
		t.Fatalf("allocations: %v per row without a slab, %v per 100 rows with one", perRow, slab)
	}
	t.Logf("allocations: %v per row without a slab, %v per 100 rows with one", perRow, slab)
}

func BenchmarkSlabDecodeSome(b *testing.B) {
	enc, err := Encode(nil, sysbenchRow())
	if err != nil {
		b.Fatal(err)
	}
	need := []bool{false, false, true, false}
	b.ReportAllocs()
	var sl Slab
	for i := 0; i < b.N; i++ {
		if i%100 == 0 {
			sl = Slab{}
		}
		if _, err := sl.DecodeSome(enc, need); err != nil {
			b.Fatal(err)
		}
	}
}
