package server

import "testing"

// TestODBCZeroDateIsNull: MySQL's ODBC rule. For a DATE or DATETIME column
// declared NOT NULL, `col IS NULL` in a WHERE (and ISNULL(col)) finds the
// rows holding the zero date, in SELECT, UPDATE and DELETE alike, through an
// index too; elsewhere (select list, NOT, IF) it stays a plain IS NULL.
// GMS found no row, so an UPDATE ... WHERE d IS NULL changed nothing.
func TestODBCZeroDateIsNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE zn")
	mustExec(t, db, "CREATE TABLE zn.t (id INT PRIMARY KEY, d DATE NOT NULL, dt DATETIME NOT NULL, n DATE NULL, KEY (d))")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO zn.t VALUES (1, '0000-00-00', '0000-00-00 00:00:00', NULL), (2, '2024-01-01', '2024-01-01 00:00:00', '0000-00-00'), (3, '2024-02-02', '0000-00-00 00:00:00', NULL)")
	conn.Close()
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE d IS NULL", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t FORCE INDEX (d) WHERE d IS NULL", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE dt IS NULL OR id = 2", want: "1,2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE ISNULL(d) AND dt IS NULL", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE n IS NULL", want: "1,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM zn.t WHERE id IN (SELECT id FROM zn.t WHERE d IS NULL)", want: "1"},
		{q: "SELECT GROUP_CONCAT(d IS NULL ORDER BY id), COUNT(*) FROM zn.t WHERE NOT (d IS NULL)", want: "0,0,0 | 3"},
		{q: "SELECT COUNT(*) FROM zn.t WHERE IF(d IS NULL, 1, 0)", want: "0"},
	})
	res, err := db.Exec("UPDATE zn.t SET n = '2020-01-01' WHERE dt IS NULL")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 2 {
		t.Fatalf("UPDATE ... WHERE dt IS NULL changed %d rows, want 2", n)
	}
	res, err = db.Exec("DELETE FROM zn.t WHERE d IS NULL")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("DELETE ... WHERE d IS NULL deleted %d rows, want 1", n)
	}
}
