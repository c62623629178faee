package server

import "testing"

// MySQL's 'D hh:mm:ss' TIME text (and 'D hh:mm', 'D hh') is read by CAST,
// comparisons and INSERT into a TIME column (issue #9): GMS read it as
// NULL and refused it with 1105 in an INSERT.
func TestTimeDayForm(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, t TIME, t1 TIME(1))")
	mustExec(t, db, "INSERT INTO t VALUES (1, '1 10:00:00', '-2 01:02:03.5'), (2, '0 11', '1 10:30'), (3, '10:00:00', '34 22:59:59')")

	got := queryRows(t, db, "SELECT id, t, t1 FROM t ORDER BY id")
	want := "1 34:00:00 -49:02:03.5|2 11:00:00 34:30:00.0|3 10:00:00 838:59:59.0"
	if s := joinRows(got); s != want {
		t.Errorf("stored: %s, want %s", s, want)
	}
	for q, w := range map[string]string{
		"SELECT CAST('1 10:00:00' AS TIME), CAST('1 10:00' AS TIME), CAST('1 10' AS TIME)": "34:00:00 34:00:00 34:00:00",
		"SELECT CAST('-2 01:02:03.5' AS TIME(1)), CAST(' 3 1:2:3 ' AS TIME)":               "-49:02:03.5 73:02:03",
		"SELECT TIME '10:00:00' < '1 10:00:00', TIME '34:00:00' = '1 10'":                  "1 1",
		"SELECT id FROM t WHERE t = '1 10:00:00'":                                          "1",
		"SELECT id FROM t WHERE t > '0 10' ORDER BY id":                                    "1|2",
		"SELECT id FROM t WHERE t1 BETWEEN '1 0' AND '2 0'":                                "2",
	} {
		if s := joinRows(queryRows(t, db, q)); s != w {
			t.Errorf("%s: %s, want %s", q, s, w)
		}
	}
}

// String functions read a TIME argument as its text (issue #9): GMS's
// string conversion has no case for its TIME value, so LENGTH and CONCAT
// failed with 1105, CAST(t AS CHAR) answered NULL and TRIM panicked.
func TestTimeAsString(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connectWith("d", "interpolateParams=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, t TIME, t2 TIME(2))")
	mustExec(t, db, "INSERT INTO t VALUES (1, '10:00:00', '-01:02:03.5'), (2, '838:59:59', NULL)")

	for q, w := range map[string]string{
		"SELECT LENGTH(t), CHAR_LENGTH(t2), CONCAT(t, '|', t2) FROM t WHERE id = 1":                      "8 12 10:00:00|-01:02:03.50",
		"SELECT CONCAT_WS(',', t, t2), CAST(t AS CHAR), TRIM(t), UPPER(t) FROM t WHERE id = 1":           "10:00:00,-01:02:03.50 10:00:00 10:00:00 10:00:00",
		"SELECT LEFT(t, 2), SUBSTRING(t2, 2), REPLACE(t, ':', '.'), LPAD(t, 9, '*') FROM t WHERE id = 1": "10 01:02:03.50 10.00.00 *10:00:00",
		"SELECT id FROM t WHERE t LIKE '838%'":                                                           "2",
		"SELECT LENGTH(t), CONCAT(t, t2) FROM t WHERE id = 2":                                            "9 NULL",
		"SELECT HEX(t), MD5(t) = MD5('10:00:00'), LOCATE(':', t) FROM t WHERE id = 1":                    "31303A30303A3030 1 3",
		"SELECT COALESCE(t2, 'none') FROM t ORDER BY id":                                                 "-01:02:03.50|none",
		"SELECT CONCAT(CAST('10:00:00.5' AS TIME(3)))":                                                   "10:00:00.500",
	} {
		if s := joinRows(queryRows(t, db, q)); s != w {
			t.Errorf("%s: %s, want %s", q, s, w)
		}
	}
}

// DATETIME(n) and TIMESTAMP(n) values are printed with exactly n fractional
// digits, as MySQL prints them (issue #9): GMS printed the fraction without
// its trailing zeros ('.5' in a DATETIME(3), MySQL '.500') and none when it
// was zero, and gave a TIMESTAMP(n) column no decimals in its field packet,
// so go-sql-driver's binary protocol dropped its fraction altogether.
// NOW(n) and UTC_TIMESTAMP(n) are DATETIME(n). (An expression GMS types
// DATETIME(6) keeps GMS's text: see zeroFractionColumns.)
func TestDatetimeFractionDigits(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	text := ts.connectWith("d", "interpolateParams=true")
	mustExec(t, text, "CREATE TABLE t (id INT PRIMARY KEY, d0 DATETIME, d3 DATETIME(3), d6 DATETIME(6), ts2 TIMESTAMP(2) NULL)")
	mustExec(t, text, "INSERT INTO t VALUES (1, '2024-01-01 10:00:00', '2024-01-01 10:00:00.5', '2024-01-01 10:00:00.5', '2024-01-01 10:00:00.5'),"+
		" (2, '2024-01-01 10:00:00', '2024-01-01 10:00:00', '2024-01-01 10:00:00.000001', '2024-01-01 10:00:00.07'), (3, NULL, NULL, NULL, NULL)")
	want := "1 2024-01-01 10:00:00 2024-01-01 10:00:00.500 2024-01-01 10:00:00.500000 2024-01-01 10:00:00.50" +
		"|2 2024-01-01 10:00:00 2024-01-01 10:00:00.000 2024-01-01 10:00:00.000001 2024-01-01 10:00:00.07" +
		"|3 NULL NULL NULL NULL"
	q := "SELECT id, d0, d3, d6, ts2 FROM t WHERE id > ? ORDER BY id"
	if s := joinRows(queryRows(t, text, q, 0)); s != want {
		t.Errorf("text protocol:\n%s, want\n%s", s, want)
	}
	binary := ts.connectWith("d", "interpolateParams=false")
	if s := joinRows(queryRows(t, binary, q, 0)); s != want {
		t.Errorf("binary protocol:\n%s, want\n%s", s, want)
	}
	for q, w := range map[string]string{
		"SELECT CAST('2024-01-01' AS DATETIME(3)), CAST('2024-01-01 10:00:00.5' AS DATETIME(2))": "2024-01-01 00:00:00.000 2024-01-01 10:00:00.50",
	} {
		if s := joinRows(queryRows(t, text, q)); s != w {
			t.Errorf("%s: %s, want %s", q, s, w)
		}
	}
	// The text the server sends for the current time: n digits.
	for _, q := range []string{"SELECT NOW(3)", "SELECT UTC_TIMESTAMP()", "SELECT UTC_TIMESTAMP(2)"} {
		rows := queryRows(t, text, q)
		n := map[string]int{"SELECT NOW(3)": 23, "SELECT UTC_TIMESTAMP()": 19, "SELECT UTC_TIMESTAMP(2)": 22}[q]
		if len(rows[0][0]) != n {
			t.Errorf("%s: %q, want %d characters", q, rows[0][0], n)
		}
	}
}
