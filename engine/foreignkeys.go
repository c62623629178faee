package engine

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/locks"
)

// Foreign keys and CHECK constraints. GMS enforces both (its
// ForeignKeyHandler checks references and runs referential actions through
// the editors GetForeignKeyEditor returns; its planner evaluates CHECKs);
// Myriad stores them in the table record and keeps a reverse index
// (keys.FKRef) so a parent finds the tables referencing it with one seek.

var (
	_ sql.ForeignKeyTable     = (*Table)(nil)
	_ sql.CheckTable          = (*Table)(nil)
	_ sql.CheckAlterableTable = (*Table)(nil)
)

// referential actions as stored (catalog.ForeignKey.OnUpdate/OnDelete).
var fkActions = []sql.ForeignKeyReferentialAction{
	sql.ForeignKeyReferentialAction_DefaultAction,
	sql.ForeignKeyReferentialAction_Restrict,
	sql.ForeignKeyReferentialAction_Cascade,
	sql.ForeignKeyReferentialAction_NoAction,
	sql.ForeignKeyReferentialAction_SetNull,
	sql.ForeignKeyReferentialAction_SetDefault,
}

func fkActionCode(a sql.ForeignKeyReferentialAction) uint8 {
	for i, x := range fkActions {
		if strings.EqualFold(string(x), string(a)) {
			return uint8(i)
		}
	}
	return 0
}

func fkAction(c uint8) sql.ForeignKeyReferentialAction {
	if int(c) < len(fkActions) {
		return fkActions[c]
	}
	return sql.ForeignKeyReferentialAction_DefaultAction
}

// fkConstraint is fk as GMS sees it. IsResolved is always true: a key
// declared under foreign_key_checks=0 is checked from the next write on,
// as in InnoDB, instead of GMS re-validating the whole table (and writing
// the catalog) inside a DML statement.
func fkConstraint(schema, table string, fk *catalog.ForeignKey) sql.ForeignKeyConstraint {
	return sql.ForeignKeyConstraint{
		Name: fk.Name, Database: schema, Table: table,
		Columns:        append([]string(nil), fk.Columns...),
		ParentDatabase: fk.ParentSchema, ParentTable: fk.ParentTable,
		ParentColumns: append([]string(nil), fk.ParentColumns...),
		OnUpdate:      fkAction(fk.OnUpdate), OnDelete: fkAction(fk.OnDelete),
		IsResolved: true,
	}
}

// GetDeclaredForeignKeys implements sql.ForeignKeyTable.
func (t *Table) GetDeclaredForeignKeys(ctx *sql.Context) ([]sql.ForeignKeyConstraint, error) {
	if len(t.def.FKs) == 0 {
		return nil, nil
	}
	out := make([]sql.ForeignKeyConstraint, len(t.def.FKs))
	for i := range t.def.FKs {
		out[i] = fkConstraint(t.db.schema.Name, t.def.Name, &t.def.FKs[i])
	}
	rememberFKs(ctx, out)
	return out, nil
}

// GetReferencedForeignKeys implements sql.ForeignKeyTable: one seek into the
// reverse index, then the (cached) records of the referencing tables.
func (t *Table) GetReferencedForeignKeys(ctx *sql.Context) ([]sql.ForeignKeyConstraint, error) {
	tx, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	cat := t.db.eng.cat
	r := catalogReader(ctx)
	var out []sql.ForeignKeyConstraint
	err = cat.ListFKRefs(tx.kv, t.db.schema.ID, t.def.Name, func(cs, ct string) error {
		s := t.db.schema
		if !strings.EqualFold(cs, s.Name) {
			var err error
			if s, err = cat.Schema(r, cs); err != nil || s == nil {
				return err
			}
		}
		child, err := cat.Table(r, s, ct)
		if err != nil || child == nil {
			return err
		}
		for i := range child.FKs {
			fk := &child.FKs[i]
			if strings.EqualFold(fk.ParentSchema, t.db.schema.Name) && strings.EqualFold(fk.ParentTable, t.def.Name) {
				out = append(out, fkConstraint(s.Name, child.Name, fk))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rememberFKs(ctx, out)
	return out, nil
}

// AddForeignKey implements sql.ForeignKeyTable.
func (t *Table) AddForeignKey(ctx *sql.Context, fk sql.ForeignKeyConstraint) error {
	for i := range t.def.FKs {
		if strings.EqualFold(t.def.FKs[i].Name, fk.Name) {
			return errDupFKName(fk.Name)
		}
	}
	fks := append(cloneFKs(t.def.FKs), catalog.ForeignKey{})
	if err := t.storedFK(ctx, &fks[len(fks)-1], fk); err != nil {
		return err
	}
	return t.writeFKs(ctx, fks)
}

// storedFK fills out from GMS's constraint; the parent schema's name is
// stored as its record spells it.
func (t *Table) storedFK(ctx *sql.Context, out *catalog.ForeignKey, fk sql.ForeignKeyConstraint) error {
	ps := fk.ParentDatabase
	if ps == "" {
		ps = t.db.schema.Name
	}
	s, err := t.db.eng.cat.Schema(catalogReader(ctx), ps)
	if err != nil {
		return err
	}
	if s == nil {
		return sql.ErrDatabaseNotFound.New(ps)
	}
	*out = catalog.ForeignKey{
		Name: fk.Name, Columns: append([]string(nil), fk.Columns...),
		ParentSchema: s.Name, ParentTable: fk.ParentTable,
		ParentColumns: append([]string(nil), fk.ParentColumns...),
		OnUpdate:      fkActionCode(fk.OnUpdate), OnDelete: fkActionCode(fk.OnDelete),
	}
	return nil
}

// DropForeignKey implements sql.ForeignKeyTable.
func (t *Table) DropForeignKey(ctx *sql.Context, fkName string) error {
	for i := range t.def.FKs {
		if strings.EqualFold(t.def.FKs[i].Name, fkName) {
			fks := cloneFKs(t.def.FKs)
			return t.writeFKs(ctx, append(fks[:i], fks[i+1:]...))
		}
	}
	return mysql.NewSQLError(mysql.ERCantDropFieldOrKey, "42000", "Can't DROP '%s'; check that column/key exists", fkName)
}

// UpdateForeignKey implements sql.ForeignKeyTable (GMS renames columns
// through it).
func (t *Table) UpdateForeignKey(ctx *sql.Context, fkName string, fk sql.ForeignKeyConstraint) error {
	fks := cloneFKs(t.def.FKs)
	for i := range fks {
		if strings.EqualFold(fks[i].Name, fkName) {
			if err := t.storedFK(ctx, &fks[i], fk); err != nil {
				return err
			}
			return t.writeFKs(ctx, fks)
		}
	}
	return sql.ErrForeignKeyNotFound.New(fkName, t.def.Name)
}

// CreateIndexForForeignKey implements sql.ForeignKeyTable: the index InnoDB
// creates implicitly for a foreign key's columns.
func (t *Table) CreateIndexForForeignKey(ctx *sql.Context, d sql.IndexDef) error {
	return t.CreateIndex(ctx, d)
}

// GetForeignKeyEditor implements sql.ForeignKeyTable. GMS writes the table
// through it when foreign keys are involved, and looks rows up through it
// for reference checks and referential actions.
func (t *Table) GetForeignKeyEditor(ctx *sql.Context) sql.ForeignKeyEditor {
	return &fkEditor{editor: t.newEditor(ctx)}
}

func cloneFKs(fks []catalog.ForeignKey) []catalog.ForeignKey {
	out := make([]catalog.ForeignKey, len(fks))
	for i := range fks {
		out[i] = fks[i].Clone()
	}
	return out
}

// fkParent identifies a referenced table (lower-case) for the reverse index.
type fkParent struct{ schema, table string }

func parentsOf(fks []catalog.ForeignKey) map[fkParent]bool {
	m := map[fkParent]bool{}
	for i := range fks {
		m[fkParent{strings.ToLower(fks[i].ParentSchema), strings.ToLower(fks[i].ParentTable)}] = true
	}
	return m
}

// writeFKs replaces the table's foreign keys with fks: the table record
// and the reverse entries of parents added or no longer referenced, in one
// catalog change.
func (t *Table) writeFKs(ctx *sql.Context, fks []catalog.ForeignKey) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def := t.def.Clone()
	def.FKs = fks
	ch := new(catalog.Change).PutTable(t.db.schema, def)
	if err := t.db.fkRefChanges(ctx, ch, parentsOf(t.def.FKs), parentsOf(fks), t.db.schema.Name, def.Name, def.Name); err != nil {
		return err
	}
	if err := tx.writeCatalog(t.db.eng.cat, ch); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// fkRefChanges adds to ch the reverse-entry changes of a child table going
// from declaring foreign keys to parents old (as oldName of d) to parents
// now (as newName of schema newSchema). A parent schema that no longer
// exists has no entries to change.
func (d *Database) fkRefChanges(ctx *sql.Context, ch *catalog.Change, old, now map[fkParent]bool, newSchema, oldName, newName string) error {
	cat := d.eng.cat
	r := catalogReader(ctx)
	same := strings.EqualFold(oldName, newName) && strings.EqualFold(newSchema, d.schema.Name)
	for p := range old {
		if now[p] && same {
			continue
		}
		s, err := cat.Schema(r, p.schema)
		if err != nil {
			return err
		}
		if s != nil {
			ch.DeleteFKRef(s.ID, p.table, d.schema.Name, oldName)
		}
	}
	for p := range now {
		if old[p] && same {
			continue
		}
		s, err := cat.Schema(r, p.schema)
		if err != nil {
			return err
		}
		if s == nil {
			return sql.ErrDatabaseNotFound.New(p.schema)
		}
		ch.PutFKRef(s.ID, p.table, newSchema, newName)
	}
	return nil
}

func errDupFKName(name string) error {
	return mysql.NewSQLError(1826, "HY000", "Duplicate foreign key constraint name '%s'", name)
}

// fkEditor is the table editor GMS's foreign key machinery writes and reads
// through. Its lookups are current reads that lock what they find, as
// InnoDB's checks do: a referenced parent row shared (SetReferenceCheck),
// the child rows a referential action visits exclusively, so a cascade
// locks only the rows it changes and finds them through the child's index.
type fkEditor struct {
	*editor
}

var _ sql.ForeignKeyEditor = (*fkEditor)(nil)

// GetIndexes implements sql.IndexAddressable.
func (e *fkEditor) GetIndexes(ctx *sql.Context) ([]sql.Index, error) { return e.t.GetIndexes(ctx) }

// PreciseMatch implements sql.IndexAddressable.
func (e *fkEditor) PreciseMatch() bool { return false }

// IndexedAccess implements sql.IndexAddressable.
func (e *fkEditor) IndexedAccess(ctx *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	return &fkLookup{indexedTable: &indexedTable{Table: e.t, lookup: lookup}, mode: locks.X}
}

type fkLookup struct {
	*indexedTable
	mode locks.Mode
}

// SetReferenceCheck implements sql.ReferenceChecker: the lookup checks that
// a parent row exists, which InnoDB locks shared.
func (l *fkLookup) SetReferenceCheck() error {
	l.mode = locks.S
	return nil
}

// PartitionRows implements sql.Table.
func (l *fkLookup) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	return l.Table.partitionRows(ctx, p, l.mode)
}

// rememberFKs keeps the foreign keys GMS asked for in this statement on the
// session, so a violation GMS reports by constraint name can be reported
// with MySQL's full message (FKViolation).
func rememberFKs(ctx *sql.Context, fks []sql.ForeignKeyConstraint) {
	s, ok := ctx.Session.(*Session)
	if !ok || len(fks) == 0 {
		return
	}
	s.fkMu.Lock()
	defer s.fkMu.Unlock()
	if s.fks == nil || len(s.fks) > 256 {
		s.fks = map[string]sql.ForeignKeyConstraint{}
	}
	for _, fk := range fks {
		s.fks[strings.ToLower(fk.Table)+"\x00"+strings.ToLower(fk.Name)] = fk
	}
}

// FKDescription is MySQL's text of a foreign key in error messages:
// `db`.`child`, CONSTRAINT `name` FOREIGN KEY (`c`) REFERENCES `parent` (`p`)
// [ON DELETE ..] [ON UPDATE ..]. ok is false when the session did not meet
// the key in its last statements.
func (e *Engine) FKDescription(connID uint32, table, name string) (string, bool) {
	v, ok := e.sessions.Load(connID)
	if !ok {
		return "", false
	}
	s := v.(*Session)
	s.fkMu.Lock()
	fk, ok := s.fks[strings.ToLower(table)+"\x00"+strings.ToLower(name)]
	s.fkMu.Unlock()
	if !ok {
		return "", false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s.%s, CONSTRAINT %s FOREIGN KEY (%s) REFERENCES %s (%s)",
		quoteIdent(fk.Database), quoteIdent(fk.Table), quoteIdent(fk.Name), quoteIdents(fk.Columns),
		quoteIdent(fk.ParentTable), quoteIdents(fk.ParentColumns))
	if !strings.EqualFold(fk.ParentDatabase, fk.Database) {
		b.Reset()
		fmt.Fprintf(&b, "%s.%s, CONSTRAINT %s FOREIGN KEY (%s) REFERENCES %s.%s (%s)",
			quoteIdent(fk.Database), quoteIdent(fk.Table), quoteIdent(fk.Name), quoteIdents(fk.Columns),
			quoteIdent(fk.ParentDatabase), quoteIdent(fk.ParentTable), quoteIdents(fk.ParentColumns))
	}
	if a := fk.OnDelete; a != sql.ForeignKeyReferentialAction_DefaultAction && a != sql.ForeignKeyReferentialAction_Restrict {
		b.WriteString(" ON DELETE " + string(a))
	}
	if a := fk.OnUpdate; a != sql.ForeignKeyReferentialAction_DefaultAction && a != sql.ForeignKeyReferentialAction_Restrict {
		b.WriteString(" ON UPDATE " + string(a))
	}
	return b.String(), true
}

// FKTable is the table declaring foreign key name, among those the
// session met lately.
func (e *Engine) FKTable(connID uint32, name string) (string, bool) {
	v, ok := e.sessions.Load(connID)
	if !ok {
		return "", false
	}
	s := v.(*Session)
	s.fkMu.Lock()
	defer s.fkMu.Unlock()
	for _, fk := range s.fks {
		if strings.EqualFold(fk.Name, name) {
			return fk.Table, true
		}
	}
	return "", false
}

func quoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

func quoteIdents(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = quoteIdent(s)
	}
	return strings.Join(q, ", ")
}

// GetChecks implements sql.CheckTable.
func (t *Table) GetChecks(ctx *sql.Context) ([]sql.CheckDefinition, error) {
	if len(t.def.Checks) == 0 {
		return nil, nil
	}
	isColumn := func(name string) bool {
		for i := range t.def.Columns {
			if strings.EqualFold(t.def.Columns[i].Name, name) {
				return true
			}
		}
		return false
	}
	out := make([]sql.CheckDefinition, len(t.def.Checks))
	for i, c := range t.def.Checks {
		out[i] = sql.CheckDefinition{Name: c.Name, CheckExpression: checkClause(c.Expr, isColumn), Enforced: c.Enforced}
	}
	return out, nil
}

// CreateCheck implements sql.CheckAlterableTable. An unnamed check is named
// as MySQL names it: <table>_chk_<n>.
func (t *Table) CreateCheck(ctx *sql.Context, check *sql.CheckDefinition) error {
	name := check.Name
	if name == "" {
		for n := 1; ; n++ {
			name = fmt.Sprintf("%s_chk_%d", t.def.Name, n)
			if t.checkIndex(name) < 0 {
				break
			}
		}
	} else if t.checkIndex(name) >= 0 {
		return mysql.NewSQLError(3822, "HY000", "Duplicate check constraint name '%s'.", name)
	}
	def := t.def.Clone()
	def.Checks = append(def.Checks, catalog.Check{Name: name, Expr: check.CheckExpression, Enforced: check.Enforced})
	return t.putDef(ctx, def)
}

// DropCheck implements sql.CheckAlterableTable.
func (t *Table) DropCheck(ctx *sql.Context, name string) error {
	i := t.checkIndex(name)
	if i < 0 {
		return mysql.NewSQLError(3821, "HY000", "Check constraint '%s' is not found in the table.", name)
	}
	def := t.def.Clone()
	def.Checks = append(def.Checks[:i], def.Checks[i+1:]...)
	return t.putDef(ctx, def)
}

func (t *Table) checkIndex(name string) int {
	for i := range t.def.Checks {
		if strings.EqualFold(t.def.Checks[i].Name, name) {
			return i
		}
	}
	return -1
}

// putDef writes def as the table's new record (an instant change).
func (t *Table) putDef(ctx *sql.Context, def *catalog.Table) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if err := tx.writeCatalog(t.db.eng.cat, new(catalog.Change).PutTable(t.db.schema, def)); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

const fkParentSchemaID analyzer.RuleId = 10_057

// fkParentSchema gives an unqualified REFERENCES the declaring table's
// schema, as MySQL does; GMS's planner gives it the current database (none
// when there is none: CREATE TABLE db.t ... REFERENCES p failed with 1049).
// A reference the statement text qualifies keeps its schema.
func fkParentSchema(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	fix := func(fk *sql.ForeignKeyConstraint) {
		if fk == nil || fk.Database == "" || strings.EqualFold(fk.ParentDatabase, fk.Database) {
			return
		}
		if fk.ParentDatabase != "" && strings.EqualFold(fk.ParentDatabase, ctx.GetCurrentDatabase()) &&
			qualifiedIn(ctx.Query(), fk.ParentDatabase, fk.ParentTable) {
			return
		}
		if fk.ParentDatabase == "" || strings.EqualFold(fk.ParentDatabase, ctx.GetCurrentDatabase()) {
			fk.ParentDatabase = fk.Database
		}
	}
	switch c := n.(type) {
	case *plan.CreateTable:
		for _, fk := range c.ForeignKeys() {
			if fk.Database == "" {
				fk.Database = c.Database().Name()
			}
			fix(fk)
		}
	case *plan.CreateForeignKey:
		fix(c.FkDef)
	}
	return n, transform.SameTree, nil
}

// qualifiedIn reports whether q names table as db.table (any quoting).
func qualifiedIn(q, db, table string) bool {
	re, err := regexp.Compile("(?i)`?" + regexp.QuoteMeta(db) + "`?\\s*\\.\\s*`?" + regexp.QuoteMeta(table) + "\\b")
	return err == nil && re.MatchString(q)
}
