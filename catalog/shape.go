package catalog

// Shape identifies everything in the definition that a statement's plan
// can depend on, and nothing that differs between otherwise identical
// tables (name, IDs, schema, comment, AUTO_INCREMENT start): two tables of
// one shape take the same columns, types, defaults, keys and constraints.
// It lets a plan analyzed for one table serve the other (the server's
// per-shape INSERT templates), so a workload spread over a million
// identically defined tables is not analyzed once per table. It is
// computed once per decoded definition.
func (t *Table) Shape() string {
	t.shapeOnce.Do(func() {
		n := t.Clone()
		n.ID, n.SchemaID, n.DataSchemaID = 0, 0, 0
		n.Name, n.Comment, n.AutoIncStart, n.CounterExact = "", "", 0, false
		b, err := encodeTable(n)
		if err != nil {
			// Unencodable: no shape, so no table shares this one's plans.
			return
		}
		t.shape = string(b)
	})
	return t.shape
}
