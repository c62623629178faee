package engine

import (
	"github.com/myriaddb/myriad/catalog"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine/infoschema"
)

// ViewCreate is the stored CREATE VIEW statement of view db.name in the
// committed catalog; ok is false for a name that is no view of db.
func (s *Session) ViewCreate(db, name string) (create string, ok bool) {
	if s == nil || s.eng == nil || db == "" || name == "" {
		return "", false
	}
	sc, err := s.eng.cat.Schema(nil, db)
	if err != nil || sc == nil || sc.Views <= 0 {
		return "", false
	}
	v, err := s.eng.cat.View(nil, sc, name)
	if err != nil || v == nil {
		return "", false
	}
	return v.CreateStmt, true
}

// showCreateViewCheck gives SHOW CREATE VIEW's text the view's check
// option (WITH CASCADED CHECK OPTION, WITH LOCAL CHECK OPTION), which
// GMS's planner drops. The view is the one the statement names (the plan
// holds only its definition).
func (e *Engine) showCreateViewCheck(ctx *sql.Context, sc *plan.ShowCreateTable) (sql.Node, transform.TreeIdentity, error) {
	sa, ok := sc.Child.(*plan.SubqueryAlias)
	if !ok {
		return sc, transform.SameTree, nil
	}
	stmt, err := ast.Parse(ctx.Query())
	show, isShow := stmt.(*ast.Show)
	if err != nil || !isShow || !strings.EqualFold(show.Table.Name.String(), sa.Name()) {
		return sc, transform.SameTree, nil
	}
	db := show.Table.DbQualifier.String()
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	create, ok := (&Session{eng: e}).ViewCreate(db, sa.Name())
	if !ok {
		return sc, transform.SameTree, nil
	}
	opt := infoschema.ViewCheckOption(create)
	if opt == "NONE" {
		return sc, transform.SameTree, nil
	}
	c := *sa
	c.TextDefinition += " WITH " + opt + " CHECK OPTION"
	n, err := sc.WithChildren(&c)
	if err != nil {
		return sc, transform.SameTree, err
	}
	return n, transform.NewTree, nil
}

// isViewAlias: SHOW CREATE VIEW and SHOW CREATE TABLE of a view show a
// view's definition.
func isViewAlias(n sql.Node) bool {
	_, ok := n.(*plan.SubqueryAlias)
	return ok
}

// HasBeforeTrigger reports whether table db.table has a BEFORE trigger on
// event (sqlparser's InsertStr or UpdateStr) in the committed catalog; a
// trigger whose definition does not parse counts. A write through a view
// WITH CHECK OPTION checks its rows before such a trigger could change
// them, where MySQL checks after, so the server refuses it.
func (s *Session) HasBeforeTrigger(db, table, event string) bool {
	if s == nil || s.eng == nil {
		return false
	}
	sc, err := s.eng.cat.Schema(nil, db)
	if err != nil || sc == nil {
		return err != nil
	}
	if sc.Triggers <= 0 {
		return false
	}
	found := false
	err = s.eng.cat.ListTriggers(nil, sc, func(g *catalog.Trigger) error {
		stmt, err := ast.Parse(g.CreateStmt)
		ddl, ok := stmt.(*ast.DDL)
		if err != nil || !ok || ddl.TriggerSpec == nil {
			found = true
			return nil
		}
		if strings.EqualFold(ddl.Table.Name.String(), table) && strings.EqualFold(ddl.TriggerSpec.Time, ast.BeforeStr) &&
			strings.EqualFold(ddl.TriggerSpec.Event, event) {
			found = true
		}
		return nil
	})
	return found || err != nil
}
