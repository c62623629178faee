package server

import (
	"context"
	"testing"
)

// TestTriggersOfOtherSchema: a statement writing mtb.t from a session in
// mta (or with no database selected) fires mtb.t's triggers, and their
// bodies run in mtb: an unqualified table is mtb's, DATABASE() is 'mtb'
// (MySQL's sp_head::execute makes the trigger's schema current). mta has a
// table t with same-named triggers and a log of its own, which must stay
// untouched. Before, GMS parsed and planned the trigger bodies in the
// session's database: the INSERT wrote the trigger's log row into mta.lg,
// the UPDATE failed 1146 "Table 'mta.t' doesn't exist" when mta had no t,
// and with no database selected every statement failed (1046 / 1146).
// Expected values are MariaDB 10.11's (logs ordered by text, then mtb.t).
func TestTriggersOfOtherSchema(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	ctx := context.Background()
	setup := func(withA bool) {
		for _, q := range []string{
			"DROP DATABASE IF EXISTS mta", "DROP DATABASE IF EXISTS mtb",
			"CREATE DATABASE mta", "CREATE DATABASE mtb",
			"CREATE TABLE mtb.t (id INT PRIMARY KEY, n INT)",
			"CREATE TABLE mtb.u (id INT PRIMARY KEY, n INT)",
			"CREATE TABLE mtb.lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(60))",
			"INSERT INTO mtb.t VALUES (1, 0), (2, 0), (3, 0)",
			"INSERT INTO mtb.u VALUES (1, 1), (2, 2), (3, 3)",
		} {
			mustExec(t, root, q)
		}
		b := pinnedConn(t, root)
		mustExec(t, b, "USE mtb")
		for _, q := range []string{
			"CREATE TRIGGER tbi BEFORE INSERT ON t FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('b-bi', NEW.id, '@', DATABASE()))",
			"CREATE TRIGGER tau AFTER UPDATE ON t FOR EACH ROW BEGIN INSERT INTO lg (what) VALUES (CONCAT('b-au', NEW.id, '@', DATABASE())); END",
			"CREATE TRIGGER tbd BEFORE DELETE ON t FOR EACH ROW INSERT INTO lg (what) SELECT CONCAT('b-bd', OLD.id, '@', DATABASE(), ':', n) FROM u WHERE u.id = OLD.id",
		} {
			mustExec(t, b, q)
		}
		if !withA {
			return
		}
		mustExec(t, root, "CREATE TABLE mta.t (id INT PRIMARY KEY, n INT)")
		mustExec(t, root, "CREATE TABLE mta.lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(60))")
		mustExec(t, root, "INSERT INTO mta.t VALUES (1, 0), (2, 0), (3, 0)")
		a := pinnedConn(t, root)
		mustExec(t, a, "USE mta")
		for _, q := range []string{
			"CREATE TRIGGER tbi BEFORE INSERT ON t FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('a-bi', NEW.id, '@', DATABASE()))",
			"CREATE TRIGGER tau AFTER UPDATE ON t FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('a-au', NEW.id, '@', DATABASE()))",
			"CREATE TRIGGER tbd BEFORE DELETE ON t FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('a-bd', OLD.id, '@', DATABASE()))",
		} {
			mustExec(t, a, q)
		}
	}
	const stateQ = "SELECT CONCAT(IFNULL((SELECT GROUP_CONCAT(what ORDER BY what SEPARATOR ';') FROM mtb.lg), ''), '/', " +
		"(SELECT GROUP_CONCAT(id, ':', n ORDER BY id) FROM mtb.t))"
	cases := []struct {
		q, qp string
		arg   any
		want  string
		noDB  bool // also run with no database selected
	}{
		{"INSERT INTO mtb.t VALUES (4, 0)", "INSERT INTO mtb.t VALUES (?, 0)", 4,
			"b-bi4@mtb/1:0,2:0,3:0,4:0", true},
		{"UPDATE mtb.t SET n = 5 WHERE id = 1", "UPDATE mtb.t SET n = 5 WHERE id = ?", 1,
			"b-au1@mtb/1:5,2:0,3:0", true},
		{"UPDATE mtb.t JOIN mtb.u ON t.id = u.id SET t.n = 7 WHERE u.n = 2",
			"UPDATE mtb.t JOIN mtb.u ON t.id = u.id SET t.n = 7 WHERE u.n = ?", 2,
			"b-au2@mtb/1:0,2:7,3:0", true},
		{"DELETE FROM mtb.t WHERE id = 3", "DELETE FROM mtb.t WHERE id = ?", 3,
			"b-bd3@mtb:3/1:0,2:0", true},
		// MariaDB refuses this one with no database selected (1046).
		{"DELETE q FROM mtb.t AS q WHERE q.id = 2", "DELETE q FROM mtb.t AS q WHERE q.id = ?", 2,
			"b-bd2@mtb:2/1:0,3:0", false},
		{"DELETE FROM mtb.t WHERE id IN (SELECT id FROM mtb.u WHERE n = 1)",
			"DELETE FROM mtb.t WHERE id IN (SELECT id FROM mtb.u WHERE n = ?)", 1,
			"b-bd1@mtb:1/2:0,3:0", true},
		{"INSERT INTO mtb.t SELECT id + 10, n FROM mtb.u WHERE id = 1",
			"INSERT INTO mtb.t SELECT id + 10, n FROM mtb.u WHERE id = ?", 1,
			"b-bi11@mtb/1:0,2:0,3:0,11:1", true},
	}
	for _, tc := range cases {
		for _, session := range []string{"mta", "mta (no t)", ""} {
			if session == "" && !tc.noDB {
				continue
			}
			for _, prepared := range []bool{false, true} {
				withA := session == "mta"
				setup(withA)
				db := root
				if session != "" {
					db = ts.connect("mta")
				}
				q, args := tc.q, []any(nil)
				if prepared {
					q, args = tc.qp, []any{tc.arg}
				}
				if _, err := db.ExecContext(ctx, q, args...); err != nil {
					t.Errorf("[%s] %s %v: %v", session, q, args, err)
					continue
				}
				if got := joinRows(queryRows(t, root, stateQ)); got != tc.want {
					t.Errorf("[%s] %s %v: %s, want %s", session, q, args, got, tc.want)
				}
				if withA {
					got := joinRows(queryRows(t, root,
						"SELECT CONCAT(COUNT(*), '/', (SELECT GROUP_CONCAT(id, ':', n ORDER BY id) FROM mta.t)) FROM mta.lg"))
					if got != "0/1:0,2:0,3:0" {
						t.Errorf("[%s] %s %v: mta's log and t %s, want 0/1:0,2:0,3:0", session, q, args, got)
					}
				}
			}
		}
	}
}

// TestNestedTriggersOfOtherSchema: a trigger of nb.t whose INSERT fires
// nb.lg's trigger, from a session in na: both bodies run in nb (their
// unqualified tables and DATABASE() are nb's), na's same-named table stays
// empty. MariaDB 10.11's answer.
func TestNestedTriggersOfOtherSchema(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE na", "CREATE DATABASE nb",
		"CREATE TABLE nb.t (id INT PRIMARY KEY)",
		"CREATE TABLE nb.lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40))",
		"CREATE TABLE nb.lg2 (what VARCHAR(40))", "CREATE TABLE na.lg2 (what VARCHAR(40))",
	} {
		mustExec(t, root, q)
	}
	b := pinnedConn(t, root)
	mustExec(t, b, "USE nb")
	mustExec(t, b, "CREATE TRIGGER ti AFTER INSERT ON t FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('t', NEW.id, DATABASE()))")
	mustExec(t, b, "CREATE TRIGGER li AFTER INSERT ON lg FOR EACH ROW INSERT INTO lg2 VALUES (CONCAT('lg:', NEW.what, ':', DATABASE()))")
	mustExec(t, ts.connect("na"), "INSERT INTO nb.t VALUES (1)")
	got := joinRows(queryRows(t, root, "SELECT CONCAT((SELECT GROUP_CONCAT(what) FROM nb.lg2), '/', "+
		"(SELECT COUNT(*) FROM na.lg2), '/', (SELECT GROUP_CONCAT(what) FROM nb.lg))"))
	if want := "lg:t1nb:nb/0/t1nb"; got != want {
		t.Errorf("nested triggers from na: %s, want %s", got, want)
	}
}

// TestMultiTableDeleteFiresTriggers: `DELETE a, b FROM a JOIN b ...` and
// `DELETE b FROM a JOIN b ...` delete each target's joined rows once and
// fire each target's BEFORE and AFTER DELETE triggers once per deleted row
// (a trigger writing other tables, one raising SIGNAL, which undoes the
// whole statement); a FOREIGN KEY cascade deletes c's rows without firing
// c's trigger (MySQL fires none for cascaded rows). GMS refused each with
// 1105 "delete from with explicit target tables does not support
// triggers". The last case has no triggers: GMS deleted a's row while the
// join still looked it up for b's second row, which then stayed (2 rows
// deleted; MySQL and MariaDB 3). Expected values are MariaDB 10.11's (rows
// affected; a, b, c ids / a trigger's running sum / the log by text).
func TestMultiTableDeleteFiresTriggers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE md")
	db := ts.connect("md")
	reset := []string{
		"DROP TABLE IF EXISTS c, b, a, lg, cnt, p, q",
		"CREATE TABLE a (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT)",
		"CREATE TABLE c (id INT PRIMARY KEY, bid INT, FOREIGN KEY (bid) REFERENCES b (id) ON DELETE CASCADE)",
		"CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40))",
		"CREATE TABLE cnt (k INT PRIMARY KEY, v INT)",
		"CREATE TABLE p (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE q (id INT PRIMARY KEY, pid INT)",
		"INSERT INTO cnt VALUES (1, 0)",
		"INSERT INTO a VALUES (1, 10), (2, 20), (3, 30)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 1, 0), (3, 2, 0), (4, 3, 7)",
		"INSERT INTO c VALUES (1, 1), (2, 3)",
		"INSERT INTO p VALUES (1, 10), (2, 20)",
		"INSERT INTO q VALUES (1, 1), (2, 1), (3, 2)",
		"CREATE TRIGGER abd BEFORE DELETE ON a FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('abd', OLD.id))",
		"CREATE TRIGGER aad AFTER DELETE ON a FOR EACH ROW UPDATE cnt SET v = v + OLD.n WHERE k = 1",
		"CREATE TRIGGER bbd BEFORE DELETE ON b FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('bbd', OLD.id, ':', OLD.m))",
		"CREATE TRIGGER bad AFTER DELETE ON b FOR EACH ROW BEGIN " +
			"INSERT INTO lg (what) VALUES (CONCAT('bad', OLD.id)); " +
			"IF OLD.m > 5 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'big'; END IF; END",
		"CREATE TRIGGER cbd BEFORE DELETE ON c FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('cbd', OLD.id))",
	}
	const stateQ = "SELECT CONCAT((SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM a), '/', " +
		"(SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM b), '/', " +
		"(SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM c), '/', (SELECT v FROM cnt), '/', " +
		"IFNULL((SELECT GROUP_CONCAT(what ORDER BY what SEPARATOR ';') FROM lg), ''), '/', " +
		"(SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM p), '/', (SELECT IFNULL(GROUP_CONCAT(id ORDER BY id), '') FROM q))"
	const start = "1,2,3/1,2,3,4/1,2/0//1,2/1,2,3"
	cases := []dmlCase{
		{"DELETE a, b FROM a JOIN b ON a.id = b.aid WHERE a.n <= 10",
			"DELETE a, b FROM a JOIN b ON a.id = b.aid WHERE a.n <= ?", 10, 0, 3,
			"2,3/3,4/2/10/abd1;bad1;bad2;bbd1:0;bbd2:0/1,2/1,2,3"},
		{"DELETE b FROM a JOIN b ON a.id = b.aid WHERE a.n <= 20",
			"DELETE b FROM a JOIN b ON a.id = b.aid WHERE a.n <= ?", 20, 0, 3,
			"1,2,3/4//0/bad1;bad2;bad3;bbd1:0;bbd2:0;bbd3:0/1,2/1,2,3"},
		{"DELETE a FROM a JOIN b ON a.id = b.aid WHERE b.m = 0",
			"DELETE a FROM a JOIN b ON a.id = b.aid WHERE b.m = ?", 0, 0, 2,
			"3/1,2,3,4/1,2/30/abd1;abd2/1,2/1,2,3"},
		{"DELETE b, a FROM b JOIN a ON a.id = b.aid WHERE a.n = 20",
			"DELETE b, a FROM b JOIN a ON a.id = b.aid WHERE a.n = ?", 20, 0, 2,
			"1,3/1,2,4/1/20/abd2;bad3;bbd3:0/1,2/1,2,3"},
		{"DELETE x, y FROM a AS x JOIN b AS y ON x.id = y.aid WHERE x.id = 2",
			"DELETE x, y FROM a AS x JOIN b AS y ON x.id = y.aid WHERE x.id = ?", 2, 0, 2,
			"1,3/1,2,4/1/20/abd2;bad3;bbd3:0/1,2/1,2,3"},
		{"DELETE a FROM a LEFT JOIN b ON a.id = b.aid AND b.m > 100 WHERE b.id IS NULL AND a.id < 3",
			"DELETE a FROM a LEFT JOIN b ON a.id = b.aid AND b.m > 100 WHERE b.id IS NULL AND a.id < ?", 3, 0, 2,
			"3/1,2,3,4/1,2/30/abd1;abd2/1,2/1,2,3"},
		{"DELETE b FROM b JOIN a ON a.id = b.aid WHERE b.id IN (SELECT bid FROM c)",
			"DELETE b FROM b JOIN a ON a.id = b.aid WHERE b.id IN (SELECT bid FROM c WHERE id > ?)", 0, 0, 2,
			"1,2,3/2,4//0/bad1;bad3;bbd1:0;bbd3:0/1,2/1,2,3"},
		// bad fails for b's row 4: nothing of the statement stays.
		{"DELETE a, b FROM a JOIN b ON a.id = b.aid",
			"DELETE a, b FROM a JOIN b ON a.id = b.aid WHERE a.id > ?", 0, 1644, 0, start},
		// No triggers: every joined row's parts go.
		{"DELETE p, q FROM p JOIN q ON p.id = q.pid WHERE p.n <= 10",
			"DELETE p, q FROM p JOIN q ON p.id = q.pid WHERE p.n <= ?", 10, 0, 3,
			"1,2,3/1,2,3,4/1,2/0//2/3"},
	}
	runDMLCases(t, db, reset, stateQ, cases)
}
