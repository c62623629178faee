package conformance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestPKRewriteDifferential runs the same primary key changes and ALTERs
// of several parts on Myriad and on MariaDB 10.11 and compares, after each
// statement, its outcome (success or error number) and the table as both
// servers leave it: its rows, its columns (type, NULL, key) and its
// indexes. Where MySQL 8.0 and MariaDB answer differently Myriad gives
// MySQL's answer, listed in the case.
func TestPKRewriteDifferential(t *testing.T) {
	my := openDiff(t, myriadDSN(startMyriad(t), ""))
	maria := openDiff(t, startMariaDB(t))
	steps := []struct {
		q     string
		mysql uint16 // MySQL's error where MariaDB's differs (0: the same)
	}{
		{"CREATE TABLE t (a INT, b VARCHAR(10), c INT, KEY bx (b))", 0},
		{"INSERT INTO t VALUES (1,'x',10),(2,'y',20),(NULL,'z',30),(3,'x',40),(3,'w',50)", 0},
		// MariaDB: 1265 Data truncated for column 'a' at row 3.
		{"ALTER TABLE t ADD PRIMARY KEY (a)", 1138},
		{"UPDATE t SET a = 4 WHERE a IS NULL", 0},
		{"ALTER TABLE t ADD PRIMARY KEY (a)", 0},
		{"ALTER TABLE t ADD PRIMARY KEY (a, b)", 0},
		{"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (b)", 0},
		{"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (c)", 0},
		{"ALTER TABLE t MODIFY a BIGINT, ADD COLUMN d INT DEFAULT 9 AFTER a, DROP COLUMN b", 0},
		{"ALTER TABLE t DROP PRIMARY KEY", 0},
		{"INSERT INTO t VALUES (7, 9, 40)", 0},
		{"ALTER TABLE t ADD PRIMARY KEY (c), MODIFY d SMALLINT NOT NULL", 0},
		{"DELETE FROM t WHERE a = 7", 0},
		{"ALTER TABLE t ADD PRIMARY KEY (c), MODIFY d SMALLINT NOT NULL, ADD UNIQUE KEY ax (a)", 0},
		{"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (d)", 0},
		{"ALTER TABLE t DROP PRIMARY KEY, DROP COLUMN c, ADD COLUMN e VARCHAR(5) DEFAULT 'e' FIRST", 0},
		{"CREATE TABLE u (id INT AUTO_INCREMENT PRIMARY KEY, v INT)", 0},
		{"INSERT INTO u (v) VALUES (1), (2)", 0},
		{"ALTER TABLE u DROP PRIMARY KEY", 0},
		{"ALTER TABLE u DROP PRIMARY KEY, ADD KEY ix (id)", 0},
		{"INSERT INTO u (v) VALUES (3)", 0},
	}
	views := []string{
		"SELECT * FROM %s ORDER BY 1, 2",
		"SELECT COLUMN_NAME, DATA_TYPE, IS_NULLABLE, COLUMN_KEY FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'pkd' AND TABLE_NAME = '%s' ORDER BY ORDINAL_POSITION",
		"SELECT INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'pkd' AND TABLE_NAME = '%s' ORDER BY INDEX_NAME, SEQ_IN_INDEX",
	}
	for _, s := range steps {
		got, want := execNo(my, s.q), execNo(maria, s.q)
		if s.mysql != 0 {
			want = s.mysql
		}
		if got != want {
			t.Fatalf("%s: Myriad error %d, want %d", s.q, got, want)
		}
		tbl := "t"
		if strings.Contains(s.q, " u ") {
			tbl = "u"
		}
		for _, v := range views {
			q := fmt.Sprintf(v, tbl)
			if tbl == "t" {
				q = strings.Replace(q, "ORDER BY 1, 2", "ORDER BY 1, 2, 3", 1)
			}
			if g, w := diffRows(t, my, q), diffRows(t, maria, q); g != w {
				t.Fatalf("after %s\n%s\nMyriad:  %s\nMariaDB: %s", s.q, q, g, w)
			}
		}
	}
}

func openDiff(t *testing.T, dsn string) *sql.Conn {
	t.Helper()
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	for _, q := range []string{"CREATE DATABASE pkd", "USE pkd"} {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return conn
}

// execNo runs q and returns its error number (0: success).
func execNo(conn *sql.Conn, q string) uint16 {
	_, err := conn.ExecContext(context.Background(), q)
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	if err != nil {
		return 65535
	}
	return 0
}

func diffRows(t *testing.T, conn *sql.Conn, q string) string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		b.WriteString("[")
		for i, v := range vals {
			if i > 0 {
				b.WriteString(" ")
			}
			if v.Valid {
				b.WriteString(v.String)
			} else {
				b.WriteString("NULL")
			}
		}
		b.WriteString("]")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
