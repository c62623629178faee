package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
)

// RenameAcrossSchemas gives RENAME TABLE / ALTER TABLE ... RENAME their
// schema qualifiers back: go-mysql-server v0.20's planbuilder keeps only
// the table names and renames within the current database, so
// `RENAME TABLE a.t TO b.t` renamed a table of the current database (or
// none) instead of moving a.t into b. The statement text is parsed again
// and, when any name is qualified, the whole rename runs as renameTables.
// Without a current database the planbuilder has already failed with 1046
// before any rule runs.
func (e *Engine) RenameAcrossSchemas(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	rt, ok := n.(*plan.RenameTable)
	if !ok {
		return n, transform.SameTree, nil
	}
	pairs, _ := renamePairs(ctx.Query(), ctx.GetCurrentDatabase())
	// Unqualified renames run here too: GMS's node refuses to rename a
	// table referenced by foreign keys of another schema, which moveTable
	// handles like every other referencing table.
	if len(pairs) == 0 || len(pairs) != len(rt.OldNames) {
		return n, transform.SameTree, nil
	}
	return &renameTables{eng: e, pairs: pairs}, transform.NewTree, nil
}

type renamePair struct{ fromDB, from, toDB, to string }

// renamePairs returns the renames of a RENAME TABLE or ALTER TABLE ...
// RENAME statement with every name qualified (cur for unqualified ones);
// ok is false when no name was qualified, which GMS handles as is.
func renamePairs(q, cur string) (pairs []renamePair, ok bool) {
	if !containsFold(q, "rename") {
		return nil, false
	}
	stmt, err := sqlparser.Parse(q)
	if err != nil {
		return nil, false
	}
	qualified := false
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		d, isDDL := node.(*sqlparser.DDL)
		if !isDDL || d.Action != sqlparser.RenameStr || len(d.FromTables) != len(d.ToTables) {
			return true, nil
		}
		for i := range d.FromTables {
			f, t := d.FromTables[i], d.ToTables[i]
			p := renamePair{fromDB: f.DbQualifier.String(), from: f.Name.String(), toDB: t.DbQualifier.String(), to: t.Name.String()}
			if p.fromDB != "" || p.toDB != "" {
				qualified = true
			}
			if p.fromDB == "" {
				p.fromDB = cur
			}
			if p.toDB == "" {
				p.toDB = cur
			}
			pairs = append(pairs, p)
		}
		return false, nil
	}, stmt)
	return pairs, qualified
}

// renameTables runs a rename whose names carry their schemas, pair by pair
// in statement order (MySQL: `RENAME TABLE a TO tmp, b TO a, tmp TO b`).
type renameTables struct {
	okResult
	eng   *Engine
	pairs []renamePair
}

var _ sql.ExecSourceRel = (*renameTables)(nil)

func (r *renameTables) String() string {
	parts := make([]string, len(r.pairs))
	for i, p := range r.pairs {
		parts[i] = fmt.Sprintf("%s.%s -> %s.%s", p.fromDB, p.from, p.toDB, p.to)
	}
	return "RenameTables(" + strings.Join(parts, ", ") + ")"
}
func (r *renameTables) WithChildren(c ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(r, c...)
}

func (r *renameTables) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	for _, p := range r.pairs {
		if p.fromDB == "" || p.toDB == "" {
			return nil, sql.ErrNoDatabaseSelected.New()
		}
		from, err := r.eng.Provider().Database(ctx, p.fromDB)
		if err != nil {
			return nil, err
		}
		fd := from.(*Database)
		isTable := false
		if t, err := r.eng.cat.Table(catalogReader(ctx), fd.schema, p.from); err != nil {
			return nil, err
		} else if t != nil {
			isTable = true
		}
		if lower(p.fromDB) == lower(p.toDB) && !isTable {
			// Same schema: GMS's own node (views, foreign keys).
			if _, err := plan.NewRenameTable(fd, []string{p.from}, []string{p.to}, false).RowIter(ctx, nil); err != nil {
				return nil, err
			}
			continue
		}
		to, err := r.eng.Provider().Database(ctx, p.toDB)
		if err != nil {
			return nil, err
		}
		if err := fd.moveTable(ctx, p.from, to.(*Database), p.to); err != nil {
			return nil, err
		}
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// moveTable renames table name to newName in schema to (d itself for a
// plain rename). Its rows stay where they are (the record keeps
// DataSchemaID); across schemas the two are marked Lent and Borrowed so DROP
// DATABASE of either drops table by table.
func (d *Database) moveTable(ctx *sql.Context, name string, to *Database, newName string) error {
	if err := checkIdentifier(newName); err != nil {
		return err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	t, err := d.eng.cat.Table(tx.kv, d.schema, name)
	if err != nil {
		return err
	}
	if t == nil {
		return sql.ErrTableNotFound.New(name)
	}
	// RENAME TABLE takes no DDL table lock; an index build finds its table
	// by name, so the rename waits for it. (If a build commits after this
	// statement read the record, the commit conflicts: 1213.)
	if err := d.eng.awaitBuild(ctx, t.ID); err != nil {
		return err
	}
	across := to.schema.ID != d.schema.ID
	if across || lower(name) != lower(newName) {
		if other, err := d.eng.cat.Table(tx.kv, to.schema, newName); err != nil {
			return err
		} else if other != nil {
			return sql.ErrTableAlreadyExists.New(newName)
		}
	}
	n := t.Clone()
	n.Name = newName
	ch := new(catalog.Change).DeleteTableRecord(d.schema, name)
	// Foreign keys named after the table (<table>_ibfk_<n>) are renamed
	// with it, and a self-reference follows it, as in InnoDB.
	prefix := lower(name) + "_ibfk_"
	for i := range n.FKs {
		fk := &n.FKs[i]
		if strings.HasPrefix(lower(fk.Name), prefix) && len(fk.Name) > len(prefix) {
			fk.Name = newName + "_ibfk_" + fk.Name[len(prefix):]
		}
		if lower(fk.ParentSchema) == lower(d.schema.Name) && lower(fk.ParentTable) == lower(name) {
			fk.ParentSchema, fk.ParentTable = to.schema.Name, newName
		}
	}
	// The reverse entries of its foreign keys name the table: they move
	// with it.
	if len(t.FKs) > 0 {
		if err := d.fkRefChanges(ctx, ch, parentsOf(t.FKs), parentsOf(n.FKs), to.schema.Name, name, newName); err != nil {
			return err
		}
	}
	if err := d.repointChildren(ctx, ch, t, to.schema.Name, newName); err != nil {
		return err
	}
	if !across {
		return tx.writeCatalog(d.eng.cat, ch.PutTable(d.schema, n))
	}
	n.SchemaID = to.schema.ID
	src, dst := *d.schema, *to.schema
	src.Lent, dst.Borrowed = true, true
	if err := tx.writeCatalog(d.eng.cat, ch.PutTable(to.schema, n).PutSchema(&src).PutSchema(&dst)); err != nil {
		return err
	}
	d.schema, to.schema = &src, &dst
	return nil
}

// repointChildren adds to ch what moving parent table t to schema newSchema
// as newName changes in the tables referencing it: their foreign keys name
// the new place (as InnoDB renames them) and the reverse entries move.
func (d *Database) repointChildren(ctx *sql.Context, ch *catalog.Change, t *catalog.Table, newSchema, newName string) error {
	cat := d.eng.cat
	r := catalogReader(ctx)
	ns, err := cat.Schema(r, newSchema)
	if err != nil || ns == nil {
		return err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	type child struct{ schema, table string }
	var children []child
	if err := cat.ListFKRefs(tx.kv, d.schema.ID, t.Name, func(cs, ct string) error {
		children = append(children, child{cs, ct})
		return nil
	}); err != nil {
		return err
	}
	for _, c := range children {
		s, err := cat.Schema(r, c.schema)
		if err != nil || s == nil {
			continue
		}
		ct, err := cat.Table(r, s, c.table)
		if err != nil || ct == nil || ct.ID == t.ID { // a self-reference moves with the table's record
			continue
		}
		n := ct.Clone()
		changed := false
		for i := range n.FKs {
			fk := &n.FKs[i]
			if strings.EqualFold(fk.ParentSchema, d.schema.Name) && strings.EqualFold(fk.ParentTable, t.Name) {
				fk.ParentSchema, fk.ParentTable, changed = ns.Name, newName, true
			}
		}
		if !changed {
			continue
		}
		ch.PutTable(s, n)
		ch.DeleteFKRef(d.schema.ID, t.Name, s.Name, ct.Name)
		ch.PutFKRef(ns.ID, newName, s.Name, ct.Name)
	}
	return nil
}
