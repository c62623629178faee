// Package engine is Myriad's go-mysql-server storage provider: databases,
// tables, indexes, row editors and the per-connection session that carries a
// kv transaction.
//
// It owns the mapping from SQL rows to keys and values (primary index keyed by
// the primary key, secondary index entries keyed by index columns plus the
// primary key) and the translation of GMS index ranges into key spans; the
// prefixes, spans and hidden row keys themselves come from package keys, and
// catalog writes go to the catalog as a catalog.Change through
// Transaction.writeCatalog only, which is how a transaction knows which
// definitions it rewrote. Its additions to GMS itself (analyzer rules, the
// information_schema.TABLES of package engine/infoschema, and the
// replacements of packages sqlfunc and planfix) are installed in one place,
// Engine.Install (extensions.go), which the server calls once.
//
// Row values carry the column IDs they were written with, so a schema change
// that keeps every stored value valid (ADD/DROP/RENAME COLUMN, defaults,
// widening; instant.go) rewrites the table record only and must never touch
// rows; a failed schema change must never commit any part of its work.
//
// It must never enumerate schemas or tables on a per-query path: resolving a
// table is a catalog lookup by name, and AllDatabases is scoped (see
// provider.go). It never commits on its own: every write, DDL included, goes
// into the session's transaction, which GMS commits at the statement's end.
//
// It also holds the analyzer rules that make GMS's plans give MySQL's answer
// where GMS accepts and ignores part of a statement or panics on it
// (ALTER TABLE ... COMMENT, SET NAMES ... COLLATE, index hints, READ ONLY
// access modes, INTERVAL NULL); the server registers them.
package engine
