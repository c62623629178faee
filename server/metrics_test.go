package server

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/kv"
)

// TestMetricsEndpoint: /metrics serves the counters, and they move with
// the traffic a client sends.
func TestMetricsEndpoint(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), Config{Port: 0, Durability: kv.Async, MetricsAddr: "127.0.0.1:0",
		TxnSpillBytes: 4096})
	srv := ts.srv
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE m")
	mustExec(t, db, "CREATE TABLE m.t (id int PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO m.t VALUES (1), (2)")
	if _, err := db.Exec("INSERT INTO m.t VALUES (1)"); mysqlErrNo(err) != 1062 {
		t.Fatalf("duplicate: %v", err)
	}
	// 400 rows in one statement: past 4 KiB the write buffer spills.
	var many strings.Builder
	many.WriteString("INSERT INTO m.t VALUES (10)")
	for i := 11; i < 410; i++ {
		fmt.Fprintf(&many, ",(%d)", i)
	}
	mustExec(t, db, many.String())
	stmt, err := db.Prepare("SELECT id FROM m.t WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		var n int
		if err := stmt.QueryRow(i + 10).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
	stmt.Close()
	resp, err := http.Get("http://" + srv.MetricsAddr().String() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	value := func(name string) float64 {
		m := regexp.MustCompile(`(?m)^` + name + ` (\S+)$`).FindSubmatch(body)
		if m == nil {
			t.Fatalf("%s missing from /metrics:\n%s", name, body)
		}
		v, _ := strconv.ParseFloat(string(m[1]), 64)
		return v
	}
	for name, min := range map[string]float64{
		"myriad_queries_total":                4,
		"myriad_query_errors_total":           1,
		"myriad_commits_total":                3,
		"myriad_rows_written_total":           2,
		"myriad_connections":                  1,
		"myriad_connections_total":            1,
		"myriad_query_duration_seconds_count": 4,
		"myriad_txn_spills_total":             1,
		"myriad_txn_spilled_bytes_total":      1,
		"myriad_txn_ingests_total":            1,
		// The PK checks of 1 and 2 found no write of their keys since the
		// last flush.
		"myriad_durable_only_reads_total": 1,
	} {
		if v := value(name); v < min {
			t.Errorf("%s = %v, want >= %v", name, v, min)
		}
	}
	value("myriad_table_open_cache_hits_total")
	// The plan cache (--plan-cache) and Go's heap, which had no gauge.
	for _, name := range []string{"myriad_plan_cache_bytes", "myriad_plan_cache_entries", "myriad_plan_cache_hits_total",
		"go_memstats_heap_inuse_bytes", "go_memstats_heap_sys_bytes", "go_memstats_next_gc_bytes"} {
		if v := value(name); v < 1 {
			t.Errorf("%s = %v, want > 0", name, v)
		}
	}
	value("myriad_plan_cache_misses_total")
	value("myriad_plan_cache_evictions_total")
	value("myriad_wal_syncs_total")
	// m.t's record was read on a definition miss, so the tier holds it.
	if v := value("myriad_table_record_tier_records"); v < 1 {
		t.Errorf("myriad_table_record_tier_records = %v, want >= 1", v)
	}
	if v := value("myriad_table_record_tier_bytes"); v < 1 {
		t.Errorf("myriad_table_record_tier_bytes = %v, want > 0", v)
	}
	// Pebble's memory outside the Go heap: the rows above are in a
	// memtable; the block cache is present (empty until a flush).
	if v := value("myriad_memtable_bytes"); v < 1 {
		t.Errorf("myriad_memtable_bytes = %v, want > 0", v)
	}
	for _, name := range []string{"myriad_block_cache_bytes", "myriad_block_cache_blocks",
		"myriad_block_cache_hits_total", "myriad_block_cache_misses_total", "myriad_memtable_zombie_bytes",
		"myriad_memtable_flushes_total", "myriad_l0_files"} {
		if v := value(name); v < 0 {
			t.Errorf("%s = %v, want >= 0", name, v)
		}
	}
}
