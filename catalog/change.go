package catalog

import (
	"encoding/json"
	"fmt"

	"github.com/myriaddb/myriad/keys"
)

// OpKind is what one catalog write does.
type OpKind uint8

const (
	OpPutSchema         OpKind = iota + 1 // write Schema's record
	OpDeleteSchema                        // delete Schema's record
	OpPutTable                            // write Table's record under Schema (create or alter)
	OpDeleteTableRecord                   // delete table Name's record of Schema, keep its data (RENAME)
	OpPutView                             // write View's record under Schema
	OpDeleteView                          // delete view Name of Schema
	OpPutTrigger                          // write Trigger's record under Schema
	OpDeleteTrigger                       // delete trigger Name of Schema
	OpDeleteRange                         // range tombstone [Lo, Hi): dropped data or records
	OpPutFKRef                            // write the foreign-key reverse entry Lo (keys.FKRef)
	OpDeleteFKRef                         // delete the foreign-key reverse entry Lo
	OpPutJob                              // write Job's record (job.go)
	OpDeleteJob                           // delete the record of job Job.ID
	OpPutRoutine                          // write Routine's record under Schema (routines.go)
	OpDeleteRoutine                       // delete stored procedure Name of Schema
	OpDeleteKey                           // delete the single key Lo: a dropped table's AUTO_INCREMENT counter
	opLast              = OpDeleteKey
)

// Op is one catalog write. Schema is the record written (OpPutSchema,
// OpDeleteSchema) or the schema the object belongs to.
type Op struct {
	Kind    OpKind
	Schema  *Schema
	Table   *Table
	View    *View
	Trigger *Trigger
	Routine *Routine
	Job     *Job
	Name    string
	Lo, Hi  []byte
	// copied: Table is a copy of a prepared definition that differs only
	// in its IDs (PutTableCopy), so writing it needs no Prepare.
	copied bool
}

// Change is a DDL statement's catalog writes, as a value: the engine builds
// it and hands it to Catalog.Write, the one place that turns catalog changes
// into keys, so what the transaction learns about rewritten definitions
// comes from the same place that wrote them. Everything it needs is resolved
// when it is built (spans included), so a DDL job can persist it and replay
// it without reading the catalog again.
type Change struct {
	Ops []Op
}

func (ch *Change) add(op Op) *Change {
	ch.Ops = append(ch.Ops, op)
	return ch
}

// PutSchema writes a schema record.
func (ch *Change) PutSchema(s *Schema) *Change { return ch.add(Op{Kind: OpPutSchema, Schema: s}) }

// PutTable writes a table record (create or alter); Write prepares t for use.
func (ch *Change) PutTable(s *Schema, t *Table) *Change {
	return ch.add(Op{Kind: OpPutTable, Schema: s, Table: t})
}

// PutTableCopy writes t, a copy of a definition that was prepared (read
// from the catalog or written by PutTable) with only its IDs changed
// (Table.CopyIDs): the validation and GMS schema Prepare builds were
// already made for the original, so its record is written without them (a
// CREATE TABLE served from a template spent a tenth of its time there). t
// is not prepared and must not be handed out as a catalog definition.
func (ch *Change) PutTableCopy(s *Schema, t *Table) *Change {
	return ch.add(Op{Kind: OpPutTable, Schema: s, Table: t, copied: true})
}

// DeleteTableRecord removes a table record but keeps its data (RENAME).
func (ch *Change) DeleteTableRecord(s *Schema, name string) *Change {
	return ch.add(Op{Kind: OpDeleteTableRecord, Schema: s, Name: name})
}

// DropTable removes a table record and all its data.
func (ch *Change) DropTable(s *Schema, t *Table) *Change {
	return ch.DropTableData(t).DeleteTableRecord(s, t.Name)
}

// DropTableData removes every key of t (rows, index entries, counters).
// The AUTO_INCREMENT counter is outside the data span (keys.AutoInc): a
// point delete of its own.
func (ch *Change) DropTableData(t *Table) *Change {
	lo, hi := keys.TableSpan(t.DataSchemaID, t.ID)
	return ch.deleteRange(lo, hi).add(Op{Kind: OpDeleteKey, Lo: t.CounterKey()})
}

// DropIndexData removes every entry of one index of t.
func (ch *Change) DropIndexData(t *Table, indexID uint32) *Change {
	lo, hi := keys.IndexSpan(t.DataSchemaID, t.ID, indexID)
	return ch.deleteRange(lo, hi)
}

// PutView writes a view record.
func (ch *Change) PutView(s *Schema, v *View) *Change {
	return ch.add(Op{Kind: OpPutView, Schema: s, View: v})
}

// DeleteView removes a view record.
func (ch *Change) DeleteView(s *Schema, name string) *Change {
	return ch.add(Op{Kind: OpDeleteView, Schema: s, Name: name})
}

// PutTrigger writes a trigger record.
func (ch *Change) PutTrigger(s *Schema, g *Trigger) *Change {
	return ch.add(Op{Kind: OpPutTrigger, Schema: s, Trigger: g})
}

// DeleteTrigger removes a trigger record.
func (ch *Change) DeleteTrigger(s *Schema, name string) *Change {
	return ch.add(Op{Kind: OpDeleteTrigger, Schema: s, Name: name})
}

// PutFKRef records that child (a table of childSchema) declares a foreign
// key referencing table parent of schema parentSchemaID.
func (ch *Change) PutFKRef(parentSchemaID uint64, parent, childSchema, child string) *Change {
	return ch.add(Op{Kind: OpPutFKRef, Lo: keys.FKRef(parentSchemaID, parent, childSchema, child)})
}

// DeleteFKRef removes what PutFKRef wrote.
func (ch *Change) DeleteFKRef(parentSchemaID uint64, parent, childSchema, child string) *Change {
	return ch.add(Op{Kind: OpDeleteFKRef, Lo: keys.FKRef(parentSchemaID, parent, childSchema, child)})
}

func (ch *Change) deleteRange(lo, hi []byte) *Change {
	return ch.add(Op{Kind: OpDeleteRange, Lo: lo, Hi: hi})
}

// DropSchemaChange is the change that removes a schema record, all its
// table, view and trigger records and all its tables' data: one point delete and range tombstones,
// whatever the table count. r is read only for a schema that lent or
// borrowed tables (RENAME TABLE across schemas), whose data is dropped table
// by table.
func (c *Catalog) DropSchemaChange(r Reader, s *Schema) (*Change, error) {
	ch := &Change{}
	ch.add(Op{Kind: OpDeleteSchema, Schema: s})
	if s.Lent || s.Borrowed {
		// Tables moved in keep their rows under their old schema's span,
		// tables moved out keep theirs under ours: drop table by table.
		err := c.ListTables(r, s, func(t *Table) error {
			ch.DropTableData(t)
			return nil
		})
		if err != nil {
			return nil, err
		}
	} else {
		ch.deleteRange(keys.SchemaDataSpan(s.ID))
		ch.deleteRange(keys.SchemaAutoIncs(s.ID))
	}
	ch.deleteRange(keys.TableRecords(s.ID))
	ch.deleteRange(keys.ViewRecords(s.ID))
	ch.deleteRange(keys.TriggerRecords(s.ID))
	ch.deleteRange(keys.RoutineRecords(s.ID))
	// The reverse entries of the schema's parent tables; entries its
	// tables left under other schemas' parents are skipped by readers
	// (ListFKRefs checks each against the child's record).
	ch.deleteRange(keys.SchemaFKRefs(s.ID))
	return ch, nil
}

// Write writes a change through w (the DDL statement's transaction) and
// returns the keys of the definitions it rewrote: a transaction holding any
// reads definitions through itself, and the caches forget them around its
// commit (BeginChange, EndChange).
func (c *Catalog) Write(w Writer, ch *Change) ([]string, error) {
	rewritten := make([]string, 0, len(ch.Ops))
	for i := range ch.Ops {
		op := &ch.Ops[i]
		switch op.Kind {
		case OpDeleteRange:
			// Dropped data and the records of a dropped schema: nothing
			// cached is keyed inside them (a dropped schema's tables are
			// unreachable once its record, deleted by its own op, is gone).
			w.DeleteRange(op.Lo, op.Hi)
			continue
		case OpPutFKRef:
			// Reverse entries are never cached: readers seek them.
			w.Set(op.Lo, nil)
			continue
		case OpDeleteFKRef, OpDeleteKey:
			w.Delete(op.Lo)
			continue
		}
		key, err := op.recordKey()
		if err != nil {
			return rewritten, err
		}
		v, err := op.record()
		if err != nil {
			return rewritten, err
		}
		if v == nil {
			w.Delete(key)
		} else {
			w.Set(key, v)
		}
		rewritten = append(rewritten, string(key))
	}
	return rewritten, nil
}

// recordKey is the key of the record op writes or deletes.
func (op *Op) recordKey() ([]byte, error) {
	switch op.Kind {
	case OpPutSchema, OpDeleteSchema:
		return keys.Schema(op.Schema.Name), nil
	case OpPutTable:
		return keys.Table(op.Schema.ID, op.Table.Name), nil
	case OpDeleteTableRecord:
		return keys.Table(op.Schema.ID, op.Name), nil
	case OpPutView:
		return keys.View(op.Schema.ID, op.View.Name), nil
	case OpDeleteView:
		return keys.View(op.Schema.ID, op.Name), nil
	case OpPutTrigger:
		return keys.Trigger(op.Schema.ID, op.Trigger.Name), nil
	case OpDeleteTrigger:
		return keys.Trigger(op.Schema.ID, op.Name), nil
	case OpPutJob, OpDeleteJob:
		return keys.Job(op.Job.ID), nil
	case OpPutRoutine:
		return keys.Routine(op.Schema.ID, op.Routine.Name), nil
	case OpDeleteRoutine:
		return keys.Routine(op.Schema.ID, op.Name), nil
	}
	return nil, fmt.Errorf("catalog: unknown change op %d", op.Kind)
}

// record is the value op writes; nil for a delete. A table put also
// prepares the table for use, as the cache will hold it.
func (op *Op) record() ([]byte, error) {
	switch op.Kind {
	case OpPutSchema:
		return encodeRecord(op.Schema.Name, op.Schema)
	case OpPutTable:
		t := op.Table
		t.SchemaID = op.Schema.ID
		if !op.copied {
			if err := t.Prepare(op.Schema.Name); err != nil {
				return nil, err
			}
		}
		v, err := encodeTable(t)
		if err != nil {
			return nil, err
		}
		t.size = tableMemory(len(v), len(t.Columns))
		return v, nil
	case OpPutView:
		return encodeRecord(op.View.Name, op.View)
	case OpPutTrigger:
		return encodeRecord(op.Trigger.Name, op.Trigger)
	case OpPutRoutine:
		return encodeRecord(op.Routine.Name, op.Routine)
	case OpPutJob:
		return encodeJob(op.Job)
	}
	return nil, nil
}

// PutSchema writes a schema record and returns its cache key.
func (c *Catalog) PutSchema(w Writer, s *Schema) (string, error) {
	return c.writeOne(w, new(Change).PutSchema(s))
}

// PutTable writes a table record (create or alter), prepares t for use and
// returns its cache key.
func (c *Catalog) PutTable(w Writer, s *Schema, t *Table) (string, error) {
	return c.writeOne(w, new(Change).PutTable(s, t))
}

// DropSchema writes DropSchemaChange.
func (c *Catalog) DropSchema(r Reader, w Writer, s *Schema) ([]string, error) {
	ch, err := c.DropSchemaChange(r, s)
	if err != nil {
		return nil, err
	}
	return c.Write(w, ch)
}

func (c *Catalog) writeOne(w Writer, ch *Change) (string, error) {
	k, err := c.Write(w, ch)
	if err != nil {
		return "", err
	}
	return k[0], nil
}

// Encode is the persistent form of ch (for a DDL job record to replay):
// each op with its records in their catalog record encodings.
func (ch *Change) Encode() ([]byte, error) {
	e := &enc{}
	e.u(uint64(len(ch.Ops)))
	for i := range ch.Ops {
		op := &ch.Ops[i]
		var sch, rec []byte
		var err error
		if op.Schema != nil {
			if sch, err = encodeRecord(op.Schema.Name, op.Schema); err != nil {
				return nil, err
			}
		}
		switch op.Kind {
		case OpPutTable:
			rec, err = encodeTable(op.Table)
		case OpPutView:
			rec, err = encodeRecord(op.View.Name, op.View)
		case OpPutTrigger:
			rec, err = encodeRecord(op.Trigger.Name, op.Trigger)
		case OpPutRoutine:
			rec, err = encodeRecord(op.Routine.Name, op.Routine)
		case OpPutJob, OpDeleteJob:
			rec, err = encodeJob(op.Job)
		}
		if err != nil {
			return nil, err
		}
		e.u(uint64(op.Kind))
		e.bytes(sch)
		e.bytes(rec)
		e.str(op.Name)
		e.bytes(op.Lo)
		e.bytes(op.Hi)
	}
	return e.b, nil
}

// DecodeChange reads what Encode wrote.
func DecodeChange(b []byte) (*Change, error) {
	d := &dec{b: b}
	ch := &Change{Ops: make([]Op, d.n(len(b)))}
	for i := range ch.Ops {
		op := &ch.Ops[i]
		op.Kind = OpKind(d.n(int(opLast)))
		sch, rec := d.raw(), d.raw()
		op.Name = d.str()
		op.Lo, op.Hi = nonEmpty(d.raw()), nonEmpty(d.raw())
		if d.err != nil {
			return nil, fmt.Errorf("catalog: corrupt change: %w", d.err)
		}
		var err error
		if len(sch) > 0 {
			if op.Schema, err = decodeSchema(sch); err != nil {
				return nil, err
			}
		}
		switch op.Kind {
		case OpPutTable:
			if op.Schema == nil {
				return nil, fmt.Errorf("catalog: corrupt change: table without its schema")
			}
			op.Table, err = decodeTable(rec, op.Schema.Name)
		case OpPutView:
			op.View = &View{}
			err = decodeObject(rec, &op.View.Name, op.View)
		case OpPutTrigger:
			op.Trigger = &Trigger{}
			err = decodeObject(rec, &op.Trigger.Name, op.Trigger)
		case OpPutRoutine:
			op.Routine, err = DecodeRoutineRecord(rec)
		case OpPutJob, OpDeleteJob:
			op.Job = &Job{}
			err = json.Unmarshal(rec, op.Job)
		}
		if err != nil {
			return nil, err
		}
	}
	if d.err == nil && len(d.b) > 0 {
		d.err = errCorrupt
	}
	if d.err != nil {
		return nil, fmt.Errorf("catalog: corrupt change: %w", d.err)
	}
	return ch, nil
}

func nonEmpty(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return append([]byte(nil), b...)
}

func decodeObject(v []byte, name *string, into any) error {
	n, js, err := recordName(v)
	if err != nil {
		return err
	}
	*name = n
	if err := json.Unmarshal(js, into); err != nil {
		return fmt.Errorf("catalog: corrupt record %q: %w", n, err)
	}
	return nil
}
