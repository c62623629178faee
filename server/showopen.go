package server

import (
	"fmt"
	"regexp"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

var (
	// openTablesRe is SHOW OPEN TABLES [FROM|IN db] [LIKE 'p' | WHERE
	// ...], which GMS's parser does not know (1064).
	openTablesRe = regexp.MustCompile("(?is)^\\s*SHOW\\s+OPEN\\s+TABLES(?:\\s+(?:FROM|IN)\\s+(`[^`]+`|\\w+))?(?:\\s+(?:LIKE\\s+'[^']*'|WHERE\\s+[^;]*))?\\s*;?\\s*$")
)

// comShowOpenTables answers SHOW OPEN TABLES with MySQL's columns and no
// row: MySQL lists the tables in its table cache, and Myriad has none (a
// table is opened per statement from the catalog). As in MySQL (and
// MariaDB), FROM an unknown schema is no error: the list is only filtered
// by it. The WHERE is not evaluated (there is no row to test).
func (h *handler) comShowOpenTables(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	m := openTablesRe.FindStringSubmatch(query)
	if m == nil {
		return false, nil
	}
	text := func(name string) *querypb.Field {
		return &querypb.Field{Name: name, Type: querypb.Type_VARCHAR, Charset: uint32(mysql.CharacterSetUtf8), ColumnLength: 64 * 3}
	}
	num := func(name string) *querypb.Field {
		return &querypb.Field{Name: name, Type: querypb.Type_INT64, Charset: binaryCharset, ColumnLength: 1,
			Flags: uint32(querypb.MySqlFlag_NOT_NULL_FLAG | querypb.MySqlFlag_NUM_FLAG)}
	}
	res := &sqltypes.Result{Fields: []*querypb.Field{text("Database"), text("Table"), num("In_use"), num("Name_locked")}}
	if err := cb(res, false); err != nil {
		return true, fmt.Errorf("show open tables: send result: %w", err)
	}
	return true, nil
}
