// Package keys owns every key Myriad writes to its one Pebble keyspace: the
// byte layout of catalog records (schemas, tables, views, triggers,
// accounts, the ID high-water mark, and the reserved lock and DDL-job
// records), of rows, secondary index entries, AUTO_INCREMENT counters and
// the hidden row IDs of keyless tables; how such keys are parsed back; and
// the spans (prefix ranges) that group them.
//
//	0x01 's' <lower(schema)>                          schema record
//	0x01 't' <uvarint schema id> <lower(table)>       table record
//	0x01 'v' <uvarint schema id> <lower(view)>        view record
//	0x01 'g' <uvarint schema id> <lower(trigger)>     trigger record
//	0x01 'u' <name>                                   accounts
//	0x01 'n'                                          ID high-water mark
//	0x01 'l' <uvarint schema id> <lower(object)>      lock record (reserved, unused)
//	0x01 'j' <uvarint job id>                         DDL job record
//	0x01 'f' <name>                                   store format marker
//	0x02 <uvarint data schema id> <uvarint table id> <uvarint index id> <key columns>
//	0x03 <uvarint data schema id> <uvarint table id>  AUTO_INCREMENT counter
//
// Index ID 0 of a table holds its row count and row-ID sequence (and, in
// stores written before the 0x03 counters, its AUTO_INCREMENT counter), 1 its rows (primary
// index), 2 and up its secondary indexes. The uvarints are keyenc's
// order-preserving ones, so data groups by schema, then table, then index.
//
// Every other package builds and reads key bytes only through this one: a
// layout change is a change here and nowhere else. The layout is on disk:
// existing data directories must keep opening, so a builder's output may
// never change. This package must never depend on catalog, engine or any
// storage: it only computes bytes (column values are keyenc's).
package keys
