package engine

// FloatScaleColumn is the (M,D) a FLOAT(M,D) or DOUBLE(M,D) column of the
// table declared, for information_schema.COLUMNS (engine/infoschema): GMS
// builds the row from the plain float type the schema has.
func (t *Table) FloatScaleColumn(name string) (m, d int, ok bool) {
	i := t.def.ColumnByName(name)
	if i < 0 {
		return 0, 0, false
	}
	pm, pd, ok := t.def.Columns[i].Type.FloatScale()
	return int(pm), int(pd), ok
}
