package engine

import (
	"errors"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/catalog"
)

// The CREATE TABLE fast path (server/ddlfast.go): a provisioning script
// sends the same CREATE TABLE texts to every schema, and GMS parses, plans
// and analyzes each one again (~40% of the server's CPU per table). The
// server runs the first execution of a text on the general path with a
// capture on the session (BeginCreateCapture): the one table record the
// statement wrote becomes a template. Later executions of the same text,
// under the same settings and the same schema collation, write a copy of
// the template under a fresh table ID (FastCreate), after the checks the
// general path would make; whenever one of those checks would not simply
// pass (the table or a view exists, no privilege, a read-only transaction,
// a quota) the statement goes back to the general path, so errors and
// warnings are always the general path's own.

// createCapture records the catalog changes one general-path CREATE TABLE
// makes: it is usable only when they were table puts of one table.
type createCapture struct {
	def    *catalog.Table
	schema *catalog.Schema
	bad    bool
}

func (c *createCapture) note(ch *catalog.Change) {
	for i := range ch.Ops {
		op := &ch.Ops[i]
		if op.Kind != catalog.OpPutTable || c.def != nil && (c.schema.ID != op.Schema.ID || c.def.Name != op.Table.Name) {
			c.bad = true
			return
		}
		c.def, c.schema = op.Table, op.Schema
	}
}

// TableTemplate is the definition a CREATE TABLE text produced on the
// general path, for writing again under other schemas (FastCreate). It is
// immutable once made.
type TableTemplate struct {
	def *catalog.Table
	// Collation is the schema default the definition was resolved under:
	// columns and the table without an explicit collation took it.
	Collation sql.CollationID
	// Schema is the name of the schema the template was captured in.
	Schema string
	// Name is the table's name as written.
	Name  string
	bytes int64
}

// Bytes is roughly the memory the template keeps alive.
func (t *TableTemplate) Bytes() int64 { return t.bytes + 256 }

// BeginCreateCapture makes connection connID's next catalog writes
// recorded, for EndCreateCapture to turn into a template.
func (e *Engine) BeginCreateCapture(connID uint32) {
	v, ok := e.sessions.Load(connID)
	if !ok {
		return
	}
	s := v.(*Session)
	s.capture = &createCapture{}
	if s.tx != nil {
		s.tx.capture = s.capture
	}
}

// EndCreateCapture stops recording and returns the template of the one
// table the statement created, or nil when it wrote anything else (or
// nothing: IF NOT EXISTS on an existing table).
func (e *Engine) EndCreateCapture(connID uint32) *TableTemplate {
	v, ok := e.sessions.Load(connID)
	if !ok {
		return nil
	}
	s := v.(*Session)
	c := s.capture
	s.capture = nil
	if s.tx != nil {
		s.tx.capture = nil
	}
	if c == nil || c.bad || c.def == nil {
		return nil
	}
	d := c.def.Clone()
	// Definitions with what a copy could not share: foreign keys (reverse
	// entries in the parent's schema), a start value for AUTO_INCREMENT
	// (a counter write besides the record), an index being built.
	if len(d.FKs) > 0 || d.AutoIncStart != 0 || !d.CounterExact {
		return nil
	}
	for _, ix := range d.Indexes {
		if ix.State != catalog.IndexPublic {
			return nil
		}
	}
	coll := c.schema.Collation
	if coll == sql.Collation_Unspecified {
		coll = sql.Collation_Default
	}
	d.ID, d.SchemaID, d.DataSchemaID = 0, 0, 0
	return &TableTemplate{def: d, Collation: coll, Schema: c.schema.Name, Name: d.Name, bytes: c.def.Bytes()}
}

// SchemaCollation is schema name's default collation, and whether the
// schema exists (outside any transaction: the fast path checks again in
// its own).
func (e *Engine) SchemaCollation(name string) (sql.CollationID, bool) {
	s, err := e.cat.Schema(nil, name)
	if err != nil || s == nil {
		return 0, false
	}
	if s.Collation == sql.Collation_Unspecified {
		return sql.Collation_Default, true
	}
	return s.Collation, true
}

// errFastFallback stops a FastCreate that must leave the statement to the
// general path; nothing has been written when it is returned.
var errFastFallback = errors.New("myriad: CREATE TABLE takes the general path")

// FastCreate is the plan of a CREATE TABLE served from a template: GMS's
// executor runs it like any plan (transaction begun and committed as for
// the general path's CREATE TABLE).
type FastCreate struct {
	okResult
	eng  *Engine
	db   string
	tmpl *TableTemplate
	// Fallback is set when the statement must run on the general path
	// instead; the error returned with it is errFastFallback.
	Fallback bool
}

var _ sql.ExecSourceRel = (*FastCreate)(nil)

// NewFastCreate plans creating tmpl's table in schema db.
func (e *Engine) NewFastCreate(db string, tmpl *TableTemplate) *FastCreate {
	return &FastCreate{eng: e, db: db, tmpl: tmpl}
}

func (n *FastCreate) String() string { return fmt.Sprintf("CreateTable(%s.%s)", n.db, n.tmpl.Name) }
func (n *FastCreate) WithChildren(children ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(n, children...)
}

// RowIter creates the table: the checks Database.CreateTable and GMS make
// before it, then the record and the row count in one catalog batch.
func (n *FastCreate) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	fallback := func() (sql.RowIter, error) {
		n.Fallback = true
		return nil, errFastFallback
	}
	e := n.eng
	tx, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	// RefuseReadOnlyDDL's refusal (1792) is the general path's to give.
	if tx.byCharacteristic || tx.readOnly || SessionReadOnly(ctx) || tx.catalogDirty() {
		return fallback()
	}
	s, err := e.cat.Schema(catalogReader(ctx), n.db)
	if err != nil {
		return nil, err
	}
	coll := sql.Collation_Default
	if s != nil && s.Collation != sql.Collation_Unspecified {
		coll = s.Collation
	}
	// A schema with views: GMS refuses a table named like one (checked
	// after the create, in the same statement).
	if s == nil || s.Views > 0 || coll != n.tmpl.Collation {
		return fallback()
	}
	if t, err := e.cat.Table(tx.kv, s, n.tmpl.Name); err != nil {
		return nil, err
	} else if t != nil {
		return fallback()
	}
	if err := e.checkTableQuota(tx.kv, s, 1); err != nil {
		return fallback()
	}
	id, err := e.cat.NewID()
	if err != nil {
		return nil, err
	}
	t := n.tmpl.def.CopyIDs(id, s.ID, s.ID)
	t.StampKeyFormat() // empty: no key of an older format
	startRowCount(tx.kv, t)
	// The template was prepared when the general path wrote it.
	if err := tx.writeCatalog(e.cat, new(catalog.Change).PutTableCopy(s, t)); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// IsFastFallback reports whether err is a FastCreate's request to run the
// statement on the general path.
func IsFastFallback(err error) bool { return errors.Is(err, errFastFallback) }
