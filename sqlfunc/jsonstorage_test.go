package sqlfunc

import (
	"strings"
	"testing"
)

// TestJSONBinarySize checks the sizes MySQL 8.0's manual gives for
// JSON_STORAGE_SIZE, and the format's switch to 4-byte offsets.
func TestJSONBinarySize(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want int
	}{
		{`[100, "sakila", [1, 3, 5], 425.05]`, 45},
		{`{"a": 1000, "b": "a", "c": "[1, 3, 5, 7]"}`, 44},
		{`{"a": 1000, "b": "wxyz", "c": "[1, 3, 5, 7]"}`, 47},
		{`[100, "json", [[10, 20, 30], 3, 5], 425.05]`, 56},
		{`[1]`, 8},
		{`"abc"`, 5},
		{`1`, 3},
		{`70000`, 5},
		{`1.5`, 9},
		// 70,000 bytes of string: the small format's offsets cannot reach
		// past it, so the array is large (4-byte count, size and offset).
		{`["` + strings.Repeat("x", 70000) + `"]`, 1 + 8 + 5 + 3 + 70000},
	} {
		got, err := JSONBinarySize(c.doc)
		if err != nil || got != c.want {
			t.Errorf("JSONBinarySize(%.40q) = %d, %v; want %d", c.doc, got, err, c.want)
		}
	}
	if _, err := JSONBinarySize(`{bad}`); err == nil {
		t.Error("invalid JSON: no error")
	}
}
