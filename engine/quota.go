package engine

import (
	"math"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/go-mysql-server/sql/variables"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
)

// Quota: SET GLOBAL myriad_max_tables_per_schema = n (0, the default: no
// limit) caps the tables of every schema; CREATE TABLE and a clone that
// would pass it fail with 1226, MySQL's error for an exceeded resource
// limit. One global variable rather than a per-schema setting: the parser
// refuses new ALTER DATABASE options, and a uniform tenant cap is the common
// need. The check lists the schema's table names (a prefix scan) only
// while a limit is set.

// MaxTablesVar is the quota's system variable.
const MaxTablesVar = "myriad_max_tables_per_schema"

var registerQuotaOnce sync.Once

func registerQuotaVariable() {
	registerQuotaOnce.Do(func() {
		if sql.SystemVariables == nil {
			variables.InitSystemVariables()
		}
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
			Name:    MaxTablesVar,
			Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
			Dynamic: true,
			Type:    types.NewSystemIntType(MaxTablesVar, 0, math.MaxInt64, false),
			Default: int64(0),
		}})
	})
}

func maxTablesPerSchema() int64 {
	if sql.SystemVariables == nil {
		return 0
	}
	_, v, ok := sql.SystemVariables.GetGlobal(MaxTablesVar)
	if !ok {
		return 0
	}
	n, _ := v.(int64)
	return n
}

// checkTableQuota fails when adding to s would pass the limit.
func (e *Engine) checkTableQuota(r catalog.Reader, s *catalog.Schema, adding int64) error {
	limit := maxTablesPerSchema()
	if limit <= 0 {
		return nil
	}
	var n int64
	if err := e.cat.ListTableNames(r, s, func(string) error { n++; return nil }); err != nil {
		return err
	}
	if n+adding > limit {
		return quotaError(s.Name, limit)
	}
	return nil
}

func quotaError(schema string, limit int64) error {
	return mysql.NewSQLError(mysql.ERUserLimitReached, "42000",
		"Schema '%s' has exceeded the '%s' resource (current value: %d)", schema, MaxTablesVar, limit)
}
