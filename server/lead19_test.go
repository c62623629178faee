package server

import "testing"

// TestZeroDateExpressions: GMS holds '0000-00-00' as 0000-01-01, so
// expressions over a zero date (stored under a sql_mode without
// NO_ZERO_DATE, as legacy schemas with DEFAULT '0000-00-00 00:00:00' do)
// printed 0000-01-01, counted 101 in SUM/AVG/BIT_OR and + 0, and `d = 0`
// found nothing. MySQL: '0000-00-00', 0, and the zero-date rows.
func TestZeroDateExpressions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE zd")
	mustExec(t, db, "CREATE TABLE zd.t (id INT PRIMARY KEY, dt DATE, ts DATETIME(3))")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO zd.t VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125'), (4, '0000-00-00', '0000-00-00 00:00:00')")
	conn.Close()
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT dt + 0, CONCAT(dt), CAST(dt AS CHAR), CONCAT(ts), COALESCE(dt, 1) FROM zd.t WHERE id = 4", want: "0 | 0000-00-00 | 0000-00-00 | 0000-00-00 00:00:00.000 | 0000-00-00"},
		{q: "SELECT GROUP_CONCAT(dt ORDER BY id), SUM(dt), AVG(dt), BIT_OR(dt) FROM zd.t", want: "2024-01-31,0000-00-00 | 20240131 | 10120065.5000 | 20240131"},
		{q: "SELECT COUNT(*), SUM(id) FROM zd.t WHERE dt = 0", want: "1 | 4"},
		{q: "SELECT COUNT(*) FROM zd.t WHERE dt IN (0, 20240131)", want: "2"},
		{q: "SELECT COUNT(*) FROM zd.t WHERE dt > 0", want: "1"},
	})
}

// TestTemporalNumberBranches: IF/CASE/COALESCE mixing a DATE or DATETIME
// with a number is MySQL's VARCHAR, the temporal value as its text. GMS
// answered the date's Unix timestamp for IF(c, 0, d) (1706659200), a
// DATETIME for IF(c, d, 0), and a DOUBLE for a DOUBLE literal branch.
func TestTemporalNumberBranches(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE tb")
	mustExec(t, db, "CREATE TABLE tb.t (id INT PRIMARY KEY, dt DATE, ts DATETIME(3))")
	mustExec(t, db, "INSERT INTO tb.t VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT IF(1, dt, 0), IF(0, 0, dt), CASE WHEN id THEN dt ELSE 1.5 END, IF(id > 1, 2.5e0, ts) FROM tb.t",
			want: "2024-01-31 | 2024-01-31 | 2024-01-31 | 2024-01-31 10:00:00.125", types: "VARCHAR | VARCHAR | VARCHAR | VARCHAR"},
	})
}

// TestBitOperandsNotIntegers: &, |, ^, <<, >> and BIT_AND/OR/XOR read a
// DECIMAL, DOUBLE, temporal or string operand as BIGINT UNSIGNED (rounded
// half away from zero, clamped to 64 bits) and answer BIGINT UNSIGNED.
// GMS typed `-0.5 | 0` DOUBLE (1.8446744073709552e19), cut
// 18446744073709551616.0 to 0, and its aggregates read -0.125 as
// 9223372036854775808.
func TestBitOperandsNotIntegers(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE bo")
	mustExec(t, db, "CREATE TABLE bo.t (id INT PRIMARY KEY, d DECIMAL(10,3), f FLOAT, dt DATE, tm TIME)")
	mustExec(t, db, "INSERT INTO bo.t VALUES (1, 1.5, 1.25, '2024-01-31', '10:11:12'), (2, -0.125, -3.5, '2023-12-01', '-01:00:00'), (3, 99999.999, 0, NULL, NULL)")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT -0.125 | 0, -0.5 | 0, 2.5 | 0, -0.6e0 | 0, '-0.5' | 0", want: "0 | 18446744073709551615 | 3 | 18446744073709551615 | 18446744073709551615",
			types: "UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT | UNSIGNED BIGINT"},
		{q: "SELECT 18446744073709551616.0 | 0, -9223372036854775809 | 0, 1.5 << 64", want: "18446744073709551615 | 9223372036854775808 | 0"},
		{q: "SELECT d | 0, f & 255, dt | 0, tm | 0 FROM bo.t WHERE id = 1", want: "2 | 1 | 20240131 | 101112"},
		{q: "SELECT BIT_XOR(d), BIT_OR(d), BIT_OR(f), BIT_OR(-0.5), BIT_OR(-0.125) FROM bo.t", want: "100002 | 100002 | 18446744073709551613 | 18446744073709551615 | 0"},
	})
}
