package rowcodec

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

// TestJSONKinds: a jsondoc.Doc's numbers read back with their kinds (a
// DOUBLE without a fraction, a DECIMAL's scale, an integer past 2^53); a
// row written before kinds were stored (tagJSON) reads its integral
// numbers as integers, the others as doubles.
func TestJSONKinds(t *testing.T) {
	doc := jsondoc.Doc{Val: map[string]any{
		"d": 100.0, "dec": decimal.RequireFromString("1.50"), "big": uint64(9007199254740993), "i": int64(-1),
	}}
	enc, err := Encode(nil, sql.Row{doc})
	if err != nil {
		t.Fatal(err)
	}
	row, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"d": 100.0, "i": -1, "big": 9007199254740993, "dec": 1.50}`
	if got := row[0].(jsondoc.Doc).String(); got != want {
		t.Errorf("kinded round trip: %s, want %s", got, want)
	}
	old := `{"big":9007199254740993,"d":100,"f":1.5,"e":1e+21}`
	enc = append([]byte{1, tagJSON, byte(len(old))}, old...)
	row, err = Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	const wantOld = `{"d": 100, "e": 1e21, "f": 1.5, "big": 9007199254740993}`
	if got := row[0].(jsondoc.Doc).String(); got != wantOld {
		t.Errorf("old row: %s, want %s", got, wantOld)
	}
}
