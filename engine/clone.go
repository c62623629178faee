package engine

import (
	"bytes"
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// Clone from a template: CREATE DATABASE new LIKE template [WITH DATA] (not
// MySQL syntax; the server recognises it before parsing and runs it as
// CREATE DATABASE new with the request attached to the session, so GMS's
// CREATE privilege check and implicit commit apply) and `myriad tenant
// clone`.
//
// The definitions are one catalog.Change in the statement's transaction:
// the clone appears at its commit or not at all. Rows are copied before that
// commit, table by table in bounded batches, by rewriting key prefixes while
// reading the template through the transaction's snapshot (so the copy is
// consistent with the definitions it is published under). The batches land
// under the new schema's fresh data ID, which nothing can address until the
// catalog commit publishes it; if the clone fails they are range-deleted.
// Against a crash between the first batch and the commit (kill -9), a WITH
// DATA clone works as a tenant import does (tenantio.go): before its first
// row it commits a job record (catalog.JobImport, State "cloning") naming
// the data ID, and ReclaimImports at the next start range-deletes the span
// of any record still there unless a schema of that ID was published. The
// record is deleted right after the publishing commit, not in it: the
// statement's transaction began before the record was written and would
// conflict with it. The record also shows the copy's progress in
// MYRIAD_DDL_JOBS.

// cloneRequest is a pending CREATE DATABASE ... LIKE on a session.
type cloneRequest struct {
	template string
	withData bool
}

// cloneBatchBytes bounds the memory a WITH DATA copy holds at once.
const cloneBatchBytes = 4 << 20

// cloneFault, when set (tests), is called after each table's data is
// copied; an error aborts the clone there.
var cloneFault func(tablesCopied int) error

// PrepareClone attaches a CREATE DATABASE ... LIKE template request to
// connection connID: the next CREATE DATABASE it runs clones the template.
// The returned function removes it (call it when the statement ends,
// whatever happened). Keyed by connection, not session: GMS makes a
// connection's session at its first statement, which may be this one.
func (e *Engine) PrepareClone(connID uint32, template string, withData bool) (done func()) {
	e.clones.Store(connID, &cloneRequest{template: template, withData: withData})
	return func() { e.clones.Delete(connID) }
}

// PendingClone returns the template of the session's pending clone, if any
// (for the privilege check: cloning needs SELECT on the template).
func PendingClone(ctx *sql.Context) (string, bool) {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return "", false
	}
	if v, ok := s.eng.clones.Load(s.ID()); ok {
		return v.(*cloneRequest).template, true
	}
	return "", false
}

// takeClone returns and clears the session's pending clone.
func takeClone(ctx *sql.Context) *cloneRequest {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return nil
	}
	if v, ok := s.eng.clones.LoadAndDelete(s.ID()); ok {
		return v.(*cloneRequest)
	}
	return nil
}

// cloningState is the State of a WITH DATA clone's job record.
const cloningState = "cloning"

// cloneSchema writes into tx the clone of template as dst (a schema record
// with a fresh ID, not yet written) and, withData, copies its rows first
// under the job record jobID, which the caller deletes once the change
// committed (see abandonClone if it does not).
func (e *Engine) cloneSchema(tx *kv.Txn, template string, dst *catalog.Schema, withData bool, jobID uint64) (ch *catalog.Change, err error) {
	src, err := e.cat.Schema(tx, template)
	if err != nil {
		return nil, err
	}
	if src == nil {
		return nil, sql.ErrDatabaseNotFound.New(template)
	}
	ch, copies, err := e.cat.CloneSchemaChange(tx, src, dst, e.cat.NewID)
	if err != nil {
		return nil, err
	}
	if limit := maxTablesPerSchema(); limit > 0 && int64(len(copies)) > limit {
		return nil, quotaError(dst.Name, limit)
	}
	if withData {
		var rows int64
		for _, c := range copies {
			if v, ok, err := tx.Get(keys.RowCount(c.FromDataSchemaID, c.FromID)); err == nil && ok {
				if n, exact, err := kv.DecodeCount(v); err == nil && exact {
					rows += n
				}
			}
		}
		job := catalog.Job{ID: jobID, Kind: catalog.JobImport, Schema: dst.Name, SchemaID: dst.ID, State: cloningState,
			RowsTotal: rows, Started: time.Now().UTC()}
		// The record is durable before any row (the WAL is ordered).
		if err := e.writeJob(func(ch *catalog.Change) { ch.PutJob(&job) }); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				e.abandonClone(dst.ID, jobID)
			}
		}()
		progress := func(n int64) error {
			job.RowsDone += n
			return e.writeJob(func(ch *catalog.Change) { ch.PutJob(&job) })
		}
		for i, c := range copies {
			if err := e.copyTableData(tx, c.FromDataSchemaID, c.FromID, c.To, progress); err != nil {
				return nil, err
			}
			if cloneFault != nil {
				if err := cloneFault(i + 1); err != nil {
					return nil, err
				}
			}
		}
	}
	ctr, err := newAutoIncReader(tx)
	if err != nil {
		return nil, err
	}
	defer ctr.Close()
	for _, c := range copies {
		next, err := e.nextAutoInc(ctr, c.FromDataSchemaID, c.FromID)
		if err != nil {
			return nil, err
		}
		if next > 0 {
			tx.RaiseCounter(c.To.CounterKey(), next)
		}
		if !withData {
			// Empty: a missing counter means the start value, as for a
			// table made by CREATE TABLE.
			c.To.CounterExact = true
			startRowCount(tx, c.To)
		}
	}
	return ch, nil
}

// nextAutoInc is the template table's next AUTO_INCREMENT value as the
// clone should start it: the persisted counter as of the snapshot, raised to
// what this server has handed out (a rolled-back insert still used its
// value, as in InnoDB, and SHOW CREATE TABLE shows it).
func (e *Engine) nextAutoInc(ctr *autoIncReader, dataSchemaID, tableID uint64) (uint64, error) {
	next, err := ctr.read(dataSchemaID, tableID)
	if err != nil {
		return 0, err
	}
	if v, ok := e.autoInc.Load(tableID); ok {
		st := v.(*autoIncState)
		st.mu.Lock()
		if st.loaded && st.next > next {
			next = st.next
		}
		st.mu.Unlock()
	}
	return next, nil
}

// copyTableData copies every key of the template table (rows, index
// entries, counters) as read through tx's snapshot under to's prefix, in
// batches of at most cloneBatchBytes. progress gets the rows of each full
// batch (not of a table's last, partial one: small tables cost no extra
// commit).
func (e *Engine) copyTableData(tx *kv.Txn, fromDataSchemaID, fromID uint64, to *catalog.Table, progress func(rows int64) error) error {
	srcPrefix := keys.TableData(fromDataSchemaID, fromID)
	dstPrefix := keys.TableData(to.DataSchemaID, to.ID)
	dstLo, dstHi := keys.SchemaDataSpan(to.DataSchemaID)
	it, err := tx.NewIter(keys.PrefixSpan(srcPrefix))
	if err != nil {
		return err
	}
	defer it.Close()
	srcPrimary := keys.Index(fromDataSchemaID, fromID, keys.PrimaryIndexID)
	wb := kv.NewWriteBatch()
	size := 0
	var rows int64
	key := make([]byte, 0, 64)
	for ok := it.First(); ok; ok = it.Next() {
		k := it.Key()
		if !bytes.HasPrefix(k, srcPrefix) {
			return fmt.Errorf("myriad: clone: key %q outside its table span", k)
		}
		if bytes.HasPrefix(k, srcPrimary) {
			rows++
		}
		key = append(append(key[:0], dstPrefix...), k[len(srcPrefix):]...)
		wb.Set(key, it.Value())
		size += len(key) + len(it.Value())
		if size >= cloneBatchBytes {
			if err := e.db.ApplyFresh(wb, dstLo, dstHi); err != nil {
				return err
			}
			wb.Reset()
			size = 0
			if progress != nil {
				if err := progress(rows); err != nil {
					return err
				}
			}
			rows = 0
		}
	}
	if err := it.Error(); err != nil {
		return err
	}
	return e.db.ApplyFresh(wb, dstLo, dstHi)
}

// dropCopied removes what a failed clone copied under its unpublished data ID.
func (e *Engine) dropCopied(schemaID uint64) {
	wb := kv.NewWriteBatch()
	wb.DeleteRange(keys.SchemaDataSpan(schemaID))
	wb.DeleteRange(keys.SchemaAutoIncs(schemaID))
	_ = e.db.Apply(wb)
}

// abandonClone removes a failed WITH DATA clone's rows, then its job record
// (in that order: a crash in between leaves the record, and the next start
// removes the span again).
func (e *Engine) abandonClone(schemaID, jobID uint64) {
	e.dropCopied(schemaID)
	_ = e.writeJob(func(ch *catalog.Change) { ch.DeleteJob(jobID) })
}

// endCloneJob removes a published clone's job record (a crash before it
// leaves the record, which ReclaimImports then removes alone: the schema of
// its data ID exists).
func (e *Engine) endCloneJob(jobID uint64) {
	_ = e.writeJob(func(ch *catalog.Change) { ch.DeleteJob(jobID) })
}

// cloneJobID is the ID of a clone's job record (0 without data: no record).
func (e *Engine) cloneJobID(withData bool) (uint64, error) {
	if !withData {
		return 0, nil
	}
	return e.cat.NewID()
}

// errCloneExists is 1007 for a target that exists.
func errCloneExists(name string) error { return sql.ErrDatabaseExists.New(name) }

// CloneSchema clones template into each of names outside any SQL session
// (`myriad tenant clone --data-dir`): one transaction and one commit per
// clone. It stops at the first error; the clones before it are committed.
func (e *Engine) CloneSchema(template string, names []string, withData bool, each func(done int)) error {
	for i, name := range names {
		if err := e.cloneOne(template, name, withData); err != nil {
			return fmt.Errorf("clone %s: %w", name, err)
		}
		if each != nil {
			each(i + 1)
		}
	}
	return nil
}

func (e *Engine) cloneOne(template, name string, withData bool) error {
	if err := checkIdentifier(name); err != nil {
		return err
	}
	tx := e.db.Begin()
	defer tx.Rollback()
	if s, err := e.cat.Schema(tx, name); err != nil {
		return err
	} else if s != nil {
		return errCloneExists(name)
	}
	id, err := e.cat.NewID()
	if err != nil {
		return err
	}
	jobID, err := e.cloneJobID(withData)
	if err != nil {
		return err
	}
	dst := &catalog.Schema{ID: id, Name: name}
	ch, err := e.cloneSchema(tx, template, dst, withData, jobID)
	if err != nil {
		return err
	}
	written, err := e.cat.Write(tx, ch)
	if err != nil {
		if withData {
			e.abandonClone(id, jobID)
		}
		return err
	}
	e.cat.BeginChange(written)
	err = tx.Commit()
	e.cat.EndChange(written)
	if withData {
		if err != nil {
			e.abandonClone(id, jobID)
		} else {
			e.endCloneJob(jobID)
		}
	}
	return mapKVError(err)
}

// cloneInto runs a session's CREATE DATABASE ... LIKE in its statement
// transaction; rows copied for it are removed if that transaction does not
// commit.
func (e *Engine) cloneInto(tx *Transaction, req *cloneRequest, dst *catalog.Schema) error {
	jobID, err := e.cloneJobID(req.withData)
	if err != nil {
		return err
	}
	if req.withData {
		tx.onAbort = append(tx.onAbort, func() { e.abandonClone(dst.ID, jobID) })
		tx.onCommit = append(tx.onCommit, func() { e.endCloneJob(jobID) })
	}
	ch, err := e.cloneSchema(tx.kv, req.template, dst, req.withData, jobID)
	if err != nil {
		return err
	}
	return tx.writeCatalog(e.cat, ch)
}
