package infoschema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/floattype"
	"github.com/myriaddb/myriad/timetype"
)

// withTimePrecision is GMS's COLUMNS with DATETIME_PRECISION filled in for
// TIME(n) columns (timetype): GMS fills it only for its own TIME, as 6.
// It also corrects the values GMS gets wrong that migration tools compare
// with their models (see fixRow). The copy keeps GMS's concrete type, which
// its analyzer looks for.
func withTimePrecision(ct *information_schema.ColumnsTable) *information_schema.ColumnsTable {
	it := timePrecisionIter{typeCol: -1, precCol: -1, schemaCol: -1, tableCol: -1, nameCol: -1, dataCol: -1, defCol: -1, scaleCol: -1, keyCol: -1, numPrecCol: -1}
	for i, c := range ct.Schema() {
		switch strings.ToLower(c.Name) {
		case "column_type":
			it.typeCol = i
		case "datetime_precision":
			it.precCol = i
		case "table_schema":
			it.schemaCol = i
		case "table_name":
			it.tableCol = i
		case "column_name":
			it.nameCol = i
		case "data_type":
			it.dataCol = i
		case "column_default":
			it.defCol = i
		case "numeric_scale":
			it.scaleCol = i
		case "numeric_precision":
			it.numPrecCol = i
		case "column_key":
			it.keyCol = i
		}
	}
	inner := ct.RowIter
	if it.typeCol < 0 || it.precCol < 0 || inner == nil {
		return ct
	}
	c := *ct
	c.RowIter = func(ctx *sql.Context, cat sql.Catalog, sch sql.Schema) (sql.RowIter, error) {
		ri, err := inner(ctx, cat, sch)
		if err != nil {
			return nil, err
		}
		fixed := it
		fixed.RowIter, fixed.cat = ri, cat
		return &fixed, nil
	}
	return &c
}

type timePrecisionIter struct {
	sql.RowIter
	cat                                                     sql.Catalog
	typeCol, precCol                                        int
	schemaCol, tableCol, nameCol, dataCol, defCol, scaleCol int
	keyCol, numPrecCol                                      int
	// The table the last rows came from (GMS gives a table's columns one
	// after another), looked up once for all its rows: tblOf names it,
	// tbl is nil when it cannot be read; keys caches its firstKeys.
	tblOf string
	tbl   sql.Table
	keys  map[string]string
}

// table is the catalog's table of row, nil if it cannot be read.
func (it *timePrecisionIter) table(ctx *sql.Context, row sql.Row) sql.Table {
	name := it.col(row, it.schemaCol) + "\x00" + it.col(row, it.tableCol)
	if it.tblOf == name {
		return it.tbl
	}
	it.tblOf, it.tbl, it.keys = name, nil, nil
	if it.cat == nil {
		return nil
	}
	if t, _, err := it.cat.Table(ctx, it.col(row, it.schemaCol), it.col(row, it.tableCol)); err == nil && t != nil {
		it.tbl = t
	}
	return it.tbl
}

// engineTable is row's table without the wrappers around Myriad's own.
func (it *timePrecisionIter) engineTable(ctx *sql.Context, row sql.Row) sql.Table {
	t := it.table(ctx, row)
	for i := 0; i < 8 && t != nil; i++ {
		if w, ok := t.(sql.TableWrapper); ok {
			t = w.Underlying()
		}
	}
	return t
}

func (it *timePrecisionIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err != nil || len(row) <= it.typeCol || len(row) <= it.precCol {
		return row, err
	}
	if row[it.precCol] == nil {
		if fsp, ok := timePrecision(row[it.typeCol]); ok {
			row[it.precCol] = fsp
		}
	}
	it.fixRow(ctx, row)
	if k := it.col(row, it.keyCol); k == "MUL" || k == "UNI" {
		row[it.keyCol] = it.columnKey(ctx, row)
	}
	return row, nil
}

// columnKey is COLUMN_KEY as MySQL sets it (table.cc: only an index's first
// key part gets UNIQUE_KEY_FLAG, for a one-column unique index, or
// MULTIPLE_KEY_FLAG; UNI shows before MUL). GMS marked every column of a
// non-unique index MUL (b of KEY (a, b)), and a column in two indexes got
// whichever came last. PRI (GMS's, also for the promoted unique NOT NULL
// key) is left alone.
func (it *timePrecisionIter) columnKey(ctx *sql.Context, row sql.Row) any {
	tbl := it.table(ctx, row)
	if it.keys == nil && tbl != nil {
		it.keys = firstKeys(ctx, tbl)
	}
	if it.keys == nil {
		return row[it.keyCol]
	}
	return it.keys[strings.ToLower(it.col(row, it.nameCol))]
}

// firstKeys maps a table's lower-case column names to UNI or MUL by the
// indexes they start; nil when the table or its indexes cannot be read.
func firstKeys(ctx *sql.Context, tbl sql.Table) map[string]string {
	ia, ok := tbl.(sql.IndexAddressable)
	if !ok {
		return nil
	}
	idxs, err := ia.GetIndexes(ctx)
	if err != nil {
		return nil
	}
	keys := map[string]string{}
	for _, idx := range idxs {
		exprs := idx.Expressions()
		if idx.ID() == "PRIMARY" || len(exprs) == 0 {
			continue
		}
		first := exprs[0]
		if i := strings.LastIndexByte(first, '.'); i >= 0 {
			first = first[i+1:]
		}
		first = strings.ToLower(first)
		switch {
		case idx.IsUnique() && len(exprs) == 1:
			keys[first] = "UNI"
		case keys[first] == "":
			keys[first] = "MUL"
		}
	}
	return keys
}

func (it *timePrecisionIter) col(row sql.Row, i int) string {
	if i < 0 || i >= len(row) {
		return ""
	}
	s, _ := row[i].(string)
	return s
}

// fixRow corrects, as MySQL 8.0 gives them: an ENUM or SET type's values
// with their quotes doubled (GMS: enum('a','b'c'), which cannot be split)
// and its default's value (GMS: b”c); a DATE default without a time
// (GMS: 2020-01-02 00:00:00) and a DATE's DATETIME_PRECISION NULL (GMS: 0);
// a DECIMAL default with its declared scale (GMS: 1.5 for 1.50).
func (it *timePrecisionIter) fixRow(ctx *sql.Context, row sql.Row) {
	switch it.col(row, it.dataCol) {
	case "date":
		row[it.precCol] = nil
		if d := it.col(row, it.defCol); len(d) == len("2006-01-02 00:00:00") && strings.HasSuffix(d, " 00:00:00") {
			row[it.defCol] = d[:len("2006-01-02")]
		}
	case "float", "double":
		it.floatScale(ctx, row)
		it.unsigned(ctx, row)
		it.fractionZerofill(ctx, row)
	case "tinyint", "smallint", "mediumint", "int", "bigint":
		it.zerofill(ctx, row)
	case "decimal":
		it.unsigned(ctx, row)
		it.fractionZerofill(ctx, row)
		if it.scaleCol < 0 || it.defCol < 0 {
			return
		}
		scale, err := strconv.Atoi(fmt.Sprint(row[it.scaleCol]))
		if v, derr := decimal.NewFromString(it.col(row, it.defCol)); err == nil && derr == nil {
			row[it.defCol] = v.StringFixed(int32(scale))
		}
	case "enum", "set":
		if !strings.ContainsAny(it.col(row, it.typeCol)+it.col(row, it.defCol), `'\`) {
			return
		}
		tbl := it.table(ctx, row)
		if tbl == nil {
			return
		}
		idx := tbl.Schema().IndexOfColName(it.col(row, it.nameCol))
		if idx < 0 {
			return
		}
		c := tbl.Schema()[idx]
		var vals []string
		kind := "enum"
		switch t := c.Type.(type) {
		case sql.EnumType:
			vals = t.Values()
		case sql.SetType:
			vals, kind = t.Values(), "set"
		default:
			return
		}
		q := make([]string, len(vals))
		for i, v := range vals {
			q[i] = "'" + strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), "'", "''") + "'"
		}
		row[it.typeCol] = kind + "(" + strings.Join(q, ",") + ")"
		if c.Default != nil && c.Default.IsLiteral() && it.defCol >= 0 {
			v, err := c.Default.Eval(ctx, nil)
			if err != nil || v == nil {
				return
			}
			switch t := c.Type.(type) {
			case sql.EnumType:
				if n, ok := v.(uint16); ok {
					if s, ok := t.At(int(n)); ok {
						row[it.defCol] = s
					}
				}
			case sql.SetType:
				if n, ok := v.(uint64); ok {
					if s, err := t.BitsToString(n); err == nil {
						row[it.defCol] = s
					}
				}
			}
		}
	}
}

// timePrecision reads n from a COLUMN_TYPE of `time` or `time(n)`.
func timePrecision(v any) (int, bool) {
	s, ok := v.(string)
	if !ok || !strings.HasPrefix(s, "time") {
		return 0, false
	}
	switch {
	case s == "time":
		return 0, true
	case len(s) == len("time(n)") && s[4] == '(' && s[6] == ')' && s[5] >= '0' && s[5] <= '0'+timetype.MaxPrecision:
		return int(s[5] - '0'), true
	}
	return 0, false
}

// unsignedColumns is a table that knows which of its DECIMAL, FLOAT and
// DOUBLE columns were declared UNSIGNED (engine.Table): GMS's types of
// them cannot say so.
type unsignedColumns interface {
	UnsignedColumn(name string) bool
}

// zerofillColumns is a table that knows the display width of its integer
// columns declared ZEROFILL (engine.Table).
type zerofillColumns interface {
	ZerofillColumn(name string) (width int, ok bool)
}

// zerofill gives such a column MySQL's COLUMN_TYPE, int(5) unsigned
// zerofill (GMS: int unsigned).
func (it *timePrecisionIter) zerofill(ctx *sql.Context, row sql.Row) {
	if !strings.HasSuffix(it.col(row, it.typeCol), " unsigned") {
		return
	}
	if z, ok := it.engineTable(ctx, row).(zerofillColumns); ok {
		if w, zf := z.ZerofillColumn(it.col(row, it.nameCol)); zf {
			row[it.typeCol] = floattype.ZerofillName(it.col(row, it.typeCol), w)
		}
	}
}

// fractionZerofill appends MySQL's " zerofill" to the COLUMN_TYPE of a
// DECIMAL, FLOAT or DOUBLE declared ZEROFILL (decimal(6,2) unsigned
// zerofill), which has no display width to print.
func (it *timePrecisionIter) fractionZerofill(ctx *sql.Context, row sql.Row) {
	if !strings.HasSuffix(it.col(row, it.typeCol), " unsigned") {
		return
	}
	if z, ok := it.engineTable(ctx, row).(zerofillColumns); ok {
		if _, zf := z.ZerofillColumn(it.col(row, it.nameCol)); zf {
			row[it.typeCol] = it.col(row, it.typeCol) + " zerofill"
		}
	}
}

// unsigned appends MySQL's " unsigned" to the COLUMN_TYPE of such a column.
func (it *timePrecisionIter) unsigned(ctx *sql.Context, row sql.Row) {
	if strings.HasSuffix(it.col(row, it.typeCol), " unsigned") {
		return
	}
	if u, ok := it.engineTable(ctx, row).(unsignedColumns); ok && u.UnsignedColumn(it.col(row, it.nameCol)) {
		row[it.typeCol] = it.col(row, it.typeCol) + " unsigned"
	}
}
