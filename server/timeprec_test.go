package server

import (
	"strings"
	"testing"
)

// TIME(n) keeps its declared precision (issue #9): values are rounded to n
// digits when stored, printed with exactly n digits in both protocols, the
// binary protocol's field packet says n decimals (go-sql-driver formats a
// binary TIME by them: a TIME(6) value 03:25:45.600000 was read as
// 03:25:45), and SHOW CREATE TABLE / information_schema describe time(n).
func TestTimePrecision(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY, t0 TIME, t2 TIME(2), t6 TIME(6), KEY (t2))")
	mustExec(t, db, "INSERT INTO d.t VALUES (1, '10:00:00.5', '10:00:00.125', '03:25:45.6'),"+
		" (2, '10:00:00', '10:00:00', '10:00:00'), (3, '-00:00:01.4', '-10:00:00.125', '-838:59:59'),"+
		" (4, '838:59:58.9', '00:00:00.995', '00:00:00.000001')")

	want := map[string][]string{
		"1": {"10:00:01", "10:00:00.13", "03:25:45.600000"},
		"2": {"10:00:00", "10:00:00.00", "10:00:00.000000"},
		"3": {"-00:00:01", "-10:00:00.13", "-838:59:59.000000"},
		"4": {"838:59:59", "00:00:01.00", "00:00:00.000001"},
	}
	check := func(label string, rows [][]string) {
		t.Helper()
		if len(rows) != len(want) {
			t.Fatalf("%s: %d rows, want %d: %v", label, len(rows), len(want), rows)
		}
		for _, r := range rows {
			if w := want[r[0]]; strings.Join(r[1:], "|") != strings.Join(w, "|") {
				t.Errorf("%s: row %s = %v, want %v", label, r[0], r[1:], w)
			}
		}
	}
	// Text protocol; the binary protocol (a parameter makes go-sql-driver
	// prepare the statement), where the driver formats by the decimals.
	text := ts.connectWith("d", "interpolateParams=true")
	check("text", queryRows(t, text, "SELECT id, t0, t2, t6 FROM t WHERE id > ? ORDER BY id", 0))
	binary := ts.connectWith("d", "interpolateParams=false")
	check("binary", queryRows(t, binary, "SELECT id, t0, t2, t6 FROM t WHERE id > ? ORDER BY id", 0))

	// The field packets: decimals n, MySQL's column lengths.
	rows, err := binary.Query("SELECT t0, t2, t6 FROM t WHERE id = ?", 1)
	if err != nil {
		t.Fatal(err)
	}
	cts, err := rows.ColumnTypes()
	rows.Close()
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []int64{0, 2, 6} {
		if _, scale, ok := cts[i].DecimalSize(); !ok || scale != w {
			t.Errorf("column %s: decimals %d (%v), want %d", cts[i].Name(), scale, ok, w)
		}
	}

	// A constant compares at full precision, through the index too.
	for q, n := range map[string]int{
		"SELECT id FROM t WHERE t2 = '10:00:00.125'":                   0,
		"SELECT id FROM t WHERE t2 = '10:00:00.13'":                    1,
		"SELECT id FROM t IGNORE INDEX (t2) WHERE t2 = '10:00:00.125'": 0,
		"SELECT id FROM t WHERE t2 > '10:00:00.125'":                   1,
		"SELECT id FROM t WHERE t0 = '10:00:01'":                       1,
	} {
		if got := queryRows(t, text, q); len(got) != n {
			t.Errorf("%s: %v, want %d rows", q, got, n)
		}
	}

	// UPDATE rounds too.
	mustExec(t, text, "UPDATE t SET t2 = '10:00:00.999', t0 = '00:00:00.49' WHERE id = 2")
	if got := queryRows(t, text, "SELECT t0, t2 FROM t WHERE id = 2"); got[0][0] != "00:00:00" || got[0][1] != "10:00:01.00" {
		t.Errorf("after UPDATE: %v", got)
	}

	// Prepared INSERT and UPDATE (binary parameters; the second execution
	// of each is a plan-cache hit) round as well.
	mustExec(t, db, "CREATE TABLE d.p (id INT PRIMARY KEY, t2 TIME(2))")
	pb := ts.connectWith("d", "interpolateParams=false")
	for i, v := range []string{"01:00:00.125", "02:00:00.994"} {
		mustExec(t, pb, "INSERT INTO p VALUES (?, ?)", i+1, v)
	}
	for i, v := range []string{"03:00:00.005", "04:00:00.0049"} {
		mustExec(t, pb, "UPDATE p SET t2 = ? WHERE id = ?", v, i+1)
	}
	mustExec(t, pb, "INSERT INTO p VALUES (?, ?)", 3, "05:00:00.999")
	if got := joinRows(queryRows(t, text, "SELECT id, t2 FROM p ORDER BY id")); got != "1 03:00:00.01|2 04:00:00.00|3 05:00:01.00" {
		t.Errorf("prepared writes stored %s", got)
	}

	var tbl, create string
	if err := text.QueryRow("SHOW CREATE TABLE t").Scan(&tbl, &create); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"`t0` time,", "`t2` time(2),", "`t6` time(6),"} {
		if !strings.Contains(create, w) {
			t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", w, create)
		}
	}
	got := queryRows(t, text, "SELECT column_name, column_type, datetime_precision FROM information_schema.columns"+
		" WHERE table_schema = 'd' AND table_name = 't' AND data_type = 'time' ORDER BY ordinal_position")
	if w := "t0 time 0|t2 time(2) 2|t6 time(6) 6"; joinRows(got) != w {
		t.Errorf("information_schema.COLUMNS: %s, want %s", joinRows(got), w)
	}

	// ALTER TABLE keeps and changes precisions: MODIFY rewrites the rows
	// rounded to the new one; ADD COLUMN rounds its default.
	mustExec(t, text, "ALTER TABLE t MODIFY t6 TIME(1)")
	mustExec(t, text, "ALTER TABLE t ADD COLUMN t3 TIME(3) DEFAULT '01:02:03.4567'")
	if got := queryRows(t, text, "SELECT t6, t3 FROM t WHERE id = 1"); got[0][0] != "03:25:45.6" || got[0][1] != "01:02:03.457" {
		t.Errorf("after ALTER: %v", got)
	}
	if got := queryRows(t, binary, "SELECT t6, t3 FROM t WHERE id = ?", 1); got[0][0] != "03:25:45.6" || got[0][1] != "01:02:03.457" {
		t.Errorf("after ALTER (binary): %v", got)
	}

	// Mixed precisions (t6 is TIME(1) now): UNION, COALESCE/IFNULL and comparisons answer in
	// TIME(n) with the larger n (GMS's CHAR conversion of the UNION's
	// sides made them NULL).
	for q, w := range map[string]string{
		"SELECT t2 FROM t WHERE id < 2 UNION ALL SELECT t6 FROM t WHERE id < 2":          "10:00:00.13|03:25:45.60",
		"SELECT t0 FROM t WHERE id < 2 UNION SELECT t2 FROM t WHERE id < 2":              "10:00:01.00|10:00:00.13",
		"SELECT COALESCE(t2, t0), IFNULL(t0, t2) FROM t WHERE id = 1":                    "10:00:00.13 10:00:01.00",
		"SELECT CAST(t2 AS TIME(1)) = CAST('10:00:00.1' AS TIME(2)) FROM t WHERE id = 1": "1",
	} {
		if got := joinRows(queryRows(t, text, q)); got != w {
			t.Errorf("%s: %s, want %s", q, got, w)
		}
	}

	// DATE_ADD of a TIME(n) is a TIME (GMS computed it as a DATETIME on
	// today's date); its digits are GMS's TIME's (see COMPATIBILITY).
	if got := queryRows(t, text, "SELECT DATE_ADD(t2, INTERVAL 1 HOUR), DATE_SUB(t0, INTERVAL 1 MINUTE) FROM t WHERE id = 1"); !strings.HasPrefix(got[0][0], "11:00:00.13") || got[0][1] != "09:59:01" {
		t.Errorf("DATE_ADD/DATE_SUB of TIME(n): %v", got[0])
	}

	// CAST(x AS TIME(n)) is a TIME(n), rounded; CAST AS TIME is TIME(0).
	for _, c := range []struct{ q, want string }{
		{"SELECT CAST('10:00:00.125' AS TIME(2))", "10:00:00.13"},
		{"SELECT CAST('10:00:00.5' AS TIME)", "10:00:01"},
		{"SELECT CAST('00:00:00.1' AS TIME(1)) = '00:00:00.1'", "1"},
		{"SELECT CAST(t2 AS TIME(1)) FROM t WHERE id = 1", "10:00:00.1"},
	} {
		if got := queryRows(t, text, c.q); got[0][0] != c.want {
			t.Errorf("%s = %s, want %s (text)", c.q, got[0][0], c.want)
		}
		if got := queryRows(t, binary, c.q+" LIMIT ?", 1); got[0][0] != c.want {
			t.Errorf("%s = %s, want %s (binary)", c.q, got[0][0], c.want)
		}
	}
}

func joinRows(rows [][]string) string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, " "))
	}
	return strings.Join(out, "|")
}

// A zero datetime with a fraction ('0000-00-00 00:00:00.0', what
// go-sql-driver's TestDateTime casts) is the zero datetime (GMS: NULL),
// printed with its column's fractional zeros in both protocols.
func TestZeroDatetimeFraction(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	c, err := db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	mustExec(t, c, "SET SESSION sql_mode = ''")
	mustExec(t, c, "CREATE TABLE d.z (id INT PRIMARY KEY, d1 DATETIME(1), d6 DATETIME(6), d0 DATETIME)")
	mustExec(t, c, "INSERT INTO d.z VALUES (1, '0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00')")
	for name, conn := range map[string]string{"text": "interpolateParams=true", "binary": "interpolateParams=false"} {
		q := ts.connectWith("d", conn)
		for query, want := range map[string]string{
			"SELECT CAST('0000-00-00 00:00:00.0' AS DATETIME(1)) FROM z WHERE id = ?":   "0000-00-00 00:00:00.0",
			"SELECT CAST('0000-00-00 00:00:00.000' AS DATETIME(6)) FROM z WHERE id = ?": "0000-00-00 00:00:00.000000",
			"SELECT d1 FROM z WHERE id = ?":                                             "0000-00-00 00:00:00.0",
			"SELECT d6 FROM z WHERE id = ?":                                             "0000-00-00 00:00:00.000000",
			"SELECT d0 FROM z WHERE id = ?":                                             "0000-00-00 00:00:00",
		} {
			if got := queryRows(t, q, query, 1); got[0][0] != want {
				t.Errorf("%s (%s) = %q, want %q", query, name, got[0][0], want)
			}
		}
	}
}
