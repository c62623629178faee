package server

import (
	"errors"
	"fmt"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestShowWhere: every SHOW statement that takes WHERE or LIKE in MySQL
// answers only the rows its filter keeps, or is refused with MySQL's
// error code; never the unfiltered rows. SHOW INDEX/KEYS ... WHERE was
// answered with every index of the table (GMS ignores its WHERE) and is
// refused with 1235 (showwhere.go). Each schema holds more than one object
// of each kind so that an ignored filter shows as extra rows.
func TestShowWhere(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE sw",
		"CREATE DATABASE sw2",
		"CREATE TABLE sw.t (id int PRIMARY KEY, a int, b varchar(10), KEY ka (a), KEY kb (b))",
		"CREATE TABLE sw.u (x int)",
		"CREATE TRIGGER sw.tr1 BEFORE INSERT ON sw.u FOR EACH ROW SET NEW.x = NEW.x + 1",
		"CREATE TRIGGER sw.tr2 BEFORE UPDATE ON sw.u FOR EACH ROW SET NEW.x = NEW.x + 2",
		"CREATE PROCEDURE sw.p1() SELECT 1",
		"CREATE PROCEDURE sw.p2() SELECT 2",
	} {
		mustExec(t, db, q)
	}
	db = ts.connect("sw")
	cases := []struct {
		q    string
		col  int      // the column the filter reads
		want []string // that column of every row, in order
		code uint16   // or the error
	}{
		{q: "SHOW INDEX FROM t WHERE Key_name = 'ka'", code: 1235},
		{q: "SHOW KEYS FROM t WHERE Key_name = 'ka'", code: 1235},
		{q: "SHOW INDEXES IN t FROM sw WHERE Non_unique = 0", code: 1235},
		{q: "SHOW INDEX FROM t", col: 2, want: []string{"PRIMARY", "ka", "kb"}},
		{q: "SHOW COLUMNS FROM t WHERE Field = 'a'", want: []string{"a"}},
		{q: "SHOW COLUMNS FROM t LIKE 'b'", want: []string{"b"}},
		{q: "SHOW FULL FIELDS FROM t WHERE `Key` = 'MUL'", want: []string{"a", "b"}},
		{q: "SHOW TABLES WHERE Tables_in_sw = 'u'", want: []string{"u"}},
		{q: "SHOW TABLES LIKE 'u'", want: []string{"u"}},
		{q: "SHOW DATABASES WHERE `Database` = 'sw2'", want: []string{"sw2"}},
		{q: "SHOW DATABASES LIKE 'sw_'", want: []string{"sw2"}},
		{q: "SHOW TABLE STATUS WHERE Name = 'u'", want: []string{"u"}},
		{q: "SHOW TABLE STATUS LIKE 't'", want: []string{"t"}},
		{q: "SHOW VARIABLES WHERE Variable_name = 'autocommit'", want: []string{"autocommit"}},
		{q: "SHOW VARIABLES LIKE 'autocommi_'", want: []string{"autocommit"}},
		{q: "SHOW STATUS WHERE Variable_name = 'Uptime'", want: []string{"Uptime"}},
		{q: "SHOW GLOBAL STATUS LIKE 'Uptim_'", want: []string{"Uptime"}},
		{q: "SHOW CHARACTER SET WHERE Charset = 'latin1'", want: []string{"latin1"}},
		{q: "SHOW CHARSET LIKE 'latin1%'", want: []string{"latin1"}},
		{q: "SHOW COLLATION WHERE Collation = 'latin1_bin'", want: []string{"latin1_bin"}},
		{q: "SHOW COLLATION LIKE 'latin1_bi%'", want: []string{"latin1_bin"}},
		{q: "SHOW TRIGGERS WHERE `Trigger` = 'tr2'", want: []string{"tr2"}},
		{q: "SHOW TRIGGERS LIKE 'u'", want: []string{"tr1", "tr2"}},
		{q: "SHOW TRIGGERS LIKE 't'", want: nil},
		{q: "SHOW PROCEDURE STATUS WHERE Name = 'p2'", col: 1, want: []string{"p2"}},
		{q: "SHOW PROCEDURE STATUS LIKE 'p1'", col: 1, want: []string{"p1"}},
		// Boolean variables print ON/OFF as in MySQL (GMS printed 1/0), and
		// a WHERE on Value sees that text (GMS evaluated the WHERE on the
		// name alone: 1105).
		{q: "SHOW VARIABLES LIKE 'autocommit'", col: 1, want: []string{"ON"}},
		{q: "SHOW SESSION VARIABLES WHERE Variable_name IN ('unique_checks', 'sql_safe_updates')", col: 1, want: []string{"OFF", "ON"}},
		{q: "SHOW VARIABLES WHERE Value = 'ON' AND Variable_name LIKE 'autocommi_'", want: []string{"autocommit"}},
		{q: "SHOW VARIABLES WHERE Value = 'OFF' AND Variable_name LIKE 'autocommi_'", want: nil},
		{q: "SHOW GLOBAL VARIABLES WHERE Value = '151' AND Variable_name LIKE 'max_conn%'", want: []string{"max_connections"}},
		{q: "SHOW VARIABLES LIKE 'max_connections'", col: 1, want: []string{"151"}},
		// Stored functions are refused (1235), so there is none to list.
		{q: "SHOW FUNCTION STATUS WHERE Name = 'f2'", col: 1, want: nil},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			rows, err := db.Query(c.q)
			if c.code != 0 {
				var me *mysql.MySQLError
				if err == nil {
					rows.Close()
					t.Fatalf("answered, want error %d", c.code)
				}
				if !errors.As(err, &me) || me.Number != c.code {
					t.Fatalf("error %v, want %d", err, c.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			cols, _ := rows.Columns()
			var got []string
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%s", vals[c.col]))
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
	// Prepared, the WHERE is refused as well.
	var me *mysql.MySQLError
	if _, err := db.Prepare("SHOW INDEX FROM t WHERE Key_name = ?"); !errors.As(err, &me) || me.Number != 1235 {
		t.Fatalf("prepared SHOW INDEX ... WHERE: %v, want 1235", err)
	}
	// In a routine or trigger body it would be answered unfiltered by
	// CALL, so the CREATE is refused.
	for _, q := range []string{
		"CREATE PROCEDURE sw.p3() BEGIN SELECT 1; SHOW INDEX FROM t WHERE Key_name = 'ka'; END",
		"CREATE PROCEDURE sw.p4() SHOW KEYS FROM t WHERE Key_name = 'ka'",
		"CREATE TRIGGER sw.tr3 AFTER INSERT ON sw.u FOR EACH ROW BEGIN IF NEW.x > 0 THEN SHOW INDEX FROM t WHERE Non_unique = 0; END IF; END",
	} {
		if _, err := db.Exec(q); !errors.As(err, &me) || me.Number != 1235 {
			t.Fatalf("%s: %v, want 1235", q, err)
		}
	}
	// Without the WHERE, or with it in another statement, it is created.
	mustExec(t, db, "CREATE PROCEDURE sw.p5() BEGIN SHOW INDEX FROM t; SELECT 1 FROM t WHERE id = 1; END")
	// A later statement's WHERE does not refuse an unfiltered SHOW INDEX.
	if got := queryRows(t, db, "SHOW INDEX FROM t; SELECT 1 FROM t WHERE id = 1"); len(got) != 3 {
		t.Fatalf("SHOW INDEX FROM t; SELECT ... WHERE: %d rows, want 3", len(got))
	}
}
