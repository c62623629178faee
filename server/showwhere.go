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
// filter is applied.
//
// A routine, trigger or event body is not walked by sqlparser.Walk, so for
// CREATE PROCEDURE/TRIGGER/EVENT the statement's tokens are scanned instead
// (text: the statement, or the statements from it on; any later ones only
// make a refusal likelier, never an answer wrong). Refusing the CREATE, and the parse of a stored
// body that predates this check when it is loaded, keeps CALL from
// answering the unfiltered rows.
func refuseShowIndexWhere(stmt sqlparser.Statement, text string) error {
	refuse := false
	switch s := stmt.(type) {
	case *sqlparser.Show:
		refuse = s.ShowIndexFilterOpt != nil && strings.ToLower(s.Type) == sqlparser.IndexStr
	case *sqlparser.DDL:
		if s.ProcedureSpec != nil || s.TriggerSpec != nil || s.EventSpec != nil {
			refuse = bodyShowsIndexWhere(text)
		}
	}
	if !refuse {
		return nil
	}
	return mysql.NewSQLError(1235, "42000", "This version of MySQL doesn't yet support 'SHOW INDEX ... WHERE'")
}

// bodyShowsIndexWhere reports whether text holds SHOW [EXTENDED] [FULL]
// INDEX|INDEXES|KEYS ... WHERE within one statement (before its ';').
func bodyShowsIndexWhere(text string) bool {
	tkn := sqlparser.NewStringTokenizer(text)
	// state 0: looking for SHOW; 1: after SHOW (and modifiers); 2: in a
	// SHOW INDEX statement.
	state := 0
	for {
		typ, _ := tkn.Scan()
		switch {
		case typ == 0 || typ == sqlparser.LEX_ERROR:
			return false
		case typ == ';':
			state = 0
		case typ == sqlparser.SHOW:
			state = 1
		case state == 1 && (typ == sqlparser.EXTENDED || typ == sqlparser.FULL):
		case state == 1 && (typ == sqlparser.INDEX || typ == sqlparser.INDEXES || typ == sqlparser.KEYS):
			state = 2
		case state == 1:
			state = 0
		case state == 2 && typ == sqlparser.WHERE:
			return true
		}
	}
}
