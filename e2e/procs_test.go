package e2e

import (
	"bytes"
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestDumpRoutines: a schema with stored procedures, created through the
// mariadb CLI (DELIMITER is the client's), dumped with mariadb-dump
// --routines, loads into another schema, where the procedure runs and
// dumps back the same; the CLI prints every result set of a CALL.
func TestDumpRoutines(t *testing.T) {
	client := mariadbClient(t)
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	s := StartServer(t, "--durability", "async")
	run := func(name string, stdin string, args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, name, append([]string{"-h127.0.0.1", "-P" + strconv.Itoa(s.Port), "-uroot"}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s %v: %v\n%s%s", name, args, err, out.String(), errb.String())
		}
		return out.String()
	}
	run(client, `CREATE DATABASE shop;
USE shop;
CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10));
INSERT INTO t VALUES (1, 'x'), (2, 'y');
DELIMITER //
CREATE PROCEDURE report(IN lo INT, OUT n INT)
BEGIN
  SELECT a, b FROM t WHERE a >= lo ORDER BY a;
  SELECT COUNT(*) INTO n FROM t;
  SELECT 'end' AS tag;
END//
DELIMITER ;
`)
	got := run(client, "CALL report(1, @n); SELECT @n;", "--batch", "shop")
	if want := "a\tb\n1\tx\n2\ty\ntag\nend\n@n\n2\n"; got != want {
		t.Fatalf("CALL through the CLI:\n%q\nwant\n%q", got, want)
	}
	first := run(dump, "", "--routines", "--skip-dump-date", "shop")
	if !strings.Contains(first, "CREATE PROCEDURE report(IN lo INT, OUT n INT)") {
		t.Fatalf("dump has no procedure:\n%s", first)
	}
	run(client, "CREATE DATABASE shop2")
	run(client, first, "shop2")
	got = run(client, "CALL report(2, @n); SELECT @n;", "--batch", "shop2")
	if want := "a\tb\n2\ty\ntag\nend\n@n\n2\n"; got != want {
		t.Fatalf("CALL of the loaded procedure:\n%q\nwant\n%q", got, want)
	}
	second := run(dump, "", "--routines", "--skip-dump-date", "shop2")
	norm := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(l, "-- ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if norm(first) != norm(second) {
		t.Fatalf("dump of the loaded schema differs:\n%s\n---\n%s", first, second)
	}
}
