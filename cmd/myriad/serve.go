package main

import (
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/plans"
	"github.com/myriaddb/myriad/server"
)

func serveCmd() *cobra.Command {
	var (
		cfg        server.Config
		durability string
		logLevel   string
		logFormat  string
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the server on a data directory",
		RunE: func(cmd *cobra.Command, args []string) error {
			log, err := newLogger(logLevel, logFormat)
			if err != nil {
				return err
			}
			cfg.Logger = log
			// The engine logs through slog's default (index builds,
			// their throttle): it follows --log-level and --log-format
			// too.
			slog.SetDefault(log)
			switch strings.ToLower(durability) {
			case "sync":
				cfg.Durability = kv.Sync
			case "async":
				cfg.Durability = kv.Async
			default:
				return fmt.Errorf("--durability must be sync or async, not %q", durability)
			}
			if os.Getenv("GOGC") == "" {
				debug.SetGCPercent(server.DefaultGCPercent)
			}
			srv, err := server.Open(cfg)
			if err != nil {
				return err
			}
			sigs := make(chan os.Signal, 1)
			signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
			go func() {
				sig := <-sigs
				log.Info("shutting down", "signal", sig.String())
				srv.Close()
			}()
			if err := srv.Serve(); err != nil {
				srv.Close()
				return err
			}
			return srv.Close()
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.DataDir, "data-dir", "./myriad-data", "directory holding all data (created if missing)")
	f.StringVar(&cfg.Host, "host", "127.0.0.1", "address to listen on")
	f.IntVar(&cfg.Port, "port", 3306, "TCP port to listen on")
	f.StringVar(&durability, "durability", "sync", "sync: COMMIT returns after its log record is on disk (group commit); async: like innodb_flush_log_at_trx_commit=0")
	f.StringVar(&cfg.RootPassword, "root-password", "", "password of root@localhost on a fresh data directory (default empty)")
	f.Int64Var(&cfg.PlanCacheBytes, "plan-cache", plans.DefaultBytes, "bytes of memory for cached prepared-statement plans (negative: no plan cache)")
	f.Int64Var(&cfg.CatalogCacheBytes, "catalog-cache", server.DefaultCatalogCacheBytes, "bytes of memory for decoded table definitions (twice this again for the table records behind them)")
	f.Int64Var(&cfg.BlockCacheBytes, "block-cache", server.DefaultBlockCacheBytes, "bytes of memory for the storage block cache, memtables included (Pebble reserves each 64 MiB memtable out of it: below ~128 MiB little or no block cache is left)")
	f.Uint64Var(&cfg.MaxConnections, "max-connections", 0, "maximum concurrent client connections (0: unlimited)")
	f.Int64Var(&cfg.MinFreeSpace, "min-free-space", 0, "bytes of free disk space kept in reserve: writes fail with error 1114 rather than use it (0: max(256 MiB, 1% of the filesystem); -1: off)")
	f.Int64Var(&cfg.TxnSpillBytes, "txn-spill-bytes", 0, "bytes of memory a transaction's uncommitted writes may take before they are written to a sorted run under DATA-DIR/txn-spill (0: 64 MiB; -1: never spill)")
	f.StringVar(&cfg.TLSCert, "tls-cert", "", "PEM certificate (chain) for TLS connections; with --tls-key enables TLS")
	f.StringVar(&cfg.TLSKey, "tls-key", "", "PEM private key of --tls-cert")
	f.BoolVar(&cfg.AutoTLS, "auto-generate-certs", true, "without --tls-cert/--tls-key, offer TLS with a self-signed certificate made in DATA-DIR on the first start (server-cert.pem, server-key.pem), as MySQL 8's auto_generate_certs (--auto-generate-certs=false: no certificate is made or used)")
	f.BoolVar(&cfg.NoTLS, "skip-ssl", false, "offer no TLS at all (as mysqld --skip-ssl): clients connect in plain text only")
	f.BoolVar(&cfg.RequireSecureTransport, "require-secure-transport", false, "refuse clients not using TLS (error 3159); needs TLS offered (--tls-cert/--tls-key or the auto-generated certificate)")
	f.StringVar(&cfg.MetricsAddr, "metrics-addr", "", "serve Prometheus metrics at http://ADDR/metrics (e.g. 127.0.0.1:9104; off when empty)")
	f.StringVar(&logLevel, "log-level", "info", "debug, info, warn or error")
	f.StringVar(&logFormat, "log-format", "text", "text or json")
	return cmd
}

func newLogger(level, format string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(os.Stderr, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(os.Stderr, opts)), nil
	}
	return nil, fmt.Errorf("--log-format must be text or json, not %q", format)
}
