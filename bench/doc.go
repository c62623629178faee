// Package bench holds Myriad's benchmarks: the Go benchmarks that check no
// per-query cost grows with the number of schemas and tables, and (later)
// the standard million-table workload that `myriad bench` runs against any
// MySQL-protocol server.
//
// Benchmarks are programs, not timed tests: nothing here asserts a speed.
// It must never reach into a server's packages for what it measures: the
// workload speaks only the MySQL protocol, so the same run measures MariaDB.
package bench
