package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/myriaddb/myriad/bench"
)

// benchCmd is `myriad bench`: the standard million-table workload against
// any MySQL-protocol server (Myriad, MySQL, MariaDB).
func benchCmd() *cobra.Command {
	var (
		t        bench.Target
		jsonOut  bool
		progress string
		label    string
	)
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Run the standard million-table workload against any MySQL-protocol server",
		Long: `Runs the standard workload of docs/BENCHMARKS.md against a MySQL-protocol server:
schemas test_sbtest_1..S, each with tables sbtest1..T (sysbench's table).

  myriad bench provision --schemas 10000 --tables 100 --parallel 16
  myriad bench insert --schemas 100 --tables 1 --threads 16 --duration 30s   # 100 hot tables
  myriad bench insert --schemas 10000 --tables 100 --threads 16 --duration 30s
  myriad bench cliff --schemas 10000 --tables 100 --threads 16 --duration 30s  # both, alternating
  myriad bench catalog
  myriad bench teardown --parallel 16
  myriad bench all --schemas 10000 --tables 100

Point it at MySQL or MariaDB with --host/--port/--user/--password to compare.`,
	}
	pf := cmd.PersistentFlags()
	pf.StringVar(&t.Host, "host", "127.0.0.1", "server host")
	pf.IntVar(&t.Port, "port", 3306, "server port")
	pf.StringVarP(&t.User, "user", "u", "root", "user")
	pf.StringVarP(&t.Password, "password", "p", "", "password")
	pf.BoolVar(&jsonOut, "json", false, "print results as JSON lines (one object per step) instead of text")
	pf.StringVar(&progress, "progress", "auto", "progress bars on stderr: auto (when stderr is a terminal), always or never")
	pf.StringVar(&label, "label", "", "target name recorded in the results (e.g. myriad, mariadb)")

	run := func(f func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error) func(*cobra.Command, []string) error {
		return func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			var p bench.Progress
			switch progress {
			case "always":
				p.W = os.Stderr
			case "auto":
				if term.IsTerminal(int(os.Stderr.Fd())) {
					p.W = os.Stderr
				}
			case "never":
			default:
				return fmt.Errorf("--progress must be auto, always or never, not %q", progress)
			}
			var all []bench.Result
			emit := func(r bench.Result) {
				if label != "" {
					r.Target = label
				}
				all = append(all, r)
				if jsonOut {
					bench.WriteJSON(os.Stdout, r)
				}
			}
			err := f(ctx, p, emit)
			if !jsonOut && len(all) > 0 {
				io.WriteString(os.Stdout, bench.Text(all))
			}
			return err
		}
	}
	// one runs a step that yields one result, printed even when the step
	// failed part way (an insert run with errors).
	one := func(f func(ctx context.Context, p bench.Progress) (bench.Result, error)) func(*cobra.Command, []string) error {
		return run(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error {
			r, err := f(ctx, p)
			if r.Step != "" {
				emit(r)
			}
			return err
		})
	}

	var po bench.ProvisionOptions
	prov := &cobra.Command{
		Use:   "provision",
		Short: "Create schemas test_sbtest_1..S with tables sbtest1..T, one connection per schema in flight",
		RunE: one(func(ctx context.Context, p bench.Progress) (bench.Result, error) {
			return bench.Provision(ctx, t, po, p)
		}),
	}
	prov.Flags().IntVar(&po.Schemas, "schemas", 100, "schemas to create")
	prov.Flags().IntVar(&po.Tables, "tables", 100, "tables per schema")
	prov.Flags().IntVar(&po.Parallel, "parallel", 16, "schemas provisioned concurrently (one connection each)")
	prov.Flags().IntVar(&po.First, "first", 1, "number of the first schema (to add schemas after existing ones)")

	var io_ bench.InsertOptions
	ins := &cobra.Command{
		Use:   "insert",
		Short: "Insert random rows into random tables: --schemas 100 --tables 1 is the hot set",
		RunE: one(func(ctx context.Context, p bench.Progress) (bench.Result, error) {
			io_.Seed = uint64(time.Now().UnixNano())
			return bench.Insert(ctx, t, io_, p)
		}),
	}
	ins.Flags().IntVar(&io_.Schemas, "schemas", 100, "pick schemas uniformly from 1..S")
	ins.Flags().IntVar(&io_.Tables, "tables", 1, "pick tables uniformly from 1..T")
	ins.Flags().IntVar(&io_.Threads, "threads", 16, "concurrent clients")
	ins.Flags().DurationVar(&io_.Duration, "duration", 30*time.Second, "how long to run")
	ins.Flags().StringVar(&io_.Label, "step", "insert", "step name recorded in the result (e.g. insert-hot, insert-all)")

	var clo bench.CliffOptions
	cliff := &cobra.Command{
		Use:   "cliff",
		Short: "Insert into the hot set (one table in each of 100 schemas) and into all tables, in alternating slices, and compare",
		RunE: run(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error {
			clo.Seed = uint64(time.Now().UnixNano())
			rs, err := bench.CliffRun(ctx, t, clo, p)
			for _, r := range rs {
				emit(r)
			}
			return err
		}),
	}
	cliff.Flags().IntVar(&clo.HotSchemas, "hot-schemas", 100, "hot set: one table in each of this many schemas")
	cliff.Flags().IntVar(&clo.Schemas, "schemas", 100, "full set: schemas 1..S")
	cliff.Flags().IntVar(&clo.Tables, "tables", 100, "full set: tables 1..T in each")
	cliff.Flags().IntVar(&clo.Threads, "threads", 16, "concurrent clients")
	cliff.Flags().DurationVar(&clo.Duration, "duration", 30*time.Second, "time spent on each set, split over the rounds")
	cliff.Flags().IntVar(&clo.Rounds, "rounds", 2, "rounds of (hot, all), alternating the order (hot, all, all, hot, ...)")

	var co bench.CatalogOptions
	cat := &cobra.Command{
		Use:   "catalog",
		Short: "Time the information_schema count, SHOW DATABASES and SHOW TABLES",
		RunE: one(func(ctx context.Context, p bench.Progress) (bench.Result, error) {
			return bench.Catalog(ctx, t, co)
		}),
	}
	cat.Flags().IntVar(&co.Repeat, "repeat", 5, "runs of each query (the median is reported)")

	var to bench.TeardownOptions
	tear := &cobra.Command{
		Use:   "teardown",
		Short: "DROP DATABASE every test_sbtest_N schema, in parallel",
		RunE: one(func(ctx context.Context, p bench.Progress) (bench.Result, error) {
			return bench.Teardown(ctx, t, to, p)
		}),
	}
	tear.Flags().IntVar(&to.Parallel, "parallel", 16, "concurrent DROP DATABASE clients")

	var ao bench.AllOptions
	all := &cobra.Command{
		Use:   "all",
		Short: "provision, insert (hot, then all tables), catalog and teardown, in order, as one table",
		RunE: run(func(ctx context.Context, p bench.Progress, emit func(bench.Result)) error {
			ao.Seed = uint64(time.Now().UnixNano())
			_, err := bench.All(ctx, t, ao, p, emit)
			return err
		}),
	}
	all.Flags().IntVar(&ao.Schemas, "schemas", 100, "schemas")
	all.Flags().IntVar(&ao.Tables, "tables", 100, "tables per schema")
	all.Flags().IntVar(&ao.Parallel, "parallel", 16, "provisioning and teardown clients")
	all.Flags().IntVar(&ao.Threads, "threads", 16, "insert clients")
	all.Flags().DurationVar(&ao.Duration, "duration", 30*time.Second, "length of each insert run")
	all.Flags().BoolVar(&ao.Teardown, "teardown", true, "drop the schemas at the end")
	all.Flags().IntVar(&ao.Rounds, "rounds", 2, "alternating hot/all insert slices (see cliff)")

	var timeout time.Duration
	var query, step string
	wait := &cobra.Command{
		Use:   "wait",
		Short: "Wait until the server answers a query; report how long that took (time to ready after a start)",
		RunE: one(func(ctx context.Context, p bench.Progress) (bench.Result, error) {
			d, err := t.WaitReady(ctx, query, timeout)
			if err != nil {
				return bench.Result{}, err
			}
			return bench.Result{Step: step, Metrics: map[string]float64{"ready_s": d.Seconds()}}, nil
		}),
	}
	wait.Flags().DurationVar(&timeout, "timeout", time.Minute, "give up after this long")
	wait.Flags().StringVar(&query, "query", "SELECT 1", "query that must succeed")
	wait.Flags().StringVar(&step, "step", "ready", "step name recorded in the result (e.g. restart)")

	report := &cobra.Command{
		Use:   "report FILE...",
		Short: "Render JSON-lines results (from --json runs) as one Markdown table, a column per --label",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var rs []bench.Result
			for _, a := range args {
				f, err := os.Open(a)
				if err != nil {
					return err
				}
				got, err := bench.ReadJSON(f)
				f.Close()
				if err != nil {
					return fmt.Errorf("%s: %w", a, err)
				}
				rs = append(rs, got...)
			}
			_, err := io.WriteString(os.Stdout, bench.Markdown(bench.AddCliffs(rs)))
			return err
		},
	}
	cmd.AddCommand(prov, ins, cliff, cat, tear, all, wait, report, benchOLTPCmd(run), benchConnectionsCmd(run, &t))
	return cmd
}
