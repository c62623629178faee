// Command myriad is the Myriad server and its tools (cobra commands: serve,
// bench, check, backup, restore, tenant). It owns flag parsing and output only and
// must never hold logic that the packages it calls should own.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{
		Use:           "myriad",
		Short:         "Myriad: a MySQL-compatible server where the number of tables does not matter",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(serveCmd())
	root.AddCommand(checkCmd())
	root.AddCommand(benchCmd())
	root.AddCommand(backupCmd())
	root.AddCommand(restoreCmd())
	root.AddCommand(tenantCmd())
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "myriad:", err)
		os.Exit(1)
	}
}
