package engine

import (
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// A SELECT's USE, FORCE and IGNORE INDEX hints are applied: while the
// statement is planned, the indexes a hint excludes are not among its
// table's indexes (Table.GetIndexes), so GMS plans without them as MySQL's
// optimizer does. GMS parsed the hints and ignored them; where a scan and
// an index lookup disagree, the hint changed the answer in MySQL but not
// here: a TIMESTAMP compared in the repeated hour of a daylight-saving
// change matches two stored instants in a scan and the one the literal
// converts to in an index lookup, so `IGNORE INDEX (ts)` counted 2 rows
// in MySQL and 1 here.
//
// Only SELECT statements (and their subqueries) apply hints: the foreign
// key and unique checks of DML find their indexes through the same
// method. A table named twice with different hints keeps all its indexes.
// USE and FORCE INDEX (a) both leave the named indexes only (FORCE's
// "a table scan is very expensive" is GMS's costing to decide).

// RuleApplyIndexHints is from the lead's session-24 range 11_950-11_959.
const RuleApplyIndexHints analyzer.RuleId = 11_952

// statementHints is the hinted tables of the statement a session is
// planning.
type statementHints struct {
	pid uint64
	// tables by "schema.table" (lower case): the indexes left (use) or
	// taken away (!use), lower case; nil for a table hinted two ways.
	tables map[string]*tableHint
}

type tableHint struct {
	use   bool
	names map[string]bool
}

// sessionHints holds a statementHints per session id.
var sessionHints sync.Map

// applyIndexHints records the hints of the statement being planned (see
// above); it changes no node. It runs in the pre-analyzer batch, before
// GMS chooses indexes.
func (e *Engine) applyIndexHints(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if ctx == nil || ctx.Session == nil {
		return n, transform.SameTree, nil
	}
	q := ctx.Query()
	if !(containsFold(q, "index") || containsFold(q, "key")) || !hintRe.MatchString(q) {
		return n, transform.SameTree, nil
	}
	// What the parser chain hands vitess (see CheckIndexHints).
	stmt, err := sqlparser.Parse(sqltext.ParserText(q))
	if err != nil {
		return n, transform.SameTree, nil
	}
	if x, ok := stmt.(*sqlparser.Explain); ok {
		stmt = x.Statement
	}
	switch stmt.(type) {
	case *sqlparser.Select, *sqlparser.SetOp:
	default:
		return n, transform.SameTree, nil
	}
	h := &statementHints{pid: ctx.Pid(), tables: map[string]*tableHint{}}
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		t, ok := node.(*sqlparser.AliasedTableExpr)
		if !ok {
			return true, nil
		}
		name, ok := t.Expr.(sqlparser.TableName)
		if !ok {
			return true, nil
		}
		db := name.DbQualifier.String()
		if db == "" {
			db = ctx.GetCurrentDatabase()
		}
		key := strings.ToLower(db + "." + name.Name.String())
		var th *tableHint
		if t.Hints != nil && len(t.Hints.Indexes) > 0 {
			th = &tableHint{use: t.Hints.Type != sqlparser.IgnoreStr, names: map[string]bool{}}
			for _, ix := range t.Hints.Indexes {
				th.names[strings.ToLower(ix.String())] = true
			}
		}
		if prev, seen := h.tables[key]; seen && !sameHint(prev, th) {
			h.tables[key] = nil
		} else if !seen {
			h.tables[key] = th
		}
		return true, nil
	}, stmt)
	sessionHints.Store(ctx.Session.ID(), h)
	return n, transform.SameTree, nil
}

func sameHint(a, b *tableHint) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.use != b.use || len(a.names) != len(b.names) {
		return false
	}
	for n := range a.names {
		if !b.names[n] {
			return false
		}
	}
	return true
}

// hintedIndexes is the filter the statement ctx plans puts on the indexes
// of schema.table: keep reports whether an index of that name stays.
func hintedIndexes(ctx *sql.Context, schema, table string) (keep func(name string) bool) {
	if ctx == nil || ctx.Session == nil {
		return nil
	}
	v, ok := sessionHints.Load(ctx.Session.ID())
	if !ok {
		return nil
	}
	h := v.(*statementHints)
	if h.pid != ctx.Pid() {
		return nil
	}
	th := h.tables[strings.ToLower(schema+"."+table)]
	if th == nil {
		return nil
	}
	return func(name string) bool { return th.names[strings.ToLower(name)] == th.use }
}

// ForgetIndexHints drops what a closed session's last hinted statement
// left (the server calls it when the connection closes).
func ForgetIndexHints(sessionID uint32) { sessionHints.Delete(sessionID) }
