// Package e2e owns the end-to-end tests of the built myriad binary: TestMain
// builds ./cmd/myriad once, and every test runs it as a subprocess on its own
// loopback port and data directory and drives it only through real clients
// (go-sql-driver/mysql, the mariadb command-line client, sysbench and
// Python's PyMySQL), the way a user would, including clean shutdowns
// (SIGTERM) and crashes (SIGKILL).
//
// What it must never do: use the engine's packages (server, engine, catalog,
// kv, ...) or reach into a data directory; everything it checks goes over the
// MySQL protocol, or the binary's own offline command (`myriad check`).
// Two exceptions, each because no client can do it: cachekey_test.go imports
// server blank, only so Go's test cache notices when the binary's sources
// change; TestCheckCommand damages a stopped store through kv to prove
// `myriad check` reports it. The in-process SQL tests live in server/.
//
// External tools a test needs (mariadb/mysql, sysbench, python3 with PyMySQL)
// are never skipped: a missing one fails the test with the install command.
// scripts/test (the README's test command, also run by CI) installs them.
//
// TestMariadbCLI's golden files (testdata/cli/NAME.out and NAME.err) hold
// what MySQL 8.0 prints for NAME.sql, not what Myriad prints: where they
// differ, the server is what must change. `go test ./e2e -run TestMariadbCLI
// -update` rewrites them from the server's output, to be read line by line
// and corrected back to MySQL's output before committing.
//
// Environment variables:
//
//	MYRIAD_SOAK_ITERATIONS  kill/restart iterations of TestKillNoAckLoss,
//	                        TestKillAsyncLossWindow and TestKillDuringProvisioning (default 3)
//	MYRIAD_E2E_BIN          use this prebuilt binary instead of building one
//	MYRIAD_E2E_PORTS        LOW-HIGH: the loopback ports servers may listen on
//	                        (default 20000-32000, kept below the kernel's ephemeral range)
//	MYRIAD_PYTHON           python interpreter for TestPyMySQL (default: the first
//	                        of python3 on PATH and /usr/bin/python3 that imports pymysql)
package e2e
