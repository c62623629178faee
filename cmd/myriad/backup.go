package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cockroachdb/pebble"

	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/backup"
	"github.com/myriaddb/myriad/bench"
	"github.com/myriaddb/myriad/kv"
)

func backupCmd() *cobra.Command {
	var (
		dataDir, out, progress string
		jsonOut                bool
		t                      bench.Target
	)
	cmd := &cobra.Command{
		Use:   "backup --out OUT [--host H --port P --user U --password W | --data-dir DIR]",
		Short: "Take a consistent, verifiable backup of a running server (or a stopped data directory)",
		Long: `backup writes a Pebble checkpoint of the server's one LSM into OUT/data (SSTables
hard-linked where the filesystem allows) plus OUT/MANIFEST.json with the format
version, the time and the size and SHA-256 of every file. The WAL is flushed and
synced first, so every transaction committed before the backup point is in it,
also under --durability async; a transaction is wholly in or wholly out.

Online (default): connects like 'myriad bench' and sends the admin statement
BACKUP TO 'OUT' (requires SUPER); the server writes OUT on its own machine, so OUT
is made absolute and must be a path the server can write. Writers keep running.
Offline: with --data-dir, opens a stopped server's data directory itself.

OUT must not exist or be empty. Restore with 'myriad restore'.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("backup: --out is required")
			}
			if dataDir == "" {
				abs, err := filepath.Abs(out)
				if err != nil {
					return err
				}
				bars := newStageBars(cloneProgressWriter(progress))
				s, err := onlineBackup(cmd.Context(), t, abs, bars)
				bars.finish()
				if err != nil {
					return err
				}
				return printSummary(cmd.OutOrStdout(), "backup", abs, s, jsonOut)
			}
			// server.Open keeps the store in DATA_DIR/store.
			store := filepath.Join(dataDir, "store")
			if _, err := os.Stat(store); err != nil {
				return fmt.Errorf("backup: %s is not a Myriad data directory: %w", dataDir, err)
			}
			// Not read-only: the checkpoint flushes the WAL. A missing store is
			// an error, not a fresh empty one to back up.
			db, err := kv.Open(store, kv.Options{MinFreeBytes: -1,
				Configure: func(po *pebble.Options) { po.ErrorIfNotExists = true }})
			if err != nil {
				return err
			}
			bars := newStageBars(cloneProgressWriter(progress))
			s, err := backup.CreateProgress(db, out, bars.progress())
			bars.finish()
			if cerr := db.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			return printSummary(cmd.OutOrStdout(), "backup", out, s, jsonOut)
		},
	}
	f := cmd.Flags()
	f.StringVar(&dataDir, "data-dir", "", "offline mode: data directory of a stopped server")
	f.StringVar(&t.Host, "host", "127.0.0.1", "server host (online mode)")
	f.IntVar(&t.Port, "port", 3306, "server port (online mode)")
	f.StringVarP(&t.User, "user", "u", "root", "user with SUPER (online mode)")
	f.StringVarP(&t.Password, "password", "p", "", "password (online mode)")
	f.StringVar(&out, "out", "", "directory to write the backup into; must not exist or be empty (required)")
	f.BoolVar(&jsonOut, "json", false, "print the summary (files, bytes, seconds) as one JSON object")
	f.StringVar(&progress, "progress", "auto", "progress bar on stderr: auto (when stderr is a terminal), always or never")
	return cmd
}

func restoreCmd() *cobra.Command {
	var (
		from, dataDir, progress string
		jsonOut                 bool
	)
	cmd := &cobra.Command{
		Use:   "restore --from BACKUP --data-dir NEW_DIR",
		Short: "Verify a backup and restore it into a new data directory",
		Long: `restore checks every file of the backup against its MANIFEST.json (present, same
size, same SHA-256, no unlisted file) and refuses a damaged or truncated backup
before writing anything. It then copies the backup into NEW_DIR, which must not
exist or be empty. Start a server on NEW_DIR afterwards; 'myriad check' on it
verifies catalog and data.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if from == "" || dataDir == "" {
				return errors.New("restore: --from and --data-dir are required")
			}
			bars := newStageBars(cloneProgressWriter(progress))
			s, err := backup.RestoreProgress(from, dataDir, bars.progress())
			bars.finish()
			if err != nil {
				return err
			}
			return printSummary(cmd.OutOrStdout(), "restore", dataDir, s, jsonOut)
		},
	}
	f := cmd.Flags()
	f.StringVar(&from, "from", "", "backup directory written by 'myriad backup' (required)")
	f.StringVar(&dataDir, "data-dir", "", "new data directory; must not exist or be empty (required)")
	f.BoolVar(&jsonOut, "json", false, "print the summary (files, bytes, seconds) as one JSON object")
	f.StringVar(&progress, "progress", "auto", "progress bars on stderr: auto (when stderr is a terminal), always or never")
	return cmd
}

func printSummary(w io.Writer, op, dir string, s backup.Summary, jsonOut bool) error {
	if jsonOut {
		return json.NewEncoder(w).Encode(struct {
			Op  string `json:"op"`
			Dir string `json:"dir"`
			backup.Summary
		}{op, dir, s})
	}
	_, err := fmt.Fprintf(w, "%s: %s: %d files, %d bytes in %.2fs\n", op, dir, s.Files, s.Bytes, s.Seconds)
	return err
}

// onlineBackup runs BACKUP TO on the server; with bars, as BACKUP TO ... WITH
// PROGRESS, whose rows report the server's progress as it goes.
func onlineBackup(ctx context.Context, t bench.Target, out string, bars *stageBars) (backup.Summary, error) {
	if strings.ContainsAny(out, "'\\") {
		return backup.Summary{}, fmt.Errorf("backup: --out %q must not contain quotes or backslashes", out)
	}
	db, err := t.Open(ctx, 1)
	if err != nil {
		return backup.Summary{}, err
	}
	defer db.Close()
	var s backup.Summary
	if bars == nil {
		err = db.QueryRowContext(ctx, "BACKUP TO '"+out+"'").Scan(&s.Files, &s.Bytes, &s.Seconds)
		if err != nil {
			return backup.Summary{}, fmt.Errorf("backup: %w", err)
		}
		return s, nil
	}
	rows, err := db.QueryContext(ctx, "BACKUP TO '"+out+"' WITH PROGRESS")
	if err != nil {
		return backup.Summary{}, fmt.Errorf("backup: %w", err)
	}
	defer rows.Close()
	done := false
	for rows.Next() {
		var (
			stage       string
			cur, total  int64
			files, size sql.NullInt64
			secs        sql.NullFloat64
		)
		if err := rows.Scan(&stage, &cur, &total, &files, &size, &secs); err != nil {
			return backup.Summary{}, fmt.Errorf("backup: %w", err)
		}
		if stage == "done" {
			s, done = backup.Summary{Files: int(files.Int64), Bytes: size.Int64, Seconds: secs.Float64}, true
			continue
		}
		bars.update(stage, cur, total)
	}
	if err := rows.Err(); err != nil {
		return backup.Summary{}, fmt.Errorf("backup: %w", err)
	}
	if !done {
		return backup.Summary{}, errors.New("backup: the server ended the backup without its summary")
	}
	return s, nil
}
