package engine

import (
	"fmt"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// INSERT ... ON DUPLICATE KEY UPDATE reports 2 affected rows for a row it
// changed and 0 for one it left as it was. GMS writes the update but decides
// "changed" with the table's collated comparison, so 'one' -> 'ONE' under a
// _ci collation was reported as 0. odkuCount runs such an INSERT and counts
// with the bytewise schema of exactSchema instead; GMS's own accumulator
// finds no row handler for odkuIter and leaves it alone.

// countODKU wraps every INSERT ... ON DUPLICATE KEY UPDATE (without
// RETURNING) into a table with collated string columns in odkuCount.
func countODKU(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, wrapODKU)
}

func wrapODKU(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ins, ok := n.(*plan.InsertInto)
	if !ok || ins.IsReplace || len(ins.OnDupExprs) == 0 || len(ins.Returning) > 0 {
		return n, transform.SameTree, nil
	}
	if _, trig := ins.Destination.(*trigODKUDest); trig {
		// odkuTrigCount counts it, and its updater checks NOT NULL.
		return n, transform.SameTree, nil
	}
	same := transform.SameTree
	if last := ins.OnDupExprs[len(ins.OnDupExprs)-1]; !isODKUNotNull(last) {
		out := *ins
		out.OnDupExprs = append(append([]sql.Expression(nil), ins.OnDupExprs...),
			&odkuNotNull{table: ins.Destination.Schema(), ignore: ins.Ignore, nullErr: nullIsError(ins)})
		ins, same = &out, transform.NewTree
	}
	sch, changed := exactSchema(ins.Destination.Schema())
	if !changed {
		return ins, same, nil
	}
	return &odkuCount{child: ins, sch: sch}, transform.NewTree, nil
}

func isODKUNotNull(e sql.Expression) bool {
	_, ok := e.(*odkuNotNull)
	return ok
}

// odkuNotNull is the last of an ODKU's assignments: GMS's insert iterator
// checks NOT NULL on the inserted row only, so ON DUPLICATE KEY UPDATE
// v = NULL stored NULL in a NOT NULL column. MySQL checks the updated row
// as an UPDATE's: 1048 in a strict sql_mode, else (or under IGNORE) the
// column's implicit default with warning 1048 (sqlfunc's storeAdjust
// already makes that NULL a zero outside strict mode). Its row is the
// stored row followed by the proposed one; it answers it with the stored
// half checked, as GMS's SetField answers. The sql_mode is read per
// execution: a cached plan outlives a SET sql_mode.
type odkuNotNull struct {
	table   sql.Schema
	ignore  bool
	nullErr bool // see nullIsError
}

// nullIsError: a NULL for a NOT NULL column is 1048 whatever the sql_mode
// in a single-row INSERT ... VALUES without IGNORE, its ODKU update
// included (MySQL 8.0 sql_insert.cc: CHECK_FIELD_ERROR_FOR_NULL for the
// whole statement; sqlfunc's storeAdjust leaves that NULL to this check).
func nullIsError(ins *plan.InsertInto) bool {
	if ins.Ignore {
		return false
	}
	src := ins.Source
	if p, ok := src.(*plan.Project); ok {
		src = p.Child
	}
	v, ok := src.(*plan.Values)
	return ok && len(v.ExpressionTuples) == 1
}

var _ sql.Expression = (*odkuNotNull)(nil)

func (o *odkuNotNull) Resolved() bool             { return true }
func (o *odkuNotNull) String() string             { return "odku_not_null" }
func (o *odkuNotNull) Type() sql.Type             { return types.Null }
func (o *odkuNotNull) IsNullable() bool           { return false }
func (o *odkuNotNull) Children() []sql.Expression { return nil }
func (o *odkuNotNull) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(o, len(children), 0)
	}
	return o, nil
}

func (o *odkuNotNull) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if len(row) < len(o.table) {
		return row, nil
	}
	out := row
	for i, col := range o.table {
		if col.Nullable || col.AutoIncrement || row[i] != nil {
			continue
		}
		if (strictMode(ctx) || o.nullErr) && !o.ignore {
			return nil, sql.ErrInsertIntoNonNullableProvidedNull.New(col.Name)
		}
		if &out[0] == &row[0] {
			out = append(sql.Row(nil), row...)
		}
		out[i] = col.Type.Zero()
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1048, Message: fmt.Sprintf("Column '%s' cannot be null", col.Name)})
	}
	return out, nil
}

type odkuCount struct {
	child sql.Node
	sch   sql.Schema // bytewise schema of the destination table
}

var _ sql.ExecSourceRel = (*odkuCount)(nil)

func (o *odkuCount) Resolved() bool       { return o.child.Resolved() }
func (o *odkuCount) String() string       { return o.child.String() }
func (o *odkuCount) IsReadOnly() bool     { return false }
func (o *odkuCount) Schema() sql.Schema   { return types.OkResultSchema }
func (o *odkuCount) Children() []sql.Node { return []sql.Node{o.child} }

func (o *odkuCount) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(o, len(children), 1)
	}
	return &odkuCount{child: children[0], sch: o.sch}, nil
}

func (o *odkuCount) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, o.child, r)
	if err != nil {
		return nil, err
	}
	return &odkuIter{child: it, sch: o.sch}, nil
}

type odkuIter struct {
	child  sql.RowIter
	sch    sql.Schema
	done   bool
	closed bool
}

// Next drains the insert and returns its OK result, counting as MySQL does
// (1 per inserted row, 2 per changed row, 0 per unchanged one, or 1 with
// CLIENT_FOUND_ROWS) and setting what GMS's accumulator sets.
func (o *odkuIter) Next(ctx *sql.Context) (sql.Row, error) {
	if o.done {
		return nil, io.EOF
	}
	o.done = true
	foundRows := ctx.Client().Capabilities&mysql.CapabilityClientFoundRows != 0
	affected := 0
	for {
		row, err := o.child.Next(ctx)
		if err == io.EOF {
			break
		}
		if _, ignorable := err.(sql.IgnorableError); ignorable {
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(row) == len(o.sch) {
			affected++
			continue
		}
		eq, err := row[:len(row)/2].Equals(ctx, row[len(row)/2:], o.sch)
		switch {
		case err != nil:
			affected++
		case !eq:
			affected += 2
		case foundRows:
			affected++
		}
	}
	// Like GMS's accumulator, finish the statement's edits before
	// answering.
	if err := o.Close(ctx); err != nil {
		return nil, err
	}
	res := types.NewOkResult(affected)
	res.InsertID = uint64(ctx.Session.GetLastQueryInfoInt(sql.LastInsertId))
	ctx.SetLastQueryInfoInt(sql.RowCount, int64(affected))
	return sql.NewRow(res), nil
}

func (o *odkuIter) Close(ctx *sql.Context) error {
	if o.closed {
		return nil
	}
	o.closed = true
	return o.child.Close(ctx)
}
