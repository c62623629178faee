package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/bench"
)

// benchOLTPCmd is `myriad bench oltp`: sysbench's OLTP tests against this
// binary's server and MariaDB from Debian, side by side, both durability
// pairings, and the ratio table (with charts) written into a Markdown file.
func benchOLTPCmd(run func(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error) func(*cobra.Command, []string) error) *cobra.Command {
	o := bench.OLTPOptions{}
	var (
		mariadbd, workDir, write, chartDir string
		keep                               bool
		serverPorts                        []int
	)
	cmd := &cobra.Command{
		Use:   "oltp",
		Short: "sysbench's six OLTP tests against Myriad and MariaDB side by side, both durability pairings; writes the ratio table",
		Long: `Starts this binary's server and a MariaDB from Debian (mariadbd) on throwaway data
directories, once per durability pairing (Myriad --durability async vs MariaDB
innodb_flush_log_at_trx_commit=0; sync vs 1), prepares sysbench's tables on both,
and runs each test at each thread count, alternating the two servers, --rounds
times. Prints the ratio table (Myriad tps / MariaDB tps); --write puts it (and
the command, machine and load) into a Markdown file between markers, --chart-dir
writes one SVG bar chart per pairing.

  myriad bench oltp --write docs/BENCHMARKS.md --chart-dir docs
  myriad bench oltp --tests oltp_point_select --threads 4 --durability async --time 5s`,
		RunE: func(c *cobra.Command, args []string) error {
			self, err := os.Executable()
			if err != nil {
				return err
			}
			if mariadbd == "" {
				if p, err := exec.LookPath("mariadbd"); err == nil {
					mariadbd = p
				} else {
					mariadbd = "/usr/sbin/mariadbd"
				}
			}
			for _, d := range o.Durability {
				if _, ok := bench.Pairings[d]; !ok {
					return fmt.Errorf("--durability takes async and/or sync, not %q", d)
				}
			}
			if len(serverPorts) != 0 && len(serverPorts) != 2 {
				return fmt.Errorf("--server-ports takes two ports (Myriad's, MariaDB's), not %d", len(serverPorts))
			}
			portOf := func(i int) int {
				if len(serverPorts) == 2 {
					return serverPorts[i]
				}
				return 0
			}
			if workDir == "" {
				if workDir, err = os.MkdirTemp("", "myriad-bench-oltp-"); err != nil {
					return err
				}
				if !keep {
					defer os.RemoveAll(workDir)
				}
			}
			started := time.Now().UTC()
			loadBefore := loadAverage()
			var all []bench.Result
			err = run(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error {
				for _, d := range o.Durability {
					dir := filepath.Join(workDir, d)
					if err := os.MkdirAll(dir, 0o755); err != nil {
						return err
					}
					my, err := bench.StartMyriadOn(ctx, self, dir, d, portOf(0))
					if err != nil {
						return err
					}
					ma, err := bench.StartMariaDBOn(ctx, mariadbd, dir, bench.Pairings[d], portOf(1))
					if err != nil {
						my.Stop()
						return err
					}
					err = bench.OLTP(ctx, d, []*bench.Server{my, ma}, o, p, func(r bench.Result) {
						all = append(all, r)
						emit(r)
					})
					my.Stop()
					ma.Stop()
					if err != nil {
						return err
					}
				}
				return nil
			})(c, args)
			cells := bench.OLTPCells(all)
			table := bench.OLTPMarkdown(cells)
			fmt.Fprint(os.Stderr, table)
			if err != nil || len(cells) == 0 {
				return err
			}
			var charts []string
			if chartDir != "" {
				for _, d := range o.Durability {
					name := filepath.Join(chartDir, "oltp-"+d+".svg")
					if err := os.WriteFile(name, []byte(bench.OLTPChart(cells, d)), 0o644); err != nil {
						return err
					}
					charts = append(charts, name)
				}
			}
			if write != "" {
				section := oltpSection(strings.Join(os.Args, " "), started, loadBefore, loadAverage(), o, table, charts, write)
				if err := replaceSection(write, section); err != nil {
					return err
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.Tests, "tests", bench.OLTPTests, "sysbench tests")
	f.IntSliceVar(&o.Threads, "threads", []int{1, 4, 16}, "thread counts")
	f.DurationVar(&o.Duration, "time", 10*time.Second, "length of each run")
	f.IntVar(&o.Tables, "tables", 4, "sysbench --tables")
	f.IntVar(&o.TableSize, "table-size", 10000, "sysbench --table-size")
	f.IntVar(&o.Rounds, "rounds", 2, "runs per server and cell (the servers alternate)")
	f.StringSliceVar(&o.Durability, "durability", []string{"async", "sync"}, "pairings: async (MariaDB flush_log_at_trx_commit=0), sync (=1)")
	f.StringVar(&o.PSMode, "ps-mode", "auto", "sysbench --db-ps-mode: auto (prepared statements) or disable (text protocol)")
	f.StringVar(&o.Sysbench, "sysbench", "sysbench", "the sysbench program")
	f.StringVar(&mariadbd, "mariadbd", "", "the MariaDB server program (default: mariadbd on PATH, else /usr/sbin/mariadbd)")
	f.StringVar(&workDir, "work-dir", "", "where the servers' data directories go (default: a temporary directory, removed after)")
	// A shared machine's engineers each keep to their own ports; the
	// kernel's free port is in the ephemeral range, which others' clients use.
	f.IntSliceVar(&serverPorts, "server-ports", nil, "the two servers' ports, Myriad's then MariaDB's (default: free ports the kernel picks)")
	f.BoolVar(&keep, "keep", false, "keep the temporary work directory (server logs)")
	f.StringVar(&write, "write", "", "Markdown file to put the results in, between '<!-- myriad bench oltp -->' markers (appended if absent)")
	f.StringVar(&chartDir, "chart-dir", "", "directory for the SVG charts oltp-async.svg / oltp-sync.svg")
	return cmd
}

const (
	oltpBegin = "<!-- myriad bench oltp: begin -->"
	oltpEnd   = "<!-- myriad bench oltp: end -->"
)

func oltpSection(command string, started time.Time, loadBefore, loadAfter string, o bench.OLTPOptions, table string, charts []string, mdPath string) string {
	var b strings.Builder
	b.WriteString(oltpBegin + "\n## sysbench OLTP side by side: `myriad bench oltp` (issue #12 item 8)\n\n")
	fmt.Fprintf(&b, "Produced by `%s` (started %s, %.0f min; %d CPUs; load average before %s, after %s; %s; %d tables x %d rows, %s per run, %d rounds, `--db-ps-mode=%s`).\n",
		command, started.Format("2006-01-02 15:04 UTC"), time.Since(started).Minutes(), runtime.NumCPU(), loadBefore, loadAfter,
		mariadbVersion(), o.Tables, o.TableSize, o.Duration, o.Rounds, o.PSMode)
	b.WriteString(table)
	for _, c := range charts {
		rel, err := filepath.Rel(filepath.Dir(mdPath), c)
		if err != nil {
			rel = c
		}
		fmt.Fprintf(&b, "\n![%s](%s)\n", filepath.Base(c), rel)
	}
	b.WriteString(oltpEnd + "\n")
	return b.String()
}

// replaceSection puts section into the Markdown file in place of the one
// between the markers, or at its end.
func replaceSection(path, section string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	s := string(old)
	i, j := strings.Index(s, oltpBegin), strings.Index(s, oltpEnd)
	if i >= 0 && j > i {
		s = s[:i] + section + s[j+len(oltpEnd)+1:]
	} else {
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		s += "\n" + section
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func mariadbVersion() string {
	out, err := exec.Command("mariadb", "--version").Output()
	if err != nil {
		return "MariaDB version unknown"
	}
	return strings.TrimSpace(string(out))
}
