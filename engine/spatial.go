package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
)

// spatialKeyError refuses a spatial column as a key part. MySQL's InnoDB
// would build an R-tree for SPATIAL INDEX and treat geometry as a BLOB in a
// plain index (1170 without a prefix length); the key encoder has no order
// for geometry values, so Myriad refuses both rather than store entries it
// could not seek. length is the key part's prefix length (0 for none).
func spatialKeyError(col *sql.Column, length int64) error {
	if _, ok := col.Type.(sql.SpatialColumnType); !ok {
		return nil
	}
	if length == 0 {
		return sql.ErrInvalidBlobTextKey.New(col.Name)
	}
	return sql.ErrUnsupportedFeature.New("an index on spatial column '" + col.Name + "'")
}

// createSpatial adds a SPATIAL index as MySQL accepts one (a single NOT
// NULL geometry column, no prefix). It is a definition only: the key
// encoder has no order for geometry values and Myriad has no R-tree, so
// the index holds no entries, GMS never sees it (GetIndexes), and queries
// that MySQL would serve through it (MBRContains, ST_Contains, ... in a
// WHERE clause) scan the table and filter, which returns the same rows.
// SHOW CREATE TABLE prints it (declaredSpatial) and DROP INDEX drops it.
func (t *Table) createSpatial(ctx *sql.Context, d sql.IndexDef) error {
	if len(d.Columns) != 1 {
		return sql.ErrTooManyKeyParts.New(1)
	}
	sch := t.Schema()
	p := sch.IndexOfColName(d.Columns[0].Name)
	if p < 0 {
		return sql.ErrKeyColumnDoesNotExist.New(d.Columns[0].Name)
	}
	if _, ok := sch[p].Type.(sql.SpatialColumnType); !ok {
		return mysql.NewSQLError(1687, "HY000", "A SPATIAL index may only contain a geometrical type column")
	}
	if sch[p].Nullable {
		return sql.ErrNullableSpatialIdx.New()
	}
	if d.Columns[0].Length != 0 {
		// MySQL: "Incorrect prefix key; ..." for a prefix on a spatial key.
		return mysql.NewSQLError(1089, "HY000", "Incorrect prefix key; the used key part isn't a string, the used length is longer than the key part, or the storage engine doesn't support unique prefix keys")
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if _, err := checkAlgorithm(ctx, methodInplace, rebuildWhy{}); err != nil {
		return err
	}
	name := d.Name
	if name == "" {
		name = sch[p].Name
	}
	if err := checkIdentifier(name); err != nil {
		return err
	}
	def := t.def.Clone()
	if _, ok := def.IndexByName(name); ok || strings.EqualFold(name, "PRIMARY") {
		return sql.ErrDuplicateKey.New(name)
	}
	if _, ok := def.SpatialByName(name); ok {
		return sql.ErrDuplicateKey.New(name)
	}
	def.Spatial = append(def.Spatial, catalog.SpatialIndex{Name: name, Column: def.Columns[p].ID, Comment: d.Comment})
	if st := collecting(ctx, t); st != nil {
		return st.set(t, def, false)
	}
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// dropSpatial drops SPATIAL index name; ok is false when t has none by
// that name.
func (t *Table) dropSpatial(ctx *sql.Context, name string) (ok bool, err error) {
	i, found := t.def.SpatialByName(name)
	if !found {
		return false, nil
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return true, err
	}
	def := t.def.Clone()
	def.Spatial = append(def.Spatial[:i], def.Spatial[i+1:]...)
	if st := collecting(ctx, t); st != nil {
		return true, st.set(t, def, false)
	}
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return true, err
	}
	t.setDef(def)
	return true, nil
}

// isSpatialIndex reports whether the table of n has a SPATIAL index named
// name.
func isSpatialIndex(n sql.TableNode, name string) bool {
	t := tableOfNode(n)
	if t == nil {
		return false
	}
	_, ok := t.def.SpatialByName(name)
	return ok
}

// spatialLines are the SHOW CREATE TABLE lines of def's SPATIAL indexes,
// as MySQL prints them after the other keys.
func spatialLines(def *catalog.Table) []string {
	var out []string
	for _, sx := range def.Spatial {
		p := def.ColumnByID(sx.Column)
		if p < 0 {
			continue
		}
		l := "  SPATIAL KEY " + quoteIdent(sx.Name) + " (" + quoteIdent(def.Columns[p].Name) + ")"
		if sx.Comment != "" {
			l += " COMMENT '" + quoteString(sx.Comment) + "'"
		}
		out = append(out, l)
	}
	return out
}

// dropSpatialOn removes the SPATIAL indexes on column id from def, as
// MySQL drops an index whose every column is dropped.
func dropSpatialOn(def *catalog.Table, id uint32) {
	kept := def.Spatial[:0]
	for _, sx := range def.Spatial {
		if sx.Column != id {
			kept = append(kept, sx)
		}
	}
	def.Spatial = kept
}

// spatialIndex shows a SPATIAL index in SHOW INDEX (showFuncIndexes) with
// MySQL's Index_type; GMS's planner never sees it.
type spatialIndex struct{ *index }

func (spatialIndex) IsSpatial() bool   { return true }
func (spatialIndex) IndexType() string { return "SPATIAL" }

// spatialShown are t's SPATIAL indexes as SHOW INDEX lists them.
func (t *Table) spatialShown() []sql.Index {
	var out []sql.Index
	for _, sx := range t.def.Spatial {
		if p := t.def.ColumnByID(sx.Column); p >= 0 {
			out = append(out, spatialIndex{t.newIndex(0, sx.Name, false, []int{p}, nil, sx.Comment)})
		}
	}
	return out
}

// spatialStatistics are information_schema.STATISTICS's rows of t's
// SPATIAL indexes (GMS lists only the indexes its planner sees), as MySQL
// and MariaDB give them: collation A, SUB_PART 32 (the bytes of the
// minimum bounding rectangle an R-tree keys on), NOT NULL, SPATIAL.
func (t *Table) spatialStatistics(schema string) []sql.Row {
	var rows []sql.Row
	for _, sx := range t.def.Spatial {
		p := t.def.ColumnByID(sx.Column)
		if p < 0 {
			continue
		}
		rows = append(rows, sql.Row{"def", schema, t.def.Name, 1, schema, sx.Name, 1,
			t.def.Columns[p].Name, "A", int64(0), int64(32), nil, "", "SPATIAL", "", sx.Comment, "YES", nil})
	}
	return rows
}
