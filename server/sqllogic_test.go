package server

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestSQLFiles runs every testdata/sql/*.test file against a fresh server,
// through go-sql-driver/mysql on one connection.
//
// File format (blocks separated by blank lines):
//
//	statement ok            -- the statement must succeed
//	statement error 1062    -- it must fail with this MySQL error number
//	query                   -- rows must equal the lines after ----,
//	query sort              -- ... compared after sorting them;
//	                           values tab-separated, NULL as NULL
//	restart                 -- close the server and reopen the same data dir
func TestSQLFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/sql/*.test")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, f := range files {
		f := f
		t.Run(strings.TrimSuffix(filepath.Base(f), ".test"), func(t *testing.T) {
			runSQLFile(t, f)
		})
	}
}

type sqlBlock struct {
	line   int
	kind   string // statement, query, restart
	arg    string
	sql    string
	expect []string
}

func parseSQLFile(t *testing.T, path string) []sqlBlock {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var blocks []sqlBlock
	var cur *sqlBlock
	inExpect := false
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	flush := func() {
		if cur != nil {
			cur.sql = strings.TrimSpace(cur.sql)
			blocks = append(blocks, *cur)
		}
		cur, inExpect = nil, false
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case cur == nil && strings.HasPrefix(line, "#"):
		case cur == nil:
			fields := strings.Fields(line)
			cur = &sqlBlock{line: n, kind: fields[0], arg: strings.Join(fields[1:], " ")}
			if cur.kind == "restart" {
				flush()
			}
		case line == "----":
			inExpect = true
		case inExpect:
			cur.expect = append(cur.expect, line)
		default:
			cur.sql += line + "\n"
		}
	}
	flush()
	return blocks
}

// sqlFileParams: the files' connection uses MySQL 8.0's default collation,
// as a client naming none in its handshake would; go-sql-driver names
// utf8mb4_general_ci unless told, and the server takes the handshake's.
const sqlFileParams = "collation=utf8mb4_0900_ai_ci"

func runSQLFile(t *testing.T, path string) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connectWith("", sqlFileParams)
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range parseSQLFile(t, path) {
		where := path + ":" + strconv.Itoa(b.line)
		switch b.kind {
		case "restart":
			cur := currentDB(t, conn)
			conn.Close()
			ts.srv.Close()
			ts = startServer(t, dir)
			db = ts.connectWith(cur, sqlFileParams)
			db.SetMaxOpenConns(1)
			if conn, err = db.Conn(context.Background()); err != nil {
				t.Fatal(err)
			}
		case "statement":
			_, err := conn.ExecContext(context.Background(), b.sql)
			if b.arg == "ok" {
				if err != nil {
					t.Errorf("%s: %s\n  unexpected error: %v", where, b.sql, err)
				}
				continue
			}
			want, _ := strconv.Atoi(strings.TrimPrefix(b.arg, "error "))
			var me *mysql.MySQLError
			switch {
			case err == nil:
				t.Errorf("%s: %s\n  succeeded, want error %d", where, b.sql, want)
			case !errors.As(err, &me):
				t.Errorf("%s: %s\n  error %v is not a MySQL error", where, b.sql, err)
			case want != 0 && int(me.Number) != want:
				t.Errorf("%s: %s\n  error %d (%s), want %d", where, b.sql, me.Number, me.Message, want)
			}
		case "query":
			got, err := queryConn(conn, b.sql)
			if err != nil {
				t.Errorf("%s: %s\n  error: %v", where, b.sql, err)
				continue
			}
			want := append([]string(nil), b.expect...)
			if b.arg == "sort" {
				sort.Strings(got)
				sort.Strings(want)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: %s\n  got:\n%s\n  want:\n%s", where, b.sql, indent(got), indent(want))
			}
		default:
			t.Fatalf("%s: unknown block %q", where, b.kind)
		}
	}
	conn.Close()
}

func currentDB(t *testing.T, conn *sql.Conn) string {
	var cur sql.NullString
	if err := conn.QueryRowContext(context.Background(), "SELECT DATABASE()").Scan(&cur); err != nil {
		t.Fatal(err)
	}
	return cur.String
}

func queryConn(conn *sql.Conn, q string) ([]string, error) {
	rows, err := conn.QueryContext(context.Background(), q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		vals := make([]sql.RawBytes, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		parts := make([]string, len(cols))
		for i, v := range vals {
			if v == nil {
				parts[i] = "NULL"
			} else {
				parts[i] = string(v)
			}
		}
		out = append(out, strings.Join(parts, "\t"))
	}
	return out, rows.Err()
}

func indent(lines []string) string {
	if len(lines) == 0 {
		return "    (no rows)"
	}
	return "    " + strings.Join(lines, "\n    ")
}
