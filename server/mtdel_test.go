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
