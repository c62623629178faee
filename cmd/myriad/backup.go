package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cockroachdb/pebble"

	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/backup"
	"github.com/myriaddb/myriad/kv"
)

func backupCmd() *cobra.Command {
	var (
		dataDir, out string
		jsonOut      bool
	)
	cmd := &cobra.Command{
		Use:   "backup --data-dir DIR --out OUT",
		Short: "Copy a stopped server's data directory into a verifiable backup",
		Long: `backup opens the data directory (the server must be stopped: the store is locked
while a server runs) and writes a Pebble checkpoint of its one LSM into OUT/data,
hard-linking SSTables where the filesystem allows, plus OUT/MANIFEST.json with the
format version, the time and the size and SHA-256 of every file. The WAL is
flushed first, so every committed transaction is in the backup.

This is the offline mode; an online mode through the server (an admin statement)
is not built yet. OUT must not exist or be empty. Restore with 'myriad restore'.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if dataDir == "" || out == "" {
				return errors.New("backup: --data-dir and --out are required")
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
			s, err := backup.Create(db, out)
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
	f.StringVar(&dataDir, "data-dir", "", "data directory of a stopped server (required)")
	f.StringVar(&out, "out", "", "directory to write the backup into; must not exist or be empty (required)")
	f.BoolVar(&jsonOut, "json", false, "print the summary (files, bytes, seconds) as one JSON object")
	return cmd
}

func restoreCmd() *cobra.Command {
	var (
		from, dataDir string
		jsonOut       bool
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
			s, err := backup.Restore(from, dataDir)
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
