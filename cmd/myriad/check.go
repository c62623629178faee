package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/check"
)

// Exit codes of `myriad check`, as fsck-like tools use them: scripts tell
// "the store is damaged" from "the check could not run".
const (
	exitProblems = 1
	exitUsage    = 2
)

func checkCmd() *cobra.Command {
	var (
		dataDir     string
		maxProblems int
		progress    bool
		sortMiB     int
		tempDir     string
	)
	cmd := &cobra.Command{
		Use:   "check --data-dir DIR",
		Short: "Verify offline that a stopped server's catalog and data agree",
		Long: `check opens the data directory read-only (the server must be stopped) and verifies
that every data key belongs to a live table, every row decodes and sits under its
primary key, every secondary index entry matches its row and every row has its
entries, UNIQUE indexes hold no duplicate, and index entry counts equal row counts.

It prints a report and exits 0 when the store is consistent, 1 when it found
problems, and 2 when it could not run (bad usage, no store, store in use).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				usageExit(cmd, fmt.Errorf("unexpected arguments %q", args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if dataDir == "" {
				usageExit(cmd, errors.New("--data-dir is required"))
			}
			opts := check.Options{MaxProblems: maxProblems, SortBytes: sortMiB << 20, TempDir: tempDir}
			var bar *progressbar.ProgressBar
			if progress {
				opts.Progress = func(done, total int) {
					if bar == nil {
						bar = newCheckBar(cmd.ErrOrStderr(), total)
					}
					bar.Set(done)
				}
			}
			rep, err := check.Dir(dataDir, opts)
			if bar != nil {
				bar.Finish()
			}
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "myriad check: %v\n", err)
				os.Exit(exitUsage)
			}
			if _, err := rep.WriteTo(cmd.OutOrStdout()); err != nil {
				return err
			}
			if !rep.OK() {
				os.Exit(exitProblems)
			}
			return nil
		},
	}
	cmd.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		usageExit(cmd, err)
		return err
	})
	f := cmd.Flags()
	f.StringVar(&dataDir, "data-dir", "", "data directory of a stopped server (required)")
	f.IntVar(&maxProblems, "max-problems", 1000, "list at most this many problems (all are counted)")
	f.IntVar(&sortMiB, "sort-memory", 64, "MiB of a table's expected index entries sorted in memory; beyond it sorted runs go to --temp-dir")
	f.StringVar(&tempDir, "temp-dir", "", "directory for the sorted runs of large tables (default: the system temp directory)")
	f.BoolVar(&progress, "progress", isTerminal(os.Stderr), "draw a progress bar on stderr (default: when stderr is a terminal)")
	return cmd
}

func usageExit(cmd *cobra.Command, err error) {
	fmt.Fprintf(cmd.ErrOrStderr(), "myriad check: %v\n%s", err, cmd.UsageString())
	os.Exit(exitUsage)
}

func newCheckBar(w io.Writer, total int) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("checking schemas"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionOnCompletion(func() { io.WriteString(w, "\n") }),
	)
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
