package jsondoc

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"
)

// TestParsePrint: text parsed as MySQL's parser kinds its numbers, printed
// as MySQL prints them.
func TestParsePrint(t *testing.T) {
	for _, c := range []struct{ in, out, typ string }{
		{`1.50`, `1.5`, "DOUBLE"},
		{`1e2`, `100.0`, "DOUBLE"},
		{`1.0`, `1.0`, "DOUBLE"},
		{`-0`, `0`, "INTEGER"},
		{`-0.0`, `-0.0`, "DOUBLE"},
		{`9007199254740993`, `9007199254740993`, "UNSIGNED INTEGER"},
		{`-9007199254740993`, `-9007199254740993`, "INTEGER"},
		{`4294967295`, `4294967295`, "INTEGER"},
		{`4294967296`, `4294967296`, "UNSIGNED INTEGER"},
		{`18446744073709551615`, `18446744073709551615`, "UNSIGNED INTEGER"},
		{`18446744073709551616`, `1.8446744073709552e19`, "DOUBLE"},
		{`1e15`, `1e15`, "DOUBLE"},
		{`1e14`, `100000000000000.0`, "DOUBLE"},
		{`123456789012345.6`, `123456789012345.6`, "DOUBLE"},
		{`1234567890123456.7`, `1234567890123456.8`, "DOUBLE"},
		{`0.1`, `0.1`, "DOUBLE"},
		{`0.00001`, `0.00001`, "DOUBLE"},
		{`1e-14`, `0.00000000000001`, "DOUBLE"},
		{`1.5e-15`, `0.0000000000000015`, "DOUBLE"},
		{`1.5e-16`, `1.5e-16`, "DOUBLE"},
		{`-2.5e300`, `-2.5e300`, "DOUBLE"},
		{`{"b":1,"a":[1.0,"x\n"],"aa":null}`, `{"a": [1.0, "x\n"], "b": 1, "aa": null}`, "OBJECT"},
	} {
		v, err := Parse([]byte(c.in))
		if err != nil {
			t.Fatalf("Parse(%s): %v", c.in, err)
		}
		d := Doc{Val: v}
		if got := d.String(); got != c.out {
			t.Errorf("%s prints %s, want %s", c.in, got, c.out)
		}
		if got, _ := d.Type(context.TODO()); got != c.typ {
			t.Errorf("JSON_TYPE(%s) = %s, want %s", c.in, got, c.typ)
		}
	}
	if _, err := Parse([]byte(`1e400`)); err != ErrTooBig {
		t.Errorf("1e400: %v, want ErrTooBig", err)
	}
	if _, err := Parse([]byte(`[1] 2`)); err == nil {
		t.Error("trailing value: no error")
	}
}

// TestStoredRoundTrip: every kind reads back as the kind it was written.
func TestStoredRoundTrip(t *testing.T) {
	v := map[string]any{
		"i": int64(-3), "u": uint64(1 << 63), "d": 100.0, "f": 1.5,
		"dec": decimal.RequireFromString("1.50"), "dec0": decimal.RequireFromString("5"),
		"a": []any{nil, true, "s", decimal.RequireFromString("-0.001")},
	}
	text, err := AppendStored(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseStored(text)
	if err != nil {
		t.Fatalf("ParseStored(%s): %v", text, err)
	}
	want := `{"a": [null, true, "s", -0.001], "d": 100.0, "f": 1.5, "i": -3, "u": 9223372036854775808, "dec": 1.50, "dec0": 5}`
	if got := (Doc{Val: back}).String(); got != want {
		t.Errorf("round trip of %s = %s, want %s", text, got, want)
	}
	m := back.(map[string]any)
	for k, typ := range map[string]string{"i": "INTEGER", "u": "UNSIGNED INTEGER", "d": "DOUBLE", "dec": "DECIMAL", "dec0": "DECIMAL"} {
		if got := TypeOf(m[k]); got != typ {
			t.Errorf("%s reads back as %s, want %s", k, got, typ)
		}
	}
}

func TestCompare(t *testing.T) {
	p := func(s string) any {
		v, err := Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		a, b any
		want int
	}{
		{p(`1`), p(`1.0`), 0},
		{p(`9007199254740993`), p(`9007199254740992.0`), 1},
		{p(`9223372036854775807`), p(`9223372036854775806`), 1},
		{decimal.RequireFromString("1.50"), p(`1.5`), 0},
		{decimal.RequireFromString("0.1"), p(`0.1`), -1}, // the double 0.1 is a little more than 1/10
		{p(`"a"`), p(`1`), 1},
		{p(`[1, 2]`), p(`[1, 2, 0]`), -1},
		{p(`{"a": 1}`), p(`{"a": 1.0}`), 0},
		{p(`true`), p(`[1]`), 1},
		{p(`null`), p(`0`), -1},
	} {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
