package server

import (
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// refuseShowIndexWhere refuses SHOW INDEX/KEYS ... WHERE: the parser keeps
// the WHERE (Show.ShowIndexFilterOpt) but GMS's planner never reads it and
// would answer every index of the table, a silent wrong answer. The other
// SHOW statements that take WHERE or LIKE are filtered by GMS
// (showwhere_test.go checks each). 1235 (ER_NOT_SUPPORTED_YET) until the
// filter is applied. text is the statement, or the statements from it on:
// the token scan stops at the first ';' so a later statement's WHERE does
// not count.
func refuseShowIndexWhere(stmt sqlparser.Statement, text string) error {
	s, ok := stmt.(*sqlparser.Show)
	if !ok || strings.ToLower(s.Type) != sqlparser.IndexStr {
		return nil
	}
	tkn := sqlparser.NewStringTokenizer(text)
	for {
		typ, _ := tkn.Scan()
		switch typ {
		case 0, ';', sqlparser.LEX_ERROR:
			return nil
		case sqlparser.WHERE:
			return mysql.NewSQLError(1235, "42000", "This version of MySQL doesn't yet support 'SHOW INDEX ... WHERE'")
		}
	}
}
