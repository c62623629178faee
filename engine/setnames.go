package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// SetNamesCollate is an analyzer rule for SET NAMES cs COLLATE coll: the
// parser drops the COLLATE clause, so collation_connection became cs's
// default collation instead of coll (comparisons of literals then used the
// wrong collation). The clause is read again from the statement text and
// set after the character sets; a collation of another character set fails
// with 1253, as in MySQL.
func SetNamesCollate(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	set, ok := n.(*plan.Set)
	if !ok {
		return n, transform.SameTree, nil
	}
	cs, coll, ok := setNamesCollate(ctx.Query())
	if !ok {
		return n, transform.SameTree, nil
	}
	id, err := sql.ParseCollation(cs, coll, false)
	if err != nil {
		if _, known := sql.ParseCollation("", coll, false); known == nil {
			return nil, transform.SameTree, sql.ErrCollationInvalidForCharSet.New(coll, cs)
		}
		return nil, transform.SameTree, err
	}
	field := expression.NewSetField(expression.NewSystemVar("collation_connection",
		sql.GetMysqlScope(sql.SystemVariableScope_Session), "SESSION"),
		expression.NewLiteral(id.Name(), types.LongText))
	exprs := append(set.Exprs[:len(set.Exprs):len(set.Exprs)], field)
	return plan.NewSet(exprs), transform.NewTree, nil
}

// setNamesCollate returns cs and coll of a statement that starts
// SET NAMES cs COLLATE coll.
func setNamesCollate(q string) (cs, coll string, ok bool) {
	if !containsFold(q, "collate") {
		return "", "", false
	}
	tkn := sqlparser.NewStringTokenizer(q)
	next := func() (int, string) {
		for {
			typ, val := tkn.Scan()
			if typ != sqlparser.COMMENT {
				return typ, string(val)
			}
		}
	}
	if typ, _ := next(); typ != sqlparser.SET {
		return "", "", false
	}
	if typ, _ := next(); typ != sqlparser.NAMES {
		return "", "", false
	}
	typ, cs := next()
	if typ == 0 || typ == sqlparser.LEX_ERROR || cs == "" {
		return "", "", false
	}
	if typ, _ := next(); typ != sqlparser.COLLATE {
		return "", "", false
	}
	typ, coll = next()
	if typ == 0 || typ == sqlparser.LEX_ERROR || coll == "" {
		return "", "", false
	}
	return cs, coll, true
}
