package catalog

import (
	"reflect"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// sbtestRecord builds the standard workload's table definition.
func sbtestRecord(t testing.TB) *Table {
	ctx := sql.NewEmptyContext()
	u32 := types.Uint32
	vc := func(n int64) sql.Type {
		return types.MustCreateString(sqltypes.VarChar, n, sql.Collation_latin1_swedish_ci)
	}
	lit := func(v any, typ sql.Type) *sql.ColumnDefaultValue {
		d, _ := sql.NewColumnDefaultValue(expression.NewLiteral(v, typ), typ, true, false, false)
		return d
	}
	cols := []struct {
		name string
		typ  sql.Type
		def  *sql.ColumnDefaultValue
		ai   bool
	}{
		{"id", u32, nil, true},
		{"k", u32, lit(uint32(0), u32), false},
		{"c", vc(120), lit("", vc(120)), false},
		{"pad", vc(60), lit("", vc(60)), false},
	}
	tbl := &Table{ID: 42, SchemaID: 7, DataSchemaID: 7, Name: "sbtest1", PK: []int{0}, Collation: sql.Collation_latin1_swedish_ci, NextIndexID: 3}
	for i, c := range cols {
		td, err := DescribeType(c.typ)
		if err != nil {
			t.Fatal(err)
		}
		d, err := StoreDefault(ctx, c.def)
		if err != nil {
			t.Fatal(err)
		}
		tbl.Columns = append(tbl.Columns, Column{ID: uint32(i + 1), Name: c.name, Type: td, Default: d, AutoIncrement: c.ai})
	}
	tbl.NextColumnID = 4
	tbl.Indexes = []Index{{ID: 2, Name: "k_1", Columns: []int{1}}}
	return tbl
}

func TestRecordRoundTrip(t *testing.T) {
	tbl := sbtestRecord(t)
	v, err := encodeTable(tbl)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeTable(v, "db")
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "sbtest1" || len(got.Columns) != 4 || got.Indexes[0].Name != "k_1" || got.PK[0] != 0 {
		t.Fatalf("decoded %+v", got)
	}
	sch := got.Schema().Schema
	if sch[0].Name != "id" || !sch[0].PrimaryKey || !sch[0].AutoIncrement || sch[2].Type.String() != "varchar(120) CHARACTER SET latin1 COLLATE latin1_swedish_ci" {
		t.Fatalf("schema: %s pk=%v ai=%v %s", sch[0].Name, sch[0].PrimaryKey, sch[0].AutoIncrement, sch[2].Type)
	}
	if d := sch[1].Default; d == nil || !d.IsLiteral() {
		t.Fatalf("k default %v", d)
	}
	t.Logf("sbtest record: %d bytes", len(v))
}

func BenchmarkDecodeTable(b *testing.B) {
	tbl := sbtestRecord(b)
	v, err := encodeTable(tbl)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := decodeTable(v, "db"); err != nil {
			b.Fatal(err)
		}
	}
}

// Fill values of instantly added columns survive the binary codec, and a
// record without any keeps the encoding it had before fills existed.
func TestRecordFillRoundTrip(t *testing.T) {
	tbl := sbtestRecord(t)
	plain, err := encodeTable(tbl)
	if err != nil {
		t.Fatal(err)
	}
	// The record as written before fills existed ends with the flags byte 0.
	if plain[len(plain)-1] != 0 {
		t.Fatalf("record without fills ends with %x", plain[len(plain)-1])
	}
	cases := []any{int32(-7), "héllo", uint16(2), []byte{0, 1}, nil}
	for _, v := range cases {
		tbl := sbtestRecord(t)
		f, err := EncodeFill(v)
		if err != nil {
			t.Fatal(err)
		}
		tbl.Columns[2].Fill = f
		tbl.Columns[3].Fill, _ = EncodeFill("pad")
		tbl.CounterExact = true
		b, err := encodeTable(tbl)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeTable(b, "db")
		if err != nil {
			t.Fatal(err)
		}
		gv, err := got.Columns[2].FillValue()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(gv, v) {
			t.Errorf("fill %#v decoded as %#v", v, gv)
		}
		if pv, _ := got.Columns[3].FillValue(); pv != "pad" || !got.CounterExact || got.Columns[0].Fill != nil {
			t.Errorf("other fields: %v %v %v", pv, got.CounterExact, got.Columns[0].Fill)
		}
	}
}

// Foreign keys and checks are trailing fields: a record without them is
// the bytes older builds wrote (so theirs decode), and they round-trip with
// fills present too.
func TestRecordConstraintsRoundTrip(t *testing.T) {
	plain, err := encodeTable(sbtestRecord(t))
	if err != nil {
		t.Fatal(err)
	}
	tbl := sbtestRecord(t)
	tbl.Columns[2].Fill, _ = EncodeFill("x")
	tbl.FKs = []ForeignKey{
		{Name: "fk_k", Columns: []string{"k"}, ParentSchema: "Shop", ParentTable: "Items", ParentColumns: []string{"id"}, OnDelete: 2, OnUpdate: 4},
		{Name: "fk_two", Columns: []string{"k", "c"}, ParentSchema: "s", ParentTable: "p", ParentColumns: []string{"a", "b"}},
	}
	tbl.Checks = []Check{{Name: "c1", Expr: "(`k` > 0)", Enforced: true}, {Name: "c2", Expr: "(`c` <> '')"}}
	b, err := encodeTable(tbl)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeTable(b, "db")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.FKs, tbl.FKs) || !reflect.DeepEqual(got.Checks, tbl.Checks) {
		t.Fatalf("decoded %+v %+v", got.FKs, got.Checks)
	}
	if v, _ := got.Columns[2].FillValue(); v != "x" {
		t.Fatalf("fill next to constraints: %v", v)
	}
	old, err := decodeTable(plain, "db")
	if err != nil || old.FKs != nil || old.Checks != nil {
		t.Fatalf("record without constraints: %v %v %v", err, old.FKs, old.Checks)
	}
	c := got.Clone()
	c.FKs[0].Columns[0] = "changed"
	c.Checks[0].Name = "changed"
	if got.FKs[0].Columns[0] != "k" || got.Checks[0].Name != "c1" {
		t.Fatal("Clone shares constraint slices")
	}
}

// Functional key parts are a trailing field (flag 32): a record without
// them keeps its bytes, and they round-trip next to the other trailers.
func TestRecordFunctionalPartsRoundTrip(t *testing.T) {
	plain, err := encodeTable(sbtestRecord(t))
	if err != nil {
		t.Fatal(err)
	}
	tbl := sbtestRecord(t)
	vc, err := DescribeType(types.MustCreateStringWithDefaults(sqltypes.VarChar, 120))
	if err != nil {
		t.Fatal(err)
	}
	tbl.Indexes = append(tbl.Indexes, Index{ID: 9, Name: "fx", Unique: true, Columns: []int{2, 0},
		Exprs: []string{"LOWER(c)", ""}, ExprTypes: []TypeDesc{vc, {}}, JSONText: JSONTextVersion})
	tbl.RowIDHashBelow = 3
	tbl.StampKeyFormat() // flag 128, before the JSONText trailer (flag 256)
	b, err := encodeTable(tbl)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeTable(b, "db")
	if err != nil {
		t.Fatal(err)
	}
	ix := got.Indexes[len(got.Indexes)-1]
	if !reflect.DeepEqual(ix, tbl.Indexes[len(tbl.Indexes)-1]) || got.RowIDHashBelow != 3 || got.KeyFormat != tbl.KeyFormat || got.KeyFormat == 0 {
		t.Fatalf("decoded %+v", ix)
	}
	if !ix.IsExpr(0) || ix.IsExpr(1) || got.Indexes[0].HasExprs() {
		t.Fatal("IsExpr/HasExprs")
	}
	again, err := encodeTable(sbtestRecord(t))
	if err != nil || string(again) != string(plain) {
		t.Fatal("a record without functional parts changed its bytes")
	}
	c := got.Clone()
	c.Indexes[len(c.Indexes)-1].Exprs[0] = "changed"
	if got.Indexes[len(got.Indexes)-1].Exprs[0] != "LOWER(c)" {
		t.Fatal("Clone shares Exprs")
	}
}
