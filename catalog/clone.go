package catalog

import (
	"fmt"
	"strings"

	"github.com/myriaddb/myriad/keys"
)

// TableCopy pairs a template table (its data span: FromDataSchemaID,
// FromID) with its clone To (a fresh ID under the new schema), so the
// caller can copy its data and AUTO_INCREMENT counter.
type TableCopy struct {
	FromDataSchemaID, FromID uint64
	To                       *Table
}

// CloneSchemaChange is the change that creates dst (a new schema record with
// a fresh ID) as a copy of src as read through r: every table (with a fresh
// table ID from newID, its rows to live in dst's own data span), view and
// trigger and stored procedure, with their definitions, defaults, comments, collations and the
// AUTO_INCREMENT= option. It is one Change, so the clone appears all at once
// or not at all. It copies no data: the caller copies what it wants into
// each TableCopy's new span.
func (c *Catalog) CloneSchemaChange(r Reader, src, dst *Schema, newID func() (uint64, error)) (*Change, []TableCopy, error) {
	d := *dst
	d.Collation, d.Views, d.Triggers, d.Routines = src.Collation, src.Views, src.Triggers, src.Routines
	d.Lent, d.Borrowed = false, false
	*dst = d
	ch := new(Change).PutSchema(dst)
	var copies []TableCopy
	lo, hi := keys.TableRecords(src.ID)
	err := scan(r, lo, hi, func(_, v []byte) error {
		// Decoded but not prepared: Write prepares each record once, with
		// the types the decoder built (a clone of 100 tables is mostly this).
		name, body, err := recordName(v)
		if err != nil {
			return err
		}
		if len(body) == 0 || body[0] != tableCodecV1 {
			return fmt.Errorf("catalog: table record %q has unknown format", name)
		}
		n := &Table{Name: name}
		if err := decodeTableBody(body[1:], n); err != nil {
			return err
		}
		id, err := newID()
		if err != nil {
			return err
		}
		tc := TableCopy{FromDataSchemaID: n.DataSchemaID, FromID: n.ID, To: n}
		n.ID, n.SchemaID, n.DataSchemaID = id, dst.ID, dst.ID
		ch.PutTable(dst, n)
		// Foreign keys inside the template point inside the clone; those
		// to other schemas keep their parent, which gains a referencing
		// table.
		seen := map[string]bool{}
		for i := range n.FKs {
			fk := &n.FKs[i]
			parentID := dst.ID
			if strings.EqualFold(fk.ParentSchema, src.Name) {
				fk.ParentSchema = dst.Name
			} else {
				ps, err := c.Schema(r, fk.ParentSchema)
				if err != nil {
					return err
				}
				if ps == nil {
					continue
				}
				parentID = ps.ID
			}
			k := fmt.Sprintf("%d\x00%s", parentID, strings.ToLower(fk.ParentTable))
			if !seen[k] {
				seen[k] = true
				ch.PutFKRef(parentID, fk.ParentTable, dst.Name, n.Name)
			}
		}
		copies = append(copies, tc)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if src.Views > 0 {
		if err := c.ListViews(r, src, func(v *View) error {
			ch.PutView(dst, v)
			return nil
		}); err != nil {
			return nil, nil, err
		}
	}
	if src.Triggers > 0 {
		if err := c.ListTriggers(r, src, func(g *Trigger) error {
			ch.PutTrigger(dst, g)
			return nil
		}); err != nil {
			return nil, nil, err
		}
	}
	if src.Routines > 0 {
		if err := c.ListRoutines(r, src, func(p *Routine) error {
			ch.PutRoutine(dst, p)
			return nil
		}); err != nil {
			return nil, nil, err
		}
	}
	return ch, copies, nil
}
