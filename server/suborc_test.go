package server

import (
	"database/sql"
	"strings"
	"testing"
)

// suborcRows runs each query and compares its rows (columns joined by a space,
// rows by |) with the wanted text.
func suborcRows(t *testing.T, db *sql.DB, cases []struct{ q, want string }) {
	t.Helper()
	for _, c := range cases {
		var got []string
		for _, r := range queryRows(t, db, c.q) {
			got = append(got, strings.Join(r, " "))
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.q, g, c.want)
		}
	}
}

// TestUnsignedKeyMeetsDoubleZero: GMS's hash join converts both keys to the
// probe key's type, and a DOUBLE 0 converted to an unsigned integer is
// 18446744073709551615, so an unsigned expression's 0 (ROW_NUMBER's type is
// BIGINT UNSIGNED) met the DOUBLE 0 only for the first outer row, which GMS
// answers while it builds the hash table (TestOracles TLP, seed
// 1795830208378389015: 1 of 15 rows). MariaDB 10.11 answers every row here.
func TestUnsignedKeyMeetsDoubleZero(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE DATABASE uz", "USE uz",
		"CREATE TABLE a (id INT PRIMARY KEY, c VARCHAR(8))",
		"INSERT INTO a VALUES (1, 'x'), (2, 'y'), (3, 'x')",
		"CREATE TABLE b (id INT PRIMARY KEY, d DOUBLE)",
		"INSERT INTO b VALUES (1, 0), (2, 5), (3, -0.5)",
		"CREATE TABLE u (id INT PRIMARY KEY, v BIGINT UNSIGNED)",
		"INSERT INTO u VALUES (1, 0), (2, 0), (3, 5), (4, 5), (5, NULL)",
	} {
		mustExec(t, db, q)
	}
	const win = "(SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS w, RANK() OVER (ORDER BY c) AS r FROM a) AS t"
	suborcRows(t, db, []struct{ q, want string }{
		{"SELECT id FROM " + win + " WHERE (w - w) IN (SELECT d FROM b) ORDER BY id", "1|2|3"},
		{"SELECT id FROM " + win + " WHERE (r * 0) IN (SELECT d FROM b) ORDER BY id", "1|2|3"},
		{"SELECT id FROM " + win + " WHERE NOT ((w - w) IN (SELECT d FROM b)) ORDER BY id", ""},
		{"SELECT t.id, b.id FROM " + win + " JOIN b ON (t.w - t.w) = b.d ORDER BY t.id", "1 1|2 1|3 1"},
		{"SELECT u.id, b.id FROM u JOIN b ON u.v + 0 = b.d ORDER BY u.id", "1 1|2 1|3 2|4 2"},
		{"SELECT a.id FROM a JOIN b ON CAST(a.id * 0 AS UNSIGNED) = b.d ORDER BY a.id", "1|2|3"},
		{"SELECT u.id FROM u WHERE u.v + 0 IN (SELECT d FROM b) ORDER BY u.id", "1|2|3|4"},
	})
	norecAgrees(t, db, win, "(t.w - t.w) IN (SELECT d FROM b)", "3")
}
