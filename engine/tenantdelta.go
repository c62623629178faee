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
// A delta refuses table definitions that changed between the snapshots
// (CREATE, ALTER or DROP TABLE during the move): the keys of a table are
// only comparable under one definition. Views, triggers and stored
// procedures hold no keys of their own, so a delta carries them whole, as
// every export does, and ApplySchemaDelta makes the copy's sets those of
// the newer snapshot (created, replaced, dropped) in the transaction that
// applies the rows. Retained snapshots expire after RetainFor; they hold
// old versions against compaction, not memory.

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
// table records as now.
func (e *Engine) sameDefinitions(base *retainedSnapshot, s *catalog.Schema, tables [][]byte) error {
	old, err := e.cat.Schema(base.snap, s.Name)
	if err != nil {
		return err
	}
	if old == nil || old.ID != s.ID {
		return errDefinitionsChanged(s.Name)
	}
	var ot [][]byte
	none := func([]byte) error { return nil }
	if err := e.cat.ExportRecords(base.snap, old, func(rec []byte, _ *catalog.Table) error {
		ot = append(ot, bytes.Clone(rec))
		return nil
	}, none, none); err != nil {
		return err
	}
	if len(ot) != len(tables) {
		return errDefinitionsChanged(s.Name)
	}
	for i := range ot {
		if !bytes.Equal(ot[i], tables[i]) {
			return errDefinitionsChanged(s.Name)
		}
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

// DefinitionChanges counts the views, triggers and stored procedures a
// delta creates, replaces or drops in its schema.
type DefinitionChanges struct {
	Views, Triggers, Routines int
}

// Any reports whether the delta changes any definition.
func (c DefinitionChanges) Any() bool { return c.Views+c.Triggers+c.Routines > 0 }

// DeltaOptions qualify ApplySchemaDelta.
type DeltaOptions struct {
	// Authorize, if set, is asked before the commit when the delta changes
	// definitions (the server checks the importing account's CREATE
	// ROUTINE, CREATE VIEW, TRIGGER... privileges, which a delta of rows
	// alone does not need); an error aborts the delta.
	Authorize func(DefinitionChanges) error
}

// ApplySchemaDelta reads a delta file (an export Since a snapshot) from r
// and applies it to schema name — a copy imported from the export taken at
// that snapshot — in one transaction, after the whole file checked out.
// The tables are matched by name and must have the same columns and
// indexes; the schema's views, triggers and stored procedures become the
// file's. The delta is held in memory until the commit: it is meant for
// the little a tenant writes during one transfer.
func (e *Engine) ApplySchemaDelta(r io.Reader, name string) (TransferStats, error) {
	return e.ApplySchemaDeltaWith(r, name, DeltaOptions{})
}

// ApplySchemaDeltaWith is ApplySchemaDelta with options.
func (e *Engine) ApplySchemaDeltaWith(r io.Reader, name string, opts DeltaOptions) (st TransferStats, err error) {
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
	var have objectRecords
	if err := e.cat.ExportRecords(tx, s, func(_ []byte, t *catalog.Table) error {
		mine[strings.ToLower(t.Name)] = t
		return nil
	}, have.add(&have.views), have.add(&have.triggers)); err != nil {
		return st, err
	}
	if err := e.cat.ExportRoutineRecords(tx, s, have.add(&have.routines)); err != nil {
		return st, err
	}
	if len(mine) != h.Tables {
		return st, fmt.Errorf("tenant delta: schema '%s' has %d tables, the delta's source %d", name, len(mine), h.Tables)
	}
	var (
		targets []*catalog.Table
		want    objectRecords
		key     = make([]byte, 0, 64)
	)
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
		case tenantfile.KindView:
			want.views = append(want.views, bytes.Clone(f.Record))
		case tenantfile.KindTrigger:
			want.triggers = append(want.triggers, bytes.Clone(f.Record))
		case tenantfile.KindRoutine:
			want.routines = append(want.routines, bytes.Clone(f.Record))
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
	ch, changes, err := replaceObjects(s, &have, &want)
	if err != nil {
		return st, fmt.Errorf("tenant file: %w", err)
	}
	var written []string
	if changes.Any() {
		if opts.Authorize != nil {
			if err := opts.Authorize(changes); err != nil {
				return st, err
			}
		}
		if written, err = e.cat.Write(tx, ch); err != nil {
			return st, err
		}
		e.cat.BeginChange(written)
	}
	err = tx.Commit()
	if written != nil {
		e.cat.EndChange(written)
	}
	if err != nil {
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

// objectRecords are a schema's view, trigger and stored procedure records
// as the catalog stores them (and a tenant file carries them).
type objectRecords struct {
	views, triggers, routines [][]byte
}

func (o *objectRecords) add(to *[][]byte) func([]byte) error {
	return func(rec []byte) error {
		*to = append(*to, bytes.Clone(rec))
		return nil
	}
}

// replaceObjects is the change making s's views, triggers and stored
// procedures (have) those of want: records that differ are written, those
// want lacks deleted, with s's counts. Records are compared byte for byte,
// so an unchanged definition is not rewritten; the change is empty (and
// the counts zero) when nothing differs.
func replaceObjects(s *catalog.Schema, have, want *objectRecords) (*catalog.Change, DefinitionChanges, error) {
	ch := new(catalog.Change)
	var n DefinitionChanges
	var err error
	if n.Views, err = diffObjects(have.views, want.views, catalog.DecodeViewRecord,
		func(v *catalog.View) string { return v.Name },
		func(v *catalog.View) { ch.PutView(s, v) },
		func(name string) { ch.DeleteView(s, name) }); err != nil {
		return nil, n, err
	}
	if n.Triggers, err = diffObjects(have.triggers, want.triggers, catalog.DecodeTriggerRecord,
		func(g *catalog.Trigger) string { return g.Name },
		func(g *catalog.Trigger) { ch.PutTrigger(s, g) },
		func(name string) { ch.DeleteTrigger(s, name) }); err != nil {
		return nil, n, err
	}
	if n.Routines, err = diffObjects(have.routines, want.routines, catalog.DecodeRoutineRecord,
		func(p *catalog.Routine) string { return p.Name },
		func(p *catalog.Routine) { ch.PutRoutine(s, p) },
		func(name string) { ch.DeleteRoutine(s, name) }); err != nil {
		return nil, n, err
	}
	if n.Any() {
		s.Views, s.Triggers, s.Routines = len(want.views), len(want.triggers), len(want.routines)
		ch.PutSchema(s)
	}
	return ch, n, nil
}

// diffObjects compares one kind of record, each decoded with decode: put
// is called for each wanted record that is new or differs, del for each
// name held but no longer wanted. Names compare case-insensitively, as the
// catalog keys them. It returns how many records it put or deleted.
func diffObjects[T any](have, want [][]byte, decode func([]byte) (T, error), name func(T) string, put func(T), del func(string)) (int, error) {
	held := make(map[string][]byte, len(have))
	heldNames := make([]string, len(have))
	for i, rec := range have {
		obj, err := decode(rec)
		if err != nil {
			return 0, err
		}
		heldNames[i] = name(obj)
		held[strings.ToLower(heldNames[i])] = rec
	}
	changed := 0
	for _, rec := range want {
		obj, err := decode(rec)
		if err != nil {
			return 0, err
		}
		k := strings.ToLower(name(obj))
		old, ok := held[k]
		delete(held, k)
		if ok && bytes.Equal(old, rec) {
			continue
		}
		put(obj)
		changed++
	}
	for _, n := range heldNames {
		if _, gone := held[strings.ToLower(n)]; gone {
			del(n)
			changed++
		}
	}
	return changed, nil
}
