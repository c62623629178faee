package server

import (
	"encoding/hex"
	"strings"
	"testing"
)

// SHOW CREATE TABLE prints ENUM and SET defaults as their values (MySQL's
// text), not the stored numbers: a dump reloads the text, and Alembic's
// autogenerate reads defaults from it.
func TestShowCreateEnumSetDefault(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, s ENUM('draft','published') NOT NULL DEFAULT 'published', "+
		"q ENUM('a''s','b') DEFAULT 'a''s', f SET('x','y','z') NOT NULL DEFAULT 'z,x')")
	mustExec(t, db, "ALTER TABLE d.t ADD COLUMN s2 ENUM('p','q','r') NOT NULL DEFAULT 'r'")
	got := queryRows(t, db, "SHOW CREATE TABLE d.t")[0][1]
	for _, want := range []string{
		"`s` enum('draft','published') NOT NULL DEFAULT 'published',",
		"DEFAULT 'a''s',",
		"`f` set('x','y','z') NOT NULL DEFAULT 'x,z',",
		"`s2` enum('p','q','r') NOT NULL DEFAULT 'r',",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", want, got)
		}
	}
	// The printed statement recreates the same defaults.
	mustExec(t, db, "CREATE DATABASE d2")
	mustExec(t, db, strings.Replace(got, "CREATE TABLE `t`", "CREATE TABLE d2.t", 1))
	mustExec(t, db, "INSERT INTO d2.t (id) VALUES (1)")
	if r := queryRows(t, db, "SELECT s, q, f, s2 FROM d2.t"); strings.Join(r[0], "|") != "published|a's|x,z|r" {
		t.Errorf("defaults after reload: %v", r)
	}
}

// MySQL's numbers, states and words for errors SQLAlchemy/Alembic met.
func TestAppsErrors(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, e VARCHAR(10) NOT NULL, b TEXT)")
	for _, c := range []struct{ q, want string }{
		{"INSERT INTO d.t VALUES (1, NULL, 'x')", "Error 1048 (23000): Column 'e' cannot be null"},
		{"ALTER TABLE d.t CHANGE nosuch c TEXT NULL", "Error 1054 (42S22): Unknown column 'nosuch' in 't'"},
	} {
		_, err := db.Exec(c.q)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %s", c.q, err, c.want)
		}
	}
}

// The collation a client names in its handshake is the session's, as in
// MySQL and MariaDB: character_set_client/_connection/_results are its
// character set, collation_connection the collation itself; results are
// sent in that character set, with '?' for characters it lacks.
// (go-sql-driver sends collation= in the handshake for ids below 256.)
func TestHandshakeCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, s VARCHAR(10) CHARACTER SET utf8mb4, l VARCHAR(10) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO d.t VALUES (1, 'é😀', 'é')")
	for _, c := range []struct {
		coll, cs string
		hex      string // HEX of what the client receives for s, l
	}{
		{"latin1_general_ci", "latin1", "E93F E9"},
		{"utf8mb4_unicode_ci", "utf8mb4", "C3A9F09F9880 C3A9"},
		{"utf8_general_ci", "utf8mb3", "C3A93F C3A9"},
		{"binary", "binary", "C3A9F09F9880 E9"},
		{"cp1257_bin", "cp1257", ""},
	} {
		t.Run(c.coll, func(t *testing.T) {
			cdb := ts.connectWith("d", "collation="+c.coll)
			got := queryRows(t, cdb, "SELECT @@character_set_client, @@character_set_connection, @@character_set_results, @@collation_connection")
			want := []string{c.cs, c.cs, c.cs, strings.Replace(c.coll, "utf8_", "utf8mb3_", 1)}
			if strings.Join(got[0], " ") != strings.Join(want, " ") {
				t.Errorf("session %v, want %v", got[0], want)
			}
			if c.hex == "" {
				return
			}
			var s, l []byte
			if err := cdb.QueryRow("SELECT s, l FROM t").Scan(&s, &l); err != nil {
				t.Fatal(err)
			}
			if h := strings.ToUpper(hex.EncodeToString(s) + " " + hex.EncodeToString(l)); h != c.hex {
				t.Errorf("received %s, want %s", h, c.hex)
			}
			// The binary protocol converts the same way.
			if err := cdb.QueryRow("SELECT s, l FROM t WHERE id = ?", 1).Scan(&s, &l); err != nil {
				t.Fatal(err)
			}
			if h := strings.ToUpper(hex.EncodeToString(s) + " " + hex.EncodeToString(l)); h != c.hex {
				t.Errorf("prepared: received %s, want %s", h, c.hex)
			}
		})
	}
}
