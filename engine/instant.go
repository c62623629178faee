package engine

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// Instant schema changes. Rows carry the column IDs they were written with
// (layout.go), so a change that keeps every stored value meaningful is a
// rewrite of the table record alone, whatever the row count: ADD COLUMN
// (rows stored before it read its fill value), DROP COLUMN (its stored
// values are skipped; a single-column index on it goes with one range
// tombstone), RENAME COLUMN, SET/DROP DEFAULT, reordering, NOT NULL ->
// NULL, VARCHAR/TEXT widening and ENUM/SET members appended at the end.
// An UPDATE rewrites a row in the newest format. What still rewrites
// (rebuild, alter.go): a type change, NULL -> NOT NULL (every row is
// checked), ADD COLUMN with AUTO_INCREMENT or an expression default (every
// row gets its own value), DROP of a column in a multi-column index (its
// entries change), and ADD/DROP/reordering on a table without a primary key
// (its row keys hash the stored encoding). ALGORITHM=COPY asks for the
// rebuild.

// alterClauses are the ALGORITHM= and LOCK= clauses of an ALTER TABLE or
// CREATE/DROP INDEX statement (upper case; "" when absent). The parser
// accepts them and drops them, so they are read from the statement text.
type alterClauses struct{ algorithm, lock string }

func alterClausesOf(q string) alterClauses {
	var c alterClauses
	if !containsFold(q, "algorithm") && !containsFold(q, "lock") {
		return c
	}
	tkn := sqlparser.NewStringTokenizer(q)
	next := func() (int, string) {
		for {
			typ, val := tkn.Scan()
			if typ != sqlparser.COMMENT {
				return typ, string(val)
			}
			// The server's pre-pass (sqltext.IndexClauses) moved a
			// CREATE/DROP INDEX clause the parser rejects into a comment.
			if v, ok := strings.CutPrefix(string(val), sqltext.IndexClauseMark); ok {
				name, value, _ := strings.Cut(strings.TrimSuffix(v, "*/"), "=")
				if name == "ALGORITHM" {
					c.algorithm = strings.ToUpper(value)
				} else if name == "LOCK" {
					c.lock = strings.ToUpper(value)
				}
			}
		}
	}
	typ, _ := next()
	if typ != sqlparser.ALTER && typ != sqlparser.CREATE && typ != sqlparser.DROP {
		return c
	}
	depth := 0
	for typ, _ = next(); typ != 0 && typ != ';' && typ != sqlparser.LEX_ERROR; typ, _ = next() {
		switch {
		case typ == '(':
			depth++
		case typ == ')':
			depth--
		case depth == 0 && (typ == sqlparser.ALGORITHM || typ == sqlparser.LOCK):
			t2, v2 := next()
			if t2 == '=' {
				_, v2 = next()
			}
			if typ == sqlparser.ALGORITHM {
				c.algorithm = strings.ToUpper(v2)
			} else {
				c.lock = strings.ToUpper(v2)
			}
		}
	}
	if c.algorithm == "DEFAULT" {
		c.algorithm = ""
	}
	if c.lock == "DEFAULT" {
		c.lock = ""
	}
	return c
}

// How an operation runs in Myriad.
type alterMethod int

const (
	methodInstant alterMethod = iota // the table record alone (plus range tombstones)
	methodInplace                    // writes index entries in the statement's transaction (an index added with other changes)
	methodOnline                     // an online index build (ixbuild.go): DML runs alongside
	methodRebuild                    // copies every row under a new table ID
)

// rebuildWhy is why an operation cannot be instant: reason is shown in
// 1846 (empty: 1845), typeChange says MySQL refuses INPLACE for it too.
type rebuildWhy struct {
	reason     string
	typeChange bool
}

// checkAlgorithm applies the statement's ALGORITHM and LOCK clauses to one
// operation, with MySQL's meaning: a requested algorithm weaker than the
// operation needs is 1845/1846, LOCK=NONE for an operation that blocks
// concurrent writes is 1846, and ALGORITHM=INSTANT with an explicit LOCK is
// 1221. It reports whether ALGORITHM=COPY asks for a rebuild of an operation
// Myriad could do in place. MariaDB accepts INSTANT with LOCK=NONE; MySQL 8.0's
// answer (1221) wins.
// explicitCopy: the running ALTER says ALGORITHM=COPY.
func explicitCopy(ctx *sql.Context) bool {
	return ctx != nil && alterClausesOf(ctx.Query()).algorithm == "COPY"
}

func checkAlgorithm(ctx *sql.Context, m alterMethod, why rebuildWhy) (copyAsked bool, err error) {
	c := alterClausesOf(ctx.Query())
	if c.algorithm == "INSTANT" && c.lock != "" {
		return false, mysql.NewSQLError(mysql.ERWrongUsage, "HY000", "Incorrect usage of ALGORITHM=INSTANT and LOCK=NONE/SHARED/EXCLUSIVE")
	}
	if c.algorithm == "COPY" {
		m = methodRebuild
	}
	switch {
	case c.algorithm == "INSTANT" && m != methodInstant:
		if why.reason != "" {
			return false, notSupportedReason("ALGORITHM=INSTANT", why.reason, "ALGORITHM=COPY/INPLACE")
		}
		return false, notSupported("ALGORITHM=INSTANT", "ALGORITHM=COPY/INPLACE")
	case c.algorithm == "INPLACE" && why.typeChange:
		return false, notSupportedReason("ALGORITHM=INPLACE", "Cannot change column type INPLACE", "ALGORITHM=COPY")
	}
	// A rebuild copies the rows in the statement's transaction and an index
	// build touches the row span: a concurrent writer conflicts with either
	// (one of them fails with 1213), so neither lets DML run alongside.
	if c.lock == "NONE" && m != methodInstant && m != methodOnline {
		reason := "COPY algorithm requires a lock"
		if m == methodInplace {
			reason = "Myriad builds an index in one transaction that conflicts with concurrent writes"
		}
		return false, notSupportedReason("LOCK=NONE", reason, "LOCK=SHARED")
	}
	return c.algorithm == "COPY", nil
}

// MySQL's ER_ALTER_OPERATION_NOT_SUPPORTED(_REASON); vitess names neither.
const (
	erAlterOperationNotSupported       = 1845
	erAlterOperationNotSupportedReason = 1846
)

func notSupported(what, try string) error {
	return mysql.NewSQLError(erAlterOperationNotSupported, "0A000", "%s is not supported for this operation. Try %s.", what, try)
}

func notSupportedReason(what, reason, try string) error {
	return mysql.NewSQLError(erAlterOperationNotSupportedReason, "0A000", "%s is not supported. Reason: %s. Try %s.", what, reason, try)
}

const noPKReason = "A table without a primary key keys its rows by a hash of their stored values"

// InstantAddColumn is an analyzer rule: GMS runs ADD COLUMN as
// Table.AddColumn followed by an UPDATE of every row with the new column's
// default whenever it has one or is NOT NULL (rowexec's addColumnIter), so
// an ADD COLUMN could never be catalog-only. The rule puts instantAddColumn
// in place of the node; it adds the column instantly when it can and runs
// GMS's own node otherwise. It runs after validation (and after
// RefuseReadOnlyDDL, which must still see GMS's node).
func (e *Engine) InstantAddColumn(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if ac, ok := n.(*plan.AddColumn); ok {
			return &instantAddColumn{ac: ac}, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

type instantAddColumn struct {
	okResult
	ac *plan.AddColumn
}

var _ sql.ExecSourceRel = (*instantAddColumn)(nil)

func (s *instantAddColumn) String() string { return "InstantAddColumn(" + s.ac.String() + ")" }
func (s *instantAddColumn) WithChildren(c ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(s, c...)
}

func (s *instantAddColumn) RowIter(ctx *sql.Context, row sql.Row) (_ sql.RowIter, err error) {
	defer ddlStep(ctx)(&err)
	ac := s.ac
	name := ""
	if nm, ok := ac.Table.(sql.Nameable); ok {
		name = nm.Name()
	}
	var tbl *Table
	if db := ac.Database(); db != nil && name != "" {
		// Fresh from the database, as GMS does: an earlier part of the
		// same ALTER may have changed the table.
		if t, ok, err := db.GetTableInsensitive(ctx, name); err != nil {
			return nil, err
		} else if ok {
			tbl, _ = t.(*Table)
		}
	}
	if tbl == nil {
		return gmsAddColumn(ctx, ac, row)
	}
	col := ac.Column()
	// As GMS's buildAddColumn: a column without a collation gets the table's.
	if ct, ok := col.Type.(sql.TypeWithCollation); ok && ct.Collation() == sql.Collation_Unspecified {
		typ, err := ct.WithNewCollation(tbl.Collation())
		if err != nil {
			return nil, err
		}
		col.Type = typ
	}
	why, instant := tbl.instantAdd(col)
	m := methodRebuild
	if instant {
		m = methodInstant
	}
	copyAsked, err := checkAlgorithm(ctx, m, why)
	if err != nil {
		return nil, err
	}
	if col.Generated != nil {
		if err := tbl.addGeneratedColumn(ctx, col, ac.Order()); err != nil {
			return nil, err
		}
		return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
	}
	if perRowDefault(col) || autoIncAdd(col) {
		if err := ac.ValidateDefaultPosition(ac.TargetSchema()); err != nil {
			return nil, err
		}
		if err := tbl.addColumnPerRow(ctx, col, ac.Order()); err != nil {
			return nil, err
		}
		return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
	}
	if perRow(col) {
		return gmsAddColumn(ctx, ac, row)
	}
	if err := ac.ValidateDefaultPosition(ac.TargetSchema()); err != nil {
		return nil, err
	}
	fill, err := addedColumnFill(ctx, col)
	if err != nil {
		return nil, err
	}
	if !instant || copyAsked {
		// One pass that writes the fill into every copied row (GMS's own
		// ADD COLUMN copies the table, then updates every row).
		err = tbl.addColumnCopy(ctx, col, ac.Order(), fill)
	} else {
		err = tbl.addColumn(ctx, col, ac.Order(), fill)
	}
	if err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// gmsAddColumn runs GMS's ADD COLUMN (a rebuild, then an UPDATE of every
// row); an error on the way fails the statement's transaction.
func gmsAddColumn(ctx *sql.Context, ac *plan.AddColumn, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, ac, row)
	if err != nil {
		failDDL(ctx, err)
		return nil, err
	}
	return &failingIter{it}, nil
}

type failingIter struct{ sql.RowIter }

func (f *failingIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := f.RowIter.Next(ctx)
	if err != io.EOF {
		failDDL(ctx, err)
	}
	return r, err
}

// instantAdd reports whether col can be added without touching rows.
func (t *Table) instantAdd(col *sql.Column) (rebuildWhy, bool) {
	switch {
	case perRow(col):
		return rebuildWhy{}, false
	case t.def.HiddenPK() && !t.def.OrderedRowIDs():
		// The older layout keys a row by a hash of all its values.
		return rebuildWhy{reason: noPKReason}, false
	}
	return rebuildWhy{}, true
}

// perRow reports whether existing rows get a value of their own in an added
// column: AUTO_INCREMENT, a generated column or an expression default
// (RAND(), UUID(), ...: MySQL evaluates them per row too). GMS's ADD COLUMN
// computes those; a PRIMARY KEY column is refused there.
func perRow(col *sql.Column) bool {
	return col.AutoIncrement || col.PrimaryKey || col.Generated != nil ||
		(col.Default != nil && !col.Default.IsLiteral())
}

// perRowDefault reports a plain column whose expression default (UUID(),
// RAND(), an expression of other columns) gives each existing row a value
// of its own: copied by addColumnPerRow.
func perRowDefault(col *sql.Column) bool {
	return !col.AutoIncrement && !col.PrimaryKey && col.Generated == nil &&
		col.Default != nil && !col.Default.IsLiteral()
}

// autoIncAdd reports an added AUTO_INCREMENT column that is no more than
// that: addColumnPerRow numbers the existing rows in key order, 1, 2, ...
// as MySQL's copy does.
func autoIncAdd(col *sql.Column) bool {
	return col.AutoIncrement && !col.PrimaryKey && col.Generated == nil
}

// addColumnPerRow adds col, evaluating its default for every existing row
// (or numbering the rows, autoIncAdd) as MySQL's copy does: as an online
// rewrite (rewrite.go) whose conversion evaluates the default per row, so
// the copy runs in bounded batches (GMS's own ADD COLUMN copied the table
// and then updated every row in one transaction). The statement's
// resolved default is held in memory only: a job interrupted by a restart
// is rolled back (rowConv.exprsMissing). A numbering job records the next
// number with each batch (catalog.Job.AutoNext) and is resumed; it holds
// the table's metadata lock throughout (rewrite.holdMDL).
func (t *Table) addColumnPerRow(ctx *sql.Context, col *sql.Column, order *sql.ColumnOrder) (err error) {
	defer ddlStep(ctx)(&err)
	def, pos, err := t.withColumn(ctx, col, order)
	if err != nil {
		return err
	}
	def.Columns[pos].Fill = nil
	if col.AutoIncrement && collecting(ctx, t) == nil {
		// 1075 unless the column leads a key (in a statement of several
		// parts the final definition is checked).
		if err := checkAutoIncKey(def); err != nil {
			return err
		}
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	id := def.Columns[pos].ID
	dflt := col.Default
	if !col.AutoIncrement {
		// Evaluated as an INSERT evaluates the default (MySQL's
		// arithmetic), over the new row: the analyzer's indexes for a
		// column it reads are its scope's, one past the row's (`DEFAULT
		// (a + 1)` read the new column, and every existing row got NULL).
		// The catalog keeps the column's own.
		names := make([]string, len(def.Columns))
		for i := range def.Columns {
			names[i] = def.Columns[i].Name
		}
		e, err := bindByName(dflt, def.Name, names)
		if err != nil {
			return err
		}
		if e, err = sqlfunc.DefinitionExpr(ctx, e); err != nil {
			return err
		}
		if d, ok := e.(*sql.ColumnDefaultValue); ok {
			dflt = d
		}
		tx.perRow = map[uint32]*sql.ColumnDefaultValue{id: dflt}
		defer func() { tx.perRow = nil }()
	}
	n := uint64(0)
	conv := func(r sql.Row) (sql.Row, error) {
		nr := make(sql.Row, 0, len(r)+1)
		nr = append(nr, r[:pos]...)
		nr = append(nr, nil)
		nr = append(nr, r[pos:]...)
		if col.AutoIncrement {
			n++
			v, _, err := col.Type.Convert(ctx, n)
			nr[pos] = v
			return nr, err
		}
		v, err := dflt.Eval(ctx, nr)
		if err != nil {
			return nil, err
		}
		nr[pos] = stampFromSession(ctx, col.Type, v)
		return nr, nil
	}
	if t.def.HiddenPK() {
		// A keyless table's writers find a row's copy by its values (or
		// their hash), which a per-row value makes differ: one
		// transaction, as before.
		return t.rebuild(ctx, def, conv)
	}
	return t.copyOrRebuild(ctx, def, conv)
}

// addedColumnFill is the value existing rows get, as GMS's applyDefaults
// computes it for its UPDATE of every row: the literal default, else NULL,
// else (NOT NULL without a default) the type's implicit default (for a
// DATETIME GMS's zero is '0000-01-01 00:00:00', not MySQL's zero date, which
// GMS cannot represent).
func addedColumnFill(ctx *sql.Context, col *sql.Column) ([]byte, error) {
	var v any
	var err error
	switch {
	case col.Default != nil:
		if v, err = col.Default.Eval(ctx, nil); err != nil {
			return nil, err
		}
	case col.Nullable:
		return nil, nil
	default:
		v = col.Type.Zero()
		if _, ok := col.Type.(sql.EnumType); ok {
			// MySQL: a NOT NULL ENUM's implicit default is its first
			// member (GMS's zero is the invalid member 0, '').
			v = uint16(1)
		}
	}
	if v, _, err = col.Type.Convert(ctx, v); err != nil {
		return nil, err
	}
	v = stampFromSession(ctx, col.Type, v)
	if s, ok := v.(string); ok && col.Type.Type() == sqltypes.Char {
		// CHAR values are stored without trailing spaces (layout.trimChars).
		v = strings.TrimRight(s, " ")
	}
	if v == nil && !col.Nullable {
		return nil, sql.ErrInsertIntoNonNullableProvidedNull.New(col.Name)
	}
	return catalog.EncodeFill(v)
}

// instantModify reports whether changing column pos from old to nc (moved
// to newPos) keeps every stored value and index entry valid.
func (t *Table) instantModify(old, nc *catalog.Column, pos, newPos int) (rebuildWhy, bool) {
	switch {
	case !catalog.InstantTypeChange(old.Type, nc.Type):
		return rebuildWhy{typeChange: true, reason: "Cannot change column type INPLACE"}, false
	case old.Nullable && !nc.Nullable:
		return rebuildWhy{reason: "Every row must be checked for NULL"}, false
	case old.AutoIncrement != nc.AutoIncrement:
		return rebuildWhy{}, false
	case pos != newPos && t.def.HiddenPK() && !t.def.OrderedRowIDs():
		return rebuildWhy{reason: noPKReason}, false
	}
	return rebuildWhy{}, true
}

// instantDrop reports whether column pos can be dropped without touching
// rows: no index entry may lose a part.
func (t *Table) instantDrop(pos int) (rebuildWhy, bool) {
	// Ordered row IDs find a row by its hashed columns: only a column
	// added since (not hashed) can go without rewriting the entries.
	if t.def.HiddenPK() && (!t.def.OrderedRowIDs() || t.def.Columns[pos].ID < t.def.RowIDHashBelow) {
		return rebuildWhy{reason: noPKReason}, false
	}
	for _, ix := range t.def.Indexes {
		if len(ix.Columns) > 1 {
			for _, c := range ix.Columns {
				if c == pos {
					return rebuildWhy{reason: fmt.Sprintf("Index %s would lose a column: its entries change", ix.Name)}, false
				}
			}
		}
	}
	return rebuildWhy{}, true
}

// ddlStep is deferred by every ALTER entry point of Table:
// defer ddlStep(ctx)(&err). The first step of a statement takes a savepoint
// (undoing a failed earlier statement's writes first); a step that fails
// marks the transaction, and Transaction.undoFailedDDL rolls the
// statement's writes back before anything commits. Without it a failed
// ALTER committed its partial work: a MODIFY that met a NULL left the table
// with a new, empty definition.
func ddlStep(ctx *sql.Context) func(*error) {
	tx, _ := ctx.GetTransaction().(*Transaction)
	if tx == nil {
		return func(*error) {}
	}
	if at := ctx.QueryTime(); tx.ddl.at != at {
		_ = tx.undoFailedDDL() // a refusal ended tx: its next write fails
		tx.ddl.at, tx.ddl.sp = at, tx.kv.Savepoint()
	}
	return func(err *error) { failDDL(ctx, *err) }
}

// failDDL marks the statement's schema change as failed (see ddlStep).
func failDDL(ctx *sql.Context, err error) {
	if tx, _ := ctx.GetTransaction().(*Transaction); tx != nil && err != nil && tx.ddl.at == ctx.QueryTime() {
		tx.ddl.failed = true
	}
}

// undoFailedDDL rolls back the writes of a failed schema change, keeping
// what the transaction did before it (GMS does not commit before DDL).
func (t *Transaction) undoFailedDDL() error {
	if t.ddl.failed {
		t.ddl.failed = false
		return t.kv.RollbackTo(t.ddl.sp)
	}
	return nil
}
