package server

import "testing"

// TestFix23bRenameKeepsDeclaredType: RENAME COLUMN keeps the attributes
// only the catalog record holds (FLOAT(M,D), DECIMAL/FLOAT UNSIGNED,
// ZEROFILL width); a renamed FLOAT(7,4) stored 1.23457 and
// information_schema said float. MODIFY still sets the type it declares.
func TestFix23bRenameKeepsDeclaredType(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f23b")
	mustExec(t, db, "CREATE TABLE f23b.r (a FLOAT(7,4), z INT(5) ZEROFILL, u DECIMAL(5,2) UNSIGNED, fu FLOAT UNSIGNED, c FLOAT(6,2))")
	mustExec(t, db, "ALTER TABLE f23b.r RENAME COLUMN a TO b")
	mustExec(t, db, "ALTER TABLE f23b.r RENAME COLUMN z TO z2, RENAME COLUMN u TO u2, RENAME COLUMN fu TO fu2")
	mustExec(t, db, "ALTER TABLE f23b.r CHANGE COLUMN c c2 FLOAT(6,2)")
	mustExec(t, db, "INSERT INTO f23b.r VALUES (1.234567, 42, 1.5, 2.5, 3.14159)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT b, b = 1.2346, z2, u2, fu2, c2 FROM f23b.r", want: "1.2346 | 1 | 42 | 1.50 | 2.5 | 3.14"},
		{q: "SELECT GROUP_CONCAT(COLUMN_TYPE ORDER BY ORDINAL_POSITION SEPARATOR ';') FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'f23b' AND TABLE_NAME = 'r'",
			want: "float(7,4);int(5) unsigned zerofill;decimal(5,2) unsigned;float unsigned;float(6,2)"},
		{q: "SELECT NUMERIC_PRECISION, NUMERIC_SCALE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'f23b' AND TABLE_NAME = 'r' AND COLUMN_NAME = 'b'", want: "7 | 4"},
	})
	mustExec(t, db, "ALTER TABLE f23b.r MODIFY b FLOAT")
	mustExec(t, db, "INSERT INTO f23b.r (b) VALUES (1.234567)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT b FROM f23b.r WHERE z2 IS NULL", want: "1.23457", textOnly: true},
		{q: "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'f23b' AND TABLE_NAME = 'r' AND COLUMN_NAME = 'b'", want: "float"},
	})
	// In one ALTER: CHANGE to a plain FLOAT drops the scale, RENAME keeps it.
	mustExec(t, db, "CREATE TABLE f23b.ch (c FLOAT(6,2), d FLOAT(6,2))")
	mustExec(t, db, "ALTER TABLE f23b.ch CHANGE COLUMN c c3 FLOAT, RENAME COLUMN d TO d3")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(COLUMN_TYPE ORDER BY ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'f23b' AND TABLE_NAME = 'ch'", want: "float,float(6,2)"},
	})
}

// TestFix23bEnumWithEnum: two ENUM (or SET) operands compare as strings,
// as MySQL's STRING_RESULT items do; GMS compared their indexes, so `e =
// f` on ENUM('a','b','c') and ENUM('c','b','a') held for 'b' = 'c'. An
// order is by text on one same type too (ENUM('b','a'): 'a' < 'b').
func TestFix23bEnumWithEnum(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE e23b")
	mustExec(t, db, "CREATE TABLE e23b.x (id INT PRIMARY KEY, e ENUM('a','b','c'), f ENUM('c','b','a'), g ENUM('b','a'), h ENUM('b','a'), s SET('x','y'), s2 SET('y','x'))")
	mustExec(t, db, "INSERT INTO e23b.x VALUES (1,'a','a','a','b','x','x'), (2,'b','c','b','a','x,y','y'), (3,'c','b','a','a','y','x,y')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT COUNT(*), GROUP_CONCAT(id) FROM e23b.x WHERE e = f", want: "1 | 1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE e < f", want: "2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE e <> f", want: "2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE e <=> f", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE e IN (f, g)", want: "1,2"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE g < h", want: "1"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE g = h", want: "3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE s = s2", want: "1"},
		{q: "SELECT GROUP_CONCAT(CONCAT(a.id, '-', b.id) ORDER BY a.id, b.id) FROM e23b.x a JOIN e23b.x b ON a.e = b.f", want: "1-1,2-3,3-2"},
		// With a number, the index.
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM e23b.x WHERE e = f + 0", want: "NULL"},
	})
}

// TestFix23bRollupGroupByColumnOverAlias: under WITH ROLLUP a GROUP BY
// name that is both a FROM column and a select alias groups by the
// column, as MySQL resolves GROUP BY names (FROM first) and as Myriad does
// without ROLLUP; the rewrite took the alias, so `SELECT MAX(id) + 0 AS
// age ... GROUP BY age WITH ROLLUP` was 1111 and `SELECT id + 0 AS age`
// grouped by id (3 rows, a silent wrong answer; now refused, as a column
// outside the GROUP BY).
func TestFix23bRollupGroupByColumnOverAlias(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE r23b")
	mustExec(t, db, "CREATE TABLE r23b.x (id INT, age INT)")
	mustExec(t, db, "INSERT INTO r23b.x VALUES (1, 10), (2, 10), (3, 20)")
	runArithCases(t, db, "USE r23b", []arithCase{
		{q: "SELECT GROUP_CONCAT(CONCAT(age, ':', n) ORDER BY f, age) FROM (SELECT MAX(id) + 0 AS age, COUNT(*) AS n, GROUPING(x.age) AS f FROM x GROUP BY age WITH ROLLUP) s", want: "2:2,3:1,3:3"},
		{q: "SELECT GROUP_CONCAT(CONCAT(a, ':', n) ORDER BY n) FROM (SELECT MAX(id) * 10 AS age, age AS a, COUNT(*) AS n FROM x GROUP BY age WITH ROLLUP) s", want: "20:1,10:2"},
		{q: "SELECT COUNT(*) FROM (SELECT MAX(id) AS age FROM (SELECT id, age FROM x) d GROUP BY age WITH ROLLUP) s", want: "3"},
		{q: "WITH c AS (SELECT id, age FROM x) SELECT COUNT(*) FROM (SELECT MAX(id) AS age FROM c GROUP BY age WITH ROLLUP) s", want: "3"},
		// An alias with no FROM column of its name is still the alias.
		{q: "SELECT COUNT(*) FROM (SELECT id AS k, COUNT(*) FROM x GROUP BY k WITH ROLLUP) s", want: "4"},
	})
	_, err := db.Exec("SELECT id + 0 AS age, COUNT(*) FROM r23b.x GROUP BY age WITH ROLLUP")
	if got := mysqlErrNo(err); got != 1235 {
		t.Errorf("id + 0 AS age ... GROUP BY age WITH ROLLUP: got %v, want error 1235", err)
	}
}

// TestFix23bRenameGeneratedDependency: renaming a column a generated
// column reads is MySQL's 3108; GMS renamed it and left the expression
// naming the old column, so every later statement on the table failed.
func TestFix23bRenameGeneratedDependency(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE g23b")
	mustExec(t, db, "CREATE TABLE g23b.g (a INT, b INT, g INT AS (a + 1))")
	for _, q := range []string{"ALTER TABLE g23b.g RENAME COLUMN a TO c", "ALTER TABLE g23b.g CHANGE a c INT"} {
		_, err := db.Exec(q)
		if got := mysqlErrNo(err); got != 3108 {
			t.Errorf("%s: got %v, want error 3108", q, err)
		}
	}
	mustExec(t, db, "ALTER TABLE g23b.g RENAME COLUMN b TO b2, RENAME COLUMN g TO g2")
	mustExec(t, db, "INSERT INTO g23b.g (a) VALUES (1)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT a, b2, g2 FROM g23b.g", want: "1 | NULL | 2"},
	})
}
