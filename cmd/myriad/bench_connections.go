package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/bench"
)

// benchConnectionsCmd is `myriad bench connections`: the connection burst
// (bench.Connections) against this binary's server and, with --mariadb, a
// MariaDB beside it, or against the server of --host/--port.
func benchConnectionsCmd(run func(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error) func(*cobra.Command, []string) error, target *bench.Target) *cobra.Command {
	var (
		o                  bench.ConnectionsOptions
		sizes              []int
		rounds, portBase   int
		start, withMariaDB bool
		keep               bool
		mariadbd, workDir  string
		durability         string
	)
	cmd := &cobra.Command{
		Use:   "connections",
		Short: "Open N connections at once, each running K statements; time to all done, statements/s, server RSS per idle connection",
		Long: `Opens --connections clients at the same moment (no client-side pacing), each
runs --statements statements (a SELECT, an autocommitted INSERT of its own row,
its read-back, in turn) and then stays connected and idle. Reports the time
until all connected and until all finished, statements per second, connect
latency percentiles, failed clients, the one-minute load average before and
after, and the server's RSS (from /proc) before the burst and with every
connection idle, and their difference per connection.

By default it starts this binary's server on a throwaway data directory and,
with --mariadb, a MariaDB from Debian beside it (max_connections raised to fit),
and runs every size on each, alternating the servers, --rounds times:

  myriad bench connections --connections 1000,3000 --mariadb
  myriad bench connections --connections 1000,3000 --mariadb --json > r.jsonl && myriad bench report r.jsonl

With --start=false it runs against --host/--port, reading the RSS of --pid:

  myriad bench connections --start=false --port 3306 --pid $(pidof mariadbd)`,
		RunE: func(c *cobra.Command, args []string) error {
			if durability != "async" && durability != "sync" {
				return fmt.Errorf("--durability takes async or sync, not %q", durability)
			}
			return run(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error {
				if !start {
					for _, n := range sizes {
						for r := 0; r < rounds; r++ {
							o.Connections = n
							res, err := bench.Connections(ctx, *target, o, p)
							if res.Step != "" {
								if rounds > 1 {
									res.Params["round"] = int64(r + 1)
								}
								emit(res)
							}
							if err != nil {
								return err
							}
						}
					}
					return nil
				}
				servers, stop, err := startConnectionServers(ctx, withMariaDB, mariadbd, workDir, keep, durability, portBase, sizes)
				if err != nil {
					return err
				}
				defer stop()
				for r := 0; r < rounds; r++ {
					for _, n := range sizes {
						// Alternate which server goes first, so neither always
						// meets the machine the other just loaded.
						order := servers
						if r%2 == 1 && len(servers) == 2 {
							order = []*bench.Server{servers[1], servers[0]}
						}
						for _, s := range order {
							o.Connections, o.PID = n, s.PID()
							res, err := bench.Connections(ctx, s.Target, o, p)
							if res.Step != "" {
								res.Target = s.Name
								if rounds > 1 {
									res.Params["round"] = int64(r + 1)
								}
								emit(res)
							}
							if err != nil {
								return fmt.Errorf("%s: %w", s.Name, err)
							}
						}
					}
				}
				return nil
			})(c, args)
		},
	}
	f := cmd.Flags()
	f.IntSliceVar(&sizes, "connections", []int{1000}, "burst sizes: connections opened at once")
	f.IntVar(&o.Statements, "statements", 3, "statements each connection runs")
	f.IntVar(&rounds, "rounds", 1, "runs of every size on every server (the servers alternate)")
	f.DurationVar(&o.Timeout, "timeout", 2*time.Minute, "limit for one connection's dial and for the whole burst")
	f.DurationVar(&o.Settle, "settle", time.Second, "idle time before the server's RSS is read")
	f.BoolVar(&start, "start", true, "start the servers (false: use --host/--port, and --pid for the RSS)")
	f.IntVar(&o.PID, "pid", 0, "with --start=false: the server's process id, for its RSS")
	f.BoolVar(&withMariaDB, "mariadb", false, "also start a MariaDB and run the same bursts against it")
	f.StringVar(&mariadbd, "mariadbd", "", "the MariaDB server program (default: mariadbd on PATH, else /usr/sbin/mariadbd)")
	f.StringVar(&durability, "durability", "async", "Myriad --durability; MariaDB gets the matching innodb_flush_log_at_trx_commit (async 0, sync 1)")
	f.IntVar(&portBase, "server-port", 0, "port of the started Myriad (MariaDB: the next one); 0: free ports")
	f.StringVar(&workDir, "work-dir", "", "where the servers' data directories go (default: a temporary directory, removed after)")
	f.BoolVar(&keep, "keep", false, "keep the temporary work directory (server logs)")
	return cmd
}

// startConnectionServers starts this binary's server and, with
// withMariaDB, a MariaDB admitting the largest burst; stop ends them.
func startConnectionServers(ctx context.Context, withMariaDB bool, mariadbd, workDir string, keep bool, durability string, portBase int, sizes []int) (servers []*bench.Server, stop func(), err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	var cleanup []func()
	stop = func() {
		for i := len(cleanup) - 1; i >= 0; i-- {
			cleanup[i]()
		}
	}
	if workDir == "" {
		if workDir, err = os.MkdirTemp("", "myriad-bench-connections-"); err != nil {
			return nil, nil, err
		}
		if !keep {
			dir := workDir
			cleanup = append(cleanup, func() { os.RemoveAll(dir) })
		}
	}
	dir := filepath.Join(workDir, "connections")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		stop()
		return nil, nil, err
	}
	my, err := bench.StartMyriadOn(ctx, self, dir, durability, portBase)
	if err != nil {
		stop()
		return nil, nil, err
	}
	cleanup = append(cleanup, my.Stop)
	servers = append(servers, my)
	if withMariaDB {
		if mariadbd == "" {
			if mariadbd, err = exec.LookPath("mariadbd"); err != nil {
				mariadbd = "/usr/sbin/mariadbd"
			}
		}
		most := 0
		for _, n := range sizes {
			most = max(most, n)
		}
		port := 0
		if portBase != 0 {
			port = portBase + 1
		}
		// The burst plus the set-up connection, and a backlog that holds
		// the whole burst as Myriad's (the kernel's somaxconn) does.
		ma, err := bench.StartMariaDBOn(ctx, mariadbd, dir, bench.Pairings[durability], port,
			"--max-connections="+strconv.Itoa(most+10), "--back-log="+strconv.Itoa(most+10))
		if err != nil {
			stop()
			return nil, nil, err
		}
		cleanup = append(cleanup, ma.Stop)
		servers = append(servers, ma)
	}
	return servers, stop, nil
}
