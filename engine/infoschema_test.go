package engine_test

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

func infoSchemaStore(t *testing.T) *store {
	s := newStore(t)
	s.exec("CREATE DATABASE s1", "CREATE DATABASE s2",
		"CREATE TABLE s1.t1 (id INT PRIMARY KEY) COMMENT 'one'", "CREATE TABLE s1.t2 (id INT PRIMARY KEY)",
		"CREATE TABLE s2.t3 (id INT PRIMARY KEY)", "CREATE VIEW s1.v1 AS SELECT 1")
	return s
}

// TestInfoSchemaTables: predicates that read only TABLE_SCHEMA or only
// TABLE_NAME are pushed into information_schema.TABLES (no Filter over it
// for them), the rest stay in a Filter, and the table is asked only for the
// columns the query reads. The rows are the same either way.
func TestInfoSchemaTables(t *testing.T) {
	s := infoSchemaStore(t)
	const from = "SELECT TABLE_NAME FROM information_schema.TABLES WHERE "
	cases := []struct {
		where string
		rows  []string
		kept  string // what must remain in a Filter ("" none)
	}{
		{where: "TABLE_SCHEMA = 's1'", rows: rows("t1", "t2", "v1")},
		{where: "TABLE_SCHEMA IN ('s1', 's2') AND TABLE_NAME LIKE 't%'", rows: rows("t1", "t2", "t3")},
		{where: "TABLE_SCHEMA = 's1' AND TABLE_TYPE = 'VIEW'", rows: rows("v1"), kept: "TABLE_TYPE"},
		{where: "TABLE_SCHEMA = 's2' OR TABLE_NAME = 't1'", rows: rows("t1", "t3"), kept: "TABLE_SCHEMA"},
		{where: "LOWER(TABLE_SCHEMA) = 's2'", rows: rows("t3"), kept: "TABLE_SCHEMA"},
		{where: "TABLE_SCHEMA = DATABASE()", rows: rows()},
	}
	for _, c := range cases {
		t.Run(c.where, func(t *testing.T) {
			s.sub(t, func() {
				q := from + c.where + " ORDER BY TABLE_NAME"
				s.want(q, c.rows...)
				filters, projections := infoTablesPlan(t, s, q)
				if got := strings.Join(filters, " AND "); (c.kept == "") != (got == "") || !strings.Contains(strings.ToUpper(got), c.kept) {
					t.Fatalf("filters over TABLES: %q, want one on %q", got, c.kept)
				}
				if got := strings.Join(projections, ","); !strings.EqualFold(got, "TABLE_NAME") &&
					!strings.EqualFold(got, "TABLE_SCHEMA,TABLE_NAME") && !strings.EqualFold(got, "TABLE_NAME,TABLE_SCHEMA") {
					// A kept filter may read a column besides TABLE_NAME.
					if c.kept == "" || !strings.Contains(strings.ToUpper(got), c.kept) {
						t.Fatalf("columns asked of TABLES: %q", got)
					}
				}
			})
		})
	}
}

// infoTablesPlan analyzes q and returns the filters over
// information_schema.TABLES and the columns the plan asks of it.
func infoTablesPlan(t *testing.T, s *store, q string) (filters, projections []string) {
	t.Helper()
	n, err := s.sqle.AnalyzeQuery(s.ctx().WithQuery(q), q)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if f, ok := n.(*plan.Filter); ok && isInfoTables(f.Child) {
			filters = append(filters, f.Expression.String())
		}
		if isInfoTables(n) {
			found = true
			tbl := n.(*plan.ResolvedTable).Table
			for {
				w, ok := tbl.(sql.TableWrapper) // GMS's ProcessTable
				if !ok {
					break
				}
				tbl = w.Underlying()
			}
			pt, ok := tbl.(sql.ProjectedTable)
			if !ok {
				t.Fatalf("information_schema.TABLES (%T) takes no projections", tbl)
			}
			projections = pt.Projections()
		}
		return true
	})
	if !found {
		t.Fatalf("no information_schema.TABLES in the plan of %s:\n%s", q, n)
	}
	return filters, projections
}

func isInfoTables(n sql.Node) bool {
	rt, ok := n.(*plan.ResolvedTable)
	return ok && strings.EqualFold(rt.Database().Name(), "information_schema") && strings.EqualFold(rt.Name(), "tables")
}

// TestInfoSchemaTablesReadsOnlyWhatItNeeds: on a cold catalog cache, names
// and counts come from the catalog's name records without decoding a single
// definition; a column that needs the definition decodes only the tables of
// the schemas the pushed predicate selects.
func TestInfoSchemaTablesReadsOnlyWhatItNeeds(t *testing.T) {
	s := infoSchemaStore(t)
	cases := []struct {
		q     string
		rows  []string
		loads int64 // table definitions decoded
	}{
		{q: "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA LIKE 's%'", rows: rows("4"), loads: 0},
		{q: "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 's2'", rows: rows("s2|t3"), loads: 0},
		{q: "SELECT TABLE_NAME, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = 's1' AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1",
			rows: rows("t1|one", "t2|"), loads: 2},
		{q: "SELECT TABLE_NAME, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('s2', 'none')",
			rows: rows("t3|"), loads: 1},
		{q: "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 's1' AND TABLE_NAME = 't2'", rows: rows("0"), loads: 1},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			s.sub(t, func() {
				s.reopen()
				s.query("SELECT 1") // the session's own lookups, outside the count
				loads := &s.cat.Stats().Loads
				before := loads.Load()
				s.want(c.q, c.rows...)
				if got := loads.Load() - before; got != c.loads {
					t.Fatalf("%d table definitions decoded, want %d", got, c.loads)
				}
			})
		})
	}
}
