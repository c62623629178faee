package engine

import (
	"io"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/floattype"
)

// Rule IDs from round 15's range 11_060-11_079.
const (
	// RuleDescribeTypes: see DescribeTypes.
	RuleDescribeTypes analyzer.RuleId = 11_062
	// RuleCopyAlterRows: see CopyAlterRows.
	RuleCopyAlterRows analyzer.RuleId = 11_063
)

// DescribeTypes makes DESCRIBE / SHOW COLUMNS print a column's type as
// MySQL does, without its character set and collation (`varchar(10)`;
// GMS printed `varchar(10) COLLATE utf8mb4_0900_ai_ci` for any collation
// but its default utf8mb4_0900_bin) and with an ENUM or SET value's quotes
// doubled (GMS: enum('a','b'c'), which a tool cannot split into values).
// SHOW FULL COLUMNS' Collation is the column's own, as in MySQL: GMS
// printed the server default utf8mb4_0900_bin for every text column and
// NULL for ENUM and SET, so a migration tool comparing collations saw a
// change that was not there, or missed one that was.
func DescribeTypes(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sc, ok := n.(*plan.ShowColumns)
		if !ok {
			return n, transform.SameTree, nil
		}
		cols := make(map[string]*sql.Column, len(sc.TargetSchema()))
		for _, c := range sc.TargetSchema() {
			cols[strings.ToLower(c.Name)] = c
		}
		// A DECIMAL, FLOAT or DOUBLE declared UNSIGNED says so, as in
		// MySQL (its GMS type cannot: unsignedcol.go).
		t := tableOfNode(sc.Child)
		return &mapRows{child: sc, name: "describeTypes", fn: func(r sql.Row) sql.Row {
			if len(r) >= 2 && t != nil {
				if name, ok := r[0].(string); ok && t.UnsignedColumn(name) {
					if s, ok := r[1].(string); ok && !strings.HasSuffix(s, " unsigned") {
						r[1] = s + " unsigned"
					}
				}
			}
			if len(r) < 2 {
				return r
			}
			var col *sql.Column
			if name, ok := r[0].(string); ok {
				col = cols[strings.ToLower(name)]
			}
			if s, ok := r[1].(string); ok {
				r[1] = bareType(s)
			}
			if col == nil {
				return r
			}
			if vals := enumValues(col.Type); vals != nil {
				kind := "enum"
				if _, ok := col.Type.(sql.SetType); ok {
					kind = "set"
				}
				r[1] = kind + quoteValues(vals, true)
			}
			if sc.Full && len(r) == 9 {
				r[2] = columnCollation(col.Type)
			}
			return r
		}}, transform.NewTree, nil
	})
}

// enumValues are an ENUM or SET type's values, nil for other types.
func enumValues(t sql.Type) []string {
	switch t := t.(type) {
	case sql.EnumType:
		return t.Values()
	case sql.SetType:
		return t.Values()
	}
	return nil
}

// columnCollation is SHOW FULL COLUMNS' Collation of a column of type t:
// its collation for character types, NULL for binary and non-string ones.
func columnCollation(t sql.Type) any {
	tc, ok := t.(sql.TypeWithCollation)
	if !ok || !(types.IsTextOnly(t) || types.IsEnum(t) || types.IsSet(t)) {
		return nil
	}
	if c := tc.Collation(); c != sql.Collation_binary {
		return c.Name()
	}
	return nil
}

var typeSuffixRe = regexp.MustCompile(`(?i)(?: CHARACTER SET \w+)?(?: COLLATE \w+)$`)

// bareType is a column type's text without a trailing character set and
// collation (not when they are inside an ENUM value's quotes).
func bareType(s string) string {
	loc := typeSuffixRe.FindStringIndex(s)
	if loc == nil || loc[0] == loc[1] || strings.Count(s[:loc[0]], "'")%2 != 0 {
		return s
	}
	return s[:loc[0]]
}

// mapRows runs its child and passes each row through fn.
type mapRows struct {
	child sql.Node
	name  string
	fn    func(sql.Row) sql.Row
}

var _ sql.ExecSourceRel = (*mapRows)(nil)

func (m *mapRows) Resolved() bool       { return m.child.Resolved() }
func (m *mapRows) IsReadOnly() bool     { return m.child.IsReadOnly() }
func (m *mapRows) String() string       { return m.name + "(" + m.child.String() + ")" }
func (m *mapRows) Schema() sql.Schema   { return m.child.Schema() }
func (m *mapRows) Children() []sql.Node { return []sql.Node{m.child} }
func (m *mapRows) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(m, len(ch), 1)
	}
	nm := *m
	nm.child = ch[0]
	return &nm, nil
}

func (m *mapRows) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := buildIter(ctx, m.child, row)
	if err != nil {
		return nil, err
	}
	return &mapIter{it: it, fn: m.fn}, nil
}

func buildIter(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, error) {
	if es, ok := n.(sql.ExecSourceRel); ok {
		return es.RowIter(ctx, row)
	}
	return rowexec.DefaultBuilder.Build(ctx, n, row)
}

type mapIter struct {
	it sql.RowIter
	fn func(sql.Row) sql.Row
}

func (m *mapIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := m.it.Next(ctx)
	if err != nil {
		return nil, err
	}
	return m.fn(r), nil
}

func (m *mapIter) Close(ctx *sql.Context) error { return m.it.Close(ctx) }

// CopyAlterRows answers an ALTER TABLE that MySQL (InnoDB) runs with
// ALGORITHM=COPY with the table's row count as its affected rows, as MySQL
// reports the rows it copied: a MODIFY/CHANGE COLUMN changing the column's
// type (other than widening a VARCHAR within its length-byte size or
// appending ENUM/SET members) and DROP PRIMARY KEY without a new one. GMS
// answered 0 for every ALTER; in-place and instant changes stay 0.
func CopyAlterRows(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		return copyAlterRows(ctx, n)
	})
}

func copyAlterRows(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var parts []sql.Node
	// An explicit ALGORITHM=COPY copies whatever the ALTER (alter.go's
	// rebuild and copyFirst, forceRebuild), and MySQL counts the rows. The
	// statement's text is read only for an ALTER's nodes, not every query's.
	forced := false
	switch n.(type) {
	case *plan.ModifyColumn, *plan.AlterPK, *plan.AddColumn, *instantAddColumn, *combinedAlter,
		*plan.AlterIndex, *plan.DropColumn, *plan.RenameColumn, *forceRebuild,
		*plan.AlterAutoIncrement, *plan.AlterTableCollation, *setTableComment:
		forced = explicitCopy(ctx)
	}
	switch a := n.(type) {
	case *plan.ModifyColumn, *plan.AlterPK, *plan.AddColumn, *instantAddColumn:
		parts = []sql.Node{a}
	case *plan.AlterIndex, *plan.DropColumn, *plan.RenameColumn:
		if !forced {
			return n, transform.SameTree, nil
		}
		parts = []sql.Node{a}
	case *forceRebuild:
		if !forced {
			return n, transform.SameTree, nil
		}
		d, err := a.eng.Provider().Database(ctx, a.db)
		if err != nil {
			return n, transform.SameTree, nil
		}
		return &copyAlter{child: n, db: d, table: a.table}, transform.NewTree, nil
	case *plan.AlterAutoIncrement, *plan.AlterTableCollation, *setTableComment:
		// A table option with an explicit ALGORITHM=COPY: MySQL copies the
		// table for it (the rows, STORED generated columns computed
		// again), so the option is set, then the table rebuilt as FORCE
		// rebuilds it, reading the definition the option left.
		if !forced {
			return n, transform.SameTree, nil
		}
		var db sql.Database
		var table string
		var eng *Engine
		switch a := a.(type) {
		case *plan.AlterAutoIncrement:
			db, table = a.Database(), nodeName(a.Table)
		case *plan.AlterTableCollation:
			db, table = a.Database(), nodeName(a.Table)
		case *setTableComment:
			eng, table = a.eng, a.table
			d, err := a.eng.Provider().Database(ctx, a.db)
			if err != nil {
				return n, transform.SameTree, nil
			}
			db = d
		}
		if s, ok := ctx.Session.(*Session); ok && eng == nil {
			eng = s.eng
		}
		if db == nil || table == "" || eng == nil {
			return n, transform.SameTree, nil
		}
		fr := &forceRebuild{eng: eng, db: db.Name(), table: table}
		return &copyAlter{child: plan.NewBlock([]sql.Node{n, fr}), db: db, table: table}, transform.NewTree, nil
	case *combinedAlter:
		parts = a.blk.Children()
	case *plan.Block:
		// The parts of an ALTER that CombineAlters left to GMS (a per-row
		// DEFAULT): the statement's count is the copy's, not its last
		// part's.
		return alterBlockRows(a)
	default:
		return n, transform.SameTree, nil
	}
	var db sql.Database
	table := ""
	copies, dropPK, addPK := forced, false, false
	for _, p := range parts {
		switch p := p.(type) {
		case *plan.AlterIndex:
			db, table = p.Database(), nodeName(p.Table)
		case *plan.DropColumn:
			db, table = p.Database(), nodeName(p.Table)
		case *plan.RenameColumn:
			db, table = p.Database(), nodeName(p.Table)
		case *plan.ModifyColumn:
			db, table = p.Database(), nodeName(p.Table)
			if typeCopies(p.TargetSchema(), p.Column(), p.NewColumn()) ||
				storedChanges(p.TargetSchema(), p.Column(), p.NewColumn()) || signChanges(p) {
				copies = true
			}
		case *plan.AddColumn, *instantAddColumn:
			ac, ok := p.(*plan.AddColumn)
			if !ok {
				ac = p.(*instantAddColumn).ac
			}
			db, table = ac.Database(), nodeName(ac.Table)
			if addCopies(ac.Column()) {
				copies = true
			}
		case *plan.AlterPK:
			db, table = p.Database(), nodeName(p.Table)
			if p.Action == plan.PrimaryKeyAction_Drop {
				dropPK = true
			} else {
				addPK = true
			}
		}
	}
	if dropPK && !addPK {
		copies = true
	}
	if !copies || db == nil || table == "" {
		return n, transform.SameTree, nil
	}
	return &copyAlter{child: n, db: db, table: table}, transform.NewTree, nil
}

// addCopies tells whether MySQL copies the table to add column c: a
// STORED generated column (ALGORITHM=COPY in MySQL's online DDL table), or
// a DEFAULT expression that must be computed for each row: one reading
// another column or non-deterministic (UUID()). A constant DEFAULT, or
// one constant within the statement (NOW()), fills every row alike and is
// added in place; MariaDB 10.11 answers 0 rows for RAND() too, which is
// counted here as MySQL must compute it row by row.
func addCopies(c *sql.Column) bool {
	if c == nil {
		return false
	}
	if c.Generated != nil {
		return !c.Virtual
	}
	return c.Default != nil && rowsDiffer(c.Default)
}

// storedChanges tells whether MODIFY/CHANGE of column name to nc makes or
// changes a STORED generated column, which MySQL does by copying the table
// (ALGORITHM=COPY for "changing the column's expression/storage").
func storedChanges(sch sql.Schema, name string, nc *sql.Column) bool {
	i := sch.IndexOfColName(name)
	if i < 0 || nc == nil || nc.Generated == nil || nc.Virtual {
		return false
	}
	oc := sch[i]
	return oc.Generated == nil || oc.Virtual || oc.Generated.String() != nc.Generated.String()
}

// statementConstant: functions GMS calls non-deterministic that give one
// value through a statement (MySQL fixes the time at its start).
var statementConstant = map[string]bool{
	"now": true, "current_timestamp": true, "localtime": true, "localtimestamp": true,
	"curdate": true, "current_date": true, "curtime": true, "current_time": true,
	"utc_timestamp": true, "utc_date": true, "utc_time": true, "unix_timestamp": true,
}

// rowsDiffer tells whether a default expression can differ between rows.
func rowsDiffer(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e := e.(type) {
		case *expression.GetField, *expression.UnresolvedColumn:
			return true
		case sql.FunctionExpression:
			if statementConstant[strings.ToLower(e.FunctionName())] {
				return false
			}
			if nd, ok := e.(sql.NonDeterministicExpression); ok {
				return nd.IsNonDeterministic()
			}
		case sql.NonDeterministicExpression:
			return e.IsNonDeterministic()
		}
		return false
	})
}

// alterBlockRows wraps a Block of ALTER parts of which one copies (and
// was wrapped on its own, bottom-up) in one copyAlter.
func alterBlockRows(b *plan.Block) (sql.Node, transform.TreeIdentity, error) {
	ch := b.Children()
	var ca *copyAlter
	nc := make([]sql.Node, len(ch))
	for i, c := range ch {
		switch c := c.(type) {
		case *copyAlter:
			if ca != nil && (ca.db.Name() != c.db.Name() || !strings.EqualFold(ca.table, c.table)) {
				return b, transform.SameTree, nil
			}
			ca, nc[i] = c, c.child
		case *plan.ModifyColumn, *plan.AlterPK, *plan.AddColumn, *instantAddColumn,
			*plan.DropColumn, *plan.RenameColumn, *plan.AlterDefaultSet,
			*plan.AlterDefaultDrop, *plan.AlterIndex:
			nc[i] = c
		default:
			return b, transform.SameTree, nil
		}
	}
	if ca == nil {
		return b, transform.SameTree, nil
	}
	nb, err := b.WithChildren(nc...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return &copyAlter{child: nb, db: ca.db, table: ca.table}, transform.NewTree, nil
}

func nodeName(n sql.Node) string {
	if nm, ok := n.(sql.Nameable); ok {
		return nm.Name()
	}
	return ""
}

// typeCopies tells whether MySQL copies the table to give column name of
// sch the type of nc.
// signChanges: a MODIFY/CHANGE adds or drops the UNSIGNED of a DECIMAL,
// FLOAT or DOUBLE column, which the table's GMS types do not show
// (unsignedcol.go); MySQL copies the table for it.
func signChanges(p *plan.ModifyColumn) bool {
	t := tableOfNode(p.Table)
	nc := p.NewColumn()
	if t == nil || nc == nil {
		return false
	}
	return t.UnsignedColumn(p.Column()) != floattype.Unsigned(nc.Type)
}

func typeCopies(sch sql.Schema, name string, nc *sql.Column) bool {
	i := sch.IndexOfColName(name)
	if i < 0 || nc == nil {
		return false
	}
	ot, nt := sch[i].Type, nc.Type
	if d, isF := nt.(floattype.Declared); !isF || d.M == 0 {
		// The sign is signChanges'; FLOAT(M,D) compares as before.
		nt = floattype.Plain(nt)
	}
	os, oks := ot.(sql.StringType)
	ns, nks := nt.(sql.StringType)
	if oks && nks && os.Type() == ns.Type() {
		// The new type's collation is the table's until the ALTER runs.
		if nc, oc := ns.Collation(), os.Collation(); nc != sql.Collation_Unspecified && nc != oc {
			return true
		}
		ol, nl := os.MaxByteLength(), ns.MaxByteLength()
		if ol == nl {
			return false
		}
		return !(os.Type() == sqltypes.VarChar && nl > ol && (ol < 256) == (nl < 256))
	}
	if oe, ok := ot.(sql.EnumType); ok {
		if ne, ok := nt.(sql.EnumType); ok {
			return !isPrefix(oe.Values(), ne.Values())
		}
	}
	if oe, ok := ot.(sql.SetType); ok {
		if ne, ok := nt.(sql.SetType); ok {
			return !isPrefix(oe.Values(), ne.Values())
		}
	}
	return !ot.Equals(nt)
}

func isPrefix(a, b []string) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// copyAlter runs an ALTER MySQL copies and reports the rows it holds.
type copyAlter struct {
	child sql.Node
	db    sql.Database
	table string
}

var _ sql.ExecSourceRel = (*copyAlter)(nil)

func (c *copyAlter) Resolved() bool       { return c.child.Resolved() }
func (c *copyAlter) IsReadOnly() bool     { return false }
func (c *copyAlter) String() string       { return "CopyAlter(" + c.child.String() + ")" }
func (c *copyAlter) Schema() sql.Schema   { return types.OkResultSchema }
func (c *copyAlter) Children() []sql.Node { return []sql.Node{c.child} }
func (c *copyAlter) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 1)
	}
	nc := *c
	nc.child = ch[0]
	return &nc, nil
}

func (c *copyAlter) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := buildIter(ctx, c.child, row)
	if err != nil {
		return nil, err
	}
	for err == nil {
		_, err = it.Next(ctx)
	}
	cerr := it.Close(ctx)
	if err != io.EOF {
		return nil, err
	}
	if cerr != nil {
		return nil, cerr
	}
	// Counted after the copy, through the statement's transaction, which
	// may hold the only copy of the new definition and its rows
	// (Table.ExactRowCount).
	var n uint64
	if t, ok, err := c.db.GetTableInsensitive(ctx, c.table); err == nil && ok {
		if rc, ok := t.(*Table); ok {
			n, _ = rc.ExactRowCount(ctx)
		}
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(int(n)))), nil
}
