package server

import (
	"strings"
	"testing"

	"github.com/myriaddb/myriad/kv"
)

// CHAR() and introducer literals under COLLATE through a real client. CHAR(0)
// was ” (MySQL and MariaDB: X'00'), CHAR(... USING utf8mb4) was binary after
// a rewrite, and `_utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci`
// compared in the left side's utf8mb4_0900_ai_ci (1) rather than the
// EXPLICIT general_ci (0). Answers checked against MariaDB 10.11; where
// MySQL 8.0 differs (the default collation of utf8mb4) MySQL's.
func TestCharFuncAndIntroducerCollateClient(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async})
	db := ts.connectWith("", "collation=utf8mb4_0900_ai_ci")
	db.SetMaxOpenConns(1)
	cases := []struct{ q, want string }{
		{"SELECT HEX(CHAR(0))", "00"},
		{"SELECT HEX(CHAR(0 USING utf8mb4))", "00"},
		{"SELECT HEX(CHAR(0, 65, 0))", "004100"},
		{"SELECT HEX(CHAR(256))", "0100"},
		{"SELECT HEX(CHAR(0x4100))", "4100"},
		{"SELECT HEX(CHAR(0x10000))", "010000"},
		{"SELECT HEX(CHAR(-1))", "FFFFFFFF"},
		{"SELECT HEX(CHAR(65, NULL, 66))", "4142"},
		{"SELECT HEX(CHAR(NULL))", ""},
		{"SELECT LENGTH(CHAR(0)), CHAR(0) = X'00'", "1,1"},
		{"SELECT CHAR(0xC3A9 USING utf8mb4)", "é"},
		{"SELECT CHAR(0xFF USING utf8mb4)", "NULL"},
		{"SELECT COLLATION(CHAR(65)), COERCIBILITY(CHAR(65))", "binary,4"},
		{"SELECT COLLATION(CHAR(65 USING utf8mb4)), COERCIBILITY(CHAR(65 USING utf8mb4))", "utf8mb4_0900_ai_ci,4"},
		{"SELECT _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci", "0"},
		{"SELECT _utf8mb4 'ß' COLLATE utf8mb4_general_ci = _utf8mb4 'ss'", "0"},
		{"SELECT _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_unicode_ci", "1"},
		{"SELECT _utf8mb4 'a' = _utf8mb4 'A' COLLATE utf8mb4_bin", "0"},
		{"SELECT _utf8mb4 'a' COLLATE utf8mb4_bin = _utf8mb4 'A'", "0"},
		{"SELECT _utf8mb4 'ß' IN (_utf8mb4 'ss' COLLATE utf8mb4_general_ci)", "0"},
		{"SELECT _utf8mb4 'a' IN (_utf8mb4 'A' COLLATE utf8mb4_bin, 'b')", "0"},
		{"SELECT CASE WHEN _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci THEN 1 ELSE 0 END", "0"},
		{"SELECT COUNT(*) FROM (SELECT 1 x) d WHERE _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci", "0"},
	}
	for _, c := range cases {
		var got []string
		for _, r := range queryRows(t, db, c.q) {
			got = append(got, strings.Join(r, ","))
		}
		if g := strings.Join(got, ";"); g != c.want {
			t.Errorf("%s: got %q, want %q", c.q, g, c.want)
		}
	}
}
