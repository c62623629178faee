package sqlfunc

import (
	"strconv"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/timetype"
)

// TimeColumns gives every TIME column definition of a CREATE or ALTER TABLE
// statement its declared precision as a timetype.Type: GMS's planner
// refuses TIME(0) to TIME(5) ("TIME length not yet supported") and makes
// TIME and TIME(6) the same microsecond type, so a TIME column kept and
// printed fractions MySQL rounds away, and a TIME(6) one reported 0
// decimals. The planner takes a type the parser already resolved as it is.
// A precision above 6 is left to the planner's own error.
func TimeColumns(stmt ast.Statement) {
	switch s := stmt.(type) {
	case *ast.DDL:
		timeColumnsDDL(s)
	case *ast.AlterTable:
		for _, d := range s.Statements {
			timeColumnsDDL(d)
		}
	}
}

func timeColumnsDDL(d *ast.DDL) {
	if d == nil {
		return
	}
	if d.TableSpec != nil {
		for _, c := range d.TableSpec.Columns {
			resolveTime(&c.Type)
		}
	}
	if d.ColumnTypeSpec != nil {
		resolveTime(&d.ColumnTypeSpec.Type)
	}
}

func resolveTime(ct *ast.ColumnType) {
	if ct.ResolvedType != nil || !strings.EqualFold(ct.Type, "time") {
		return
	}
	fsp := 0
	if ct.Length != nil {
		n, err := strconv.Atoi(string(ct.Length.Val))
		if err != nil || n < 0 || n > timetype.MaxPrecision {
			return
		}
		fsp = n
	}
	ct.ResolvedType = timetype.New(fsp)
}
