package bench

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestOLTPSideBySide runs the OLTP side by side for real, small: one
// in-process Myriad and a MariaDB from Debian started by StartMariaDB,
// two tests at one thread count, two rounds, and checks the table and
// chart come out of what sysbench reported.
func TestOLTPSideBySide(t *testing.T) {
	ctx := context.Background()
	my := &Server{Name: "myriad", Target: startMyriad(t)}
	ma, err := StartMariaDB(ctx, mariadbdPath(), t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ma.Stop)
	o := OLTPOptions{Tests: []string{"oltp_point_select", "oltp_update_index"}, Threads: []int{2},
		Duration: time.Second, Tables: 1, TableSize: 200, Rounds: 2, PSMode: "auto", Sysbench: "sysbench"}
	var rs []Result
	if err := OLTP(ctx, "async", []*Server{my, ma}, o, Progress{}, func(r Result) { rs = append(rs, r) }); err != nil {
		t.Fatal(err)
	}
	if len(rs) != 8 {
		t.Fatalf("%d results, want 2 tests x 2 rounds x 2 servers", len(rs))
	}
	for _, r := range rs {
		if r.Metrics["tps"] <= 0 {
			t.Errorf("%s %s: no transactions: %+v", r.Target, r.Note, r)
		}
	}
	cells := OLTPCells(rs)
	if len(cells) != 2 || cells[0].Test != "oltp_point_select" || len(cells[0].Myriad) != 2 || len(cells[0].MariaDB) != 2 {
		t.Fatalf("cells: %+v", cells)
	}
	md := OLTPMarkdown(cells)
	if !strings.Contains(md, "| oltp_update_index |") || !strings.Contains(md, "innodb_flush_log_at_trx_commit=0") {
		t.Fatalf("table:\n%s", md)
	}
	if svg := OLTPChart(cells, "async"); strings.Count(svg, "<rect") != 2+1 {
		t.Fatalf("chart has %d bars (want 2 and a legend box):\n%s", strings.Count(svg, "<rect")-1, svg)
	}
}

func mariadbdPath() string {
	if _, err := os.Stat("/usr/sbin/mariadbd"); err == nil {
		return "/usr/sbin/mariadbd"
	}
	return "mariadbd"
}

func TestParseSysbench(t *testing.T) {
	out := `SQL statistics:
    queries performed:
        read:                            73030
    transactions:                        3652   (364.92 per sec.)
    queries:                             73040  (7298.41 per sec.)
    ignored errors:                      3      (0.30 per sec.)
    reconnects:                          0      (0.00 per sec.)

Latency (ms):
         min:                                    4.51
         95th percentile:                       17.63
`
	s, err := ParseSysbench(out)
	if err != nil {
		t.Fatal(err)
	}
	if s.Transactions != 3652 || s.TPS != 364.92 || s.Errors != 3 || s.ErrorsPerS != 0.30 || s.P95ms != 17.63 {
		t.Fatalf("%+v", s)
	}
	if _, err := ParseSysbench("FATAL: error 2013: Lost connection\n"); err == nil {
		t.Fatal("a failed run parsed")
	}
}
