package e2e

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// -update rewrites the CLI golden files from what the server printed. The
// goldens state what MySQL 8.0 prints: after -update, read every diff and
// put MySQL's output back wherever Myriad's differs.
var updateGolden = flag.Bool("update", false, "rewrite e2e/testdata/cli/*.out and *.err from the server's output")

// mariadbClient finds the MariaDB command-line client: `mariadb`, or a
// `mysql` that is MariaDB's (the goldens hold MariaDB's client formatting,
// e.g. the failing query echoed before its error).
func mariadbClient(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("mariadb"); err == nil {
		return p
	}
	if p, err := exec.LookPath("mysql"); err == nil {
		out, _ := exec.Command(p, "--version").CombinedOutput()
		if bytes.Contains(out, []byte("MariaDB")) {
			return p
		}
		missing(t, "%s is not MariaDB's client (%s)", p, strings.TrimSpace(string(out)))
	}
	missing(t, "the mariadb client (Debian package mariadb-client) is not installed")
	return ""
}

// TestMariadbCLI runs each testdata/cli/NAME.sql through the mariadb client
// in batch mode with --force, against a fresh server, and compares its
// stdout with NAME.out and its stderr (the errors) with NAME.err (empty when
// the file is missing), byte for byte.
func TestMariadbCLI(t *testing.T) {
	client := mariadbClient(t)
	scripts, err := filepath.Glob("testdata/cli/*.sql")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no testdata/cli/*.sql: %v", err)
	}
	s := StartServer(t, "--durability", "async")
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".sql")
		t.Run(name, func(t *testing.T) {
			in, err := os.Open(script)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, client,
				"--no-defaults", // ignore any option files on this machine
				"--protocol=TCP", "-h", "127.0.0.1", "-P", strconv.Itoa(s.Port), "-u", "root",
				"--default-character-set=utf8mb4", "--batch", "--force")
			cmd.Stdin = in
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8", "MYSQL_PWD=")
			runErr := cmd.Run()
			if ctx.Err() != nil {
				t.Fatalf("%s did not finish within 60s; stderr:\n%s", client, stderr.String())
			}
			outFile := strings.TrimSuffix(script, ".sql") + ".out"
			errFile := strings.TrimSuffix(script, ".sql") + ".err"
			if *updateGolden {
				writeGolden(t, outFile, stdout.Bytes())
				writeGolden(t, errFile, stderr.Bytes())
				return
			}
			wantOut, err := os.ReadFile(outFile)
			if err != nil {
				t.Fatalf("%v (run go test ./e2e -run TestMariadbCLI -update to create it, then check it by hand)", err)
			}
			wantErr, err := os.ReadFile(errFile)
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
			if got := stdout.String(); got != string(wantOut) {
				t.Errorf("stdout differs from %s:\n%s", outFile, lineDiff(string(wantOut), got))
			}
			if got := stderr.String(); got != string(wantErr) {
				t.Errorf("stderr differs from %s:\n%s", errFile, lineDiff(string(wantErr), got))
			}
			// The client exits 0 when nothing failed; with --force and
			// failures, MariaDB's client may exit 0 or 1.
			var ee *exec.ExitError
			switch {
			case runErr == nil:
			case errors.As(runErr, &ee) && ee.ExitCode() == 1 && len(wantErr) > 0:
			default:
				t.Errorf("%s exited with %v", client, runErr)
			}
		})
	}
}

func writeGolden(t *testing.T, path string, data []byte) {
	t.Helper()
	if len(data) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		return
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lineDiff is a line diff of want and got (longest common subsequence):
// "-" lines are only in want (MySQL), "+" lines only in got (Myriad).
func lineDiff(want, got string) string {
	split := func(s string) []string {
		l := strings.SplitAfter(s, "\n")
		if l[len(l)-1] == "" {
			l = l[:len(l)-1]
		}
		return l
	}
	w, g := split(want), split(got)
	// lcs[i][j] = length of the LCS of w[i:] and g[j:].
	lcs := make([][]int, len(w)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(g)+1)
	}
	for i := len(w) - 1; i >= 0; i-- {
		for j := len(g) - 1; j >= 0; j-- {
			if w[i] == g[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var b strings.Builder
	b.WriteString("--- want (MySQL)\n+++ got (Myriad)\n")
	line := func(prefix, l string) {
		if !strings.HasSuffix(l, "\n") {
			l += "\n\\ no newline at end\n"
		}
		b.WriteString(prefix + l)
	}
	i, j := 0, 0
	for i < len(w) || j < len(g) {
		switch {
		case i < len(w) && j < len(g) && w[i] == g[j]:
			line("  ", w[i])
			i, j = i+1, j+1
		case i < len(w) && (j == len(g) || lcs[i+1][j] >= lcs[i][j+1]):
			line("- ", w[i])
			i++
		default:
			line("+ ", g[j])
			j++
		}
	}
	return b.String()
}
