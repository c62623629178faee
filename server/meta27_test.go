package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// gcFieldText is a result field's type, length and NOT NULL flag as
// "TEXT 4096 null" / "... notnull".
func gcFieldText(f *querypb.Field) string {
	nn := "null"
	if f.Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
		nn = "notnull"
	}
	blob := ""
	if f.Flags&uint32(querypb.MySqlFlag_BLOB_FLAG) != 0 {
		blob = " blob"
	}
	return fmt.Sprintf("%s %d %s%s", f.Type, f.ColumnLength, nn, blob)
}

// TestMeta27GroupConcatFields: a GROUP_CONCAT result field is nullable and
// as long as MySQL 8.0's Item_func_group_concat makes it (max_chars =
// group_concat_max_len / mbminlen; past 512 characters a BLOB of
// max_chars * mbmaxlen bytes, sent as bytes / mbminlen * the results'
// mbmaxlen; else VARCHAR(max_chars)), also through a derived table, a view
// and a CTE, and under SET NAMES latin1 and character_set_results NULL.
// It was NOT NULL with GMS's TEXT length 262140 whatever the limit.
func TestMeta27GroupConcatFields(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE m27",
		"CREATE TABLE m27.t (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, u VARCHAR(10), n INT NOT NULL)",
		"INSERT INTO m27.t VALUES (1, 'a', 'b', 1), (2, 'c', 'd', 2)",
		"CREATE VIEW m27.vg AS SELECT id, GROUP_CONCAT(v) AS g FROM m27.t GROUP BY id",
	} {
		mustExec(t, db, q)
	}
	q := "SELECT GROUP_CONCAT(v), GROUP_CONCAT(u) AS g2, GROUP_CONCAT(n ORDER BY n DESC) FROM t"
	for _, c := range []struct {
		setup []string
		q     string
		want  []string
		rows  string
	}{
		{nil, q, []string{"TEXT 4096 null", "TEXT 16384 null", "TEXT 16384 null"}, "a,c,b,d,2,1"},
		{[]string{"SET group_concat_max_len = 100"}, q, []string{"VARCHAR 400 null", "VARCHAR 400 null", "VARCHAR 400 null"}, "a,c,b,d,2,1"},
		{[]string{"SET group_concat_max_len = 100000"}, q, []string{"TEXT 400000 null", "TEXT 1600000 null", "TEXT 1600000 null"}, "a,c,b,d,2,1"},
		{[]string{"SET NAMES latin1"}, q, []string{"TEXT 1024 null", "TEXT 4096 null", "TEXT 4096 null"}, "a,c,b,d,2,1"},
		{[]string{"SET character_set_results = NULL"}, q, []string{"TEXT 1024 null", "TEXT 4096 null", "TEXT 4096 null"}, "a,c,b,d,2,1"},
		{nil, "SELECT id, GROUP_CONCAT(u) FROM t GROUP BY id HAVING COUNT(*) > 0 ORDER BY 2 DESC LIMIT 1", []string{"INT32 11 notnull", "TEXT 16384 null"}, "2,d"},
		{nil, "SELECT x FROM (SELECT GROUP_CONCAT(v) AS x FROM t) d WHERE x IS NOT NULL", []string{"TEXT 4096 null blob"}, "a,c"},
		{nil, "SELECT g FROM vg ORDER BY id", []string{"TEXT 4096 null blob"}, "a c"},
		{nil, "WITH c AS (SELECT GROUP_CONCAT(u) AS x FROM t) SELECT x FROM c", []string{"TEXT 16384 null blob"}, "b,d"},
		// A GROUP_CONCAT of no rows is NULL: the flag said it could not be.
		{nil, "SELECT GROUP_CONCAT(v) FROM t WHERE id > 5", []string{"TEXT 4096 null"}, "NULL"},
	} {
		// vitess's client reads results in utf8mb3 unless told.
		rows, fields := rawTextAfter(t, ts, "m27", append([]string{"SET NAMES utf8mb4"}, c.setup...), c.q)
		var got []string
		for _, f := range fields {
			got = append(got, gcFieldText(f))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || strings.ReplaceAll(rows, " ", "") != strings.ReplaceAll(c.rows, " ", "") && rows != c.rows {
			t.Errorf("%v %s: fields %v rows %q, want %v %q", c.setup, c.q, got, rows, c.want, c.rows)
		}
	}

	// go-sql-driver's ColumnTypes (it reports no length), text protocol
	// and prepared (the plan cache's second execution included).
	conn := pinnedConn(t, ts.connect("m27"))
	ctx := context.Background()
	for _, prepared := range []bool{false, true, true} {
		var cts []interface{ Nullable() (bool, bool) }
		if prepared {
			st, err := conn.PrepareContext(ctx, "SELECT GROUP_CONCAT(v) FROM t WHERE id > ?")
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.QueryContext(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			ct, _ := rows.ColumnTypes()
			for _, c := range ct {
				cts = append(cts, c)
			}
			rows.Close()
			st.Close()
		} else {
			rows, err := conn.QueryContext(ctx, "SELECT GROUP_CONCAT(v) FROM t")
			if err != nil {
				t.Fatal(err)
			}
			ct, _ := rows.ColumnTypes()
			for _, c := range ct {
				cts = append(cts, c)
			}
			rows.Close()
		}
		if nullable, ok := cts[0].Nullable(); !ok || !nullable {
			t.Errorf("prepared %v: Nullable %v %v, want true", prepared, nullable, ok)
		}
	}
}
