package infoschema

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/information_schema"

	"github.com/myriaddb/myriad/timetype"
)

// withTimePrecision is GMS's COLUMNS with DATETIME_PRECISION filled in for
// TIME(n) columns (timetype): GMS fills it only for its own TIME, as 6.
// The copy keeps GMS's concrete type, which its analyzer looks for.
func withTimePrecision(ct *information_schema.ColumnsTable) *information_schema.ColumnsTable {
	typeCol, precCol := -1, -1
	for i, c := range ct.Schema() {
		switch strings.ToLower(c.Name) {
		case "column_type":
			typeCol = i
		case "datetime_precision":
			precCol = i
		}
	}
	inner := ct.RowIter
	if typeCol < 0 || precCol < 0 || inner == nil {
		return ct
	}
	c := *ct
	c.RowIter = func(ctx *sql.Context, cat sql.Catalog, sch sql.Schema) (sql.RowIter, error) {
		it, err := inner(ctx, cat, sch)
		if err != nil {
			return nil, err
		}
		return &timePrecisionIter{RowIter: it, typeCol: typeCol, precCol: precCol}, nil
	}
	return &c
}

type timePrecisionIter struct {
	sql.RowIter
	typeCol, precCol int
}

func (it *timePrecisionIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err != nil || len(row) <= it.typeCol || len(row) <= it.precCol || row[it.precCol] != nil {
		return row, err
	}
	if fsp, ok := timePrecision(row[it.typeCol]); ok {
		row[it.precCol] = fsp
	}
	return row, nil
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
