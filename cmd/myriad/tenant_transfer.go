package main

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/cockroachdb/pebble"
	"github.com/cockroachdb/pebble/vfs"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/backup"
	"github.com/myriaddb/myriad/bench"
	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/server"
	"github.com/myriaddb/myriad/tenantfile"
)

func init() {
	tenantSubcommands = append(tenantSubcommands, tenantExportCmd, tenantImportCmd)
}

// transferSummary is what `tenant export` and `tenant import` report
// (--json: one object).
type transferSummary struct {
	Schema  string  `json:"schema"`
	File    string  `json:"file"`
	Tables  int     `json:"tables"`
	Rows    uint64  `json:"rows"`
	Bytes   int64   `json:"bytes"`
	Seconds float64 `json:"seconds"`
	// Snapshot is the token of the snapshot the source retained (export
	// --retain): pass it to a later export --since.
	Snapshot string `json:"snapshot,omitempty"`
	// Since is the snapshot a delta file is relative to.
	Since string `json:"since,omitempty"`
}

func (s transferSummary) print(cmd *cobra.Command, verb string, jsonOut bool) error {
	out := cmd.OutOrStdout()
	if jsonOut {
		return json.NewEncoder(out).Encode(s)
	}
	_, err := fmt.Fprintf(out, "%s: schema %s, %d tables, %d rows, %d bytes (%s) in %.2fs\n",
		verb, s.Schema, s.Tables, s.Rows, s.Bytes, s.File, s.Seconds)
	if err == nil && s.Snapshot != "" {
		_, err = fmt.Fprintf(out, "snapshot retained: %s (export --since %s for the changes after it)\n", s.Snapshot, s.Snapshot)
	}
	return err
}

func addTargetFlags(cmd *cobra.Command, t *bench.Target) {
	f := cmd.Flags()
	f.StringVar(&t.Host, "host", "127.0.0.1", "server host (online mode)")
	f.IntVar(&t.Port, "port", 3306, "server port (online mode)")
	f.StringVarP(&t.User, "user", "u", "root", "user (online mode)")
	f.StringVarP(&t.Password, "password", "p", "", "password (online mode)")
}

func transferBar(mode, desc string, max int64, unit string) *progressbar.ProgressBar {
	w := cloneProgressWriter(mode)
	if w == nil {
		return nil
	}
	opts := []progressbar.Option{progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(), progressbar.OptionThrottle(200 * time.Millisecond), progressbar.OptionSetWidth(30),
		progressbar.OptionOnCompletion(func() { io.WriteString(w, "\n") })}
	if unit == "B" {
		opts = append(opts, progressbar.OptionShowBytes(true))
	} else {
		opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(unit))
	}
	if max <= 0 {
		max = -1 // unknown: a spinner
	}
	return progressbar.NewOptions64(max, opts...)
}

func tenantExportCmd() *cobra.Command {
	var (
		t                    bench.Target
		schema, out, dataDir string
		jsonOut, retain      bool
		progress, since      string
	)
	cmd := &cobra.Command{
		Use:   "export --schema S --out FILE",
		Short: "Write one schema (definitions and rows, at one snapshot) to a portable, checksummed file",
		Long: `export writes every table, index, view, trigger, AUTO_INCREMENT value and row of
one schema to FILE, consistent as of one snapshot while the server keeps serving
writes. The file is checked as it arrives and only renamed to FILE when complete.

Online (default): connects like 'myriad bench' and runs TENANT EXPORT (needs SELECT
on the schema). Offline: --data-dir reads a stopped server's data directory, or a
'myriad backup' directory (verified against its manifest first): that restores
one schema from a whole-server backup, with 'myriad tenant import'.

Catch-up (moving a live tenant, docs/TENANTS.md): --retain keeps the export's
snapshot on the server for a while and prints its token; --since TOKEN then
writes a delta file, only the keys new, changed or gone since that snapshot,
which 'myriad tenant import --delta' applies to the copy in one transaction.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if schema == "" || out == "" {
				return errors.New("export: --schema and --out are required")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			start := time.Now()
			if _, err := os.Lstat(out); err == nil {
				return fmt.Errorf("export: %s exists", out)
			}
			// A unique name: an export killed before its rename leaves a
			// stray file, never one that blocks the next export.
			f, err := os.CreateTemp(filepath.Dir(out), filepath.Base(out)+".partial-*")
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			tmp := f.Name()
			ok := false
			defer func() {
				if !ok {
					f.Close()
					os.Remove(tmp)
				}
			}()
			// Everything written is read back by a checking reader as it
			// goes: the progress bar counts its rows, and a damaged stream
			// is caught before the file gets its name.
			pr, pw := io.Pipe()
			type checked struct {
				h   tenantfile.Header
				sum tenantfile.Summary
				err error
			}
			res := make(chan checked, 1)
			go func() {
				var c checked
				defer func() { pr.CloseWithError(c.err); res <- c }()
				fr, err := tenantfile.NewReader(pr)
				if err != nil {
					c.err = err
					return
				}
				c.h = fr.Header()
				bar := transferBar(progress, "export "+c.h.Schema, c.h.Rows, "rows")
				for {
					_, err := fr.Next()
					if bar != nil {
						bar.Set64(int64(fr.Rows()))
					}
					if err == io.EOF {
						c.sum = fr.Summary()
						if bar != nil {
							bar.Finish()
						}
						return
					}
					if err != nil {
						c.err = err
						return
					}
				}
			}()
			w := io.MultiWriter(f, pw)
			if dataDir != "" {
				if retain || since != "" {
					err = errors.New("--retain and --since need a running server")
				} else {
					err = exportOffline(dataDir, schema, w)
				}
			} else {
				err = exportOnline(ctx, t, schema, w, since, retain)
			}
			if err != nil {
				pw.CloseWithError(err)
				<-res
				return fmt.Errorf("export: %w", err)
			}
			pw.Close()
			c := <-res
			if c.err != nil {
				return fmt.Errorf("export: the file written does not check out: %w", c.err)
			}
			if err := f.Sync(); err != nil {
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
			if err := os.Rename(tmp, out); err != nil {
				return err
			}
			ok = true
			return transferSummary{Schema: c.h.Schema, File: out, Tables: c.h.Tables, Rows: c.sum.Rows,
				Bytes: c.sum.Bytes, Seconds: time.Since(start).Seconds(), Snapshot: c.h.Snapshot, Since: c.h.Since}.print(cmd, "export", jsonOut)
		},
	}
	f := cmd.Flags()
	f.StringVar(&schema, "schema", "", "schema to export (required)")
	f.StringVar(&out, "out", "", "file to write (must not exist; written as FILE.partial-* and renamed when complete; required)")
	f.StringVar(&dataDir, "data-dir", "", "offline mode: a stopped server's data directory or a backup directory")
	f.BoolVar(&retain, "retain", false, "keep this export's snapshot on the server for a later --since (its token is printed)")
	f.StringVar(&since, "since", "", "write a delta: the changes since the retained snapshot TOKEN")
	addTargetFlags(cmd, &t)
	f.BoolVar(&jsonOut, "json", false, "print the summary as one JSON object")
	f.StringVar(&progress, "progress", "auto", "progress bar on stderr: auto (when stderr is a terminal), always or never")
	return cmd
}

func exportOnline(ctx context.Context, t bench.Target, schema string, w io.Writer, since string, retain bool) error {
	db, err := t.Open(ctx, 1)
	if err != nil {
		return err
	}
	defer db.Close()
	q := "TENANT EXPORT " + cloneQuoteIdent(schema)
	if since != "" {
		if strings.Trim(since, "0123456789abcdef") != "" {
			return fmt.Errorf("--since %q is not a snapshot token", since)
		}
		q += " SINCE '" + since + "'"
	}
	if retain {
		q += " RETAIN"
	}
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	var chunk sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&chunk); err != nil {
			return err
		}
		if _, err := w.Write(chunk); err != nil {
			return err
		}
	}
	return rows.Err()
}

// openOffline opens a stopped server's data directory (DIR/store) or a
// backup (DIR/data, verified against its manifest) for reading.
func openOffline(dir string, readOnly bool) (*engine.Engine, func(), error) {
	store := filepath.Join(dir, "store")
	var fs vfs.FS
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.json")); err == nil {
		if !readOnly {
			return nil, nil, fmt.Errorf("%s is a backup: restore it first to write into it", dir)
		}
		if _, err := backup.Verify(dir); err != nil {
			return nil, nil, err
		}
		store = filepath.Join(dir, "data")
		// Pebble creates a LOCK file even read-only; a backup must stay
		// exactly as its manifest lists it, and nothing else opens it.
		fs = noLockFS{vfs.Default}
	}
	if _, err := os.Stat(store); err != nil {
		return nil, nil, fmt.Errorf("%s is not a Myriad data directory or backup: %w", dir, err)
	}
	db, err := kv.Open(store, kv.Options{MinFreeBytes: -1, ReadOnly: readOnly, FS: fs,
		Configure: func(po *pebble.Options) { po.ErrorIfNotExists = true }})
	if err != nil {
		return nil, nil, err
	}
	cat, err := catalog.Open(db, 64<<20)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	eng := engine.New(db, cat, engine.Options{})
	if !readOnly {
		// This process holds the store's lock: no import of a server is
		// running, so any import record left is a killed one.
		if _, err := eng.ReclaimImports(); err != nil {
			db.Close()
			return nil, nil, err
		}
	}
	return eng, func() { db.Close() }, nil
}

// noLockFS opens a store without creating its LOCK file.
type noLockFS struct{ vfs.FS }

type nopCloser struct{}

func (nopCloser) Close() error { return nil }

func (noLockFS) Lock(string) (io.Closer, error) { return nopCloser{}, nil }

func exportOffline(dir, schema string, w io.Writer) error {
	eng, closeFn, err := openOffline(dir, true)
	if err != nil {
		return err
	}
	defer closeFn()
	_, err = eng.ExportSchema(schema, w, server.ServerVersion, nil)
	return err
}

func tenantImportCmd() *cobra.Command {
	var (
		t                 bench.Target
		file, as, dataDir string
		jsonOut, delta    bool
		progress          string
	)
	cmd := &cobra.Command{
		Use:   "import --file FILE [--as NEW_NAME]",
		Short: "Create a schema from a 'tenant export' file, atomically",
		Long: `import checks the whole file (checksums, digest, version) before sending anything,
then streams it to the server, which writes the rows where nothing can see them and
publishes the schema with all its tables, views and triggers in one commit. A
failed or interrupted import leaves nothing. The schema must not exist (1007).

Online (default): connects like 'myriad bench' (needs CREATE on the new schema).
Offline: --data-dir writes into a stopped server's data directory.

--delta applies a delta file (export --since) to the existing schema instead, in
one transaction (needs INSERT and DELETE on it).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if file == "" {
				return errors.New("import: --file is required")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			start := time.Now()
			f, err := os.Open(file)
			if err != nil {
				return fmt.Errorf("import: %w", err)
			}
			defer f.Close()
			h, sum, err := tenantfile.Verify(f)
			if err != nil {
				return fmt.Errorf("import: %s: %w", file, err)
			}
			name := as
			if name == "" {
				name = h.Schema
			}
			if delta != (h.Since != "") {
				if delta {
					return fmt.Errorf("import: %s is a whole export, not a delta: import it without --delta", file)
				}
				return fmt.Errorf("import: %s is a delta (export --since): apply it with --delta", file)
			}
			if _, err := f.Seek(0, io.SeekStart); err != nil {
				return err
			}
			bar := transferBar(progress, "import "+name, sum.Bytes, "B")
			if dataDir != "" {
				if delta {
					err = errors.New("--delta needs a running server")
				} else {
					err = importOffline(dataDir, name, f, bar)
				}
			} else {
				err = importOnline(ctx, t, name, delta, f, bar)
			}
			if err != nil {
				return fmt.Errorf("import: %w", err)
			}
			if bar != nil {
				bar.Finish()
			}
			return transferSummary{Schema: name, File: file, Tables: h.Tables, Rows: sum.Rows,
				Bytes: sum.Bytes, Seconds: time.Since(start).Seconds(), Since: h.Since}.print(cmd, "import", jsonOut)
		},
	}
	f := cmd.Flags()
	f.StringVar(&file, "file", "", "file written by 'myriad tenant export' (required)")
	f.StringVar(&as, "as", "", "name of the new schema (default: the exported schema's name)")
	f.BoolVar(&delta, "delta", false, "apply a delta file (export --since) to the existing schema")
	f.StringVar(&dataDir, "data-dir", "", "offline mode: data directory of a stopped server")
	addTargetFlags(cmd, &t)
	f.BoolVar(&jsonOut, "json", false, "print the summary as one JSON object")
	f.StringVar(&progress, "progress", "auto", "progress bar on stderr: auto (when stderr is a terminal), always or never")
	return cmd
}

// importChunkBytes is the file slice one TENANT IMPORT DATA carries.
const importChunkBytes = 1 << 20

func importOnline(ctx context.Context, t bench.Target, name string, delta bool, r io.Reader, bar *progressbar.ProgressBar) error {
	db, err := t.Open(ctx, 1)
	if err != nil {
		return err
	}
	defer db.Close()
	// One connection: the import in progress belongs to it, and closing it
	// (this process killed) abandons the import on the server.
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	begin := "TENANT IMPORT BEGIN " + cloneQuoteIdent(name)
	if delta {
		begin += " DELTA"
	}
	if _, err := conn.ExecContext(ctx, begin); err != nil {
		return err
	}
	buf := make([]byte, importChunkBytes)
	stmt := make([]byte, 0, base64.StdEncoding.EncodedLen(importChunkBytes)+32)
	for {
		n, rerr := io.ReadFull(r, buf)
		if n > 0 {
			stmt = append(stmt[:0], "TENANT IMPORT DATA '"...)
			stmt = base64.StdEncoding.AppendEncode(stmt, buf[:n])
			stmt = append(stmt, '\'')
			if _, err := conn.ExecContext(ctx, string(stmt)); err != nil {
				return err
			}
			if bar != nil {
				bar.Add(n)
			}
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			conn.ExecContext(ctx, "TENANT IMPORT ABORT")
			return rerr
		}
	}
	_, err = conn.ExecContext(ctx, "TENANT IMPORT END")
	return err
}

func importOffline(dir, name string, r io.Reader, bar *progressbar.ProgressBar) error {
	eng, closeFn, err := openOffline(dir, false)
	if err != nil {
		return err
	}
	defer closeFn()
	var last int64
	_, err = eng.ImportSchema(r, name, func(_ uint64, n int64) {
		if bar != nil {
			bar.Add64(n - last)
			last = n
		}
	})
	return err
}
