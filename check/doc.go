// Package check owns offline verification of a Myriad data directory: that
// the catalog and the data agree. Every data key must belong to a live table
// (rows, secondary index entries, the AUTO_INCREMENT counter) or lie under a
// range deletion that Pebble has not compacted yet (a dropped table or
// schema: such keys are invisible to reads, so they are never met); every
// row must decode under its table's definition and sit under the key its
// primary key columns give; every secondary index entry must match exactly
// one row and every row must have its entry in each index; a UNIQUE index
// must hold no duplicate; index entry counts must equal row counts.
//
// It must never write: the store is opened read-only (a crashed server's WAL
// is replayed into memory, not into files), so checking a directory after a
// crash leaves it exactly as the crash did. It streams: it holds one
// schema's table definitions at a time, never the whole catalog, so it runs
// on a store of a million tables. It reads sequentially: the entries a
// table's rows imply are sorted (in memory up to Options.SortBytes, beyond
// that in runs under Options.TempDir) and merged with each index's scan, so
// it must never look up a row's entries or an entry's row one by one except
// for an entry that no row implies. It parses keys with package keys,
// recomputes them through the engine's own layout (engine.KeyLayout) and
// reads records through the catalog's decoders rather than re-implementing
// any of them.
//
// Not verified (yet): catalog records that no live schema reaches (table,
// view or trigger records under a dropped schema's ID) are not looked for
// (keys.Parse reads their schema IDs; walking the catalog span for them is
// still to do); view and trigger bodies are not decoded.
package check
