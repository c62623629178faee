package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/tenantfile"
)

// Export and import of one schema as a tenant file (package tenantfile;
// `myriad tenant export` / `import`, the server's TENANT EXPORT / TENANT
// IMPORT statements).
//
// Export reads the definitions and every key of the schema's tables
// through one kv transaction's snapshot, so the file is consistent as of
// one commit while writers go on; it never writes.
//
// Import works like a WITH DATA clone: rows land, in bounded batches, under
// a fresh data schema ID that no definition names (kv.DB.ApplyFresh), and
// one catalog change, committed only after the file's trailer checked out,
// publishes the schema with all its tables, views and triggers at once. A
// failed or abandoned import range-deletes what it wrote. Against a crash
// (kill -9 of the server mid-import) the import writes a job record
// (catalog.Job, Kind JobImport) naming its data ID before its first row;
// the publishing commit deletes it, and ReclaimImports, run when a server
// or an offline tool opens the store, range-deletes the span of any import
// whose record is still there.

// TransferStats is what an export or import moved.
type TransferStats struct {
	Schema  string  `json:"schema"`
	Tables  int     `json:"tables"`
	Rows    uint64  `json:"rows"`
	Entries uint64  `json:"entries"`
	Bytes   int64   `json:"bytes"`
	Seconds float64 `json:"seconds"`
}

// importFault, when set (tests), is called after each rows frame an import
// applied; an error aborts the import there.
var importFault func(frames int) error

// ExportSchema writes schema name as a tenant file to w, consistent as of
// one snapshot. progress, if set, is called after each table with the rows
// written so far.
func (e *Engine) ExportSchema(name string, w io.Writer, serverVersion string, progress func(rows uint64)) (TransferStats, error) {
	return e.ExportSchemaWith(name, w, serverVersion, ExportOptions{}, progress)
}

// ExportOptions are the catch-up variants of an export (tenantdelta.go).
type ExportOptions struct {
	// Retain keeps the export's snapshot on the server for a later delta
	// (for RetainFor); its token is in the file's header.
	Retain bool
	// Since makes the export a delta against the retained snapshot of
	// that token: only the keys new, changed or gone since then.
	Since string
}

// ExportSchemaWith is ExportSchema with the catch-up options.
func (e *Engine) ExportSchemaWith(name string, w io.Writer, serverVersion string, opts ExportOptions, progress func(rows uint64)) (TransferStats, error) {
	start := time.Now()
	var tx catalog.Reader
	var token string
	var base *retainedSnapshot
	if opts.Since != "" {
		var err error
		if base, err = e.retained(opts.Since, name); err != nil {
			return TransferStats{}, err
		}
	}
	if opts.Retain || base != nil {
		// A snapshot outside any transaction: one kept for minutes must
		// not hold the conflict tracker's write sets.
		snap, err := e.db.NewSnapshot()
		if err != nil {
			return TransferStats{}, err
		}
		tx = snap
		if opts.Retain {
			if token, err = e.retain(snap, name); err != nil {
				snap.Close()
				return TransferStats{}, err
			}
		} else {
			defer snap.Close()
		}
	} else {
		t := e.db.Begin()
		defer t.Rollback()
		t.Pin()
		tx = t
	}
	snapshotTime := time.Now().UTC()
	s, err := e.cat.Schema(tx, name)
	if err != nil {
		return TransferStats{}, err
	}
	if s == nil {
		return TransferStats{}, mysql.NewSQLError(mysql.ERBadDb, "42000", "Unknown database '%s'", name)
	}
	type exported struct {
		rec []byte
		t   *catalog.Table
	}
	var tables []exported
	var views, triggers [][]byte
	err = e.cat.ExportRecords(tx, s, func(rec []byte, t *catalog.Table) error {
		tables = append(tables, exported{bytes.Clone(rec), t})
		return nil
	}, func(rec []byte) error {
		views = append(views, bytes.Clone(rec))
		return nil
	}, func(rec []byte) error {
		triggers = append(triggers, bytes.Clone(rec))
		return nil
	})
	if err != nil {
		return TransferStats{}, err
	}
	var routines [][]byte
	if err := e.cat.ExportRoutineRecords(tx, s, func(rec []byte) error {
		routines = append(routines, bytes.Clone(rec))
		return nil
	}); err != nil {
		return TransferStats{}, err
	}
	h := tenantfile.Header{ServerVersion: serverVersion, Schema: s.Name, Collation: uint16(s.Collation),
		SnapshotTime: snapshotTime, Tables: len(tables), Views: len(views), Triggers: len(triggers),
		Routines: len(routines), Snapshot: token}
	if base != nil {
		h.Since = opts.Since
		recs := make([][]byte, len(tables))
		for i, x := range tables {
			recs[i] = x.rec
		}
		if err := e.sameDefinitions(base, s, recs); err != nil {
			return TransferStats{}, err
		}
	}
	for _, x := range tables {
		if v, ok, err := tx.Get(keys.RowCount(x.t.DataSchemaID, x.t.ID)); err == nil && ok {
			if n, exact, err := kv.DecodeCount(v); err == nil && exact {
				h.Rows += n
			}
		}
	}
	fw := tenantfile.NewWriter(w)
	if err := fw.Header(h); err != nil {
		return TransferStats{}, err
	}
	ctr, err := newAutoIncReader(tx)
	if err != nil {
		return TransferStats{}, err
	}
	for i, x := range tables {
		next, err := e.nextAutoInc(ctr, x.t.DataSchemaID, x.t.ID)
		if err != nil {
			ctr.Close()
			return TransferStats{}, err
		}
		if err := fw.Table(tenantfile.Table{Ordinal: uint64(i), NextAutoInc: next, Record: x.rec}); err != nil {
			ctr.Close()
			return TransferStats{}, err
		}
	}
	ctr.Close()
	for _, v := range views {
		if err := fw.View(v); err != nil {
			return TransferStats{}, err
		}
	}
	for _, g := range triggers {
		if err := fw.Trigger(g); err != nil {
			return TransferStats{}, err
		}
	}
	for _, p := range routines {
		if err := fw.Routine(p); err != nil {
			return TransferStats{}, err
		}
	}
	for i, x := range tables {
		if base != nil {
			err = diffTableData(base.snap, tx, fw, uint64(i), x.t)
		} else {
			err = exportTableData(tx, fw, uint64(i), x.t)
		}
		if err != nil {
			return TransferStats{}, err
		}
		if progress != nil {
			progress(fw.Rows())
		}
	}
	sum, err := fw.Close()
	if err != nil {
		return TransferStats{}, err
	}
	return TransferStats{Schema: s.Name, Tables: len(tables), Rows: sum.Rows, Entries: sum.Entries,
		Bytes: sum.Bytes, Seconds: time.Since(start).Seconds()}, nil
}

// exportTableData writes every key of t's span (rows, index entries,
// AUTO_INCREMENT and row counters) relative to its prefix.
func exportTableData(tx catalog.Reader, fw *tenantfile.Writer, ordinal uint64, t *catalog.Table) error {
	prefix := keys.TableData(t.DataSchemaID, t.ID)
	primary := keys.Index(t.DataSchemaID, t.ID, keys.PrimaryIndexID)
	it, err := tx.NewIter(keys.PrefixSpan(prefix))
	if err != nil {
		return err
	}
	defer it.Close()
	for ok := it.First(); ok; ok = it.Next() {
		k := it.Key()
		if !bytes.HasPrefix(k, prefix) {
			return fmt.Errorf("myriad: export: key %q outside its table span", k)
		}
		if err := fw.Entry(ordinal, k[len(prefix):], it.Value(), bytes.HasPrefix(k, primary)); err != nil {
			return err
		}
	}
	return it.Error()
}

// CheckImportTarget returns 1007 if schema name exists (checked before an
// import sends any row; the import's commit checks again).
func (e *Engine) CheckImportTarget(name string) error {
	if err := checkIdentifier(name); err != nil {
		return err
	}
	s, err := e.cat.Schema(nil, name)
	if err != nil {
		return err
	}
	if s != nil {
		return errCloneExists(name)
	}
	return nil
}

// ImportSchema reads a tenant file from r and creates its schema under the
// name as (the file's own name if as is empty), with everything in it, at
// one commit. Nothing is visible unless the whole file checked out; on any
// error what was written is removed. progress, if set, is called after each
// rows frame.
func (e *Engine) ImportSchema(r io.Reader, as string, progress func(rows uint64, bytes int64)) (st TransferStats, err error) {
	start := time.Now()
	fr, err := tenantfile.NewReader(r)
	if err != nil {
		return st, err
	}
	h := fr.Header()
	if h.Since != "" {
		return st, errors.New("tenant file: a delta (export --since): apply it to the copy with import --delta")
	}
	name := as
	if name == "" {
		name = h.Schema
	}
	if err := e.CheckImportTarget(name); err != nil {
		return st, err
	}
	if limit := maxTablesPerSchema(); limit > 0 && int64(h.Tables) > limit {
		return st, quotaError(name, limit)
	}
	id, err := e.cat.NewID()
	if err != nil {
		return st, err
	}
	jobID, err := e.cat.NewID()
	if err != nil {
		return st, err
	}
	job := catalog.Job{ID: jobID, Kind: catalog.JobImport, Schema: name, SchemaID: id, State: importingState,
		RowsTotal: int64(h.Rows), Started: time.Now().UTC()}
	// The record is durable before any row: the WAL is ordered, so a store
	// holding rows of this import holds the record that names them.
	if err := e.writeJob(func(ch *catalog.Change) { ch.PutJob(&job) }); err != nil {
		return st, err
	}
	published := false
	defer func() {
		if !published {
			// Rows first: a crash in between leaves the record, and the
			// next start removes the (empty) span again.
			e.dropCopied(id)
			_ = e.writeJob(func(ch *catalog.Change) { ch.DeleteJob(jobID) })
		}
	}()
	dst := &catalog.Schema{ID: id, Name: name, Collation: sql.CollationID(h.Collation)}
	dstLo, dstHi := keys.SchemaDataSpan(id)
	var (
		tables   []*catalog.Table
		nexts    []uint64
		views    []*catalog.View
		triggers []*catalog.Trigger
		routines []*catalog.Routine
		wb       = kv.NewWriteBatch()
		size     int
		key      = make([]byte, 0, 64)
		frames   int
	)
	flush := func() error {
		if size == 0 {
			return nil
		}
		err := e.db.ApplyFresh(wb, dstLo, dstHi)
		wb.Reset()
		size = 0
		if err != nil {
			return err
		}
		// Progress for MYRIAD_DDL_JOBS: one small commit per batch.
		job.RowsDone = int64(fr.Rows())
		return e.writeJob(func(ch *catalog.Change) { ch.PutJob(&job) })
	}
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
			if f.Table.Ordinal != uint64(len(tables)) {
				return st, fmt.Errorf("tenant file: table %d out of order", f.Table.Ordinal)
			}
			t, err := catalog.DecodeTableRecord(f.Table.Record)
			if err != nil {
				return st, fmt.Errorf("tenant file: %w", err)
			}
			if t.ID, err = e.cat.NewID(); err != nil {
				return st, err
			}
			t.SchemaID, t.DataSchemaID = id, id
			tables = append(tables, t)
			nexts = append(nexts, f.Table.NextAutoInc)
		case tenantfile.KindView:
			v, err := catalog.DecodeViewRecord(f.Record)
			if err != nil {
				return st, fmt.Errorf("tenant file: %w", err)
			}
			views = append(views, v)
		case tenantfile.KindTrigger:
			g, err := catalog.DecodeTriggerRecord(f.Record)
			if err != nil {
				return st, fmt.Errorf("tenant file: %w", err)
			}
			triggers = append(triggers, g)
		case tenantfile.KindRoutine:
			p, err := catalog.DecodeRoutineRecord(f.Record)
			if err != nil {
				return st, fmt.Errorf("tenant file: %w", err)
			}
			routines = append(routines, p)
		case tenantfile.KindRows:
			if f.Ordinal >= uint64(len(tables)) {
				return st, fmt.Errorf("tenant file: rows of unknown table %d", f.Ordinal)
			}
			t := tables[f.Ordinal]
			prefix := keys.TableData(id, t.ID)
			if err := f.Entries(func(k, v []byte) error {
				if len(k) == 0 {
					return errors.New("tenant file: empty key")
				}
				key = append(append(key[:0], prefix...), k...)
				wb.Set(key, v)
				size += len(key) + len(v)
				if size >= cloneBatchBytes {
					return flush()
				}
				return nil
			}); err != nil {
				return st, err
			}
			frames++
			if importFault != nil {
				if err := importFault(frames); err != nil {
					return st, err
				}
			}
			if progress != nil {
				progress(fr.Rows(), fr.Offset())
			}
		}
	}
	if err := flush(); err != nil {
		return st, err
	}
	sum := fr.Summary()
	if err := e.publishImport(dst, jobID, tables, nexts, views, triggers, routines); err != nil {
		return st, err
	}
	published = true
	// A file from a Myriad before key format 1 (engine/keyformat.go).
	e.upgradeImported(dst, tables)
	if progress != nil {
		progress(sum.Rows, sum.Bytes)
	}
	return TransferStats{Schema: name, Tables: len(tables), Rows: sum.Rows, Entries: sum.Entries,
		Bytes: sum.Bytes, Seconds: time.Since(start).Seconds()}, nil
}

// publishImport commits the imported schema's definitions in one
// transaction (the rows are already under its data ID), deleting the
// import's job record in the same commit.
func (e *Engine) publishImport(dst *catalog.Schema, jobID uint64, tables []*catalog.Table, nexts []uint64, views []*catalog.View, triggers []*catalog.Trigger, routines []*catalog.Routine) error {
	tx := e.db.Begin()
	defer tx.Rollback()
	if s, err := e.cat.Schema(tx, dst.Name); err != nil {
		return err
	} else if s != nil {
		return errCloneExists(dst.Name)
	}
	ch := catalog.ImportSchemaChange(dst, tables, views, triggers, routines).DeleteJob(jobID)
	for i, t := range tables {
		if nexts[i] > 0 {
			tx.RaiseCounter(t.CounterKey(), nexts[i])
		}
	}
	written, err := e.cat.Write(tx, ch)
	if err != nil {
		return err
	}
	e.cat.BeginChange(written)
	err = tx.Commit()
	e.cat.EndChange(written)
	return mapKVError(err)
}

// importingState is the State of an import's job record.
const importingState = "importing"

// writeJob commits one change of job records alone (they are not cached
// definitions: nothing to invalidate).
func (e *Engine) writeJob(fill func(*catalog.Change)) error {
	tx := e.db.Begin()
	defer tx.Rollback()
	ch := new(catalog.Change)
	fill(ch)
	if _, err := e.cat.Write(tx, ch); err != nil {
		return err
	}
	return mapKVError(tx.Commit())
}

// ReclaimImports removes what imports and WITH DATA clones (clone.go) a
// previous run left unfinished (server killed midway) wrote: the whole data span of each import job
// record still present, then the record. It must run before any import
// can start (server start-up, an offline tool opening the store), since a
// running import's record looks the same. It returns how many it removed.
func (e *Engine) ReclaimImports() (int, error) {
	var jobs []*catalog.Job
	if err := e.cat.ListJobs(nil, func(j *catalog.Job) error {
		if j.Kind == catalog.JobImport {
			jobs = append(jobs, j)
		}
		return nil
	}); err != nil {
		return 0, err
	}
	for i, j := range jobs {
		// The publishing commit deletes the record, so a schema by that
		// name under that ID cannot exist; never delete a live schema's
		// rows on the strength of a record alone.
		s, err := e.cat.Schema(nil, j.Schema)
		if err != nil {
			return i, err
		}
		if s == nil || s.ID != j.SchemaID {
			wb := kv.NewWriteBatch()
			wb.DeleteRange(keys.SchemaDataSpan(j.SchemaID))
			wb.DeleteRange(keys.SchemaAutoIncs(j.SchemaID))
			if err := e.db.Apply(wb); err != nil {
				return i, err
			}
		}
		id := j.ID
		if err := e.writeJob(func(ch *catalog.Change) { ch.DeleteJob(id) }); err != nil {
			return i, err
		}
	}
	return len(jobs), nil
}
