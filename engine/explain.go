package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// EXPLAIN in MySQL's formats, read off the plan GMS analyzed: which table
// is read how (const: a unique key fully bound to constants; eq_ref / ref: a
// key looked up from an earlier table's row; ref: equality on a key prefix;
// range; ALL: the whole table), the key, its used length in MySQL's byte
// counts, and the rows the engine would read. GMS v0.20 answers EXPLAIN
// with one placeholder row of NULLs and refuses FORMAT=JSON/TRADITIONAL.
// Row counts: 1 for const and eq_ref; otherwise the table's exact committed
// row count, an upper bound (Myriad keeps no value statistics).

// ExplainTable is one row of EXPLAIN's traditional output.
type ExplainTable struct {
	ID           int
	SelectType   string
	Table        string
	Type         string // "" when the statement reads no table
	PossibleKeys []string
	Key          string
	KeyLen       int // -1: no key
	UsedParts    []string
	Ref          []string
	Rows         int64 // -1: unknown
	Where        sql.Expression
	Extra        []string
}

// Explain describes the analyzed plan n (the child of GMS's DescribeQuery).
func Explain(ctx *sql.Context, n sql.Node) []*ExplainTable {
	x := &explainer{ctx: ctx, selectType: "SIMPLE", keyed: map[*ExplainTable][]string{}}
	if rc, ok := n.(*replaceCount); ok {
		// The REPLACE under its count (replacecount.go).
		n = rc.child
	}
	switch n.(type) {
	case *plan.Update:
		x.selectType = "UPDATE"
	case *plan.DeleteFrom:
		x.selectType = "DELETE"
	case *plan.InsertInto:
		x.selectType = "INSERT"
	}
	x.walk(n, "")
	if len(x.tables) == 0 {
		return []*ExplainTable{{ID: 1, SelectType: x.selectType, KeyLen: -1, Rows: -1, Extra: []string{"No tables used"}}}
	}
	if x.sorted {
		x.tables[0].Extra = append(x.tables[0].Extra, "Using filesort")
	}
	for t, cols := range x.keyed {
		if t.Where != nil && len(cols) > 0 && onlyColumns(t.Where, cols) {
			t.Where = nil
		}
	}
	return x.tables
}

type explainer struct {
	ctx        *sql.Context
	selectType string
	tables     []*ExplainTable
	sorted     bool
	// keyed: the key columns a table's static lookup binds; a filter on
	// nothing else is already applied by the lookup (no "Using where").
	keyed map[*ExplainTable][]string
}

func (x *explainer) walk(n sql.Node, alias string) {
	switch n := n.(type) {
	case *plan.TableAlias:
		x.walk(n.Child, n.Name())
		return
	case *plan.Filter:
		before := len(x.tables)
		x.walk(n.Child, alias)
		if len(x.tables) > before {
			t := x.tables[len(x.tables)-1]
			if t.Where == nil {
				t.Where = n.Expression
			} else {
				t.Where = expression.NewAnd(t.Where, n.Expression)
			}
		}
		return
	case *plan.Sort, *plan.TopN:
		x.sorted = true
	case *plan.IndexedTableAccess:
		x.indexed(n, alias)
		return
	case *plan.ResolvedTable:
		if !plan.IsDualTable(n.Table) {
			x.add(n.Table, n.Name(), alias, "ALL")
		}
		return
	case *plan.JoinNode:
		x.walk(n.Left(), "")
		before := len(x.tables)
		x.walk(n.Right(), "")
		if len(x.tables) > before && !n.Op.IsLookup() {
			t := x.tables[before]
			if n.Filter != nil {
				t.Where = n.Filter
			}
			if n.Op.IsHash() {
				t.Extra = append(t.Extra, "Using join buffer (hash join)")
			}
		}
		return
	case *plan.InsertInto:
		// The rows come from VALUES or a SELECT: only the target is shown
		// for VALUES, the SELECT's tables after it otherwise.
		if rt, ok := n.Destination.(*plan.ResolvedTable); ok {
			t := x.add(rt.Table, rt.Name(), "", "ALL")
			t.Rows = -1
		}
		if _, values := n.Source.(*plan.Values); !values {
			x.walk(n.Source, "")
		}
		return
	}
	for _, c := range n.Children() {
		x.walk(c, "")
	}
}

func (x *explainer) add(tbl sql.Table, name, alias, access string) *ExplainTable {
	if alias == "" {
		alias = name
	}
	t := &ExplainTable{ID: 1, SelectType: x.selectType, Table: alias, Type: access, KeyLen: -1, Rows: -1}
	t.Rows = tableRows(x.ctx, tbl)
	x.tables = append(x.tables, t)
	return t
}

func tableRows(ctx *sql.Context, tbl sql.Table) int64 {
	for tbl != nil {
		if c, ok := tbl.(interface {
			ExactRowCount(*sql.Context) (uint64, error)
		}); ok {
			if n, err := c.ExactRowCount(ctx); err == nil {
				return int64(n)
			}
			return -1
		}
		w, ok := tbl.(sql.TableWrapper)
		if !ok {
			break
		}
		tbl = w.Underlying()
	}
	return -1
}

func (x *explainer) indexed(n *plan.IndexedTableAccess, alias string) {
	var under sql.Table
	if rt, ok := n.TableNode.(*plan.ResolvedTable); ok {
		under = rt.Table
	} else {
		under = n.TableNode.UnderlyingTable()
	}
	t := x.add(under, n.Name(), alias, "range")
	idx := n.Index()
	t.Key = indexName(idx)
	t.PossibleKeys = []string{t.Key}
	cols := idx.ColumnExpressionTypes()
	nullable := map[string]bool{}
	for _, c := range n.Schema() {
		nullable[strings.ToLower(c.Name)] = c.Nullable
	}
	used := 0
	if !n.IsStatic() {
		// A lookup join: the key comes from the earlier tables' row.
		keys := n.Expressions()
		used = len(keys)
		t.Type = "ref"
		if n.IsStrictLookup() {
			t.Type, t.Rows = "eq_ref", 1
		}
		for _, k := range keys {
			t.Ref = append(t.Ref, x.refName(k))
		}
	} else if lookup, err := n.GetLookup(x.ctx, nil); err == nil {
		eq, bound := equalityPrefix(x.ctx, lookup)
		switch {
		case eq == len(cols) && idx.IsUnique() && eq > 0:
			t.Type, t.Rows, used = "const", 1, eq
		case eq > 0 && bound == eq:
			t.Type, used = "ref", eq
		case bound == 0:
			// The whole index, read for its order.
			t.Type, used = "index", len(cols)
		default:
			used = bound
		}
		if lookup.IsReverse {
			t.Extra = append(t.Extra, "Backward index scan")
		}
		for i := 0; i < eq && t.Type != "range"; i++ {
			t.Ref = append(t.Ref, "const")
		}
		if lookup.IsEmptyRange {
			t.Type, t.Key, t.PossibleKeys, t.Ref, t.Rows, used = "", "", nil, nil, 0, 0
			t.Extra = append(t.Extra, "Impossible WHERE")
		}
	}
	if used > len(cols) {
		used = len(cols)
	}
	x.keyed[t] = nil
	if used > 0 {
		t.KeyLen = 0
		for _, c := range cols[:used] {
			col := c.Expression
			if i := strings.LastIndexByte(col, '.'); i >= 0 {
				col = col[i+1:]
			}
			t.UsedParts = append(t.UsedParts, col)
			if t.Type != "index" {
				x.keyed[t] = append(x.keyed[t], strings.ToLower(col))
			}
			t.KeyLen += keyLength(c.Type, nullable[strings.ToLower(col)])
		}
	}
}

func (x *explainer) refName(e sql.Expression) string {
	if gf, ok := e.(*expression.GetField); ok {
		if db := gf.Database(); db != "" {
			return db + "." + gf.Table() + "." + gf.Name()
		}
		return gf.Table() + "." + gf.Name()
	}
	return "func"
}

func indexName(idx sql.Index) string {
	if strings.EqualFold(idx.ID(), "primary") {
		return "PRIMARY"
	}
	return idx.ID()
}

// equalityPrefix returns how many leading index columns every range binds
// to one value (eq) and how many leading columns the ranges restrict at
// all (bound: eq plus a range on the next column), over one range.
func equalityPrefix(ctx *sql.Context, lookup sql.IndexLookup) (eq, bound int) {
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(ranges) == 0 {
		return 0, 0
	}
	eq, bound = -1, 0
	for _, r := range ranges {
		e, b := 0, 0
		for _, c := range r {
			if isPoint(ctx, c) && e == b {
				e++
				b++
				continue
			}
			if c.Type() != sql.RangeType_All {
				b++
			}
			break
		}
		if len(ranges) > 1 {
			e = 0 // several values: a range over them
		}
		if eq < 0 || e < eq {
			eq = e
		}
		bound = max(bound, b)
	}
	return eq, bound
}

func isPoint(ctx *sql.Context, c sql.MySQLRangeColumnExpr) bool {
	switch c.Type() {
	case sql.RangeType_EqualNull:
		return true
	case sql.RangeType_ClosedClosed:
		lo, hi := sql.GetMySQLRangeCutKey(c.LowerBound), sql.GetMySQLRangeCutKey(c.UpperBound)
		cmp, err := c.Typ.Compare(ctx, lo, hi)
		return err == nil && cmp == 0
	}
	return false
}

// keyLength is the bytes one key part takes in MySQL's key_len.
func keyLength(t sql.Type, nullable bool) int {
	n := 0
	switch t.Type() {
	case sqltypes.Int8, sqltypes.Uint8, sqltypes.Year:
		n = 1
	case sqltypes.Int16, sqltypes.Uint16:
		n = 2
	case sqltypes.Int24, sqltypes.Uint24, sqltypes.Date:
		n = 3
	case sqltypes.Int32, sqltypes.Uint32, sqltypes.Float32:
		n = 4
	case sqltypes.Int64, sqltypes.Uint64, sqltypes.Float64:
		n = 8
	case sqltypes.Datetime, sqltypes.Timestamp, sqltypes.Time:
		base := 5
		switch t.Type() {
		case sqltypes.Timestamp:
			base = 4
		case sqltypes.Time:
			base = 3
		}
		prec := 0
		if dt, ok := t.(sql.DatetimeType); ok {
			prec = dt.Precision()
		}
		n = base + (prec+1)/2
	case sqltypes.Decimal:
		if d, ok := t.(sql.DecimalType); ok {
			n = decimalBytes(int(d.Precision())-int(d.Scale())) + decimalBytes(int(d.Scale()))
		}
	case sqltypes.Enum:
		n = 2
	case sqltypes.Set:
		n = 8
	case sqltypes.Bit:
		n = 8
	default:
		if st, ok := t.(sql.StringType); ok {
			per := 1
			if !types.IsBinaryType(t) {
				per = int(st.CharacterSet().MaxLength())
			}
			n = int(st.MaxCharacterLength()) * per
			if t.Type() == sqltypes.VarChar || t.Type() == sqltypes.VarBinary || types.IsText(t) || types.IsBlobType(t) {
				n += 2
			}
		}
	}
	if nullable {
		n++
	}
	return n
}

// decimalBytes: MySQL packs DECIMAL digits nine to four bytes.
func decimalBytes(digits int) int {
	return digits/9*4 + [...]int{0, 1, 1, 2, 2, 3, 3, 4, 4}[digits%9]
}

// ExplainRows is EXPLAIN FORMAT=TRADITIONAL, in GMS's DescribeSchema.
func ExplainRows(tables []*ExplainTable) []sql.Row {
	rows := make([]sql.Row, len(tables))
	for i, t := range tables {
		row := sql.Row{uint64(t.ID), t.SelectType, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil}
		if t.Table != "" {
			row[2] = t.Table
			if t.Type != "" {
				row[4] = t.Type
			}
			if len(t.PossibleKeys) > 0 {
				row[5] = strings.Join(t.PossibleKeys, ",")
			}
			if t.Key != "" {
				row[6] = t.Key
			}
			if t.KeyLen >= 0 {
				row[7] = fmt.Sprint(t.KeyLen)
			}
			if len(t.Ref) > 0 {
				row[8] = strings.Join(t.Ref, ",")
			}
			if t.Rows >= 0 {
				row[9] = uint64(t.Rows)
			}
			row[10] = 100.0
		}
		extra := t.Extra
		if t.Where != nil {
			extra = append([]string{"Using where"}, extra...)
		}
		if len(extra) > 0 {
			row[11] = strings.Join(extra, "; ")
		}
		rows[i] = row
	}
	return rows
}

type jsonTable struct {
	TableName         string   `json:"table_name"`
	AccessType        string   `json:"access_type,omitempty"`
	PossibleKeys      []string `json:"possible_keys,omitempty"`
	Key               string   `json:"key,omitempty"`
	UsedKeyParts      []string `json:"used_key_parts,omitempty"`
	KeyLength         string   `json:"key_length,omitempty"`
	Ref               []string `json:"ref,omitempty"`
	RowsExamined      *int64   `json:"rows_examined_per_scan,omitempty"`
	RowsProduced      *int64   `json:"rows_produced_per_join,omitempty"`
	Filtered          string   `json:"filtered"`
	UsingJoinBuffer   string   `json:"using_join_buffer,omitempty"`
	AttachedCondition string   `json:"attached_condition,omitempty"`
	Message           string   `json:"message,omitempty"`
}

type jsonEntry struct {
	Table *jsonTable `json:"table"`
}

type jsonOrdering struct {
	UsingFilesort bool         `json:"using_filesort"`
	Table         *jsonTable   `json:"table,omitempty"`
	NestedLoop    []*jsonEntry `json:"nested_loop,omitempty"`
}

type jsonBlock struct {
	SelectID   int           `json:"select_id"`
	Message    string        `json:"message,omitempty"`
	Ordering   *jsonOrdering `json:"ordering_operation,omitempty"`
	Table      *jsonTable    `json:"table,omitempty"`
	NestedLoop []*jsonEntry  `json:"nested_loop,omitempty"`
}

// ExplainJSON is EXPLAIN FORMAT=JSON in MySQL 8.0's shape: query_block
// with its table, or nested_loop of tables in join order, under
// ordering_operation when the result is sorted.
func ExplainJSON(tables []*ExplainTable) (string, error) {
	b := &jsonBlock{SelectID: 1}
	if len(tables) == 1 && tables[0].Table == "" {
		b.Message = "No tables used"
	} else {
		var entries []*jsonEntry
		sorted := false
		for _, t := range tables {
			jt := &jsonTable{TableName: t.Table, AccessType: t.Type, PossibleKeys: t.PossibleKeys, Key: t.Key,
				UsedKeyParts: t.UsedParts, Ref: t.Ref, Filtered: "100.00"}
			if t.KeyLen >= 0 {
				jt.KeyLength = fmt.Sprint(t.KeyLen)
			}
			if t.Rows >= 0 {
				r := t.Rows
				jt.RowsExamined, jt.RowsProduced = &r, &r
			}
			if t.Where != nil {
				jt.AttachedCondition = t.Where.String()
			}
			for _, e := range t.Extra {
				switch e {
				case "Using filesort":
					sorted = true
				case "Using join buffer (hash join)":
					jt.UsingJoinBuffer = "hash join"
				case "Impossible WHERE":
					jt.Message = e
				}
			}
			entries = append(entries, &jsonEntry{Table: jt})
		}
		var table *jsonTable
		var loop []*jsonEntry
		if len(entries) == 1 {
			table = entries[0].Table
		} else {
			loop = entries
		}
		if sorted {
			b.Ordering = &jsonOrdering{UsingFilesort: true, Table: table, NestedLoop: loop}
		} else {
			b.Table, b.NestedLoop = table, loop
		}
	}
	out, err := json.MarshalIndent(map[string]*jsonBlock{"query_block": b}, "", "  ")
	return string(out), err
}

// onlyColumns reports whether e reads no column but cols.
func onlyColumns(e sql.Expression, cols []string) bool {
	ok := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e := e.(type) {
		case *expression.GetField:
			if !slices.Contains(cols, strings.ToLower(e.Name())) {
				ok = false
			}
		case sql.NonDeterministicExpression, *plan.Subquery:
			ok = false
		}
		return !ok
	})
	return ok
}
