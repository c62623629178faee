package infoschema

import (
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
)

// floatScaleColumns is a table that knows the (M,D) of its FLOAT(M,D) and
// DOUBLE(M,D) columns (engine.Table): GMS's float types keep no scale.
type floatScaleColumns interface {
	FloatScaleColumn(name string) (m, d int, ok bool)
}

// floatScale gives a FLOAT(M,D) or DOUBLE(M,D) column MySQL's COLUMN_TYPE,
// float(7,4), NUMERIC_PRECISION M and NUMERIC_SCALE D (GMS: float, 12,
// NULL), as MySQL 8.0 and MariaDB show them.
func (it *timePrecisionIter) floatScale(ctx *sql.Context, row sql.Row) {
	f, ok := it.engineTable(ctx, row).(floatScaleColumns)
	if !ok {
		return
	}
	m, d, ok := f.FloatScaleColumn(it.col(row, it.nameCol))
	if !ok {
		return
	}
	row[it.typeCol] = it.col(row, it.typeCol) + "(" + strconv.Itoa(m) + "," + strconv.Itoa(d) + ")"
	if it.numPrecCol >= 0 && it.numPrecCol < len(row) {
		row[it.numPrecCol] = m
	}
	if it.scaleCol >= 0 && it.scaleCol < len(row) {
		row[it.scaleCol] = d
	}
}
