package server

import (
	"context"
	"strings"
	"testing"
)

// TestLead26UserVarCollation: a user variable keeps the collation of the
// string it is set from, by SET, SELECT ... INTO, := , a trigger or a
// prepared statement, as MySQL's user_var_entry does. GMS stored every
// string as utf8mb4_0900_bin LONGTEXT, so `SET @s = 'abc'; SELECT @s =
// 'ABC'` was 0 under the connection's case-insensitive collation (MySQL 1)
// and a latin1 value's LENGTH and HEX were its UTF-8 text's.
func TestLead26UserVarCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false&collation=utf8mb4_general_ci")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE l26",
		"USE l26",
		"CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, n VARCHAR(10) COLLATE utf8mb4_general_ci)",
		"INSERT INTO l1 VALUES (1, 'éé', 'alice'), (2, 'ab', 'bob')",
		"CREATE TABLE tl (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1)",
		"CREATE TRIGGER tlb BEFORE INSERT ON tl FOR EACH ROW SET @tv = NEW.v",
		"INSERT INTO tl VALUES (1, 'éé')",
		"SET @s = 'abc', @b = _latin1'é'",
		"SET @v = (SELECT n FROM l1 WHERE id = 1)",
		"SELECT n INTO @w FROM l1 WHERE id = 1",
		"SET @g = (SELECT GROUP_CONCAT(v ORDER BY id) FROM l1)",
		"SELECT GROUP_CONCAT(v ORDER BY id), id INTO @h, @i FROM l1 GROUP BY id LIMIT 1",
		"SELECT v INTO @x FROM l1 WHERE id = 1",
		"PREPARE st FROM 'SET @q = ?'",
		"SET @src = 'abc'",
		"EXECUTE st USING @src",
		"SET @c = 'abc'",
		"SELECT @c := CONCAT(@c, 'X')",
	} {
		mustExecConn(t, c, q)
	}
	for _, tc := range []struct{ q, want string }{
		{"SELECT @s = 'ABC', COLLATION(@s), COLLATION(@b), LENGTH(@b)", "1,utf8mb4_general_ci,latin1_swedish_ci,2"},
		{"SELECT @v = 'ALICE', COLLATION(@v), @w = 'ALICE', COLLATION(@w)", "1,utf8mb4_general_ci,1,utf8mb4_general_ci"},
		{"SELECT LENGTH(@g), HEX(@g), COLLATION(@g)", "5,E9E92C6162,latin1_swedish_ci"},
		{"SELECT LENGTH(@h), COLLATION(@h), @i", "2,latin1_swedish_ci,1"},
		{"SELECT LENGTH(@x), HEX(@x), @x = 'ÉÉ'", "2,E9E9,1"},
		{"SELECT LENGTH(@tv), COLLATION(@tv)", "2,latin1_swedish_ci"},
		{"SELECT COLLATION(@q), @q = 'ABC'", "utf8mb4_general_ci,1"},
		{"SELECT COLLATION(@c), @c = 'ABCx'", "utf8mb4_general_ci,1"},
	} {
		if got := strings.Join(connRows(t, c, tc.q), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestLead26RoutineCollation: a procedure's string parameters and the
// string variables its body DECLAREs without a character set take the
// collation of the procedure's database, as MySQL's manual says (CREATE
// PROCEDURE). GMS typed them utf8mb4_0900_bin, so `a = 'ABC'` was 0 for
// CALL p('abc') in a utf8mb4_0900_ai_ci database (MySQL 1), and a latin1
// database's parameter counted UTF-8 bytes.
func TestLead26RoutineCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE r26",
		"CREATE DATABASE r26l CHARACTER SET latin1",
		"USE r26",
		"CREATE PROCEDURE pd(a VARCHAR(10)) BEGIN DECLARE b VARCHAR(10) DEFAULT 'abc'; " +
			"DECLARE c VARCHAR(10) CHARACTER SET latin1 DEFAULT 'éé'; " +
			"SELECT a = 'ABC', COLLATION(a), b = 'ABC', COLLATION(b), COLLATION(c), LENGTH(c); END",
		"CREATE PROCEDURE pb(a VARCHAR(10)) BEGIN DECLARE b TEXT; SET b = a; SELECT b = 'ABC', COLLATION(b); END",
		"USE r26l",
		"CREATE PROCEDURE pl(a VARCHAR(10)) SELECT COLLATION(a), LENGTH(a), a = 'ÉÉ'",
	} {
		mustExecConn(t, c, q)
	}
	for _, tc := range []struct{ q, want string }{
		{"CALL r26.pd('abc')", "1,utf8mb4_0900_ai_ci,1,utf8mb4_0900_ai_ci,latin1_swedish_ci,2"},
		{"CALL r26.pd('abd')", "0,utf8mb4_0900_ai_ci,1,utf8mb4_0900_ai_ci,latin1_swedish_ci,2"},
		{"CALL r26.pb('abc')", "1,utf8mb4_0900_ai_ci"},
		// The routine's database, not the caller's current one.
		{"CALL r26l.pl('éé')", "latin1_swedish_ci,2,1"},
	} {
		if got := strings.Join(connRows(t, c, tc.q), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.q, got, tc.want)
		}
	}
	mustExecConn(t, c, "USE r26")
	if got := strings.Join(connRows(t, c, "CALL r26l.pl('éé')"), ";"); got != "latin1_swedish_ci,2,1" {
		t.Errorf("CALL r26l.pl from r26: got %q", got)
	}
}

// TestLead26DropDatabaseCount: DROP DATABASE answers the number of tables
// and views it dropped, as MySQL's mysql_rm_db; GMS answered 1 always.
func TestLead26DropDatabaseCount(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	for _, q := range []string{
		"CREATE DATABASE d0", "CREATE DATABASE d3",
		"CREATE TABLE d3.a (i INT)", "CREATE TABLE d3.b (i INT PRIMARY KEY)", "CREATE VIEW d3.v AS SELECT i FROM d3.a",
		"CREATE PROCEDURE d3.p() SELECT 1",
	} {
		mustExec(t, db, q)
	}
	for _, tc := range []struct {
		q    string
		want int64
	}{{"DROP DATABASE d0", 0}, {"DROP DATABASE d3", 3}, {"DROP DATABASE IF EXISTS d9", 0}} {
		res, err := db.Exec(tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if n, _ := res.RowsAffected(); n != tc.want {
			t.Errorf("%s: %d rows affected, want %d", tc.q, n, tc.want)
		}
	}
}

// TestLead26UnionLatin1Literal: a latin1 column in a UNION with a string
// literal is a latin1 column (MySQL converts the COERCIBLE literal to the
// IMPLICIT column's character set); a literal latin1 cannot hold is 1267.
// The column was utf8mb4_0900_bin: LENGTH of 'éé' 4, HEX its UTF-8 bytes.
func TestLead26UnionLatin1Literal(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE u26")
	mustExec(t, db, "CREATE TABLE u26.l1 (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO u26.l1 VALUES (1, 'éé'), (2, 'ab')")
	wantRows(t, db, "SELECT x, LENGTH(x), HEX(x), COLLATION(x) FROM (SELECT v x FROM u26.l1 UNION SELECT 'xé') d ORDER BY x",
		"ab,2,6162,latin1_swedish_ci", "éé,2,E9E9,latin1_swedish_ci", "xé,2,78E9,latin1_swedish_ci")
	wantRows(t, db, "SELECT v FROM u26.l1 UNION SELECT 'ÉÉ'", "éé", "ab")
	wantRows(t, db, "SELECT LENGTH(v) FROM (SELECT 'x' v UNION ALL SELECT v FROM u26.l1) d ORDER BY 1", "1", "2", "2")
	if _, err := db.Exec("SELECT v FROM (SELECT v FROM u26.l1 UNION SELECT 'ĉé') d"); mysqlErrNo(err) != 1267 {
		t.Errorf("latin1 UNION 'ĉé': got %v, want 1267", err)
	}
}

// TestLead26WindowOverLatin1GroupConcat: a window function over a derived
// table's latin1 GROUP_CONCAT column, read twice in one select list (the
// second read names the Window's column by its text), is latin1 in both:
// LENGTH counted UTF-8 bytes in the second.
func TestLead26WindowOverLatin1GroupConcat(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE w26")
	mustExec(t, db, "CREATE TABLE w26.l1 (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO w26.l1 VALUES (1, 'éé'), (2, 'ab')")
	wantRows(t, db, "SELECT MAX(g) OVER (), LENGTH(MAX(g) OVER ()) FROM (SELECT GROUP_CONCAT(v) g FROM w26.l1 GROUP BY id) d",
		"éé,2", "éé,2")
	wantRows(t, db, "SELECT FIRST_VALUE(g) OVER (ORDER BY g DESC), LENGTH(FIRST_VALUE(g) OVER (ORDER BY g DESC)), "+
		"HEX(LAG(g) OVER (ORDER BY g DESC)) FROM (SELECT GROUP_CONCAT(v) g FROM w26.l1 GROUP BY id) d ORDER BY 3",
		"éé,2,NULL", "éé,2,E9E9")
}

// TestLead26ProcedureSelectInto: a procedure's SELECT ... INTO @v stores
// the user variable (it failed with 1105: GMS's interpreter also tried @v
// as a procedure variable); one that selects no row is the NOT FOUND
// condition a handler catches (without one, warning 1329 and the body goes
// on), and one that selects two rows is 1172. GMS
// ran the body again from its start (no row) or from its second statement
// (two rows), so the INSERT before them ran twice.
func TestLead26ProcedureSelectInto(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE s26", "USE s26",
		"CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1)",
		"INSERT INTO l1 VALUES (1, 'éé'), (2, 'ab')",
		"CREATE TABLE plog (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(10))",
		"CREATE PROCEDURE pu() BEGIN DECLARE z INT; SELECT v, id INTO @pw, z FROM l1 WHERE id = 1; SELECT z, @pw, LENGTH(@pw); END",
		"CREATE PROCEDURE pk1() BEGIN DECLARE z INT DEFAULT 7; INSERT INTO plog (m) VALUES ('k1'); SELECT id INTO z FROM l1 WHERE id = 99; SELECT z; END",
		"CREATE PROCEDURE pk2() BEGIN DECLARE z INT DEFAULT 7; DECLARE done INT DEFAULT 0; DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; " +
			"INSERT INTO plog (m) VALUES ('k2'); SELECT id INTO z FROM l1 WHERE id = 99; SELECT z, done; END",
		"CREATE PROCEDURE pk3() BEGIN DECLARE z INT DEFAULT 7; INSERT INTO plog (m) VALUES ('k3'); SELECT id INTO z FROM l1; SELECT z; END",
	} {
		mustExecConn(t, c, q)
	}
	if got := strings.Join(connRows(t, c, "CALL pu()"), ";"); got != "1,éé,2" {
		t.Errorf("CALL pu(): got %q", got)
	}
	if got := strings.Join(connRows(t, c, "SELECT @pw, LENGTH(@pw)"), ";"); got != "éé,2" {
		t.Errorf("@pw after CALL pu(): got %q", got)
	}
	if got := strings.Join(connRows(t, c, "CALL pk2()"), ";"); got != "7,1" {
		t.Errorf("CALL pk2(): got %q, want the NOT FOUND handler's 7,1", got)
	}
	// No row and no NOT FOUND handler: MySQL warns 1329, leaves z as it
	// was and goes on (proc27; this was the CALL's error 1329).
	if got := strings.Join(connRows(t, c, "CALL pk1()"), ";"); got != "7" {
		t.Errorf("CALL pk1(): got %q, want 7", got)
	}
	if got := strings.Join(connRows(t, c, "SHOW WARNINGS"), ";"); got != "Warning,1329,No data - zero rows fetched, selected, or processed" {
		t.Errorf("SHOW WARNINGS after CALL pk1(): got %q", got)
	}
	if _, err := c.ExecContext(context.Background(), "CALL pk3()"); mysqlErrNo(err) != 1172 {
		t.Errorf("CALL pk3(): got %v, want 1172", err)
	}
	if got := strings.Join(connRows(t, c, "SELECT m, COUNT(*) FROM plog GROUP BY m ORDER BY m"), ";"); got != "k1,1;k2,1;k3,1" {
		t.Errorf("statements before the SELECT ... INTO ran: %q, want each once", got)
	}
}

// TestLead26CollationOfNullAndSubquery: COLLATION() and COERCIBILITY() are
// the expression's, not its value's: a latin1 column's NULL row is
// latin1_swedish_ci / 2 (GMS binary / 6), a scalar subquery its select
// item's (GMS binary / 7).
func TestLead26CollationOfNullAndSubquery(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false&collation=utf8mb4_general_ci")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE c26", "USE c26",
		"CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1)",
		"INSERT INTO l1 VALUES (1, 'éé'), (9, NULL)",
		"SET @e = (SELECT v FROM l1 WHERE id = 9)",
	} {
		mustExecConn(t, c, q)
	}
	for _, tc := range []struct{ q, want string }{
		{"SELECT COLLATION(v), COERCIBILITY(v), COLLATION(NULL), COERCIBILITY(NULL) FROM l1 WHERE id = 9", "latin1_swedish_ci,2,binary,6"},
		{"SELECT COLLATION((SELECT v FROM l1 WHERE id = 1)), COERCIBILITY((SELECT v FROM l1 WHERE id = 1)), " +
			"COLLATION((SELECT 'a')), COERCIBILITY((SELECT 'a'))", "latin1_swedish_ci,2,utf8mb4_general_ci,4"},
		{"SELECT COLLATION(@e), COERCIBILITY(@e), COLLATION(1), COERCIBILITY(1)", "latin1_swedish_ci,2,binary,5"},
	} {
		if got := strings.Join(connRows(t, c, tc.q), ";"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestLead26ProcedureColumnNames: a procedure's result columns are named by
// their text, as a statement's own; they were GMS's print of the planned
// expression (COUNT(*) came back as count(1), 'x' as 'x').
func TestLead26ProcedureColumnNames(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	c := pinnedConn(t, db)
	for _, q := range []string{
		"CREATE DATABASE n26", "USE n26",
		"CREATE TABLE g1 (id INT PRIMARY KEY, n VARCHAR(10))",
		"INSERT INTO g1 VALUES (1, 'alice')",
		"CREATE PROCEDURE pn(a INT) SELECT COUNT(*), LENGTH('ab'), 1+1, a+1, Upper(n), 'x', n, 'it''s' FROM g1 GROUP BY n",
		"CREATE PROCEDURE pm(a INT) BEGIN SELECT COUNT(*) FROM g1; IF a > 1 THEN SELECT a * 2, CONCAT('v', a); END IF; END",
	} {
		mustExecConn(t, c, q)
	}
	for _, tc := range []struct{ q, want string }{
		{"CALL pn(5)", "COUNT(*)|LENGTH('ab')|1+1|a+1|Upper(n)|x|n|it's"},
		{"CALL pm(3)", "COUNT(*)"},
	} {
		rows, err := c.QueryContext(context.Background(), tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		cols, _ := rows.Columns()
		rows.Close()
		if got := strings.Join(cols, "|"); got != tc.want {
			t.Errorf("%s: columns %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestLead26IndexHintPrimary: `FORCE INDEX (PRIMARY)` names the primary
// key, and `USE KEY` is USE INDEX, as in MySQL's grammar (both were syntax
// errors, 1064).
func TestLead26IndexHintPrimary(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE h26")
	mustExec(t, db, "CREATE TABLE h26.t (id INT PRIMARY KEY, a INT, KEY ka (a))")
	mustExec(t, db, "INSERT INTO h26.t VALUES (1, 10), (2, 20), (3, 30)")
	wantRows(t, db, "SELECT COUNT(*) FROM h26.t FORCE INDEX (PRIMARY) WHERE id > 1", "2")
	wantRows(t, db, "SELECT id FROM h26.t USE INDEX (ka, primary) WHERE a >= 20 ORDER BY id", "2", "3")
	wantRows(t, db, "SELECT id FROM h26.t IGNORE KEY (PRIMARY) ORDER BY id DESC LIMIT 1", "3")
	rows, err := db.Query("SELECT id FROM h26.t FORCE INDEX (PRIMARY, nosuch)")
	if err == nil {
		for rows.Next() {
		}
		err = rows.Err()
		rows.Close()
	}
	if mysqlErrNo(err) != 1176 {
		t.Errorf("FORCE INDEX (PRIMARY, nosuch): got %v, want 1176", err)
	}
}
