package server

import (
	"strings"
	"testing"
)

// TestBenchmarkFunction: BENCHMARK(count, expr) evaluates expr count times
// and answers 0 (NULL for a NULL or negative count); GMS had no such
// function (1105).
func TestBenchmarkFunction(t *testing.T) {
	ts := startServer(t, t.TempDir())
	c := pinnedConn(t, ts.connect(""))
	mustExec(t, c, "SET @c = 0")
	var b, n, m, cnt string
	var nn, mm any
	if err := c.QueryRowContext(t.Context(), "SELECT BENCHMARK(5, @c := @c + 1), BENCHMARK(NULL, 1), BENCHMARK(-1, 1), @c").Scan(&b, &nn, &mm, &cnt); err != nil {
		t.Fatal(err)
	}
	if b != "0" || nn != nil || mm != nil || cnt != "5" {
		t.Errorf("got %s %v %v %s", b, n, m, cnt)
	}
	if _, err := c.QueryContext(t.Context(), "SELECT BENCHMARK(2, (1, 2))"); err == nil || !strings.Contains(err.Error(), "1241") {
		t.Errorf("row operand: %v", err)
	}
}
