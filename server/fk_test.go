package server

import (
	"context"
	"database/sql"
	"reflect"
	"strings"
	"testing"
)

func wantRows(t *testing.T, db *sql.DB, q string, want ...string) {
	t.Helper()
	var got []string
	for _, r := range queryRows(t, db, q) {
		got = append(got, strings.Join(r, ","))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: got %q, want %q", q, got, want)
	}
}

func showCreateTable(t *testing.T, db *sql.DB, table string) string {
	t.Helper()
	r := queryRows(t, db, "SHOW CREATE TABLE "+table)
	return r[0][1]
}

// TestForeignKeys drives every referential action and error through
// go-sql-driver, as an application sees them.
func TestForeignKeys(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE shop")
	db := ts.connect("shop")
	ctx := context.Background()
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, name VARCHAR(10))")
	mustExec(t, db, "CREATE TABLE c (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES p(id))")
	mustExec(t, db, "INSERT INTO p VALUES (1,'x'),(2,'y'),(3,'z')")
	mustExec(t, db, "INSERT INTO c VALUES (10,1),(11,NULL)")

	if got := showCreateTable(t, db, "c"); !strings.Contains(got, "  KEY `fk_c` (`pid`),\n  CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)\n)") {
		t.Fatalf("SHOW CREATE TABLE c:\n%s", got)
	}

	const fkC = "(`shop`.`c`, CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))"
	_, err := db.ExecContext(ctx, "INSERT INTO c VALUES (12, 9)")
	wantError(t, "insert orphan", err, 1452, "Cannot add or update a child row: a foreign key constraint fails "+fkC)
	_, err = db.ExecContext(ctx, "UPDATE c SET pid = 9 WHERE id = 10")
	wantError(t, "update to orphan", err, 1452, "Cannot add or update a child row: a foreign key constraint fails "+fkC)
	_, err = db.ExecContext(ctx, "DELETE FROM p WHERE id = 1")
	wantError(t, "delete referenced (RESTRICT)", err, 1451, "Cannot delete or update a parent row: a foreign key constraint fails "+fkC)
	_, err = db.ExecContext(ctx, "UPDATE p SET id = 5 WHERE id = 1")
	wantError(t, "update referenced", err, 1451, "Cannot delete or update a parent row: a foreign key constraint fails "+fkC)
	mustExec(t, db, "DELETE FROM p WHERE id = 3") // unreferenced
	_, err = db.ExecContext(ctx, "DROP TABLE p")
	wantError(t, "drop parent", err, 3730, "Cannot drop table 'p' referenced by a foreign key constraint 'fk_c' on table 'c'.")
	_, err = db.ExecContext(ctx, "ALTER TABLE c DROP INDEX fk_c")
	wantError(t, "drop FK index", err, 1553, "Cannot drop index 'fk_c': needed in a foreign key constraint")
	wantRows(t, db, "SELECT id, pid FROM c ORDER BY id", "10,1", "11,NULL")

	// NO ACTION behaves as RESTRICT (InnoDB checks immediately).
	mustExec(t, db, "CREATE TABLE na (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id) ON DELETE NO ACTION ON UPDATE RESTRICT)")
	mustExec(t, db, "INSERT INTO na VALUES (1, 2)")
	_, err = db.ExecContext(ctx, "DELETE FROM p WHERE id = 2")
	if mysqlErrNo(err) != 1451 {
		t.Fatalf("NO ACTION delete: %v", err)
	}
	mustExec(t, db, "DROP TABLE na")

	// CASCADE and SET NULL, on delete and update.
	mustExec(t, db, "CREATE TABLE cc (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id) ON DELETE CASCADE ON UPDATE CASCADE)")
	mustExec(t, db, "CREATE TABLE sn (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id) ON DELETE SET NULL ON UPDATE SET NULL)")
	if got := showCreateTable(t, db, "cc"); !strings.Contains(got, "  KEY `pid` (`pid`),\n  CONSTRAINT `cc_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE ON UPDATE CASCADE\n)") {
		t.Fatalf("SHOW CREATE TABLE cc:\n%s", got)
	}
	mustExec(t, db, "INSERT INTO p VALUES (20,'a'),(21,'b')")
	mustExec(t, db, "INSERT INTO cc VALUES (1,20),(2,20),(3,21)")
	mustExec(t, db, "INSERT INTO sn VALUES (1,20),(2,21)")
	mustExec(t, db, "UPDATE p SET id = 22 WHERE id = 21")
	wantRows(t, db, "SELECT id, pid FROM cc ORDER BY id", "1,20", "2,20", "3,22")
	wantRows(t, db, "SELECT id, pid FROM sn ORDER BY id", "1,20", "2,NULL")
	mustExec(t, db, "DELETE FROM p WHERE id = 20")
	wantRows(t, db, "SELECT id, pid FROM cc ORDER BY id", "3,22")
	wantRows(t, db, "SELECT id, pid FROM sn ORDER BY id", "1,NULL", "2,NULL")

	// A failing statement undoes its cascades too.
	mustExec(t, db, "INSERT INTO c VALUES (13, 22)")
	_, err = db.ExecContext(ctx, "DELETE FROM p WHERE id = 22")
	if mysqlErrNo(err) != 1451 {
		t.Fatalf("cascade then restrict: %v", err)
	}
	wantRows(t, db, "SELECT id, pid FROM cc ORDER BY id", "3,22")
	mustExec(t, db, "DELETE FROM c WHERE id = 13")

	// ALTER TABLE ADD/DROP FOREIGN KEY; existing rows are checked.
	mustExec(t, db, "CREATE TABLE a (id INT PRIMARY KEY, pid INT)")
	mustExec(t, db, "INSERT INTO a VALUES (1, 99)")
	_, err = db.ExecContext(ctx, "ALTER TABLE a ADD CONSTRAINT fk_a FOREIGN KEY (pid) REFERENCES p(id)")
	if mysqlErrNo(err) != 1452 {
		t.Fatalf("ADD FOREIGN KEY over orphans: %v", err)
	}
	mustExec(t, db, "DELETE FROM a")
	mustExec(t, db, "ALTER TABLE a ADD CONSTRAINT fk_a FOREIGN KEY (pid) REFERENCES p(id)")
	_, err = db.ExecContext(ctx, "INSERT INTO a VALUES (1, 99)")
	if mysqlErrNo(err) != 1452 {
		t.Fatalf("insert after ADD FOREIGN KEY: %v", err)
	}
	mustExec(t, db, "ALTER TABLE a DROP FOREIGN KEY fk_a")
	mustExec(t, db, "INSERT INTO a VALUES (1, 99)")
	if got := showCreateTable(t, db, "a"); strings.Contains(got, "CONSTRAINT") || !strings.Contains(got, "KEY `fk_a` (`pid`)") {
		t.Fatalf("after DROP FOREIGN KEY the index stays, the constraint goes:\n%s", got)
	}
	_, err = db.ExecContext(ctx, "ALTER TABLE a DROP FOREIGN KEY fk_a")
	wantError(t, "drop missing FK", err, 1091, "Can't DROP 'fk_a'; check that column/key exists")

	// Cross-schema: a child in another schema.
	mustExec(t, root, "CREATE DATABASE other")
	mustExec(t, root, "CREATE TABLE other.x (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_x FOREIGN KEY (pid) REFERENCES shop.p(id) ON DELETE CASCADE)")
	mustExec(t, root, "INSERT INTO other.x VALUES (1, 2)")
	_, err = root.ExecContext(ctx, "INSERT INTO other.x VALUES (2, 77)")
	wantError(t, "cross-schema orphan", err, 1452, "Cannot add or update a child row: a foreign key constraint fails (`other`.`x`, CONSTRAINT `fk_x` FOREIGN KEY (`pid`) REFERENCES `shop`.`p` (`id`) ON DELETE CASCADE)")
	mustExec(t, db, "DELETE FROM c WHERE pid = 2")
	mustExec(t, db, "DELETE FROM p WHERE id = 2")
	wantRows(t, root, "SELECT COUNT(*) FROM other.x", "0")

	_, err = db.ExecContext(ctx, "ALTER TABLE c DROP COLUMN pid")
	wantError(t, "drop FK column", err, 1828, "Cannot drop column 'pid': needed in a foreign key constraint 'fk_c'")
	_, err = db.ExecContext(ctx, "CREATE TABLE bad (id INT PRIMARY KEY, n VARCHAR(10), FOREIGN KEY (n) REFERENCES p (name))")
	wantError(t, "no index on the parent columns", err, 1822, "Failed to add the foreign key constraint. Missing index for constraint 'bad_ibfk_1' in the referenced table 'p'")
	_, err = db.ExecContext(ctx, "CREATE TABLE bad (id INT PRIMARY KEY, n INT NOT NULL, FOREIGN KEY (n) REFERENCES p (id) ON DELETE SET NULL)")
	if mysqlErrNo(err) != 1830 {
		t.Fatalf("SET NULL on a NOT NULL column: %v", err)
	}
	_, err = db.ExecContext(ctx, "CREATE TABLE bad (id INT PRIMARY KEY, n VARCHAR(10), FOREIGN KEY (n) REFERENCES p (id))")
	if mysqlErrNo(err) != 3780 {
		t.Fatalf("incompatible column types: %v", err)
	}
	// Changing columns of a key keeps it (instant and copying ALTERs).
	mustExec(t, db, "ALTER TABLE c ADD COLUMN z INT DEFAULT 5")
	mustExec(t, db, "ALTER TABLE c MODIFY z BIGINT")
	if got := showCreateTable(t, db, "c"); !strings.Contains(got, "CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)") {
		t.Fatalf("after ALTERs:\n%s", got)
	}
	mustExec(t, db, "ALTER TABLE c DROP COLUMN z")

	_, err = db.ExecContext(ctx, "TRUNCATE TABLE p")
	wantError(t, "truncate parent", err, 1701, "Cannot truncate a table referenced in a foreign key constraint (`shop`.`c`, CONSTRAINT `fk_c`)")

	// RENAME TABLE of a child and of a parent keeps the constraint.
	mustExec(t, db, "RENAME TABLE c TO c2")
	_, err = db.ExecContext(ctx, "DELETE FROM p WHERE id = 1")
	wantError(t, "renamed child", err, 1451, "Cannot delete or update a parent row: a foreign key constraint fails (`shop`.`c2`, CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))")
	mustExec(t, db, "RENAME TABLE p TO p2")
	_, err = db.ExecContext(ctx, "DELETE FROM p2 WHERE id = 1")
	wantError(t, "renamed parent", err, 1451, "Cannot delete or update a parent row: a foreign key constraint fails (`shop`.`c2`, CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p2` (`id`))")
	mustExec(t, db, "RENAME TABLE p2 TO p, c2 TO c")
	mustExec(t, db, "RENAME TABLE other.x TO shop.x")
	_, err = db.ExecContext(ctx, "INSERT INTO x VALUES (5, 77)")
	wantError(t, "moved child", err, 1452, "Cannot add or update a child row: a foreign key constraint fails (`shop`.`x`, CONSTRAINT `fk_x` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE)")
	mustExec(t, root, "CREATE TABLE other.y (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_y FOREIGN KEY (pid) REFERENCES shop.x (id))")
	mustExec(t, db, "RENAME TABLE shop.x TO other.x")
	mustExec(t, root, "INSERT INTO other.x VALUES (7, NULL)")
	mustExec(t, root, "INSERT INTO other.y VALUES (1, 7)")
	_, err = root.ExecContext(ctx, "DELETE FROM other.x WHERE id = 7")
	wantError(t, "moved parent", err, 1451, "Cannot delete or update a parent row: a foreign key constraint fails (`other`.`y`, CONSTRAINT `fk_y` FOREIGN KEY (`pid`) REFERENCES `x` (`id`))")

	// Restart keeps every constraint.
	ts.srv.Close()
	ts = startServer(t, ts.dir)
	db = ts.connect("shop")
	_, err = db.ExecContext(ctx, "INSERT INTO c VALUES (12, 9)")
	wantError(t, "after restart", err, 1452, "Cannot add or update a child row: a foreign key constraint fails "+fkC)
	mustExec(t, db, "DELETE FROM p WHERE id = 22")
	wantRows(t, db, "SELECT COUNT(*) FROM cc", "0")
}

// TestForeignKeyChecksOff loads tables in dump order (children first,
// orphans allowed) under foreign_key_checks=0, then enforces them again.
func TestForeignKeyChecksOff(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	mustExec(t, c, "SET foreign_key_checks = 0")
	mustExec(t, c, "CREATE TABLE child (id INT PRIMARY KEY, pid INT, CONSTRAINT fk FOREIGN KEY (pid) REFERENCES parent (id))")
	mustExec(t, c, "INSERT INTO child VALUES (1, 1), (2, 42)")
	mustExec(t, c, "CREATE TABLE parent (id INT PRIMARY KEY)")
	mustExec(t, c, "INSERT INTO parent VALUES (1)")
	mustExec(t, c, "DELETE FROM parent WHERE id = 1")
	mustExec(t, c, "SET foreign_key_checks = 1")
	mustExec(t, c, "INSERT INTO parent VALUES (1)")
	_, err = c.ExecContext(ctx, "INSERT INTO child VALUES (3, 5)")
	wantError(t, "after re-enabling", err, 1452, "Cannot add or update a child row: a foreign key constraint fails (`d`.`child`, CONSTRAINT `fk` FOREIGN KEY (`pid`) REFERENCES `parent` (`id`))")
	_, err = c.ExecContext(ctx, "DELETE FROM parent WHERE id = 1")
	if mysqlErrNo(err) != 1451 {
		t.Fatalf("delete referenced parent: %v", err)
	}
	// The global setting is what new connections start with.
	mustExec(t, root, "SET GLOBAL foreign_key_checks = 0")
	defer mustExec(t, root, "SET GLOBAL foreign_key_checks = 1")
	c2, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	mustExec(t, c2, "INSERT INTO child VALUES (3, 5)")
	mustExec(t, c2, "DROP TABLE parent")
}

// TestCheckConstraints covers table and column checks, NOT ENFORCED,
// ALTER TABLE ADD/DROP CHECK and SHOW CREATE TABLE.
func TestCheckConstraints(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE k")
	db := ts.connect("k")
	ctx := context.Background()
	mustExec(t, db, "CREATE TABLE k (a INT, b INT, CHECK (a > 0), CONSTRAINT bpos CHECK (b > a) NOT ENFORCED, c INT CHECK (c < 10))")
	got := showCreateTable(t, db, "k")
	for _, want := range []string{
		"CONSTRAINT `k_chk_1` CHECK ((`a` > 0))",
		"CONSTRAINT `bpos` CHECK ((`b` > `a`)) /*!80016 NOT ENFORCED */",
		"CONSTRAINT `k_chk_2` CHECK ((`c` < 10))",
	} {
		if !strings.Contains(got, want) {
			t.Fatalf("SHOW CREATE TABLE k lacks %q:\n%s", want, got)
		}
	}
	mustExec(t, db, "INSERT INTO k VALUES (1, 0, 3)") // bpos is not enforced
	_, err := db.ExecContext(ctx, "INSERT INTO k VALUES (0, 2, 3)")
	wantError(t, "table check", err, 3819, "Check constraint 'k_chk_1' is violated.")
	_, err = db.ExecContext(ctx, "INSERT INTO k VALUES (1, 2, 30)")
	wantError(t, "column check", err, 3819, "Check constraint 'k_chk_2' is violated.")
	_, err = db.ExecContext(ctx, "UPDATE k SET a = -1")
	wantError(t, "update", err, 3819, "Check constraint 'k_chk_1' is violated.")
	mustExec(t, db, "INSERT INTO k VALUES (NULL, 2, 3)") // NULL is not a violation
	mustExec(t, db, "ALTER TABLE k ADD CONSTRAINT small CHECK (a < 100)")
	_, err = db.ExecContext(ctx, "INSERT INTO k VALUES (200, 0, 3)")
	wantError(t, "added check", err, 3819, "Check constraint 'small' is violated.")
	mustExec(t, db, "ALTER TABLE k DROP CHECK small")
	mustExec(t, db, "INSERT INTO k VALUES (200, 0, 3)")
	_, err = db.ExecContext(ctx, "ALTER TABLE k ADD CONSTRAINT small CHECK (a < 100)")
	wantError(t, "add check over violating rows", err, 3819, "Check constraint 'small' is violated.")
	_, err = db.ExecContext(ctx, "ALTER TABLE k DROP CHECK nope")
	wantError(t, "drop missing check", err, 3821, "Check constraint 'nope' is not found in the table.")
	_, err = db.ExecContext(ctx, "ALTER TABLE k DROP CONSTRAINT nope")
	wantError(t, "drop missing constraint", err, 3940, "Constraint 'nope' does not exist.")
	_, err = db.ExecContext(ctx, "ALTER TABLE k ADD CONSTRAINT bpos CHECK (b >= 0)")
	wantError(t, "duplicate check", err, 3822, "Duplicate check constraint name 'bpos'.")

	ts.srv.Close()
	ts = startServer(t, ts.dir)
	db = ts.connect("k")
	_, err = db.ExecContext(ctx, "INSERT INTO k VALUES (0, 2, 3)")
	wantError(t, "after restart", err, 3819, "Check constraint 'k_chk_1' is violated.")
	wantRows(t, db, "SELECT CONSTRAINT_NAME, CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 'k' ORDER BY 1",
		"bpos,(`b` > `a`)", "k_chk_1,(`a` > 0)", "k_chk_2,(`c` < 10)")
}

// TestCloneKeepsForeignKeys: a clone's foreign keys reference the clone's
// own tables (and keep references to other schemas), and are enforced.
func TestCloneKeepsForeignKeys(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	for _, q := range []string{
		"CREATE DATABASE common",
		"CREATE TABLE common.country (code CHAR(2) PRIMARY KEY)",
		"INSERT INTO common.country VALUES ('fr')",
		"CREATE DATABASE tplfk",
		"CREATE TABLE tplfk.p (id INT PRIMARY KEY)",
		"CREATE TABLE tplfk.c (id INT PRIMARY KEY, pid INT, cc CHAR(2), CONSTRAINT fk_p FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE, " +
			"CONSTRAINT fk_cc FOREIGN KEY (cc) REFERENCES common.country (code), CHECK (id > 0))",
		"INSERT INTO tplfk.p VALUES (1), (2)",
		"INSERT INTO tplfk.c VALUES (1, 1, 'fr'), (2, 2, NULL)",
		"CREATE DATABASE t1 LIKE tplfk WITH DATA",
	} {
		mustExec(t, db, q)
	}
	got := showCreateTable(t, db, "t1.c")
	for _, want := range []string{
		"CONSTRAINT `fk_p` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE",
		"CONSTRAINT `fk_cc` FOREIGN KEY (`cc`) REFERENCES `common`.`country` (`code`)",
		"CONSTRAINT `c_chk_1` CHECK ((`id` > 0))",
	} {
		if !strings.Contains(got, want) {
			t.Fatalf("clone's SHOW CREATE TABLE lacks %q:\n%s", want, got)
		}
	}
	// The clone's child follows the clone's parent, not the template's.
	mustExec(t, db, "DELETE FROM t1.p WHERE id = 1")
	wantRows(t, db, "SELECT id FROM t1.c ORDER BY id", "2")
	wantRows(t, db, "SELECT id FROM tplfk.c ORDER BY id", "1", "2")
	_, err := db.ExecContext(ctx, "INSERT INTO t1.c VALUES (3, 1, NULL)")
	wantError(t, "clone orphan", err, 1452, "Cannot add or update a child row: a foreign key constraint fails (`t1`.`c`, CONSTRAINT `fk_p` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE)")
	_, err = db.ExecContext(ctx, "INSERT INTO t1.c VALUES (3, 2, 'xx')")
	if mysqlErrNo(err) != 1452 {
		t.Fatalf("clone's cross-schema key: %v", err)
	}
	_, err = db.ExecContext(ctx, "DELETE FROM common.country WHERE code = 'fr'")
	if mysqlErrNo(err) != 1451 {
		t.Fatalf("shared parent referenced by template and clone: %v", err)
	}
	_, err = db.ExecContext(ctx, "INSERT INTO t1.c VALUES (-1, 2, NULL)")
	if mysqlErrNo(err) != 3819 {
		t.Fatalf("clone's check: %v", err)
	}
}

// TestSelfReferencingForeignKey: a tree deleted by cascade, a multi-column
// key updated by cascade, and a self-referencing table renamed.
func TestSelfReferencingForeignKey(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE s")
	db := ts.connect("s")
	ctx := context.Background()
	mustExec(t, db, "CREATE TABLE tree (id INT PRIMARY KEY, parent INT, FOREIGN KEY (parent) REFERENCES tree (id) ON DELETE CASCADE)")
	mustExec(t, db, "INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 2), (4, 1), (5, NULL)")
	mustExec(t, db, "DELETE FROM tree WHERE id = 1")
	wantRows(t, db, "SELECT id FROM tree", "5")
	mustExec(t, db, "RENAME TABLE tree TO forest")
	if got := showCreateTable(t, db, "forest"); !strings.Contains(got, "CONSTRAINT `forest_ibfk_1` FOREIGN KEY (`parent`) REFERENCES `forest` (`id`) ON DELETE CASCADE") {
		t.Fatalf("renamed self-referencing table:\n%s", got)
	}
	_, err := db.ExecContext(ctx, "INSERT INTO forest VALUES (6, 42)")
	if mysqlErrNo(err) != 1452 {
		t.Fatalf("orphan in renamed tree: %v", err)
	}
	mustExec(t, db, "INSERT INTO forest VALUES (6, 5)")
	mustExec(t, db, "DELETE FROM forest WHERE id = 5")
	wantRows(t, db, "SELECT COUNT(*) FROM forest", "0")

	mustExec(t, db, "CREATE TABLE mp (a INT, b INT, PRIMARY KEY (a, b))")
	mustExec(t, db, "CREATE TABLE mc (id INT PRIMARY KEY, a INT, b INT, FOREIGN KEY (a, b) REFERENCES mp (a, b) ON UPDATE CASCADE)")
	mustExec(t, db, "INSERT INTO mp VALUES (1, 1), (1, 2)")
	mustExec(t, db, "INSERT INTO mc VALUES (1, 1, 1), (2, 1, 2), (3, NULL, 7)")
	_, err = db.ExecContext(ctx, "INSERT INTO mc VALUES (4, 2, 1)")
	wantError(t, "multi-column orphan", err, 1452, "Cannot add or update a child row: a foreign key constraint fails (`s`.`mc`, CONSTRAINT `mc_ibfk_1` FOREIGN KEY (`a`, `b`) REFERENCES `mp` (`a`, `b`) ON UPDATE CASCADE)")
	mustExec(t, db, "UPDATE mp SET b = b + 10")
	wantRows(t, db, "SELECT id, a, b FROM mc ORDER BY id", "1,1,11", "2,1,12", "3,NULL,7")
}

// TestForeignKeyLocks: a child insert locks its parent row shared, and a
// cascade locks the child rows it changes, so concurrent writers wait (and
// time out with 1205) instead of breaking the constraint.
func TestForeignKeyLocks(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE l")
	db := ts.connect("l")
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY)")
	mustExec(t, db, "CREATE TABLE c (id INT PRIMARY KEY, pid INT, n INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE)")
	mustExec(t, db, "INSERT INTO p VALUES (1), (2), (3)")
	mustExec(t, db, "INSERT INTO c VALUES (20, 2, 0), (30, 3, 0)")
	cs := conns(t, db, 2)
	a, b := cs[0], cs[1]
	mustExec(t, b, "SET innodb_lock_wait_timeout = 1")

	mustExec(t, a, "BEGIN")
	mustExec(t, a, "INSERT INTO c VALUES (10, 1, 0)")
	_, err := b.ExecContext(context.Background(), "DELETE FROM p WHERE id = 1")
	if mysqlErrNo(err) != 1205 {
		t.Fatalf("deleting a parent row an open insert references: %v, want 1205", err)
	}
	mustExec(t, b, "DELETE FROM p WHERE id = 3") // other rows are free
	mustExec(t, a, "COMMIT")

	mustExec(t, a, "BEGIN")
	mustExec(t, a, "DELETE FROM p WHERE id = 2")
	_, err = b.ExecContext(context.Background(), "UPDATE c SET n = 1 WHERE id = 20")
	if mysqlErrNo(err) != 1205 {
		t.Fatalf("updating a child row an open cascade deleted: %v, want 1205", err)
	}
	mustExec(t, a, "ROLLBACK")
	mustExec(t, b, "UPDATE c SET n = 1 WHERE id = 20")
	wantRows(t, db, "SELECT id, pid, n FROM c ORDER BY id", "10,1,0", "20,2,1")
}

// TestDropDatabaseWithForeignKeys: dropping a schema whose tables reference
// another schema's table frees that table (the reverse entries it leaves
// behind are ignored), and a re-created child is enforced again.
func TestDropDatabaseWithForeignKeys(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	for _, q := range []string{
		"CREATE DATABASE par", "CREATE DATABASE kid",
		"CREATE TABLE par.p (id INT PRIMARY KEY)",
		"INSERT INTO par.p VALUES (1)",
		"CREATE TABLE kid.c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES par.p (id))",
		"INSERT INTO kid.c VALUES (1, 1)",
	} {
		mustExec(t, db, q)
	}
	if _, err := db.ExecContext(ctx, "DELETE FROM par.p WHERE id = 1"); mysqlErrNo(err) != 1451 {
		t.Fatalf("before DROP DATABASE: %v", err)
	}
	mustExec(t, db, "DROP DATABASE kid")
	mustExec(t, db, "DELETE FROM par.p WHERE id = 1")
	mustExec(t, db, "CREATE DATABASE kid")
	mustExec(t, db, "CREATE TABLE kid.c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES par.p (id))")
	if _, err := db.ExecContext(ctx, "INSERT INTO kid.c VALUES (1, 1)"); mysqlErrNo(err) != 1452 {
		t.Fatalf("re-created child: %v", err)
	}
	mustExec(t, db, "INSERT INTO par.p VALUES (1)")
	mustExec(t, db, "INSERT INTO kid.c VALUES (1, 1)")
	if _, err := db.ExecContext(ctx, "DROP TABLE par.p"); mysqlErrNo(err) != 3730 {
		t.Fatalf("drop referenced parent: %v", err)
	}
	mustExec(t, db, "DROP TABLE kid.c")
	mustExec(t, db, "DROP TABLE par.p")
}
