package catalog

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/rowcodec"
)

// Schema is a database (MySQL schema) record.
type Schema struct {
	ID        uint64          `json:"id"`
	Name      string          `json:"-"`
	Collation sql.CollationID `json:"co,omitempty"`
	// Lent: a table left for another schema but its rows stay in our span.
	Lent bool `json:"l,omitempty"`
	// Borrowed: a table arrived from another schema with its rows in that span.
	Borrowed bool `json:"b,omitempty"`
	// Views and Triggers count the schema's views and triggers, so the
	// lookups GMS makes on every table resolution and every write cost
	// nothing in the usual schema that has none.
	Views    int `json:"v,omitempty"`
	Triggers int `json:"g,omitempty"`
	// Routines counts the schema's stored procedures, for the same reason
	// (GMS looks procedures up per schema for SHOW PROCEDURE STATUS and
	// information_schema.ROUTINES).
	Routines int `json:"p,omitempty"`
}

// Table is a table record: columns, primary key and secondary indexes. The
// data of all its indexes lives under DataPrefix. A Table handed out by the
// catalog is shared and immutable: copy it (Clone) before changing it.
type Table struct {
	ID       uint64 `json:"id"`
	SchemaID uint64 `json:"s"`
	// DataSchemaID is the schema whose data span holds the rows; it differs
	// from SchemaID only after RENAME TABLE moved the table to another schema.
	DataSchemaID uint64          `json:"ds"`
	Name         string          `json:"-"`
	Columns      []Column        `json:"c"`
	PK           []int           `json:"pk,omitempty"` // column positions; empty: hidden row ID
	Indexes      []Index         `json:"ix,omitempty"`
	Collation    sql.CollationID `json:"co,omitempty"`
	Comment      string          `json:"cm,omitempty"`
	AutoIncStart uint64          `json:"ai,omitempty"` // AUTO_INCREMENT= table option (lowest next value)
	// CounterExact says every AUTO_INCREMENT value ever stored in the table
	// raised its persisted counter (true for tables created empty by CREATE
	// TABLE), so a missing counter means "start value" and the first insert
	// after a restart needs no reverse seek for the largest stored value.
	CounterExact bool   `json:"ce,omitempty"`
	NextColumnID uint32 `json:"nc"`
	NextIndexID  uint32 `json:"ni"`
	// FKs are the foreign keys the table declares; the tables they
	// reference find them through keys.FKRef entries (Change.PutFKRef).
	FKs []ForeignKey `json:"fk,omitempty"`
	// Checks are the table's CHECK constraints, in declaration order.
	Checks []Check `json:"ck,omitempty"`
	// RowIDHashBelow, when non-zero, says a table without a primary key keys
	// its rows by ordered row IDs (keys.OrderedHiddenRow: scans return rows
	// in insertion order) and finds a row from its values through
	// keys.RowHashIndexID entries hashing the columns whose ID is below it
	// (columns added instantly later are not hashed, so ADD COLUMN rewrites
	// no entry). Zero: the older layout, a hash of the whole row then a row
	// ID (keys.HiddenRow), kept for tables created before; a rebuilding
	// ALTER moves such a table to the ordered layout.
	RowIDHashBelow uint32 `json:"rh,omitempty"`
	// Spatial are the table's SPATIAL indexes. They hold no entries (the
	// key encoding has no order for geometries and there is no R-tree):
	// they are definitions only, shown and dropped like MySQL's, and
	// queries scan the table, which gives the same rows.
	Spatial []SpatialIndex `json:"sx,omitempty"`
	// KeyFormat is the keyenc.KeyFormat the table's primary and index keys
	// were written in (0: before the UCA expansions; see keyformat.go).
	KeyFormat uint8 `json:"kf,omitempty"`

	dbName string
	types  []sql.Type // built column types (interned), set by the binary decoder
	sch    sql.PrimaryKeySchema
	colPos map[uint32]int // column ID -> position
	size   int

	derivedOnce sync.Once
	derived     any

	shapeOnce sync.Once
	shape     string
}

// Column is a column of a table record. IDs are stable across ALTER TABLE so
// row values written under an older definition still decode.
type Column struct {
	ID            uint32   `json:"id"`
	Name          string   `json:"n"`
	Type          TypeDesc `json:"t"`
	Nullable      bool     `json:"nl,omitempty"`
	Default       *Default `json:"d,omitempty"`
	OnUpdate      *Default `json:"u,omitempty"`
	AutoIncrement bool     `json:"ai,omitempty"`
	Comment       string   `json:"cm,omitempty"`
	// Fill is the value of this column in rows stored before it existed
	// (an instant ADD COLUMN rewrites no row): the rowcodec encoding of one
	// value, or nil for NULL. It is the value the column had for existing
	// rows when it was added, so a later SET DEFAULT does not change them,
	// as in MySQL. A row rewritten by UPDATE stores the column itself.
	Fill []byte `json:"f,omitempty"`
	// Generated is the expression of a generated column (always an
	// expression string). Virtual records that it was declared VIRTUAL; it
	// is stored like a STORED one all the same (GMS computes both on
	// every INSERT and UPDATE), so reads need no recomputation.
	Generated *Default `json:"g,omitempty"`
	Virtual   bool     `json:"v,omitempty"`
}

// SpatialIndex is a SPATIAL index: one NOT NULL geometry column, by ID.
type SpatialIndex struct {
	Name    string `json:"n"`
	Column  uint32 `json:"c"`
	Comment string `json:"cm,omitempty"`
}

// SpatialByName finds a SPATIAL index by case-insensitive name.
func (t *Table) SpatialByName(name string) (int, bool) {
	for i := range t.Spatial {
		if strings.EqualFold(t.Spatial[i].Name, name) {
			return i, true
		}
	}
	return -1, false
}

// ColumnByID is the position of the column with ID id, or -1.
func (t *Table) ColumnByID(id uint32) int {
	for i := range t.Columns {
		if t.Columns[i].ID == id {
			return i
		}
	}
	return -1
}

// Default is a stored column default: a literal (its value and type exactly
// as written, so it prints as written and converts as GMS would) decoded
// without any parsing, or an expression string GMS resolves when it plans a
// write.
type Default struct {
	Lit     []byte    `json:"l,omitempty"` // rowcodec encoding of the literal's value
	LitType *TypeDesc `json:"lt,omitempty"`
	Expr    string    `json:"e,omitempty"`
}

// Index is a secondary index. Keys are the index columns followed by the
// primary key columns; the value is the encoded primary key.
type Index struct {
	ID      uint32   `json:"id"`
	Name    string   `json:"n"`
	Unique  bool     `json:"u,omitempty"`
	Columns []int    `json:"c"`
	Prefix  []uint16 `json:"p,omitempty"`
	Comment string   `json:"cm,omitempty"`
	// State is where an online build (engine/ixbuild.go) has got to; only
	// a public index is read by queries.
	State IndexState `json:"st,omitempty"`
	// Exprs, when set, has one entry per key part: a functional key part
	// (MySQL 8.0.13's KEY ((expr))) holds its expression as written, a
	// column key part "" (its Columns entry is then meaningful; a
	// functional part's Columns entry is 0 and unused). ExprTypes holds the
	// type each expression's values are indexed as (MySQL's hidden virtual
	// column type); Myriad computes the values itself and stores no column.
	Exprs     []string   `json:"x,omitempty"`
	ExprTypes []TypeDesc `json:"xt,omitempty"`
	// JSONText is the JSONTextVersion the functional key parts' values
	// were computed under. An index from before JSON values printed as
	// MySQL prints them (0) may hold the old text of a JSON number (100
	// for the DOUBLE now printed 100.0); queries must not read it
	// (engine/funcindex.go) until it is rebuilt.
	JSONText uint8 `json:"jt,omitempty"`
}

// JSONTextVersion is the version of the text JSON values give an
// expression: 1 since JSON numbers keep their kinds (package jsondoc).
// Raise it whenever an expression over a JSON value can give another
// answer for the same stored row, so that the functional indexes computed
// before are not read.
const JSONTextVersion = 1

// StampJSONText records that every functional index of t is computed
// under the current JSONTextVersion: call it when all their entries are
// (re)computed (a new index, a rebuilt or emptied table).
func (t *Table) StampJSONText() {
	for i := range t.Indexes {
		if t.Indexes[i].HasExprs() {
			t.Indexes[i].JSONText = JSONTextVersion
		}
	}
}

// IsExpr reports whether key part j of ix is functional.
func (ix *Index) IsExpr(j int) bool { return j < len(ix.Exprs) && ix.Exprs[j] != "" }

// HasExprs reports whether ix has a functional key part.
func (ix *Index) HasExprs() bool {
	for j := range ix.Exprs {
		if ix.Exprs[j] != "" {
			return true
		}
	}
	return false
}

// IndexState is an index's F1 schema-change state: writers maintain a
// delete-only index only by deleting its entries, a write-only one fully;
// readers use a public one alone.
type IndexState uint8

const (
	IndexPublic IndexState = iota
	IndexDeleteOnly
	IndexWriteOnly
)

func (s IndexState) String() string {
	switch s {
	case IndexDeleteOnly:
		return "delete-only"
	case IndexWriteOnly:
		return "write-only"
	}
	return "public"
}

// ForeignKey is a FOREIGN KEY constraint declared by a table. Columns are
// named (not numbered): GMS renames them through UpdateForeignKey, and the
// parent's columns belong to another record that may not exist yet.
type ForeignKey struct {
	Name          string
	Columns       []string
	ParentSchema  string // case-preserved schema name
	ParentTable   string
	ParentColumns []string
	OnUpdate      uint8 // sql.ForeignKeyReferentialAction
	OnDelete      uint8
}

// Check is a CHECK constraint: its expression as GMS prints it.
type Check struct {
	Name     string
	Expr     string
	Enforced bool
}

// Clone returns a deep-enough copy for building a changed definition.
func (t *Table) Clone() *Table {
	n := &Table{
		ID: t.ID, SchemaID: t.SchemaID, DataSchemaID: t.DataSchemaID, Name: t.Name,
		Collation: t.Collation, Comment: t.Comment, AutoIncStart: t.AutoIncStart, CounterExact: t.CounterExact,
		NextColumnID: t.NextColumnID, NextIndexID: t.NextIndexID, dbName: t.dbName,
		RowIDHashBelow: t.RowIDHashBelow,
		KeyFormat:      t.KeyFormat,
		Columns:        append([]Column(nil), t.Columns...),
		PK:             append([]int(nil), t.PK...),
		Indexes:        make([]Index, len(t.Indexes)),
	}
	for i, ix := range t.Indexes {
		ix.Columns = append([]int(nil), ix.Columns...)
		ix.Prefix = append([]uint16(nil), ix.Prefix...)
		ix.Exprs = append([]string(nil), ix.Exprs...)
		ix.ExprTypes = append([]TypeDesc(nil), ix.ExprTypes...)
		n.Indexes[i] = ix
	}
	for _, fk := range t.FKs {
		n.FKs = append(n.FKs, fk.Clone())
	}
	n.Checks = append([]Check(nil), t.Checks...)
	n.Spatial = append([]SpatialIndex(nil), t.Spatial...)
	return n
}

// CopyIDs is a copy of t for writing under other IDs (PutTableCopy): it
// shares t's columns, keys and constraints, which neither it nor the
// record's encoding changes, where Clone copies them (a fifth of a
// templated CREATE TABLE's own work).
func (t *Table) CopyIDs(id, schemaID, dataSchemaID uint64) *Table {
	return &Table{
		ID: id, SchemaID: schemaID, DataSchemaID: dataSchemaID, Name: t.Name,
		Columns: t.Columns, PK: t.PK, Indexes: t.Indexes, Collation: t.Collation, Comment: t.Comment,
		AutoIncStart: t.AutoIncStart, CounterExact: t.CounterExact, NextColumnID: t.NextColumnID,
		NextIndexID: t.NextIndexID, FKs: t.FKs, Checks: t.Checks, RowIDHashBelow: t.RowIDHashBelow,
		Spatial: t.Spatial, KeyFormat: t.KeyFormat, dbName: t.dbName,
	}
}

// Clone copies fk's slices.
func (fk ForeignKey) Clone() ForeignKey {
	fk.Columns = append([]string(nil), fk.Columns...)
	fk.ParentColumns = append([]string(nil), fk.ParentColumns...)
	return fk
}

// DBName is the name of the schema the table was read under.
func (t *Table) DBName() string { return t.dbName }

// HiddenPK reports whether rows are keyed by a hidden row ID.
func (t *Table) HiddenPK() bool { return len(t.PK) == 0 }

// OrderedRowIDs reports whether the hidden row IDs are ordered (see
// RowIDHashBelow).
func (t *Table) OrderedRowIDs() bool { return len(t.PK) == 0 && t.RowIDHashBelow > 0 }

// ColumnPos maps a stored column ID to its position, or -1 for a dropped column.
func (t *Table) ColumnPos(id uint32) int {
	if p, ok := t.colPos[id]; ok {
		return p
	}
	return -1
}

// ColumnByName finds a column's position by case-insensitive name, or -1.
func (t *Table) ColumnByName(name string) int {
	for i := range t.Columns {
		if strings.EqualFold(t.Columns[i].Name, name) {
			return i
		}
	}
	return -1
}

// IndexByName finds a secondary index by case-insensitive name.
func (t *Table) IndexByName(name string) (int, bool) {
	for i := range t.Indexes {
		if strings.EqualFold(t.Indexes[i].Name, name) {
			return i, true
		}
	}
	return -1, false
}

// Schema is the GMS schema of the table, built once per decoded record.
func (t *Table) Schema() sql.PrimaryKeySchema { return t.sch }

// Prepare validates the record and builds its derived GMS schema. It must be
// called on every record before it is shared.
func (t *Table) Prepare(dbName string) error {
	t.dbName = dbName
	cols := make(sql.Schema, len(t.Columns))
	t.colPos = make(map[uint32]int, len(t.Columns))
	for i := range t.Columns {
		c := &t.Columns[i]
		var typ sql.Type
		if len(t.types) == len(t.Columns) {
			typ = t.types[i]
		} else {
			var err error
			if typ, err = internType(c.Type, appendTypeDesc(nil, c.Type)); err != nil {
				return err
			}
		}
		col := &sql.Column{
			Name: c.Name, Type: typ, Nullable: c.Nullable, Source: t.Name, DatabaseSource: dbName,
			AutoIncrement: c.AutoIncrement, Comment: c.Comment,
		}
		if col.AutoIncrement {
			col.Extra = "auto_increment"
		}
		var err error
		if col.Default, err = c.Default.build(typ, c.Nullable); err != nil {
			return fmt.Errorf("column %s default: %w", c.Name, err)
		}
		if col.OnUpdate, err = c.OnUpdate.build(typ, c.Nullable); err != nil {
			return fmt.Errorf("column %s on update: %w", c.Name, err)
		}
		if col.OnUpdate != nil {
			col.Extra = onUpdateExtra(col)
		}
		if c.Generated != nil {
			if col.Generated, err = c.Generated.build(typ, c.Nullable); err != nil {
				return fmt.Errorf("column %s generated: %w", c.Name, err)
			}
			// As declared, like MySQL: a VIRTUAL column is stored all the
			// same (see Column.Virtual), which no reader can tell.
			col.Extra = "STORED GENERATED"
			if c.Virtual {
				col.Extra = "VIRTUAL GENERATED"
			}
		}
		if _, err := c.FillValue(); err != nil {
			return err
		}
		cols[i] = col
		t.colPos[c.ID] = i
	}
	for _, p := range t.PK {
		cols[p].PrimaryKey = true
	}
	t.sch = sql.NewPrimaryKeySchema(cols, t.PK...)
	return nil
}

func (d *Default) build(typ sql.Type, nullable bool) (*sql.ColumnDefaultValue, error) {
	if d == nil {
		return nil, nil
	}
	if d.Expr != "" || d.Lit == nil || d.LitType == nil {
		return sql.NewUnresolvedColumnDefaultValue(d.Expr), nil
	}
	row, err := rowcodec.Decode(d.Lit)
	if err != nil || len(row) != 1 {
		return nil, fmt.Errorf("catalog: bad literal default: %v", err)
	}
	litType, err := internType(*d.LitType, appendTypeDesc(nil, *d.LitType))
	if err != nil {
		return nil, err
	}
	return sql.NewColumnDefaultValue(expression.NewLiteral(row[0], litType), typ, true, false, nullable)
}

// StoreDefault turns a GMS column default into its stored form.
func StoreDefault(ctx *sql.Context, d *sql.ColumnDefaultValue) (*Default, error) {
	if d == nil {
		return nil, nil
	}
	if l, ok := d.Expr.(*expression.Literal); ok && d.IsLiteral() && l.Value() != nil {
		v, typ := displayLiteral(l.Value(), l.Type(), d.OutType)
		if td, err := DescribeType(typ); err == nil {
			if td.C == 0 && types.IsText(typ) {
				td.C = uint16(sql.Collation_Default)
			}
			if lit, err := rowcodec.Encode(nil, sql.Row{v}); err == nil {
				return &Default{Lit: lit, LitType: &td}, nil
			}
		}
	}
	s := d.String()
	if !d.IsLiteral() && !strings.HasPrefix(s, "(") && d.IsParenthesized() {
		s = "(" + s + ")"
	}
	return &Default{Expr: s}, nil
}

// Record values start with the case-preserved name so listings need no JSON
// decode: uvarint(len(name)) name json.
func encodeRecord(name string, rec any) ([]byte, error) {
	js, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	b := binary.AppendUvarint(make([]byte, 0, len(name)+len(js)+2), uint64(len(name)))
	b = append(b, name...)
	return append(b, js...), nil
}

func recordName(v []byte) (name string, rest []byte, err error) {
	n, k := binary.Uvarint(v)
	if k <= 0 || uint64(len(v)-k) < n {
		return "", nil, fmt.Errorf("catalog: corrupt record header")
	}
	return string(v[k : k+int(n)]), v[k+int(n):], nil
}

func decodeSchema(v []byte) (*Schema, error) {
	name, js, err := recordName(v)
	if err != nil {
		return nil, err
	}
	s := &Schema{}
	if err := json.Unmarshal(js, s); err != nil {
		return nil, fmt.Errorf("catalog: corrupt schema record %q: %w", name, err)
	}
	s.Name = name
	return s, nil
}

func decodeTable(v []byte, dbName string) (*Table, error) {
	name, body, err := recordName(v)
	if err != nil {
		return nil, err
	}
	t := &Table{Name: name}
	if len(body) == 0 || body[0] != tableCodecV1 {
		return nil, fmt.Errorf("catalog: table record %q has unknown format", name)
	}
	if err := decodeTableBody(body[1:], t); err != nil {
		return nil, err
	}
	if err := t.Prepare(dbName); err != nil {
		return nil, err
	}
	t.types = nil
	t.size = tableMemory(len(v), len(t.Columns))
	return t, nil
}

// tableMemory estimates the heap a decoded definition holds (record fields,
// GMS columns, defaults, the engine's layout), for the cache budget.
func tableMemory(recordLen, columns int) int {
	return 1024 + 2*recordLen + 400*columns
}

// Derived returns the value build makes from this record, building it once.
// It lets the engine attach its per-definition key/value layout to the shared
// record so the layout is computed once per cached definition, not per query.
func (t *Table) Derived(build func(*Table) any) any {
	t.derivedOnce.Do(func() { t.derived = build(t) })
	return t.derived
}

// displayLiteral undoes conversions GMS applied to a literal default before
// handing it over, so SHOW CREATE TABLE prints what MySQL prints: an ENUM or
// SET default as its member text, not its index; a DECIMAL default with the
// column's scale ('0.00'). The column's type converts it back on use.
func displayLiteral(v any, litType, colType sql.Type) (any, sql.Type) {
	switch ct := colType.(type) {
	case sql.EnumType:
		if idx, ok := v.(uint16); ok {
			if s, ok := ct.At(int(idx)); ok {
				return s, types.LongText
			}
		}
	case sql.SetType:
		if bits, ok := v.(uint64); ok {
			if s, err := ct.BitsToString(bits); err == nil {
				return s, types.LongText
			}
		}
	case sql.DecimalType:
		if d, ok := v.(decimal.Decimal); ok {
			return d.StringFixed(int32(ct.Scale())), types.LongText
		}
	}
	return v, litType
}

// FillValue is the value the column has in rows stored before it was added
// (nil: NULL). Decoded []byte values are fresh on every call.
func (c *Column) FillValue() (any, error) {
	if c.Fill == nil {
		return nil, nil
	}
	row, err := rowcodec.Decode(c.Fill)
	if err != nil || len(row) != 1 {
		return nil, fmt.Errorf("catalog: bad fill value of column %s: %v", c.Name, err)
	}
	return row[0], nil
}

// EncodeFill is the stored form of a fill value (nil for NULL).
func EncodeFill(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	return rowcodec.Encode(nil, sql.Row{v})
}

// Bytes is the estimated memory of the decoded definition (what the
// definition cache charges for it).
func (t *Table) Bytes() int64 { return int64(t.size) }

// onUpdateExtra is MySQL's EXTRA (information_schema.COLUMNS, SHOW COLUMNS)
// of a column with ON UPDATE: "on update CURRENT_TIMESTAMP[(n)]", after
// "DEFAULT_GENERATED " only when the default is an expression (a column
// without a DEFAULT, or with a literal one, has none). GMS's text of the
// expression is parenthesized, as it prints a non-literal DEFAULT.
func onUpdateExtra(col *sql.Column) string {
	u := col.OnUpdate.String()
	if len(u) > 1 && u[0] == '(' && u[len(u)-1] == ')' {
		u = u[1 : len(u)-1]
	}
	extra := "on update " + u
	if col.Default != nil && !col.Default.IsLiteral() {
		extra = "DEFAULT_GENERATED " + extra
	}
	return extra
}
