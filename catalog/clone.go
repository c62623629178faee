package catalog

// TableCopy pairs a template table with its clone (a fresh ID under the new
// schema), so the caller can copy its data span and AUTO_INCREMENT counter.
type TableCopy struct {
	From, To *Table
}

// CloneSchemaChange is the change that creates dst (a new schema record with
// a fresh ID) as a copy of src as read through r: every table (with a fresh
// table ID from newID, its rows to live in dst's own data span), view and
// trigger, with their definitions, defaults, comments, collations and the
// AUTO_INCREMENT= option. It is one Change, so the clone appears all at once
// or not at all. It copies no data: the caller copies what it wants into
// each TableCopy's new span.
func (c *Catalog) CloneSchemaChange(r Reader, src, dst *Schema, newID func() (uint64, error)) (*Change, []TableCopy, error) {
	d := *dst
	d.Collation, d.Views, d.Triggers = src.Collation, src.Views, src.Triggers
	d.Lent, d.Borrowed = false, false
	*dst = d
	ch := new(Change).PutSchema(dst)
	var copies []TableCopy
	err := c.ListTables(r, src, func(t *Table) error {
		id, err := newID()
		if err != nil {
			return err
		}
		n := t.Clone()
		n.ID, n.SchemaID, n.DataSchemaID = id, dst.ID, dst.ID
		n.dbName = dst.Name
		ch.PutTable(dst, n)
		copies = append(copies, TableCopy{From: t, To: n})
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
	return ch, copies, nil
}
