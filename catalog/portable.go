package catalog

import (
	"encoding/json"
	"fmt"

	"github.com/myriaddb/myriad/keys"
)

// Portable records: a schema's definitions as the records the catalog
// stores, for a tenant file (package tenantfile). Records carry column and
// index IDs that the rows' encoding refers to, so a schema moved with its
// records and raw rows needs no conversion; the importing side gives each
// table a fresh ID (DecodeTableRecord, ImportSchemaChange).

// ExportRecords streams, as read through r, the record of every table of s
// (with its decoded, unprepared definition, for its data span), then of
// every view, then of every trigger.
func (c *Catalog) ExportRecords(r Reader, s *Schema, table func(rec []byte, t *Table) error, view, trigger func(rec []byte) error) error {
	lo, hi := keys.TableRecords(s.ID)
	if err := scan(r, lo, hi, func(_, v []byte) error {
		t, err := DecodeTableRecord(v)
		if err != nil {
			return err
		}
		return table(v, t)
	}); err != nil {
		return err
	}
	lo, hi = keys.ViewRecords(s.ID)
	if err := scan(r, lo, hi, func(_, v []byte) error { return view(v) }); err != nil {
		return err
	}
	lo, hi = keys.TriggerRecords(s.ID)
	return scan(r, lo, hi, func(_, v []byte) error { return trigger(v) })
}

// ExportRoutineRecords streams, as read through r, the record of every
// stored procedure of s.
func (c *Catalog) ExportRoutineRecords(r Reader, s *Schema, fn func(rec []byte) error) error {
	lo, hi := keys.RoutineRecords(s.ID)
	return scan(r, lo, hi, func(_, v []byte) error { return fn(v) })
}

// DecodeTableRecord decodes a table record (not prepared: Write prepares it).
func DecodeTableRecord(v []byte) (*Table, error) {
	name, body, err := recordName(v)
	if err != nil {
		return nil, err
	}
	if len(body) == 0 || body[0] != tableCodecV1 {
		return nil, fmt.Errorf("catalog: table record %q has unknown format", name)
	}
	t := &Table{Name: name}
	if err := decodeTableBody(body[1:], t); err != nil {
		return nil, err
	}
	return t, nil
}

// DecodeViewRecord decodes a view record.
func DecodeViewRecord(v []byte) (*View, error) {
	name, js, err := recordName(v)
	if err != nil {
		return nil, err
	}
	w := &View{Name: name}
	if err := json.Unmarshal(js, w); err != nil {
		return nil, fmt.Errorf("catalog: corrupt view record %q: %w", name, err)
	}
	return w, nil
}

// DecodeTriggerRecord decodes a trigger record.
func DecodeTriggerRecord(v []byte) (*Trigger, error) {
	name, js, err := recordName(v)
	if err != nil {
		return nil, err
	}
	g := &Trigger{Name: name}
	if err := json.Unmarshal(js, g); err != nil {
		return nil, fmt.Errorf("catalog: corrupt trigger record %q: %w", name, err)
	}
	return g, nil
}

// ImportSchemaChange is the change that creates dst (a schema record with a
// fresh ID, not yet written) holding tables (already given fresh IDs under
// dst, see DecodeTableRecord), views, triggers and stored procedures: one Change, so the
// imported schema appears all at once or not at all.
func ImportSchemaChange(dst *Schema, tables []*Table, views []*View, triggers []*Trigger, routines []*Routine) *Change {
	dst.Views, dst.Triggers, dst.Routines = len(views), len(triggers), len(routines)
	dst.Lent, dst.Borrowed = false, false
	ch := new(Change).PutSchema(dst)
	for _, t := range tables {
		t.SchemaID, t.DataSchemaID = dst.ID, dst.ID
		ch.PutTable(dst, t)
	}
	for _, v := range views {
		ch.PutView(dst, v)
	}
	for _, g := range triggers {
		ch.PutTrigger(dst, g)
	}
	for _, p := range routines {
		ch.PutRoutine(dst, p)
	}
	return ch
}
