package server

import (
	"strings"
	"testing"
)

// TestViewCheckOption: CREATE VIEW ... WITH LOCAL CHECK OPTION is accepted
// (was 1105 unsupported syntax); information_schema.VIEWS answers the
// check option (was NONE for every view) and IS_UPDATABLE by MySQL's rules;
// SHOW CREATE VIEW prints the clause (it printed the body with a trailing
// "with"), also after a restart.
func TestViewCheckOption(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE p")
	db := ts.connect("p")
	mustExec(t, db, "CREATE TABLE p.vb (id INT PRIMARY KEY, a INT, b VARCHAR(5))")
	mustExec(t, db, "CREATE VIEW p.v1 AS SELECT id, a, b FROM p.vb WHERE a < 3 WITH CHECK OPTION")
	mustExec(t, db, "CREATE VIEW p.v2 AS SELECT id, a FROM p.vb WHERE a > 0 WITH LOCAL CHECK OPTION")
	mustExec(t, db, "CREATE VIEW p.v3 AS SELECT id FROM p.v1 WITH CASCADED CHECK OPTION")
	mustExec(t, db, "CREATE VIEW p.v4 AS SELECT a, COUNT(*) c FROM p.vb GROUP BY a")
	mustExec(t, db, "CREATE VIEW p.v5 AS SELECT * FROM p.vb LIMIT 2")
	check := func(when string) {
		t.Helper()
		var got []string
		for _, r := range queryRows(t, db, "SELECT table_name, check_option, is_updatable FROM information_schema.views WHERE table_schema = 'p' ORDER BY table_name") {
			got = append(got, strings.Join(r, "|"))
		}
		want := "v1|CASCADED|YES v2|LOCAL|YES v3|CASCADED|YES v4|NONE|NO v5|NONE|NO"
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: VIEWS %q, want %q", when, g, want)
		}
		for v, want := range map[string]string{
			"v1": "CREATE VIEW `v1` AS SELECT id, a, b FROM p.vb WHERE a < 3 WITH CASCADED CHECK OPTION",
			"v2": "CREATE VIEW `v2` AS SELECT id, a FROM p.vb WHERE a > 0 WITH LOCAL CHECK OPTION",
			"v4": "CREATE VIEW `v4` AS SELECT a, COUNT(*) c FROM p.vb GROUP BY a",
		} {
			if r := queryRows(t, db, "SHOW CREATE VIEW p."+v); len(r) != 1 || r[0][1] != want {
				t.Errorf("%s: SHOW CREATE VIEW %s: %v, want %q", when, v, r, want)
			}
		}
		if r := queryRows(t, db, "SELECT view_definition FROM information_schema.views WHERE table_name = 'v2'"); len(r) != 1 || r[0][0] != "SELECT id, a FROM p.vb WHERE a > 0" {
			t.Errorf("%s: VIEW_DEFINITION of v2: %v", when, r)
		}
	}
	check("created")
	db.Close()
	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("p")
	check("after a restart")
}
