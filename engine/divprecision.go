package engine

import (
	"context"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// div_precision_increment: MySQL adds it to the scale of `/` and AVG
// (SET div_precision_increment = 2; SELECT 1/3 is 0.33). GMS's division
// and AVG add a fixed 4 and accepted any value of the variable without
// using it: 0.3333, a silent wrong value and type. Until the division
// follows the variable, only 4 (MySQL's default) is accepted; another
// value in MySQL's range 0..30 is refused with 1235.

var divPrecOnce sync.Once

// defineDivPrecisionVariable is called by New.
func defineDivPrecisionVariable() {
	divPrecOnce.Do(func() {
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
			Name:              "div_precision_increment",
			Scope:             sql.GetMysqlScope(sql.SystemVariableScope_Both),
			Dynamic:           true,
			SetVarHintApplies: true,
			Type:              divPrecisionType{types.NewSystemIntType("div_precision_increment", 0, 30, false)},
			Default:           int64(4),
		}})
	})
}

type divPrecisionType struct {
	sql.SystemVariableType
}

func (t divPrecisionType) Convert(ctx context.Context, v interface{}) (interface{}, sql.ConvertInRange, error) {
	out, rng, err := t.SystemVariableType.Convert(ctx, v)
	if err != nil {
		return out, rng, err
	}
	if n, ok := out.(int64); ok && n != 4 {
		return nil, sql.OutOfRange, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
			"This version of MySQL doesn't yet support 'div_precision_increment other than 4 (Myriad's division and AVG add 4 decimals)'")
	}
	return out, rng, nil
}
