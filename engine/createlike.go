package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
)

// CREATE TABLE new LIKE old. GMS rebuilds the new table from what the
// old one shows through GMS's interfaces, which is less than its
// definition: prefix lengths of key parts were dropped (a UNIQUE (a(10))
// became UNIQUE (a), refusing rows MySQL accepts), functional indexes and
// the table comment were lost. MySQL copies the whole definition except
// foreign keys and the AUTO_INCREMENT counter, so the copy is made here
// from the catalog record: one record written in the statement's
// transaction, like any CREATE TABLE.

// RuleCreateTableLike: see createTableLike.
const RuleCreateTableLike analyzer.RuleId = 10_990

// createTableLike replaces a validated CREATE TABLE ... LIKE of a base
// table with a node copying the source's catalog record. GMS's plan does
// not say it came from LIKE, so the statement text tells; a statement
// whose text is not that CREATE TABLE (one inside a stored procedure)
// keeps GMS's plan.
func createTableLike(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ct, ok := n.(*plan.CreateTable)
	if !ok || ct.Temporary() {
		return n, transform.SameTree, nil
	}
	q := ctx.Query()
	if !strings.Contains(strings.ToUpper(q), "LIKE") {
		return n, transform.SameTree, nil
	}
	stmt, err := ast.Parse(q)
	if err != nil {
		return n, transform.SameTree, nil
	}
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.OptLike == nil || len(ddl.OptLike.LikeTables) != 1 || ddl.TableSpec != nil ||
		!strings.EqualFold(ddl.Table.Name.String(), ct.Name()) {
		return n, transform.SameTree, nil
	}
	src := ddl.OptLike.LikeTables[0]
	srcDB := src.DbQualifier.String()
	if srcDB == "" {
		srcDB = ctx.GetCurrentDatabase()
	}
	return &createLikeNode{ct: ct, srcDB: srcDB, srcTable: src.Name.String()}, transform.NewTree, nil
}

// createLikeNode runs CREATE TABLE ct LIKE srcDB.srcTable.
type createLikeNode struct {
	okResult
	ct              *plan.CreateTable
	srcDB, srcTable string
}

var _ sql.ExecSourceRel = (*createLikeNode)(nil)

func (n *createLikeNode) Resolved() bool { return n.ct.Resolved() }
func (n *createLikeNode) String() string { return n.ct.String() }
func (n *createLikeNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(n, ch...)
}

func (n *createLikeNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	dst := unwrapDatabase(n.ct.Db)
	if dst == nil {
		return rowexec.DefaultBuilder.Build(ctx, n.ct, row)
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	srcSchema := dst.schema
	if !strings.EqualFold(n.srcDB, dst.schema.Name) {
		s, err := dst.eng.cat.Schema(tx.kv, n.srcDB)
		if err != nil {
			return nil, err
		}
		if s == nil {
			return nil, sql.ErrDatabaseNotFound.New(n.srcDB)
		}
		srcSchema = s
	}
	src, err := dst.eng.cat.Table(tx.kv, srcSchema, n.srcTable)
	if err != nil {
		return nil, err
	}
	if src == nil {
		// A temporary table or a view: GMS's plan gives its answer.
		return rowexec.DefaultBuilder.Build(ctx, n.ct, row)
	}
	if err := dst.createTableLike(ctx, tx, n.ct.Name(), src); err != nil {
		if sql.ErrTableAlreadyExists.Is(err) && n.ct.IfNotExists() {
			ctx.Warn(1050, "Table '%s' already exists", n.ct.Name())
			return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
		}
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// unwrapDatabase returns the Myriad database under db (GMS wraps it for
// privilege checks), or nil.
func unwrapDatabase(db sql.Database) *Database {
	if p, ok := db.(mysql_db.PrivilegedDatabase); ok {
		db = p.Unwrap()
	}
	d, _ := db.(*Database)
	return d
}

// createTableLike creates table name as an empty copy of src: its columns
// (types, defaults, generated columns, comments, collations), primary key,
// public indexes (prefix lengths, functional key parts, comments), CHECK
// constraints and comment. Not copied, as in MySQL: foreign keys, the
// AUTO_INCREMENT counter and AUTO_INCREMENT= option; an index still being
// built. CHECK constraints get MySQL's generated names (<name>_chk_<n>):
// their names are unique per schema.
func (d *Database) createTableLike(ctx *sql.Context, tx *Transaction, name string, src *catalog.Table) error {
	if err := checkIdentifier(name); err != nil {
		return err
	}
	if t, err := d.eng.cat.Table(tx.kv, d.schema, name); err != nil {
		return err
	} else if t != nil {
		return sql.ErrTableAlreadyExists.New(name)
	}
	if _, ok, err := d.GetViewDefinition(ctx, name); err != nil {
		return err
	} else if ok {
		return sql.ErrTableAlreadyExists.New(name)
	}
	if err := d.eng.checkTableQuota(tx.kv, d.schema, 1); err != nil {
		return err
	}
	id, err := d.eng.cat.NewID()
	if err != nil {
		return err
	}
	t := src.Clone()
	t.ID, t.SchemaID, t.DataSchemaID, t.Name = id, d.schema.ID, d.schema.ID, name
	t.FKs, t.AutoIncStart, t.CounterExact = nil, 0, true
	t.StampKeyFormat() // empty: no key of an older format
	public := t.Indexes[:0]
	for _, ix := range t.Indexes {
		if ix.State == catalog.IndexPublic {
			public = append(public, ix)
		}
	}
	t.Indexes = public
	for i := range t.Checks {
		t.Checks[i].Name = fmt.Sprintf("%s_chk_%d", name, i+1)
	}
	startRowCount(tx.kv, t)
	return d.putTable(ctx, tx, t)
}
