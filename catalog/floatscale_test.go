package catalog

import (
	"encoding/json"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/floattype"
)

// TestFloatScaleRecord: a FLOAT(M,D) column's record keeps M and D and
// rebuilds GMS's plain float (the only float type queries may see); a record
// written before the scale was kept (no "p"/"s") reads as a plain FLOAT.
func TestFloatScaleRecord(t *testing.T) {
	for _, c := range []struct {
		typ  floattype.Declared
		want any
	}{
		{floattype.Declared{NumberType: types.Float32, M: 7, D: 4}, types.Float32},
		{floattype.Declared{NumberType: types.Float64, M: 10, D: 0}, types.Float64},
	} {
		d, err := DescribeType(c.typ)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var back TypeDesc
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if m, s, ok := back.FloatScale(); !ok || m != c.typ.M || s != c.typ.D {
			t.Errorf("%s: FloatScale = %d, %d, %v", c.typ, m, s, ok)
		}
		built, err := back.Build()
		if err != nil || built != c.want {
			t.Errorf("%s: built %v (%v), want GMS's plain float", c.typ, built, err)
		}
	}
	var old TypeDesc
	if err := json.Unmarshal([]byte(`{"q":1035}`), &old); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := old.FloatScale(); ok {
		t.Error("an old FLOAT record reads as declared")
	}
	if built, err := old.Build(); err != nil || built != types.Float32 {
		t.Errorf("old FLOAT record built %v (%v)", built, err)
	}
	plain, err := DescribeType(types.Float64)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := plain.FloatScale(); ok {
		t.Error("DOUBLE without a scale reads as declared")
	}
}
