package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// castDecimalShapeErr is MySQL's error for CAST(x AS DECIMAL(M,D)) with an
// impossible shape: M above 65 (1426), D above 30 (1425), D above M (1427).
// GMS answered the value cast to some other DECIMAL.
func castDecimalShapeErr(c *expression.Convert) error {
	m, d := convertShape(c)
	name := c.Child.String()
	switch {
	case m > types.DecimalTypeMaxPrecision:
		return mysql.NewSQLError(erTooBigPrecision, "42000",
			"Too-big precision %d specified for '%s'. Maximum is %d.", m, name, types.DecimalTypeMaxPrecision)
	case d > types.DecimalTypeMaxScale:
		return mysql.NewSQLError(erTooBigScale, "42000",
			"Too big scale %d specified for '%s'. Maximum is %d.", d, name, types.DecimalTypeMaxScale)
	case m > 0 && d > m:
		return mysql.NewSQLError(erMBiggerThanD, "42000",
			"For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '%s').", name)
	}
	return nil
}

// MySQL's error numbers (vitess names none of them).
const (
	erTooBigScale     = 1425
	erTooBigPrecision = 1426
	erMBiggerThanD    = 1427
)
