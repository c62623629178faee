package server

import (
	"strings"
	"testing"
)

// TestLikeEscapesAndBinary checks LIKE as Django's pattern lookups use it,
// through go-sql-driver (text protocol, and prepared statements for the
// plan cache): '\%' and '\_' keep their backslash outside patterns (Django
// escapes a column's value with REPLACE(x, '%', '\%') before matching it),
// escaped wildcards in a pattern match themselves, LIKE BINARY is
// case-sensitive against a column, and a cached plan for one pattern
// answers the next pattern correctly.
func TestLikeEscapesAndBinary(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE l")
	db = ts.connectWith("l", "")
	mustExec(t, db, "CREATE TABLE e (id int PRIMARY KEY, firstname varchar(50), lastname varchar(50)) DEFAULT CHARSET utf8mb4")
	mustExec(t, db, `INSERT INTO e VALUES (1, 'Johnny', '%John'), (2, 'Jean-Claude', 'Claud_'),
		(3, 'Jean-Claude', 'Claude%'), (4, 'Johnny', 'Joh\\n'), (5, 'Johnny', '_ohn'),
		(6, 'Jean-Claude', 'Claude'), (7, 'Johnny', 'John'), (8, '%Joh\\nny', '%Joh\\n'),
		(9, 'Jack', 'jack'), (10, 'a_b', 'x%y'), (11, 'axb', 'xzy')`)

	wantRows(t, db, `SELECT '\%', '\_', LENGTH('\%'), REPLACE('a%b', '%', '\%'), 'axb' LIKE 'a\%b', 'a%b' LIKE 'a\%b', '\\%'`,
		`\%,\_,2,a\%b,0,1,\%`)

	// Django's firstname__contains / __startswith / __endswith with F("lastname").
	esc := `REPLACE(REPLACE(REPLACE(lastname, '\\', '\\\\'), '%', '\%'), '_', '\_')`
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE BINARY CONCAT('%', "+esc+", '%') ORDER BY id", "6", "7", "8")
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE BINARY CONCAT("+esc+", '%') ORDER BY id", "7", "8")
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE CONCAT('%', "+esc+") ORDER BY id", "6", "9")
	// LIKE BINARY against a column is case-sensitive; plain LIKE is not.
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE BINARY 'jack%'")
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE BINARY 'Jack%'", "9")
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE BINARY lastname")
	wantRows(t, db, "SELECT id FROM e WHERE firstname LIKE lastname", "9")
	wantRows(t, db, "SELECT id, firstname LIKE BINARY 'jack%' FROM e WHERE id = 9", "9,0")

	// Escaped wildcards in a constant pattern, then other patterns of the
	// same statement shape (one cached plan): Django's iexact 'A\_b'.
	for _, c := range []struct{ pat, want string }{
		{`A\\_b`, "10"}, {`a\\_b`, "10"}, {`a_b`, "10,11"}, {`x%`, ""}, {`J%`, "1,2,3,4,5,6,7,9"},
		{`Jack`, "9"}, {`%\\%%`, "8"}, {`Jean-Claude`, "2,3,6"}, {`j%k`, "9"},
	} {
		var got []string
		for _, r := range queryRows(t, db, "SELECT id FROM e WHERE firstname LIKE '"+c.pat+"' ORDER BY id") {
			got = append(got, r[0])
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("text LIKE '%s': got %v, want %s", c.pat, got, c.want)
		}
		got = got[:0]
		for _, r := range queryRows(t, db, "SELECT id FROM e WHERE firstname LIKE ? ORDER BY id", strings.ReplaceAll(c.pat, `\\`, `\`)) {
			got = append(got, r[0])
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("prepared LIKE %q: got %v, want %s", c.pat, got, c.want)
		}
	}
}

// TestDollarInNames checks unquoted names holding $ (Django's FilteredRelation
// alias "crafted_alia$"), which MySQL accepts and the tokenizer refused
// (1064).
func TestDollarInNames(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "")
	mustExec(t, db, "CREATE TABLE b (id int PRIMARY KEY, name varchar(10), a$id int)")
	mustExec(t, db, "CREATE TABLE a (id int PRIMARY KEY, name varchar(10))")
	mustExec(t, db, "INSERT INTO b VALUES (1, 'b1', 7), (2, 'b2', NULL)")
	mustExec(t, db, "INSERT INTO a VALUES (7, 'a7')")
	wantRows(t, db, "SELECT b.name, crafted_alia$.name AS crafted_alia$ FROM b LEFT OUTER JOIN a crafted_alia$ ON (b.a$id = crafted_alia$.id) ORDER BY b.id",
		"b1,a7", "b2,NULL")
	wantRows(t, db, "SELECT '$x', CONCAT('a', '$'), COUNT(*) FROM b WHERE name <> '$'", "$x,a$,2")
}

// TestExistsAsOperand checks EXISTS(subquery) compared with a value or
// another EXISTS (Django's Exists() in filter() and its lookups), which the
// tokenizer's grammar refused with 1064.
func TestExistsAsOperand(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ex")
	db = ts.connectWith("ex", "")
	mustExec(t, db, "CREATE TABLE s (id int PRIMARY KEY, y int)")
	mustExec(t, db, "CREATE TABLE a (id int PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO s VALUES (1, 1800), (2, 1950), (3, 2000)")
	mustExec(t, db, "INSERT INTO a VALUES (1), (3)")
	wantRows(t, db, "SELECT id FROM s WHERE EXISTS(SELECT 1 FROM a WHERE a.id = (s.id) LIMIT 1) = (s.y < 1900) ORDER BY id", "1", "2")
	wantRows(t, db, "SELECT id FROM s WHERE EXISTS(SELECT 1 FROM a WHERE a.id = s.id) = EXISTS(SELECT 1 FROM a WHERE a.id = s.id) ORDER BY id", "1", "2", "3")
	wantRows(t, db, "SELECT id, EXISTS(SELECT 1 FROM a WHERE a.id = s.id) + 1 FROM s ORDER BY id", "1,2", "2,1", "3,2")
}
