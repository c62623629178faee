package server

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
	"time"
	"unsafe"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
)

// TestRowSlabMatchesRowToSQL converts random rows over a column of every
// type (and NULLs) with rowSlab and with GMS's RowToSQL and compares each
// value's wire type and bytes, after the whole batch is converted (a
// later value must not write over an earlier one's bytes), for batches of
// one row and of many.
func TestRowSlabMatchesRowToSQL(t *testing.T) {
	ctx := sql.NewEmptyContext()
	num := func(t querypb.Type) sql.Type { return types.MustCreateNumberType(t) }
	long := strings.Repeat("x", 700)
	cols := []struct {
		typ  sql.Type
		vals []any
	}{
		{num(sqltypes.Int8), []any{int8(-128), int8(0), int8(127)}},
		{num(sqltypes.Uint8), []any{uint8(0), uint8(255)}},
		{num(sqltypes.Int16), []any{int16(-32768), int16(12345)}},
		{num(sqltypes.Uint16), []any{uint16(65535)}},
		{num(sqltypes.Int24), []any{int32(-8388608), int32(8388607)}},
		{num(sqltypes.Uint24), []any{uint32(16777215)}},
		{num(sqltypes.Int32), []any{int32(math.MinInt32), int32(42)}},
		{num(sqltypes.Uint32), []any{uint32(math.MaxUint32)}},
		{num(sqltypes.Int64), []any{int64(math.MinInt64), int64(math.MaxInt64)}},
		{num(sqltypes.Uint64), []any{uint64(math.MaxUint64), uint64(0)}},
		{num(sqltypes.Float32), []any{float32(1.5), float32(-3.25e10)}},
		{num(sqltypes.Float64), []any{1.0 / 3, -1e300, 0.0}},
		{types.MustCreateDecimalType(10, 2), []any{decimal.RequireFromString("12345678.91"), decimal.RequireFromString("-0.50")}},
		{types.MustCreateDecimalType(65, 30), []any{decimal.RequireFromString("1.000000000000000000000000000001")}},
		{types.MustCreateBitType(12), []any{uint64(0), uint64(4095)}},
		{types.Year, []any{int16(1901), int16(2155), int16(0)}},
		{types.Date, []any{time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)}},
		{types.Datetime, []any{time.Date(1000, 1, 1, 23, 59, 59, 0, time.UTC)}},
		{types.MustCreateDatetimeType(sqltypes.Datetime, 6), []any{time.Date(2026, 11, 27, 10, 4, 5, 123456000, time.UTC)}},
		{types.Timestamp, []any{time.Date(2038, 1, 19, 3, 14, 7, 0, time.UTC)}},
		{types.Time, []any{types.Timespan(-3020399000000), types.Timespan(45296789000)}},
		{types.MustCreateString(sqltypes.Char, 120, sql.Collation_utf8mb4_0900_ai_ci), []any{"83868641912-28773972837", "", "á€𝄞"}},
		{types.MustCreateString(sqltypes.VarChar, 20, sql.Collation_latin1_swedish_ci), []any{"b  ", "Ç"}},
		{types.MustCreateBinary(sqltypes.Binary, 4), []any{[]byte{0, 1, 2, 3}, "ab\x00\x00"}},
		{types.MustCreateBinary(sqltypes.VarBinary, 300), []any{[]byte("\xff\x00bin"), long[:300]}},
		{types.CreateText(sql.Collation_utf8mb4_0900_ai_ci), []any{long, "t"}},
		{types.LongText, []any{strings.Repeat("λ", 5000)}},
		{types.Blob, []any{[]byte(long), []byte{}}},
		{types.MustCreateEnumType([]string{"a", "b", "ccc"}, sql.Collation_utf8mb4_0900_ai_ci), []any{uint16(1), uint16(3)}},
		{types.MustCreateSetType([]string{"a", "b", "ccc"}, sql.Collation_utf8mb4_0900_ai_ci), []any{uint64(5), uint64(0)}},
		{types.JSON, []any{types.MustJSON(`{"a": [1, 2.5, "x"], "b": null}`), types.MustJSON(`"s"`)}},
		{types.Boolean, []any{int8(1), int8(0)}},
	}
	sch := make(sql.Schema, len(cols))
	for i, c := range cols {
		sch[i] = &sql.Column{Name: "c", Type: c.typ, Nullable: true}
	}
	rnd := rand.New(rand.NewSource(3))
	for _, batch := range []int{1, 3, 200} {
		var slab rowSlab
		if batch == 1 {
			slab.nextVals = 1
		}
		var rows []sql.Row
		var got [][]sqltypes.Value
		for r := 0; r < batch; r++ {
			row := make(sql.Row, len(cols))
			for i, c := range cols {
				if rnd.Intn(6) > 0 {
					row[i] = c.vals[rnd.Intn(len(c.vals))]
				}
			}
			out, err := slab.row(ctx, sch, row)
			if err != nil {
				t.Fatal(err)
			}
			rows, got = append(rows, row), append(got, out)
		}
		for r, row := range rows {
			want, err := gmsserver.RowToSQL(ctx, sch, row, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(got[r]) != len(want) {
				t.Fatalf("batch %d row %d: %d values, want %d", batch, r, len(got[r]), len(want))
			}
			for i := range want {
				g, w := got[r][i], want[i]
				if g.Type() != w.Type() || g.IsNull() != w.IsNull() || !bytes.Equal(g.Raw(), w.Raw()) {
					t.Errorf("batch %d row %d column %d (%s, %#v): %v %q, RowToSQL %v %q", batch, r, i, sch[i].Type, row[i],
						g.Type(), g.Raw(), w.Type(), w.Raw())
				}
			}
		}
	}
}

// TestRowSlabStringsAsSQL compares rowSlab's wire values of strings with
// GMS's StringType.SQL for string types of several character sets, binary
// ones, strings valid and not in UTF-8, under several character_set_results
// settings; and checks that the strings SQL would copy unchanged are sent
// from the string's own bytes.
func TestRowSlabStringsAsSQL(t *testing.T) {
	strs := []string{"abc", "", "é", "😀", "\xff", "a\x00b", "83868641912-28773972837", "   "}
	typs := []sql.Type{
		types.MustCreateString(sqltypes.VarChar, 20, sql.Collation_utf8mb4_0900_ai_ci),
		types.MustCreateString(sqltypes.Char, 20, sql.Collation_utf8mb4_bin),
		types.MustCreateString(sqltypes.Text, 1000, sql.Collation_utf8mb4_general_ci),
		types.MustCreateString(sqltypes.VarChar, 20, sql.Collation_latin1_swedish_ci),
		types.MustCreateString(sqltypes.VarChar, 20, sql.Collation_utf8mb3_general_ci),
		types.MustCreateString(sqltypes.Char, 20, sql.Collation_ascii_general_ci),
		types.MustCreateBinary(sqltypes.Binary, 8),
		types.MustCreateBinary(sqltypes.VarBinary, 8),
		types.MustCreateBinary(sqltypes.Blob, 100),
	}
	for _, results := range []any{"utf8mb4", "latin1", "binary", "utf8mb3", nil} {
		ctx := sql.NewEmptyContext()
		if err := ctx.SetSessionVariable(ctx, "character_set_results", results); err != nil {
			t.Fatal(err)
		}
		shared := 0
		for _, typ := range typs {
			for _, s := range strs {
				name := fmt.Sprintf("results=%v %s %q", results, typ, s)
				want, wantErr := typ.SQL(ctx, nil, s)
				var slab rowSlab
				got, err := slab.value(ctx, typ, s)
				if (err != nil) != (wantErr != nil) {
					t.Fatalf("%s: error %v, SQL's %v", name, err, wantErr)
				}
				if err != nil {
					continue
				}
				if got.Type() != want.Type() || !bytes.Equal(got.Raw(), want.Raw()) || got.IsNull() != want.IsNull() {
					t.Errorf("%s: %v %q, SQL gives %v %q", name, got.Type(), got.Raw(), want.Type(), want.Raw())
				}
				if len(s) > 0 && unsafe.SliceData(got.Raw()) == unsafe.StringData(s) {
					shared++
				}
			}
		}
		if results == "utf8mb4" && shared == 0 {
			t.Errorf("results=utf8mb4: no string sent from its own bytes")
		}
	}
}
