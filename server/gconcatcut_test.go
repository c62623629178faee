package server

import (
	"encoding/hex"
	"testing"
)

// GROUP_CONCAT's cut at group_concat_max_len (issue #9): MySQL cuts at a
// character boundary (item_sum.cc, well_formed_len) and warns 1260; GMS cut
// inside a UTF-8 character, so the client got error 1366, and warned nothing.
func TestGroupConcatCut(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	db.SetMaxOpenConns(1) // SHOW WARNINGS reads the previous statement's.
	mustExec(t, db, "CREATE TABLE g (id INT PRIMARY KEY, a INT, s VARCHAR(20) CHARSET utf8mb4)")
	mustExec(t, db, "INSERT INTO g VALUES (1, 1, 'éééé'), (2, 1, 'abc'), (3, 2, 'xyz')")
	mustExec(t, db, "SET SESSION group_concat_max_len = 5")

	for _, c := range []struct{ q, want, warn string }{
		{"SELECT HEX(GROUP_CONCAT(s ORDER BY id)) FROM g", "C3A9C3A9", "Row 1 was cut by GROUP_CONCAT()"},
		{"SELECT HEX(GROUP_CONCAT(s ORDER BY id DESC SEPARATOR '')) FROM g", "78797A6162", "Row 2 was cut by GROUP_CONCAT()"},
		{"SELECT HEX(GROUP_CONCAT(s ORDER BY id DESC)) FROM g", "78797A2C61", "Row 2 was cut by GROUP_CONCAT()"},
		{"SELECT HEX(GROUP_CONCAT(DISTINCT s ORDER BY s DESC)) FROM g WHERE a = 1", "C3A9C3A9", "Row 1 was cut by GROUP_CONCAT()"},
		{"SELECT HEX((SELECT GROUP_CONCAT(s ORDER BY id) FROM g))", "C3A9C3A9", "Row 1 was cut by GROUP_CONCAT()"},
		{"SELECT HEX(GROUP_CONCAT(s ORDER BY id)) FROM g WHERE a = 2", "78797A", ""},
	} {
		rows := queryRows(t, db, c.q)
		if len(rows) != 1 || rows[0][0] != c.want {
			t.Errorf("%s: %v, want %s", c.q, rows, c.want)
		}
		w := queryRows(t, db, "SHOW WARNINGS")
		if c.warn == "" {
			if len(w) != 0 {
				t.Errorf("%s: warnings %v, want none", c.q, w)
			}
			continue
		}
		if len(w) == 0 || w[0][1] != "1260" || w[0][2] != c.warn {
			t.Errorf("%s: warnings %v, want 1260 %s", c.q, w, c.warn)
		}
	}

	// The value itself reaches the client: no 1366 for a split character.
	var s string
	if err := db.QueryRow("SELECT GROUP_CONCAT(s ORDER BY id) FROM g").Scan(&s); err != nil {
		t.Fatalf("GROUP_CONCAT cut in a character: %v", err)
	}
	if s != "éé" {
		t.Errorf("GROUP_CONCAT cut: %q (%s), want éé", s, hex.EncodeToString([]byte(s)))
	}
	got := joinRows(queryRows(t, db, "SELECT a, GROUP_CONCAT(s ORDER BY id) FROM g GROUP BY a ORDER BY a"))
	if got != "1 éé|2 xyz" {
		t.Errorf("GROUP BY a: %q, want 1 éé / 2 xyz", got)
	}
}
