// Package catalog owns Myriad's data dictionary: schema, table, view and
// trigger records, catalog changes as values (Change, written by the one
// Write), table/schema ID allocation, the memory-bounded cache of decoded
// table definitions, and the record that keeps the server's accounts
// (LoadAccounts/SaveAccounts). Record keys are package keys'; this package
// never builds key bytes itself.
//
// A table is a record of a few hundred bytes plus a key prefix; nothing in
// this package may ever create a file per table or per schema, hold every
// definition in memory, or do work per lookup that grows with the number of
// schemas or tables. Lookups are a cache hit or one point read plus a decode;
// listings are prefix scans that stream.
//
// The catalog never commits anything by itself (except ID high-water marks
// and the accounts record, which GMS persists outside any transaction):
// callers pass the Writer of the transaction that carries the DDL, so a
// statement's table, indexes and data changes land in one atomic batch.
package catalog
