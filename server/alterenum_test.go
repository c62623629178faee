package server

import (
	"strings"
	"testing"
)

// TestAlterEnumSetValues: a column changing type from ENUM or SET converts
// each value's text, not the index or bitmap it is stored as (MySQL keeps
// 'x' when ENUM('x','y') becomes ENUM('y','x') or VARCHAR). Both the online
// rewrite (autocommit) and the copy inside a transaction that already wrote
// are checked.
func TestAlterEnumSetValues(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	db.SetMaxOpenConns(1)
	mustExec(t, db, "CREATE DATABASE ae")
	db = ts.connect("ae")
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, e ENUM('x','y','z'), s SET('a','b','c'))",
		"INSERT INTO t VALUES (1, 'x', 'a,c'), (2, 'z', 'b'), (3, NULL, '')",
		"ALTER TABLE t MODIFY e ENUM('z','y','x')",
		"ALTER TABLE t MODIFY s SET('c','b','a')",
	} {
		mustExec(t, db, q)
	}
	// A SET shows its members in the order of its definition (MySQL, MariaDB).
	want := "1 x c,a|2 z b|3 NULL "
	rows := func() string {
		var out []string
		for _, r := range queryRows(t, db, "SELECT id, e, s FROM t ORDER BY id") {
			out = append(out, strings.Join(r, " "))
		}
		return strings.Join(out, "|")
	}
	if got := rows(); got != want {
		t.Errorf("after reordering the members: %q, want %q", got, want)
	}
	mustExec(t, db, "ALTER TABLE t MODIFY e VARCHAR(5), MODIFY s VARCHAR(10)")
	if got := rows(); got != want {
		t.Errorf("as VARCHAR: %q, want %q", got, want)
	}
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, e ENUM('x','y'))")
	mustExec(t, db, "INSERT INTO u VALUES (1, 'y')")
	conn, err := db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{"BEGIN", "INSERT INTO u VALUES (2, 'x')", "ALTER TABLE u MODIFY e VARCHAR(3)"} {
		mustExec(t, conn, q)
	}
	var got []string
	rs, err := conn.QueryContext(t.Context(), "SELECT id, e FROM u ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var id int
		var e string
		if err := rs.Scan(&id, &e); err != nil {
			t.Fatal(err)
		}
		got = append(got, e)
	}
	rs.Close()
	if s := strings.Join(got, ","); s != "y,x" {
		t.Errorf("ENUM to VARCHAR in a transaction that wrote: %s, want y,x", s)
	}
}
