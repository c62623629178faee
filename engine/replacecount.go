package engine

import (
	"bytes"
	"context"
	"io"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
)

// A REPLACE's affected-row count is MySQL's write_record tally: 1 per
// inserted row plus 1 per deleted row (sql_insert.cc send_eof: copied +
// deleted; REPLACE updates nothing, so CLIENT_FOUND_ROWS changes nothing).
// One exception: when the conflict is on the table's last unique key (in
// MySQL's key order), the table has no DELETE trigger and no foreign key
// references it, write_record updates the existing row in place instead of
// deleting it, and when that update changes nothing (InnoDB answers
// HA_ERR_RECORD_IS_THE_SAME) the row is not counted as deleted: REPLACE of
// a row identical to the stored one, in a table with only a primary key,
// is 1 row affected. MariaDB 10.11 answers the same.
//
// The tally is kept by the REPLACE's replacer (trigReplacer), found through
// the executing context by the REPLACE's id, so that a cached plan shared
// by sessions keeps no count of its own.

// replaceIDs numbers the REPLACE statements planned by the process.
var replaceIDs atomic.Uint64

type replaceTallyKey struct{ id uint64 }

// replaceTally is one execution's count of the rows a REPLACE wrote.
type replaceTally struct {
	affected int64
	// inserted counts the rows inserted; the firstGen-th (from 0) has the
	// first generated AUTO_INCREMENT value (GMS's
	// InsertInto.FirstGeneratedAutoIncRowIdx, -1: none), which is
	// LAST_INSERT_ID(): GMS's insert iterator sets it for INSERT only.
	inserted, firstGen int
	aiCol              int // position of the AUTO_INCREMENT column
	// lastAI is the AUTO_INCREMENT value of the last row inserted, the
	// OK packet's insert id when none was generated (MySQL's
	// Sql_cmd_insert_values::execute_inner: next_number_field's value).
	lastAI int64
}

// inserted counts row, inserted, and makes its AUTO_INCREMENT value
// LAST_INSERT_ID() if it is the statement's first generated one.
func (t *replaceTally) insertedRow(ctx *sql.Context, row sql.Row) {
	t.affected++
	if t.aiCol >= 0 && t.aiCol < len(row) {
		t.lastAI = autoIncInt64(row[t.aiCol])
		if t.inserted == t.firstGen {
			ctx.SetLastQueryInfoInt(sql.LastInsertId, t.lastAI)
		}
	}
	t.inserted++
}

// replaceTallyOf is the tally of REPLACE id in ctx (nil outside its
// replaceCount).
func replaceTallyOf(ctx *sql.Context, id uint64) *replaceTally {
	if ctx == nil || ctx.Context == nil {
		return nil
	}
	t, _ := ctx.Value(replaceTallyKey{id}).(*replaceTally)
	return t
}

// replaceCount runs a REPLACE (with its AFTER INSERT triggers) and answers
// its OK result from the tally; GMS's accumulator finds no row handler for
// replaceCountIter and leaves it alone (as for odkuCount).
type replaceCount struct {
	child sql.Node
	id    uint64
	// underAfter: child is the REPLACE's AFTER INSERT trigger executors,
	// over a replaceNewHalf.
	underAfter bool
}

var _ sql.ExecSourceRel = (*replaceCount)(nil)

func (c *replaceCount) Resolved() bool       { return c.child.Resolved() }
func (c *replaceCount) String() string       { return c.child.String() }
func (c *replaceCount) IsReadOnly() bool     { return false }
func (c *replaceCount) Schema() sql.Schema   { return types.OkResultSchema }
func (c *replaceCount) Children() []sql.Node { return []sql.Node{c.child} }

func (c *replaceCount) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	n := *c
	n.child = children[0]
	return &n, nil
}

func (c *replaceCount) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	tally := &replaceTally{firstGen: -1, aiCol: -1}
	if ii := replaceInsert(c.child); ii != nil {
		tally.firstGen = ii.FirstGeneratedAutoIncRowIdx
		for i, col := range ii.Destination.Schema() {
			if col.AutoIncrement {
				tally.aiCol = i
			}
		}
	}
	it, err := rowexec.DefaultBuilder.Build(ctx.WithContext(context.WithValue(ctx.Context, replaceTallyKey{c.id}, tally)), c.child, r)
	if err != nil {
		return nil, err
	}
	return &replaceCountIter{child: it, tally: tally}, nil
}

// replaceInsert is the REPLACE under n, a replaceCount's child.
func replaceInsert(n sql.Node) *plan.InsertInto {
	for {
		switch c := n.(type) {
		case *plan.InsertInto:
			return c
		case *plan.TriggerExecutor:
			n = c.Left()
		case *replaceNewHalf:
			n = c.child
		default:
			return nil
		}
	}
}

type replaceCountIter struct {
	child  sql.RowIter
	tally  *replaceTally
	done   bool
	closed bool
}

// Next drains the REPLACE and returns its OK result, setting what GMS's
// accumulator sets.
func (o *replaceCountIter) Next(ctx *sql.Context) (sql.Row, error) {
	if o.done {
		return nil, io.EOF
	}
	o.done = true
	if err := drainRows(ctx, o.child); err != nil {
		return nil, err
	}
	// Like GMS's accumulator, finish the statement's edits before
	// answering.
	if err := o.Close(ctx); err != nil {
		return nil, err
	}
	res := types.NewOkResult(int(o.tally.affected))
	// MySQL's insert id: the first generated value, else the
	// AUTO_INCREMENT value of the last row inserted, else 0.
	switch t := o.tally; {
	case t.firstGen >= 0 && t.inserted > t.firstGen:
		res.InsertID = uint64(ctx.Session.GetLastQueryInfoInt(sql.LastInsertId))
	case t.inserted > 0:
		res.InsertID = uint64(t.lastAI)
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, o.tally.affected)
	return sql.NewRow(res), nil
}

func (o *replaceCountIter) Close(ctx *sql.Context) error {
	if o.closed {
		return nil
	}
	o.closed = true
	return o.child.Close(ctx)
}

// replaceNewHalf gives a REPLACE's AFTER INSERT triggers the row it
// inserted: GMS's insert iterator answers the last deleted row followed
// by the new one.
type replaceNewHalf struct {
	child sql.Node // the *plan.InsertInto
}

var _ sql.ExecSourceRel = (*replaceNewHalf)(nil)

func (h *replaceNewHalf) Resolved() bool       { return h.child.Resolved() }
func (h *replaceNewHalf) String() string       { return h.child.String() }
func (h *replaceNewHalf) IsReadOnly() bool     { return false }
func (h *replaceNewHalf) Children() []sql.Node { return []sql.Node{h.child} }

func (h *replaceNewHalf) Schema() sql.Schema {
	sch := h.child.Schema()
	return sch[len(sch)/2:]
}

func (h *replaceNewHalf) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(h, len(children), 1)
	}
	return &replaceNewHalf{child: children[0]}, nil
}

func (h *replaceNewHalf) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, h.child, r)
	if err != nil {
		return nil, err
	}
	return &newHalfIter{child: it}, nil
}

type newHalfIter struct{ child sql.RowIter }

func (i *newHalfIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := i.child.Next(ctx)
	if err != nil {
		return nil, err
	}
	return row[len(row)/2:], nil
}

func (i *newHalfIter) Close(ctx *sql.Context) error { return i.child.Close(ctx) }

// replacedInPlaceUnchanged says whether MySQL would have replaced old, the
// one row deleted for row, by an update in place that changed nothing
// (see the top of this file), so that the delete is not counted. The
// caller has checked the table has no DELETE trigger. old conflicted with
// row on the first unique key where row has no NULL part (old equal to
// row conflicts on every such key; any other row conflicting earlier
// would have been deleted too, and then old is not the only deleted row
// and not equal); MySQL updates in place only if that key is the last
// unique one.
func replacedInPlaceUnchanged(ctx *sql.Context, d *trigReplaceDest, old, row sql.Row) (bool, error) {
	rt := resolvedUnder(d.Node)
	if rt == nil {
		return false, nil
	}
	t := unwrapTable(rt.Table)
	if t == nil || len(old) != len(row) || len(row) != len(t.def.Columns) {
		return false, nil
	}
	if eq, err := sameRecord(ctx, rt.Schema(), old, row); err != nil || !eq {
		return false, err
	}
	keys := mysqlUniqueKeyOrder(t.def)
	first := -1
	for i, cols := range keys {
		null := false
		for _, c := range cols {
			if c >= 0 && row[c] == nil {
				null = true
				break
			}
		}
		if !null {
			first = i
			break
		}
	}
	if first < 0 || first != len(keys)-1 {
		return false, nil
	}
	refs, err := t.GetReferencedForeignKeys(ctx)
	if err != nil || len(refs) > 0 {
		return false, err
	}
	return true, nil
}

// sameRecord says whether a and b, rows of sch, are stored alike, as
// InnoDB's update_row compares them (calc_row_difference: the columns'
// bytes): strings bytewise whatever their collation, CHAR and BINARY with
// the trailing pad (spaces, zero bytes) the column fills them with.
func sameRecord(ctx *sql.Context, sch sql.Schema, a, b sql.Row) (bool, error) {
	exact, _ := exactSchema(sch)
	for i, c := range exact {
		x, y := a[i], b[i]
		if x == nil || y == nil {
			if x != y {
				return false, nil
			}
			continue
		}
		switch sch[i].Type.Type() {
		case sqltypes.Char:
			x, y = trimPad(x, " "), trimPad(y, " ")
		case sqltypes.Binary:
			x, y = trimPad(x, "\x00"), trimPad(y, "\x00")
		}
		n, err := c.Type.Compare(ctx, x, y)
		if err != nil || n != 0 {
			return false, err
		}
	}
	return true, nil
}

// trimPad is v (a string or []byte) without its trailing pad bytes.
func trimPad(v any, pad string) any {
	switch s := v.(type) {
	case string:
		return strings.TrimRight(s, pad)
	case []byte:
		return bytes.TrimRight(s, pad)
	}
	return v
}

// mysqlUniqueKeyOrder is the column positions of def's unique keys in the
// order MySQL keeps a table's keys (sql_table.cc sort_keys): the primary
// key, then unique keys without a nullable part, then those with one;
// within each, keys without a prefix part first, then in definition
// order. A functional key part is -1 (counted as nullable).
func mysqlUniqueKeyOrder(def *catalog.Table) [][]int {
	type uniqueKey struct {
		cols             []int
		nullable, prefix bool
	}
	var uniq []uniqueKey
	for _, ix := range def.Indexes {
		if !ix.Unique {
			continue
		}
		u := uniqueKey{cols: make([]int, len(ix.Columns))}
		for i, c := range ix.Columns {
			if i < len(ix.Exprs) && ix.Exprs[i] != "" {
				u.cols[i], u.nullable = -1, true
				continue
			}
			u.cols[i] = c
			if c < len(def.Columns) && def.Columns[c].Nullable {
				u.nullable = true
			}
			if i < len(ix.Prefix) && ix.Prefix[i] > 0 {
				u.prefix = true
			}
		}
		uniq = append(uniq, u)
	}
	sort.SliceStable(uniq, func(i, j int) bool {
		if uniq[i].nullable != uniq[j].nullable {
			return !uniq[i].nullable
		}
		return !uniq[i].prefix && uniq[j].prefix
	})
	var out [][]int
	if len(def.PK) > 0 {
		out = append(out, def.PK)
	}
	for _, u := range uniq {
		out = append(out, u.cols)
	}
	return out
}

// drainRows reads child to its end, skipping the rows IGNORE turned into
// warnings, as GMS's accumulator does before it answers a DML statement.
func drainRows(ctx *sql.Context, child sql.RowIter) error {
	for {
		_, err := child.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if _, ignorable := err.(sql.IgnorableError); ignorable {
			continue
		}
		if err != nil {
			return err
		}
	}
}
