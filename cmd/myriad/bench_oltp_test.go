package main

import (
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/bench"
)

// TestBenchOLTPServerPorts: --server-ports takes exactly Myriad's and
// MariaDB's port; any other count is refused before a server starts.
func TestBenchOLTPServerPorts(t *testing.T) {
	started := false
	run := func(fn func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error) func(*cobra.Command, []string) error {
		return func(*cobra.Command, []string) error {
			started = true
			return nil
		}
	}
	for _, c := range []struct {
		ports string
		ok    bool
	}{
		{"23200", false},
		{"23200,23201,23202", false},
		{"23200,23201", true},
	} {
		started = false
		cmd := benchOLTPCmd(run)
		cmd.SetArgs([]string{"--server-ports", c.ports, "--work-dir", t.TempDir()})
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		err := cmd.Execute()
		if c.ok && (err != nil || !started) {
			t.Errorf("--server-ports %s: err %v, run started %v; want it accepted", c.ports, err, started)
		}
		if !c.ok && (err == nil || !strings.Contains(err.Error(), "--server-ports") || started) {
			t.Errorf("--server-ports %s: err %v, run started %v; want it refused", c.ports, err, started)
		}
	}
}
