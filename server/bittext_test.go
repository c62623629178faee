package server

import "testing"

// A BIT column in a string function's argument is its bytes (MySQL's
// Field_bit::val_str, issue #9): GMS gave the number's decimal digits, so
// LENGTH of a BIT(8) was 2 or 3 and CONCAT(b'01000001') was '65'. HEX keeps
// the number's hexadecimal.
func TestBitInStringContext(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	mustExec(t, db, "CREATE TABLE b (id INT PRIMARY KEY, b8 BIT(8), b3 BIT(3), b16 BIT(16))")
	mustExec(t, db, "INSERT INTO b VALUES (1, b'01000001', b'101', 0x4142), (2, NULL, b'0', 0x0001)")
	for _, c := range []struct{ q, want string }{
		{"SELECT LENGTH(b8), LENGTH(b3), LENGTH(b16), CHAR_LENGTH(b16), BIT_LENGTH(b16) FROM b WHERE id = 1", "1 1 2 2 16"},
		{"SELECT CONCAT(b8), CONCAT(b16), LOWER(b8), REPEAT(b8, 2), CONCAT_WS('-', b8, b16) FROM b WHERE id = 1", "A AB A AA A-AB"},
		{"SELECT b8 LIKE 'A', b16 LIKE 'A_', SUBSTRING(b16, 2, 1), CAST(b8 AS CHAR) FROM b WHERE id = 1", "1 1 B A"},
		{"SELECT HEX(b8), HEX(b3), HEX(b16), HEX(CONCAT(b3)), b8 + 0, b8 = 65 FROM b WHERE id = 1", "41 5 4142 05 65 1"},
		{"SELECT HEX(CONCAT(b16)), LENGTH(b8), COALESCE(b8, 'x') FROM b WHERE id = 2", "0001 NULL x"},
		{"SELECT id FROM b WHERE CONCAT(b8) = 'A'", "1"},
	} {
		if got := joinRows(queryRows(t, db, c.q)); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
