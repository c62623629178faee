package e2e

// The tests build ./cmd/myriad in a subprocess, which Go's test cache cannot
// see: without this import, `go test ./...` would replay a cached pass after
// the server's code changed. Importing the packages the binary is built from
// (for nothing else) makes them part of this package's cache key. The tests
// still use the server only through the MySQL protocol.
import _ "github.com/myriaddb/myriad/server"
