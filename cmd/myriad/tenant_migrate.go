package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/bench"
)

func init() { tenantSubcommands = append(tenantSubcommands, tenantMigrateCmd) }

// migrateFailure is one schema the migration did not complete.
type migrateFailure struct {
	Schema    string `json:"schema"`
	Statement int    `json:"statement"` // 1-based index in the file
	Error     string `json:"error"`
}

// migrateSummary is what `tenant migrate` reports (--json: one object).
type migrateSummary struct {
	Like       string           `json:"like"`
	File       string           `json:"file"`
	Statements int              `json:"statements_per_schema"`
	Schemas    int              `json:"schemas"`
	Migrated   int              `json:"migrated"`
	Failed     int              `json:"failed"`
	Skipped    int              `json:"skipped"` // not started: --on-error stop, or interrupted
	Executed   int64            `json:"statements_executed"`
	Seconds    float64          `json:"seconds"`
	PerSec     float64          `json:"statements_per_second"`
	Failures   []migrateFailure `json:"failures,omitempty"`
}

func tenantMigrateCmd() *cobra.Command {
	var (
		t        bench.Target
		file     string
		like     string
		parallel int
		onError  string
		jsonOut  bool
		progress string
	)
	cmd := &cobra.Command{
		Use:   "migrate --file MIGRATION.sql --like PATTERN",
		Short: "Apply a SQL file of DDL to every schema whose name matches a LIKE pattern",
		Long: `migrate runs the statements of a SQL file, in order, in every schema whose name
matches the LIKE pattern (as in SHOW DATABASES LIKE; the system schemas never
match), over --parallel connections: one schema per connection at a time, after
USE schema, so the file names its tables unqualified.

  myriad tenant migrate --file add_col.sql --like 'customer\_%' --parallel 8

A statement that fails ends that schema's migration (its later statements are
not run) and is reported with the schema's name. --on-error stop (default)
starts no further schema after the first failure; --on-error continue migrates
the rest and reports every failure. The exit status is non-zero when any schema
failed. A schema is not migrated atomically: statements that ran before the
failing one stay applied (as with mysql < file).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if file == "" || like == "" {
				return errors.New("migrate: --file and --like are required")
			}
			if onError != "stop" && onError != "continue" {
				return fmt.Errorf("migrate: --on-error must be stop or continue, not %q", onError)
			}
			text, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			stmts, err := migrationStatements(string(text))
			if err != nil {
				return fmt.Errorf("migrate: %s: %w", file, err)
			}
			if parallel < 1 {
				parallel = 1
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			db, err := t.Open(ctx, parallel)
			if err != nil {
				return err
			}
			defer db.Close()
			schemas, err := matchingSchemas(ctx, db, like)
			if err != nil {
				return err
			}
			s := migrateSummary{Like: like, File: file, Statements: len(stmts), Schemas: len(schemas)}
			var bar *progressbar.ProgressBar
			if w := cloneProgressWriter(progress); w != nil && len(schemas) > 1 {
				bar = progressbar.NewOptions(len(schemas), progressbar.OptionSetWriter(w),
					progressbar.OptionSetDescription("migrate"), progressbar.OptionShowCount(),
					progressbar.OptionShowIts(), progressbar.OptionSetItsString("schemas"),
					progressbar.OptionSetPredictTime(true),
					progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetWidth(30),
					progressbar.OptionOnCompletion(func() { io.WriteString(w, "\n") }))
			}
			start := time.Now()
			var executed atomic.Int64
			one := func(schema string) (int, error) {
				return migrateSchema(ctx, db, schema, stmts, &executed)
			}
			done := runMigration(ctx, schemas, parallel, onError == "continue", one, func(f *migrateFailure) {
				if f == nil {
					s.Migrated++
				} else {
					s.Failed++
					s.Failures = append(s.Failures, *f)
				}
				if bar != nil {
					bar.Add(1)
				}
			})
			s.Seconds = time.Since(start).Seconds()
			s.Executed = executed.Load()
			s.Skipped = len(schemas) - done
			if s.Seconds > 0 {
				s.PerSec = float64(s.Executed) / s.Seconds
			}
			if bar != nil {
				bar.Exit()
			}
			sort.Slice(s.Failures, func(i, j int) bool { return s.Failures[i].Schema < s.Failures[j].Schema })
			out := cmd.OutOrStdout()
			if jsonOut {
				if err := json.NewEncoder(out).Encode(s); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "migrate: %d of %d schemas matching %q migrated (%d statements each) in %.2fs, %d statements (%.0f/s); %d failed, %d not started\n",
					s.Migrated, s.Schemas, like, s.Statements, s.Seconds, s.Executed, s.PerSec, s.Failed, s.Skipped)
				for _, f := range s.Failures {
					fmt.Fprintf(out, "  %s: statement %d: %s\n", f.Schema, f.Statement, f.Error)
				}
			}
			switch {
			case s.Failed > 0:
				return fmt.Errorf("migrate: %d schemas failed", s.Failed)
			case ctx.Err() != nil:
				return fmt.Errorf("migrate: interrupted, %d schemas not started", s.Skipped)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&file, "file", "", "SQL file of statements separated by ';' (required)")
	f.StringVar(&like, "like", "", "LIKE pattern of the schemas to migrate (required)")
	f.IntVar(&parallel, "parallel", 8, "schemas migrated at once (connections)")
	f.StringVar(&onError, "on-error", "stop", "after a schema fails: stop (start no further schema) or continue")
	f.StringVar(&t.Host, "host", "127.0.0.1", "server host")
	f.IntVar(&t.Port, "port", 3306, "server port")
	f.StringVarP(&t.User, "user", "u", "root", "user")
	f.StringVarP(&t.Password, "password", "p", "", "password")
	f.BoolVar(&jsonOut, "json", false, "print the summary as one JSON object")
	f.StringVar(&progress, "progress", "auto", "progress bar on stderr: auto (when stderr is a terminal), always or never")
	return cmd
}

// migrationStatements splits a migration file into its statements
// (semicolons inside strings, quoted names and comments do not split).
func migrationStatements(text string) ([]string, error) {
	pieces, err := sqlparser.SplitStatementToPieces(text)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range pieces {
		if p = strings.TrimSpace(p); p != "" && !onlyComments(p) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no statements")
	}
	return out, nil
}

// onlyComments reports whether p is comments and whitespace alone (a
// file's trailing comment after the last ';').
func onlyComments(p string) bool {
	for p != "" {
		p = strings.TrimSpace(p)
		switch {
		case strings.HasPrefix(p, "--") || strings.HasPrefix(p, "#"):
			i := strings.IndexByte(p, '\n')
			if i < 0 {
				return true
			}
			p = p[i+1:]
		case strings.HasPrefix(p, "/*") && !strings.HasPrefix(p, "/*!"):
			i := strings.Index(p, "*/")
			if i < 0 {
				return false
			}
			p = p[i+2:]
		default:
			return p == ""
		}
	}
	return true
}

func matchingSchemas(ctx context.Context, db *sql.DB, like string) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ? "+
		"AND SCHEMA_NAME NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys') ORDER BY SCHEMA_NAME", like)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// migrateSchema runs stmts in schema on one connection, stopping at the
// first error; it returns the 1-based index of the failing statement.
func migrateSchema(ctx context.Context, db *sql.DB, schema string, stmts []string, executed *atomic.Int64) (int, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "USE "+cloneQuoteIdent(schema)); err != nil {
		return 0, err
	}
	for i, q := range stmts {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return i + 1, err
		}
		executed.Add(1)
	}
	return 0, nil
}

// runMigration runs one(schema) for every schema on parallel workers and
// calls report (under a lock) with each outcome; without keepGoing no
// schema starts after the first failure. It returns how many ran.
func runMigration(ctx context.Context, schemas []string, parallel int, keepGoing bool,
	one func(string) (int, error), report func(*migrateFailure)) int {
	var (
		mu     sync.Mutex
		failed bool
		ran    int
		next   atomic.Int64
		wg     sync.WaitGroup
	)
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(schemas) || ctx.Err() != nil {
					return
				}
				mu.Lock()
				stop := failed && !keepGoing
				mu.Unlock()
				if stop {
					return
				}
				at, err := one(schemas[i])
				mu.Lock()
				ran++
				if err != nil {
					failed = true
					report(&migrateFailure{Schema: schemas[i], Statement: at, Error: err.Error()})
				} else {
					report(nil)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return ran
}
