package server

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
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

// Zero dates and TIME values through the binary protocol (prepared
// statements; go-sql-driver with interpolateParams=false), as MariaDB 10.11
// answers the same statements: a zero DATE/DATETIME is sent with length 0
// (a driver building a time from the parts read -0001-11-30 before), TIME
// keeps its sign and hours past 24, and a date-and-time string CAST AS TIME
// is its time of day.
func TestBinaryTemporal(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, da DATE, dt DATETIME, ts TIMESTAMP NULL, ti TIME)")
	mustExec(t, db, "SET SESSION sql_mode = ''")
	for _, q := range []string{
		"INSERT INTO d.t VALUES (1, '0000-00-00', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '00:00:00')",
		"INSERT INTO d.t VALUES (2, '2024-02-29', '2024-02-29 23:59:58', '2024-02-29 23:59:58', '-838:59:59')",
		"INSERT INTO d.t VALUES (3, NULL, NULL, NULL, '838:59:59')",
		"INSERT INTO d.t VALUES (4, NULL, NULL, NULL, '-12:34:56')",
		"INSERT INTO d.t VALUES (5, NULL, NULL, NULL, '100:00:01')",
	} {
		c, err := db.Conn(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		mustExec(t, c, "SET SESSION sql_mode = ''")
		mustExec(t, c, q)
		c.Close()
	}
	text := ts.connectWith("d", "interpolateParams=false")
	want := map[int]string{
		1: "0000-00-00|0000-00-00 00:00:00|0000-00-00 00:00:00|00:00:00",
		2: "2024-02-29|2024-02-29 23:59:58|2024-02-29 23:59:58|-838:59:59",
		3: "NULL|NULL|NULL|838:59:59",
		4: "NULL|NULL|NULL|-12:34:56",
		5: "NULL|NULL|NULL|100:00:01",
	}
	for id, w := range want {
		// A parameter makes it a prepared statement: binary rows.
		got := queryRows(t, text, "SELECT da, dt, ts, ti FROM t WHERE id = ?", id)
		if strings.Join(got[0], "|") != w {
			t.Errorf("id %d: binary rows %v, want %s", id, got[0], w)
		}
	}
	// parseTime: a zero date is Go's zero time, as from MariaDB.
	pt := ts.connectWith("d", "interpolateParams=false&parseTime=true")
	var da, dt time.Time
	if err := pt.QueryRow("SELECT da, dt FROM t WHERE id = ?", 1).Scan(&da, &dt); err != nil {
		t.Fatal(err)
	}
	if !da.IsZero() || !dt.IsZero() {
		t.Errorf("zero date read as %v, %v; want the zero time", da, dt)
	}
	for _, c := range []struct{ arg, want string }{
		{"0000-00-00", "00:00:00"},
		{"0001-01-01 03:25:45", "03:25:45"},
		{"2024-01-15T10:11:12", "10:11:12"},
		{"-12:34:56", "-12:34:56"},
	} {
		var got string
		if err := text.QueryRow("SELECT CAST(? AS TIME)", c.arg).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("CAST(%q AS TIME) = %q, want %q", c.arg, got, c.want)
		}
	}
}

// Binary DATETIME and TIME parameters as the protocol library decodes them
// ("Y-M-D h:m:s.us" with us an unpadded count of microseconds, " " for a
// zero-length value) become MySQL's text for the same value.
func TestTemporalParams(t *testing.T) {
	p := &mysql.PrepareData{
		ParamsType: []int32{int32(querypb.Type_DATETIME), int32(querypb.Type_DATE), int32(querypb.Type_TIME),
			int32(querypb.Type_TIME), int32(querypb.Type_DATETIME), int32(querypb.Type_VARCHAR), int32(querypb.Type_TIME)},
		BindVars: map[string]*querypb.BindVariable{
			"v1": sqltypes.StringBindVariable("2024-1-5 3:4:5.789"),
			"v2": sqltypes.StringBindVariable(" "),
			"v3": sqltypes.StringBindVariable("-838:59:58.999999"),
			"v4": sqltypes.StringBindVariable("12:34:56.789"),
			"v5": sqltypes.StringBindVariable(" "),
			"v6": sqltypes.StringBindVariable("12:34:56.789"),
			"v7": sqltypes.StringBindVariable("0:0:0"),
		},
	}
	temporalParams(p)
	want := []string{"2024-01-05 03:04:05.000789", "0000-00-00", "-838:59:58.999999", "12:34:56.000789",
		"0000-00-00 00:00:00", "12:34:56.789", "00:00:00"}
	for i, w := range want {
		if got := string(p.BindVars[fmt.Sprintf("v%d", i+1)].Value); got != w {
			t.Errorf("v%d: %q, want %q", i+1, got, w)
		}
	}
}

// Unquoted identifiers with characters outside ASCII, which MySQL accepts
// (PyMySQL's test_issue_33: CREATE TABLE heiße); strings, quoted names and
// comments keep their text.
func TestNonASCIIIdentifiers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "CREATE TABLE heiße (näme VARCHAR(32), `ö` INT, n2 INT)")
	mustExec(t, db, "INSERT INTO heiße (näme, ö, n2) VALUES ('straße', 1, 2) /* ü */")
	got := queryRows(t, db, "SELECT näme AS größe, 'ä b', `ö` FROM d.heiße WHERE ö = 1 -- ä\n")
	if strings.Join(got[0], "|") != "straße|ä b|1" {
		t.Errorf("got %v", got)
	}
	if got := queryRows(t, db, "SHOW TABLES"); len(got) != 1 || got[0][0] != "heiße" {
		t.Errorf("SHOW TABLES %v", got)
	}
}

// LONG type synonyms in column definitions, as MySQL and MariaDB accept them
// (PyMySQL's thirdparty test_LONG_BYTE); quoted names and strings keep the
// words.
func TestLongTypeSynonyms(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (a LONG BYTE, b long  varbinary, c LONG VARCHAR, d LONG CHARACTER VARYING, "+
		"`long byte` INT COMMENT 'LONG BYTE')")
	mustExec(t, db, "ALTER TABLE d.t ADD COLUMN e LONG VARBINARY")
	got := queryRows(t, db, "SHOW CREATE TABLE d.t")[0][1]
	for _, want := range []string{"`a` mediumblob", "`b` mediumblob", "`c` mediumtext", "`d` mediumtext",
		"`long byte` int COMMENT 'LONG BYTE'", "`e` mediumblob"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
}

// A CALL whose body SELECTs and then fails (SIGNAL) sends the result set
// and then the error, as MySQL and MariaDB do (go-sql-driver's
// TestInterruptBySignal, text protocol): the error no longer replaces the
// rows already produced.
func TestCallSelectThenSignal(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, `CREATE PROCEDURE p(ret INT)
BEGIN
	SELECT ret;
	SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'an error', MYSQL_ERRNO = 45001;
END`)
	rows, err := db.Query("CALL p(42)")
	if err != nil {
		t.Fatalf("CALL: %v (want the SELECT's rows first)", err)
	}
	var got []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	for rows.NextResultSet() {
	}
	err = rows.Err()
	rows.Close()
	if len(got) != 1 || got[0] != 42 {
		t.Errorf("rows %v, want [42]", got)
	}
	if err == nil || !strings.Contains(err.Error(), "45001") || !strings.Contains(err.Error(), "an error") {
		t.Errorf("error after the rows: %v, want 45001 'an error'", err)
	}
	// The connection goes on.
	if r := queryRows(t, db, "SELECT 1"); r[0][0] != "1" {
		t.Errorf("after the CALL: %v", r)
	}
}
