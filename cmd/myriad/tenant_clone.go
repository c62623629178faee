package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/cockroachdb/pebble"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/myriaddb/myriad/bench"
	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/kv"
)

func init() { tenantSubcommands = append(tenantSubcommands, tenantCloneCmd) }

// cloneSummary is what `tenant clone` reports (--json: one object).
type cloneSummary struct {
	Template string  `json:"template"`
	Clones   int     `json:"clones"`
	WithData bool    `json:"with_data"`
	Seconds  float64 `json:"seconds"`
	PerSec   float64 `json:"clones_per_second"`
	Failed   int     `json:"failed"`
	Error    string  `json:"error,omitempty"`
}

func tenantCloneCmd() *cobra.Command {
	var (
		t                bench.Target
		from, to, prefix string
		dataDir          string
		count, first     int
		parallel         int
		withData         bool
		jsonOut          bool
		progress         string
	)
	cmd := &cobra.Command{
		Use:   "clone --from TEMPLATE (--to NEW[,NEW2...] | --count K --prefix P)",
		Short: "Create schemas as copies of a template schema (CREATE DATABASE ... LIKE)",
		Long: `clone creates each new schema as a copy of the template: every table, index,
view, trigger, default, comment, collation and AUTO_INCREMENT value, as one atomic
catalog change per clone; --with-data copies the rows too (consistent as of one
snapshot of the template).

  myriad tenant clone --from template --to customer_1,customer_2
  myriad tenant clone --from template --count 10000 --prefix customer_ --parallel 16

Online (default): connects like 'myriad bench' and sends
CREATE DATABASE new LIKE template [WITH DATA] over --parallel connections (needs
CREATE on the new schemas and SELECT on the template). Offline: --data-dir opens a
stopped server's data directory itself.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if from == "" {
				return errors.New("clone: --from is required")
			}
			var names []string
			switch {
			case to != "" && count == 0:
				for _, n := range strings.Split(to, ",") {
					if n = strings.TrimSpace(n); n != "" {
						names = append(names, n)
					}
				}
			case to == "" && count > 0 && prefix != "":
				for i := 0; i < count; i++ {
					names = append(names, fmt.Sprintf("%s%d", prefix, first+i))
				}
			default:
				return errors.New("clone: give either --to NAMES or --count K with --prefix P")
			}
			if parallel < 1 {
				parallel = 1
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			var bar *progressbar.ProgressBar
			if w := cloneProgressWriter(progress); w != nil && len(names) > 1 {
				bar = progressbar.NewOptions(len(names), progressbar.OptionSetWriter(w),
					progressbar.OptionSetDescription("clone"), progressbar.OptionShowCount(),
					progressbar.OptionShowIts(), progressbar.OptionSetItsString("clones"),
					progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetWidth(30),
					progressbar.OptionOnCompletion(func() { io.WriteString(w, "\n") }))
			}
			var one func(name string) error
			if dataDir != "" {
				eng, closeFn, err := openCloneEngine(dataDir)
				if err != nil {
					return err
				}
				defer closeFn()
				one = func(name string) error { return eng.CloneSchema(from, []string{name}, withData, nil) }
			} else {
				db, err := t.Open(ctx, parallel)
				if err != nil {
					return err
				}
				defer db.Close()
				stmt := " LIKE " + cloneQuoteIdent(from)
				if withData {
					stmt += " WITH DATA"
				}
				one = func(name string) error {
					_, err := db.ExecContext(ctx, "CREATE DATABASE "+cloneQuoteIdent(name)+stmt)
					return err
				}
			}
			s := cloneSummary{Template: from, WithData: withData}
			start := time.Now()
			firstErr := runClones(ctx, names, parallel, one, func() {
				s.Clones++
				if bar != nil {
					bar.Add(1)
				}
			}, &s.Failed)
			s.Seconds = time.Since(start).Seconds()
			if s.Seconds > 0 {
				s.PerSec = float64(s.Clones) / s.Seconds
			}
			if bar != nil {
				bar.Finish()
			}
			if firstErr != nil {
				s.Error = firstErr.Error()
			}
			out := cmd.OutOrStdout()
			if jsonOut {
				if err := json.NewEncoder(out).Encode(s); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "clone: %d of %d schemas from %s in %.2fs (%.0f/s)\n",
					s.Clones, len(names), from, s.Seconds, s.PerSec)
			}
			if firstErr != nil {
				return fmt.Errorf("clone: %d failed, first: %w", s.Failed, firstErr)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&from, "from", "", "template schema (required)")
	f.StringVar(&to, "to", "", "comma-separated names of the new schemas")
	f.IntVar(&count, "count", 0, "number of schemas to create, named PREFIX<first>, PREFIX<first+1>, ...")
	f.StringVar(&prefix, "prefix", "", "name prefix with --count")
	f.IntVar(&first, "first", 1, "number of the first schema with --count")
	f.BoolVar(&withData, "with-data", false, "copy the template's rows too")
	f.IntVar(&parallel, "parallel", 8, "clones in flight at once (connections online)")
	f.StringVar(&dataDir, "data-dir", "", "offline mode: data directory of a stopped server")
	f.StringVar(&t.Host, "host", "127.0.0.1", "server host (online mode)")
	f.IntVar(&t.Port, "port", 3306, "server port (online mode)")
	f.StringVarP(&t.User, "user", "u", "root", "user (online mode)")
	f.StringVarP(&t.Password, "password", "p", "", "password (online mode)")
	f.BoolVar(&jsonOut, "json", false, "print the summary as one JSON object")
	f.StringVar(&progress, "progress", "auto", "progress bar on stderr: auto (when stderr is a terminal), always or never")
	return cmd
}

// runClones runs one(name) for every name on parallel workers, stopping new
// work after the first error (clones already made stay: each is atomic).
func runClones(ctx context.Context, names []string, parallel int, one func(string) error, ok func(), failed *int) error {
	var (
		mu       sync.Mutex
		firstErr error
		next     atomic.Int64
		wg       sync.WaitGroup
	)
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(names) || ctx.Err() != nil {
					return
				}
				mu.Lock()
				stop := firstErr != nil
				mu.Unlock()
				if stop {
					return
				}
				err := one(names[i])
				mu.Lock()
				if err != nil {
					*failed++
					if firstErr == nil {
						firstErr = fmt.Errorf("%s: %w", names[i], err)
					}
				} else {
					ok()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// openOfflineEngine opens a stopped server's data directory for catalog
// work without a SQL server.
func openCloneEngine(dataDir string) (*engine.Engine, func(), error) {
	store := filepath.Join(dataDir, "store")
	if _, err := os.Stat(store); err != nil {
		return nil, nil, fmt.Errorf("%s is not a Myriad data directory: %w", dataDir, err)
	}
	db, err := kv.Open(store, kv.Options{MinFreeBytes: -1,
		Configure: func(po *pebble.Options) { po.ErrorIfNotExists = true }})
	if err != nil {
		return nil, nil, err
	}
	cat, err := catalog.Open(db, 64<<20)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return engine.New(db, cat, engine.Options{}), func() { db.Close() }, nil
}

func cloneQuoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

func cloneProgressWriter(mode string) io.Writer {
	switch mode {
	case "always":
		return os.Stderr
	case "auto":
		if term.IsTerminal(int(os.Stderr.Fd())) {
			return os.Stderr
		}
	}
	return nil
}
