package e2e

import (
	"bytes"
	"testing"
)

// TestTimeZoneDumpRoundTrip: mysqldump sets time_zone '+00:00', so a
// TIMESTAMP written under '+05:00' dumps as its UTC value and a DATETIME as
// written; reloaded through the mariadb client (the dump sets the zone
// again) it dumps back identical and reads back the same in '+05:00'.
func TestTimeZoneDumpRoundTrip(t *testing.T) {
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	client := mariadbClient(t)
	s := StartServer(t, "--durability", "async")
	run := func(stdin []byte, name string, args ...string) []byte { return s.RunTool(t, stdin, name, args...) }
	run(nil, client, "-e", "CREATE DATABASE tzd; CREATE TABLE tzd.t (id INT PRIMARY KEY, ts TIMESTAMP NULL, dt DATETIME NULL, KEY (ts)); "+
		"SET time_zone = '+05:00'; INSERT INTO tzd.t VALUES (1, '2024-01-01 17:00:00', '2024-01-01 17:00:00'), (2, '2024-07-01 04:59:59', '2024-07-01 04:59:59')")
	first := run(nil, dump, "--databases", "tzd")
	for _, w := range []string{"SET TIME_ZONE='+00:00'", "(1,'2024-01-01 12:00:00','2024-01-01 17:00:00')", "(2,'2024-06-30 23:59:59','2024-07-01 04:59:59')"} {
		if !bytes.Contains(first, []byte(w)) {
			t.Fatalf("dump lacks %s:\n%s", w, first)
		}
	}
	run(nil, client, "-e", "DROP DATABASE tzd")
	run(first, client)
	second := run(nil, dump, "--databases", "tzd")
	if a, b := dumpCompleted.ReplaceAll(first, nil), dumpCompleted.ReplaceAll(second, nil); !bytes.Equal(a, b) {
		t.Fatalf("dump after reload differs:\n--- first\n%s\n--- second\n%s", a, b)
	}
	if out := string(run(nil, client, "-N", "-e", "SET time_zone = '+05:00'; SELECT id, ts, dt FROM tzd.t WHERE ts >= '2024-01-01 17:00:00' ORDER BY id")); out != "1\t2024-01-01 17:00:00\t2024-01-01 17:00:00\n2\t2024-07-01 04:59:59\t2024-07-01 04:59:59\n" {
		t.Fatalf("read back under +05:00: %q", out)
	}
}
