// Command myriad is the Myriad server and its tools.
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
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "myriad:", err)
		os.Exit(1)
	}
}
