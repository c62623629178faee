package server

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// rebindCases are statements executed in order with the values given, so a
// compiled range kept from one execution (engine.RebindRange) meets the
// next one's values: NULLs, keys out of the column's range or at its
// limits, values whose type changes between executions, strings under a
// case- and accent-insensitive collation, and DDL (a step starting with
// "DDL ") between two executions.
var rebindCases = []struct {
	name  string
	q     string
	steps []any // []any or rb: one execution's values; string: "DDL ..." statements
}{
	// Whether the kept node serves: exactly when DropExactFilters would
	// drop the Filter for these values (not at the key type's limits, for
	// instance), else the plan is bound and its Filter kept.
	{"rebind decisions", "SELECT c FROM rb_i WHERE id BETWEEN ? AND ?", []any{
		rb{[]any{1, 5}, true}, rb{[]any{2, 6}, true}, rb{[]any{-2147483648, 3}, false},
		rb{[]any{-2147483647, 3}, true}, rb{[]any{2147483640, 2147483647}, false},
		rb{[]any{2147483640, 2147483646}, true}, rb{[]any{6, 1}, true}, rb{[]any{nil, 3}, false},
	}},
	{"point decisions", "SELECT c FROM rb_t WHERE id = ?", []any{
		rb{[]any{1}, true}, rb{[]any{127}, false}, rb{[]any{-128}, false}, rb{[]any{126}, true},
		rb{[]any{-127}, true}, rb{[]any{nil}, false},
	}},
	{"int point", "SELECT c FROM rb_i WHERE id = ?", []any{
		[]any{5}, []any{6}, []any{nil}, []any{7}, []any{2147483647}, []any{2147483646},
		[]any{int64(2147483648)}, []any{-2147483648}, []any{-2147483647}, []any{int64(-2147483649)},
		[]any{"8"}, []any{"8x"}, []any{8.0}, []any{8.5}, []any{9}, []any{int64(1) << 40},
		[]any{uint64(1) << 63}, []any{10}, []any{-1}, []any{0}, []any{11},
	}},
	{"tinyint range", "SELECT id, c FROM rb_t WHERE id BETWEEN ? AND ?", []any{
		[]any{1, 5}, []any{2, 6}, []any{-128, 3}, []any{-127, 3}, []any{120, 127}, []any{120, 126},
		[]any{126, 200}, []any{-300, -100}, []any{nil, 5}, []any{3, nil}, []any{"2", "4"},
		[]any{1.5, 4.5}, []any{2, 3}, []any{5, 1}, []any{0, 0}, []any{4, 9},
	}},
	{"unsigned sum", "SELECT SUM(k), COUNT(*) FROM rb_u WHERE id BETWEEN ? AND ?", []any{
		[]any{0, 10}, []any{1, 10}, []any{-1, 5}, []any{5, -1}, []any{2, 7},
		[]any{uint64(1) << 63, uint64(18446744073709551615)}, []any{uint64(1) << 62, uint64(1) << 63},
		[]any{3, 7}, []any{"3", "7"}, []any{3, 3},
	}},
	{"collated distinct", "SELECT DISTINCT c FROM rb_i WHERE id BETWEEN ? AND ? ORDER BY c", []any{
		[]any{1, 20}, []any{5, 10}, []any{-5, 3}, []any{2, 2}, []any{nil, nil}, []any{3, 15},
	}},
	{"collated order", "SELECT c, id FROM rb_i WHERE id >= ? AND id < ? ORDER BY c DESC, id", []any{
		[]any{1, 20}, []any{4, 12}, []any{"4", "12"}, []any{2147483646, 2147483647}, []any{6, 9},
	}},
	{"open bounds", "SELECT id FROM rb_i WHERE id > ? AND id <= ? ORDER BY id", []any{
		[]any{1, 5}, []any{2, 6}, []any{7.5, 10.5}, []any{7.4, "10.6"}, []any{"7.5", 9}, []any{3, 4},
		[]any{"7.9", "9.1"}, []any{-2147483648, 0}, []any{-2147483649, 0}, []any{2147483646, 2147483647},
		[]any{2147483646, int64(2147483648)}, []any{6.999, 8.0001}, []any{5, 8},
	}},
	{"tinyint open bounds", "SELECT COUNT(*), SUM(id) FROM rb_t WHERE id > ?", []any{
		[]any{3}, []any{4}, []any{-129}, []any{-128}, []any{126}, []any{127}, []any{200}, []any{2.5},
		[]any{"2.5"}, []any{-127}, []any{5},
	}},
	{"collated string key", "SELECT id, s FROM rb_s WHERE s = ?", []any{
		[]any{"a"}, []any{"A"}, []any{"á"}, []any{"a "}, []any{"b"}, []any{nil}, []any{1}, []any{"B"},
		[]any{"ss"}, []any{"ß"}, []any{"a"},
	}},
	{"ddl between", "SELECT c FROM rb_d WHERE id = ?", []any{
		[]any{1}, []any{2},
		"DDL ALTER TABLE rb_d MODIFY id BIGINT",
		"DDL INSERT INTO rb_d VALUES (3000000000, 'big')",
		[]any{int64(3000000000)}, []any{1}, []any{2},
		"DDL ALTER TABLE rb_d ADD COLUMN z INT DEFAULT 7",
		[]any{2}, []any{3},
		"DDL ALTER TABLE rb_d MODIFY c VARCHAR(20) COLLATE utf8mb4_bin",
		[]any{3}, []any{1},
		"DDL UPDATE rb_d SET c = 'changed' WHERE id = 1",
		[]any{1}, []any{2},
		"DDL DROP TABLE rb_d",
		"DDL CREATE TABLE rb_d (id TINYINT PRIMARY KEY, c VARCHAR(10))",
		"DDL INSERT INTO rb_d VALUES (1, 'new1'), (127, 'new127')",
		[]any{1}, []any{127}, []any{128}, []any{2},
	}},
}

// rb is an execution whose second run must (rebound) or must not meet the
// kept compiled node.
type rb struct {
	args    []any
	rebound bool
}

func setupRebindTables(t *testing.T, db *sql.DB) {
	mustExec(t, db, "CREATE TABLE rb_i (id INT PRIMARY KEY, k INT, c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci)")
	mustExec(t, db, "INSERT INTO rb_i VALUES (-2147483648, 1, 'z'), (-1, 2, 'Z'), (0, 3, 'a'), (1, 4, 'A'), (2, 5, 'á'), "+
		"(3, 6, 'b '), (4, 7, 'B'), (5, 8, 'b'), (6, 9, NULL), (7, 10, 'c'), (8, 11, 'Ç'), (9, 12, 'c  '), "+
		"(10, 13, 'ä'), (11, 14, 'ss'), (12, 15, 'ß'), (2147483646, 16, 'y'), (2147483647, 17, 'Y')")
	mustExec(t, db, "CREATE TABLE rb_t (id TINYINT PRIMARY KEY, c VARCHAR(20) COLLATE latin1_swedish_ci)")
	mustExec(t, db, "INSERT INTO rb_t VALUES (-128, 'lo'), (-3, 'x'), (0, 'zero'), (1, 'a'), (2, 'A'), (3, 'b'), "+
		"(4, 'b '), (5, 'c'), (9, 'nine'), (126, 'hi-1'), (127, 'hi')")
	mustExec(t, db, "CREATE TABLE rb_u (id BIGINT UNSIGNED PRIMARY KEY, k INT)")
	mustExec(t, db, "INSERT INTO rb_u VALUES (0, 1), (1, 2), (2, 3), (3, 4), (5, 6), (7, 8), (10, 11), "+
		"(4611686018427387904, 100), (9223372036854775808, 1000), (18446744073709551615, 10000)")
	mustExec(t, db, "CREATE TABLE rb_s (id INT, s VARCHAR(10) COLLATE utf8mb4_0900_ai_ci PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO rb_s VALUES (1, 'a'), (2, 'b'), (3, 'ss'), (4, '1')")
	mustExec(t, db, "CREATE TABLE rb_d (id INT PRIMARY KEY, c VARCHAR(10))")
	mustExec(t, db, "INSERT INTO rb_d VALUES (1, 'one'), (2, 'two'), (3, 'three')")
}

// TestRebindMatchesUncached runs rebindCases through the plan cache (kept
// compiled ranges rebound to each execution's values) and with the cache
// off, prepared and as text, and compares everything the client sees after
// every step.
func TestRebindMatchesUncached(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE rb")
	ctx := context.Background()
	for _, params := range []string{"parseTime=false", "parseTime=false&interpolateParams=true"} {
		t.Run(params, func(t *testing.T) {
			db := ts.connectWith("rb", params)
			for _, tb := range []string{"rb_i", "rb_t", "rb_u", "rb_s", "rb_d"} {
				mustExec(t, db, "DROP TABLE IF EXISTS "+tb)
			}
			setupRebindTables(t, db)
			conn := func() *sql.Conn {
				c, err := db.Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { c.Close() })
				return c
			}
			cached, plain := conn(), conn()
			mustExec(t, plain, "SET SESSION myriad_plan_cache = OFF")
			prepared := !strings.Contains(params, "interpolate")
			rebound := engine.ReboundRanges()
			for _, tc := range rebindCases {
				var sc, sp *sql.Stmt
				prepare := func() {
					if !prepared {
						return
					}
					var err error
					if sc, err = cached.PrepareContext(ctx, tc.q); err != nil {
						t.Fatalf("%s: %v", tc.q, err)
					}
					if sp, err = plain.PrepareContext(ctx, tc.q); err != nil {
						t.Fatalf("%s: %v", tc.q, err)
					}
				}
				prepare()
				for i, st := range tc.steps {
					if ddl, ok := st.(string); ok {
						mustExec(t, db, strings.TrimPrefix(ddl, "DDL "))
						continue
					}
					var args []any
					want := -1 // whether the second execution must be rebound (-1: not checked)
					switch x := st.(type) {
					case []any:
						args = x
					case rb:
						args, want = x.args, 0
						if x.rebound {
							want = 1
						}
					}
					run := func(c *sql.Conn, s *sql.Stmt) result {
						if s != nil {
							return runPrepared(t, c, s, args...)
						}
						return runText(t, c, tc.q, args...)
					}
					// Twice cached: the second execution of the same
					// values meets the node kept from the first.
					first := run(cached, sc)
					before := engine.ReboundRanges()
					got := run(cached, sc)
					if n := engine.ReboundRanges() - before; want >= 0 && n != int64(want) {
						t.Errorf("%s step %d %v: rebound %d times, want %d", tc.name, i, args, n, want)
					}
					ref := run(plain, sp)
					if first != ref || got != ref {
						t.Errorf("%s step %d %v:\n cached   %+v\n again    %+v\n uncached %+v", tc.name, i, args, first, got, ref)
					}
				}
				if sc != nil {
					sc.Close()
					sp.Close()
				}
			}
			if n := engine.ReboundRanges() - rebound; n < 40 {
				t.Errorf("compiled ranges rebound %d times, want most integer-keyed executions", n)
			}
		})
	}
}
