package engine

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// hintRe finds statements that may carry an index hint; only those are
// parsed again.
var hintRe = regexp.MustCompile(`(?i)\b(use|force|ignore)\s+(index|key)\b`)

// CheckIndexHints is an analyzer rule: go-mysql-server parses USE, FORCE
// and IGNORE INDEX (...) and ignores them, so a misspelt index name went
// unnoticed. MySQL 8.0 refuses a name that is not an index of the table
// with 1176 (ER_KEY_DOES_NOT_EXITS) for all three; the hints themselves
// stay advisory here. The hints are not in GMS's plan, so the statement
// text is parsed again, which happens only when it looks hinted.
func (e *Engine) CheckIndexHints(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	q := ctx.Query()
	// The substring tests cost no allocation and rule out nearly every
	// statement before the regular expression runs.
	if !(containsFold(q, "index") || containsFold(q, "key")) || !hintRe.MatchString(q) {
		return n, transform.SameTree, nil
	}
	// The text the engine's parser chain hands vitess's grammar: `FORCE
	// INDEX (PRIMARY)` and `USE KEY` are only readable after its passes.
	stmt, err := sqlparser.Parse(sqltext.ParserText(q))
	if err != nil {
		return n, transform.SameTree, nil // GMS parsed it; nothing to add
	}
	var hintErr error
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		t, ok := node.(*sqlparser.AliasedTableExpr)
		if !ok || t.Hints == nil || hintErr != nil {
			return true, nil
		}
		name, ok := t.Expr.(sqlparser.TableName)
		if !ok {
			return true, nil
		}
		hintErr = e.checkHint(ctx, name, t.Hints)
		return true, nil
	}, stmt)
	if hintErr != nil {
		return nil, transform.SameTree, hintErr
	}
	return n, transform.SameTree, nil
}

func (e *Engine) checkHint(ctx *sql.Context, name sqlparser.TableName, h *sqlparser.IndexHints) error {
	db := name.DbQualifier.String()
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	if db == "" || len(h.Indexes) == 0 {
		return nil
	}
	d, err := e.Provider().Database(ctx, db)
	if err != nil {
		return nil // not ours to report (GMS already resolved the statement)
	}
	t, ok, err := d.GetTableInsensitive(ctx, name.Name.String())
	if err != nil || !ok {
		return nil
	}
	tbl, ok := t.(*Table)
	if !ok {
		return nil // views, system tables: no hint check here
	}
	def := tbl.Def()
	for _, ix := range h.Indexes {
		n := ix.String()
		if strings.EqualFold(n, "PRIMARY") && len(def.PK) > 0 {
			continue
		}
		if _, found := def.IndexByName(n); found {
			continue
		}
		return &mysql.SQLError{Num: erKeyDoesNotExist, State: "42000",
			Message: fmt.Sprintf("Key '%s' doesn't exist in table '%s'", n, name.Name.String())}
	}
	return nil
}

// erKeyDoesNotExist is ER_KEY_DOES_NOT_EXITS (sic).
const erKeyDoesNotExist = 1176
