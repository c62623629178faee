package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"strings"

	"github.com/myriaddb/myriad/catalog"
)

// Database is one schema. It is a small handle made per lookup; all state is
// in the catalog.
type Database struct {
	eng    *Engine
	schema *catalog.Schema
	usage  *schemaUsage // found on first use (usage.go)
}

var (
	_ sql.Database         = (*Database)(nil)
	_ sql.TableCreator     = (*Database)(nil)
	_ sql.TableDropper     = (*Database)(nil)
	_ sql.TableRenamer     = (*Database)(nil)
	_ sql.CollatedDatabase = (*Database)(nil)
)

// Name implements sql.Nameable.
func (d *Database) Name() string { return d.schema.Name }

// GetTableInsensitive implements sql.Database: a cached catalog lookup.
func (d *Database) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	if tx, _ := ctx.GetTransaction().(*Transaction); tx != nil && tx.collect != nil &&
		tx.collect.schemaID == d.schema.ID && tx.collect.name == strings.ToLower(name) {
		// An ALTER's parts see the definition the earlier parts left.
		return d.newTable(tx.collect.def), true, nil
	}
	// The metadata lock comes first: a statement that waited behind a
	// rewrite's swap then reads the definition the swap published.
	if s, ok := ctx.Session.(*Session); ok {
		if err := d.eng.lockShared(ctx, s, d.schema.ID, name); err != nil {
			return nil, false, err
		}
	}
	t, err := d.eng.cat.Table(catalogReader(ctx), d.schema, name)
	if err != nil || t == nil {
		return nil, false, err
	}
	tx, _ := ctx.GetTransaction().(*Transaction)
	if err := d.eng.staleSnapshot(tx, t); err != nil {
		return nil, false, err
	}
	if err := staleKeys(ctx, t); err != nil {
		return nil, false, err
	}
	return d.newTable(t), true, nil
}

// GetTableNames implements sql.Database by streaming the schema's records.
func (d *Database) GetTableNames(ctx *sql.Context) ([]string, error) {
	var names []string
	err := d.eng.cat.ListTableNames(catalogReader(ctx), d.schema, func(n string) error {
		names = append(names, n)
		return nil
	})
	return names, err
}

// CreateTable implements sql.TableCreator. GMS adds secondary indexes with
// further calls in the same statement; all of them land in the statement's
// transaction and commit as one batch.
func (d *Database) CreateTable(ctx *sql.Context, name string, pk sql.PrimaryKeySchema, collation sql.CollationID, comment string) error {
	if err := checkIdentifier(name); err != nil {
		return err
	}
	if err := checkColumnCount(len(pk.Schema)); err != nil {
		return err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if t, err := d.eng.cat.Table(tx.kv, d.schema, name); err != nil {
		return err
	} else if t != nil {
		return sql.ErrTableAlreadyExists.New(name)
	}
	if err := d.eng.checkTableQuota(tx.kv, d.schema, 1); err != nil {
		return err
	}
	id, err := d.eng.cat.NewID()
	if err != nil {
		return err
	}
	if collation == sql.Collation_Unspecified {
		collation = d.GetCollation(ctx)
	}
	t := &catalog.Table{ID: id, DataSchemaID: d.schema.ID, Name: name, Collation: collation, Comment: comment,
		NextIndexID: catalog.PrimaryIndexID + 1, CounterExact: true}
	for _, col := range pk.Schema {
		c, err := storedColumn(ctx, t, col)
		if err != nil {
			return err
		}
		t.Columns = append(t.Columns, c)
	}
	for _, o := range pk.PkOrdinals {
		if err := spatialKeyError(pk.Schema[o], 0); err != nil {
			return err
		}
	}
	t.PK = append(t.PK, pk.PkOrdinals...)
	// A table without a primary key keys its rows in insertion order.
	t.RowIDHashBelow = t.NextColumnID + 1 // NextColumnID is the last one allocated
	t.StampKeyFormat()
	startRowCount(tx.kv, t)
	return d.putTable(ctx, tx, t)
}

func (d *Database) putTable(ctx *sql.Context, tx *Transaction, t *catalog.Table) error {
	return tx.writeCatalog(d.eng.cat, new(catalog.Change).PutTable(d.schema, t))
}

// storedColumn turns a GMS column into a catalog column with a fresh ID.
func storedColumn(ctx *sql.Context, t *catalog.Table, col *sql.Column) (catalog.Column, error) {
	if err := checkIdentifier(col.Name); err != nil {
		return catalog.Column{}, err
	}
	td, err := catalog.DescribeType(col.Type)
	if err != nil {
		return catalog.Column{}, err
	}
	gen, err := catalog.StoreDefault(ctx, col.Generated)
	if err != nil {
		return catalog.Column{}, err
	}
	if gen != nil && gen.Expr == "" {
		// A literal generation expression, (1): kept as text like any other.
		gen = &catalog.Default{Expr: "(" + col.Generated.String() + ")"}
	}
	if err := zoneDefaultDDL(ctx, col); err != nil {
		return catalog.Column{}, err
	}
	def, err := catalog.StoreDefault(ctx, col.Default)
	if err != nil {
		return catalog.Column{}, err
	}
	onUpd, err := catalog.StoreDefault(ctx, col.OnUpdate)
	if err != nil {
		return catalog.Column{}, err
	}
	t.NextColumnID++
	return catalog.Column{
		ID: t.NextColumnID, Name: col.Name, Type: td, Nullable: col.Nullable, Default: def,
		OnUpdate: onUpd, AutoIncrement: col.AutoIncrement, Comment: col.Comment,
		Generated: gen, Virtual: gen != nil && col.Virtual,
	}, nil
}

// DropTable implements sql.TableDropper: a record delete plus one range
// tombstone over the table's keys, in the statement's transaction.
func (d *Database) DropTable(ctx *sql.Context, name string) error {
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
	ch := new(catalog.Change).DropTable(d.schema, t)
	if err := d.fkRefChanges(ctx, ch, parentsOf(t.FKs), nil, d.schema.Name, t.Name, t.Name); err != nil {
		return err
	}
	if err := tx.writeCatalog(d.eng.cat, ch); err != nil {
		return err
	}
	d.eng.forgetAutoInc(t.ID)
	return nil
}

// RenameTable implements sql.TableRenamer. The table keeps its ID and data.
func (d *Database) RenameTable(ctx *sql.Context, oldName, newName string) error {
	return d.moveTable(ctx, oldName, d, newName)
}

// GetCollation implements sql.CollatedDatabase.
func (d *Database) GetCollation(ctx *sql.Context) sql.CollationID {
	if d.schema.Collation == sql.Collation_Unspecified {
		return sql.Collation_Default
	}
	return d.schema.Collation
}

// SetCollation implements sql.CollatedDatabase (ALTER DATABASE ... COLLATE).
func (d *Database) SetCollation(ctx *sql.Context, collation sql.CollationID) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	s := *d.schema
	s.Collation = collation
	if err := tx.writeCatalog(d.eng.cat, new(catalog.Change).PutSchema(&s)); err != nil {
		return err
	}
	d.schema = &s
	return nil
}

// maxColumns is InnoDB's limit, which MySQL users get with ENGINE=InnoDB.
const maxColumns = 1017

func checkColumnCount(n int) error {
	if n > maxColumns {
		return mysql.NewSQLError(mysql.ERTooManyFields, "HY000", "Too many columns")
	}
	return nil
}
