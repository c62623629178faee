package rowcodec

import (
	"context"
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

// TestJSONTemporals: a Doc holding dates and times is stored with their
// kinds (tagJSONTyped) and reads back as the same values; its strings,
// including ones that look like dates or start with a tag letter, stay
// strings. A Doc without temporals keeps tagJSONKinded.
func TestJSONTemporals(t *testing.T) {
	doc := jsondoc.Doc{Val: map[string]any{
		"d":  jsondoc.Temporal{Kind: jsondoc.Date, Text: "2026-11-01"},
		"t":  []any{jsondoc.Temporal{Kind: jsondoc.Time, Text: "-01:30:00.000000"}, "2026-11-01", "d", ""},
		"dt": jsondoc.Temporal{Kind: jsondoc.Datetime, Text: "2026-11-01 01:30:00.500000"},
		"n":  decimal.RequireFromString("1.50"),
	}}
	enc, err := Encode(nil, sql.Row{doc})
	if err != nil {
		t.Fatal(err)
	}
	if enc[1] != tagJSONTyped {
		t.Fatalf("tag %d, want tagJSONTyped", enc[1])
	}
	row, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	got := row[0].(jsondoc.Doc)
	if c := jsondoc.Compare(got.Val, doc.Val); c != 0 || got.String() != doc.String() {
		t.Errorf("round trip: %s, want %s", got, doc)
	}
	if typ, _ := got.Type(context.TODO()); typ != "OBJECT" {
		t.Errorf("type %s", typ)
	}
	m := got.Val.(map[string]any)
	if _, ok := m["d"].(jsondoc.Temporal); !ok {
		t.Errorf("d read back as %T", m["d"])
	}
	if s, ok := m["t"].([]any)[1].(string); !ok || s != "2026-11-01" {
		t.Errorf("a date-looking string read back as %#v", m["t"].([]any)[1])
	}
	plain, err := Encode(nil, sql.Row{jsondoc.Doc{Val: map[string]any{"s": "2026-11-01"}}})
	if err != nil || plain[1] != tagJSONKinded {
		t.Errorf("a Doc without temporals: tag %d, %v", plain[1], err)
	}
}
