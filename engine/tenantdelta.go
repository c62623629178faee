package engine

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/tenantfile"
)

// Catch-up for moving a live tenant (docs/TENANTS.md): an export with
// Retain keeps its snapshot on the source under a token; a later export
// Since that token writes a delta file — the keys of the schema's tables
// that are new, changed or gone between the two snapshots, found by
// walking both snapshots of each table's span side by side — and
// ApplySchemaDelta applies it to the copy imported from the first export in
// one transaction. The long transfer runs while the tenant keeps writing;
// only the delta is shipped under the write freeze.
//
// A delta refuses definitions that changed between the snapshots (DDL
// during the move): the keys of a table are only comparable under one
// definition. Retained snapshots expire after RetainFor; they hold old
// versions against compaction, not memory.

// RetainFor is how long a retained export snapshot stays usable.
var RetainFor = 15 * time.Minute

// maxRetained bounds the snapshots kept at once.
const maxRetained = 64

type retainedSnapshot struct {
	snap    *kv.Snapshot
	schema  string
	expires time.Time
}

// retain registers snap for schema and returns its token.
func (e *Engine) retain(snap *kv.Snapshot, schema string) (string, error) {
	now := time.Now()
	n := 0
	e.snaps.Range(func(k, v any) bool {
		if r := v.(*retainedSnapshot); now.After(r.expires) {
			if e.snaps.CompareAndDelete(k, v) {
				r.snap.Close()
			}
		} else {
			n++
		}
		return true
	})
	if n >= maxRetained {
		return "", mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"too many retained export snapshots (%d); let some expire (%s)", maxRetained, RetainFor)
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	token := hex.EncodeToString(b[:])
	e.snaps.Store(token, &retainedSnapshot{snap: snap, schema: schema, expires: now.Add(RetainFor)})
	return token, nil
}

// retained is the snapshot of token, which must have been taken of schema.
func (e *Engine) retained(token, schema string) (*retainedSnapshot, error) {
	v, ok := e.snaps.Load(token)
	if !ok || time.Now().After(v.(*retainedSnapshot).expires) {
		return nil, mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"unknown or expired export snapshot '%s' (snapshots are kept %s, on the server that exported)", token, RetainFor)
	}
	r := v.(*retainedSnapshot)
	if !strings.EqualFold(r.schema, schema) {
		return nil, mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"export snapshot '%s' is of schema '%s', not '%s'", token, r.schema, schema)
	}
	return r, nil
}

// ReleaseSnapshots drops every retained snapshot (shutdown, tests).
func (e *Engine) ReleaseSnapshots() {
	e.snaps.Range(func(k, v any) bool {
		if e.snaps.CompareAndDelete(k, v) {
			v.(*retainedSnapshot).snap.Close()
		}
		return true
	})
}

func errDefinitionsChanged(schema string) error {
	return mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
		"the definitions of schema '%s' changed since the export snapshot: a delta cannot carry DDL; export the schema again", schema)
}

// sameDefinitions checks that s has, at base, the same ID and the same
// table, view and trigger records as now.
func (e *Engine) sameDefinitions(base *retainedSnapshot, s *catalog.Schema, tables, views, triggers [][]byte) error {
	old, err := e.cat.Schema(base.snap, s.Name)
	if err != nil {
		return err
	}
	if old == nil || old.ID != s.ID {
		return errDefinitionsChanged(s.Name)
	}
	var ot, ov, og [][]byte
	if err := e.cat.ExportRecords(base.snap, old, func(rec []byte, _ *catalog.Table) error {
		ot = append(ot, bytes.Clone(rec))
		return nil
	}, func(rec []byte) error {
		ov = append(ov, bytes.Clone(rec))
		return nil
	}, func(rec []byte) error {
		og = append(og, bytes.Clone(rec))
		return nil
	}); err != nil {
		return err
	}
	same := func(a, b [][]byte) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !bytes.Equal(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	if !same(ot, tables) || !same(ov, views) || !same(og, triggers) {
		return errDefinitionsChanged(s.Name)
	}
	return nil
}

// diffTableData writes the keys of t's span that differ between old and
// cur: new or changed ones as entries, vanished ones as deletes.
func diffTableData(old, cur catalog.Reader, fw *tenantfile.Writer, ordinal uint64, t *catalog.Table) error {
	prefix := keys.TableData(t.DataSchemaID, t.ID)
	primary := keys.Index(t.DataSchemaID, t.ID, keys.PrimaryIndexID)
	lo, hi := keys.PrefixSpan(prefix)
	oi, err := old.NewIter(lo, hi)
	if err != nil {
		return err
	}
	defer oi.Close()
	ni, err := cur.NewIter(lo, hi)
	if err != nil {
		return err
	}
	defer ni.Close()
	okO, okN := oi.First(), ni.First()
	for okO || okN {
		c := 0
		switch {
		case !okN:
			c = -1
		case !okO:
			c = 1
		default:
			c = bytes.Compare(oi.Key(), ni.Key())
		}
		switch {
		case c < 0:
			if err := fw.Delete(ordinal, oi.Key()[len(prefix):]); err != nil {
				return err
			}
			okO = oi.Next()
		case c > 0:
			k := ni.Key()
			if err := fw.Entry(ordinal, k[len(prefix):], ni.Value(), bytes.HasPrefix(k, primary)); err != nil {
				return err
			}
			okN = ni.Next()
		default:
			if k := ni.Key(); !bytes.Equal(oi.Value(), ni.Value()) {
				if err := fw.Entry(ordinal, k[len(prefix):], ni.Value(), bytes.HasPrefix(k, primary)); err != nil {
					return err
				}
			}
			okO, okN = oi.Next(), ni.Next()
		}
	}
	if err := oi.Error(); err != nil {
		return err
	}
	return ni.Error()
}

// ApplySchemaDelta reads a delta file (an export Since a snapshot) from r
// and applies it to schema name — a copy imported from the export taken at
// that snapshot — in one transaction, after the whole file checked out.
// The tables are matched by name and must have the same columns and
// indexes. The delta is held in memory until the commit: it is meant for
// the little a tenant writes during one transfer.
func (e *Engine) ApplySchemaDelta(r io.Reader, name string) (st TransferStats, err error) {
	start := time.Now()
	fr, err := tenantfile.NewReader(r)
	if err != nil {
		return st, err
	}
	h := fr.Header()
	if h.Since == "" {
		return st, errors.New("tenant file: not a delta (it is a whole export: import it without --delta)")
	}
	if name == "" {
		name = h.Schema
	}
	tx := e.db.Begin()
	defer tx.Rollback()
	s, err := e.cat.Schema(tx, name)
	if err != nil {
		return st, err
	}
	if s == nil {
		return st, sql.ErrDatabaseNotFound.New(name)
	}
	mine := map[string]*catalog.Table{}
	if err := e.cat.ExportRecords(tx, s, func(_ []byte, t *catalog.Table) error {
		mine[strings.ToLower(t.Name)] = t
		return nil
	}, func([]byte) error { return nil }, func([]byte) error { return nil }); err != nil {
		return st, err
	}
	if len(mine) != h.Tables {
		return st, fmt.Errorf("tenant delta: schema '%s' has %d tables, the delta's source %d", name, len(mine), h.Tables)
	}
	var targets []*catalog.Table
	key := make([]byte, 0, 64)
	for {
		f, err := fr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return st, err
		}
		switch f.Kind {
		case tenantfile.KindTable:
			src, err := catalog.DecodeTableRecord(f.Table.Record)
			if err != nil {
				return st, fmt.Errorf("tenant file: %w", err)
			}
			t := mine[strings.ToLower(src.Name)]
			if t == nil || len(t.Columns) != len(src.Columns) || len(t.Indexes) != len(src.Indexes) {
				return st, fmt.Errorf("tenant delta: table '%s' of schema '%s' is not the one the delta was taken from", src.Name, name)
			}
			if f.Table.Ordinal != uint64(len(targets)) {
				return st, fmt.Errorf("tenant file: table %d out of order", f.Table.Ordinal)
			}
			targets = append(targets, t)
			if f.Table.NextAutoInc > 0 {
				tx.RaiseCounter(t.CounterKey(), f.Table.NextAutoInc)
			}
		case tenantfile.KindRows, tenantfile.KindDelete:
			if f.Ordinal >= uint64(len(targets)) {
				return st, fmt.Errorf("tenant file: rows of unknown table %d", f.Ordinal)
			}
			prefix := keys.TableData(targets[f.Ordinal].DataSchemaID, targets[f.Ordinal].ID)
			if f.Kind == tenantfile.KindRows {
				err = f.Entries(func(k, v []byte) error {
					key = append(append(key[:0], prefix...), k...)
					tx.Set(key, v)
					return nil
				})
			} else {
				err = f.Keys(func(k []byte) error {
					key = append(append(key[:0], prefix...), k...)
					tx.Delete(key)
					return nil
				})
			}
			if err != nil {
				return st, err
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return st, mapKVError(err)
	}
	// AUTO_INCREMENT values cached for the tables are stale now.
	for _, t := range targets {
		e.autoInc.Delete(t.ID)
	}
	sum := fr.Summary()
	return TransferStats{Schema: name, Tables: len(targets), Rows: sum.Rows, Entries: sum.Entries,
		Bytes: sum.Bytes, Seconds: time.Since(start).Seconds()}, nil
}
