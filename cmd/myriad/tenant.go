package main

import "github.com/spf13/cobra"

// tenantSubcommands are the `myriad tenant ...` commands. Each lives in its
// own file and registers itself from init(), so that tenant operations
// (clone, export, import, ...) can be added without editing one shared list.
var tenantSubcommands []func() *cobra.Command

func tenantCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tenant",
		Short: "Tenant (schema) operations: clone, export, import",
	}
	for _, sub := range tenantSubcommands {
		cmd.AddCommand(sub())
	}
	return cmd
}
