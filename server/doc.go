// Package server owns a running Myriad instance: it opens the store,
// catalog and engine for a data directory, wires them into go-mysql-server's
// MySQL protocol server, keeps user accounts durable in the catalog, and
// shuts down cleanly.
//
// It must never hold per-table state or read the catalog at startup beyond
// fixed-size records: startup time does not depend on how many tables exist.
package server
