package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// RuleProcParamAliasing is from the lead's session-24 range 11_950-11_959.
const RuleProcParamAliasing analyzer.RuleId = 11_953

// procParamAliasing refuses (1235) a CALL of a procedure that calls
// another whose parameter has the name of one of the caller's parameters
// or variables: GMS keeps procedure parameters in one session-wide table
// by name, so binding the callee's parameter wrote the caller's: after
// `CALL pi2(5)` inside pi3(IN x), where pi2 has IN x and adds 10 to it,
// pi3's x was 15 (MySQL: 1, a callee's IN parameter is its own copy). The
// check reads the procedures' definitions (only those that contain a
// CALL), through nested calls, before anything runs.
func (e *Engine) procParamAliasing(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	c, ok := n.(*plan.Call)
	if !ok || c.Procedure == nil || c.Procedure.ExternalProc != nil {
		return n, transform.SameTree, nil
	}
	db := ctx.GetCurrentDatabase()
	if d := c.Database(); d != nil {
		db = d.Name()
	}
	if err := e.checkNestedCalls(ctx, db, c.Procedure.CreateProcedureString, nil, map[string]bool{}); err != nil {
		return nil, transform.SameTree, err
	}
	return n, transform.SameTree, nil
}

// checkNestedCalls checks the procedure defined by text (in schema db)
// with outer, the names its callers hold, as above.
func (e *Engine) checkNestedCalls(ctx *sql.Context, db, text string, outer map[string]bool, seen map[string]bool) error {
	if !containsFold(text, "call") || len(seen) > 32 {
		return nil
	}
	spec, ok := procedureSpec(text)
	if !ok {
		return nil
	}
	// params: names bound like parameters (the caller's and its
	// callers'), which a callee's same-named parameter overwrites;
	// declared: the caller's own variables, overwritten only when passed
	// by name to a callee that assigns its parameter.
	params, declared := map[string]bool{}, map[string]bool{}
	for k := range outer {
		params[k] = true
	}
	for _, p := range spec.Params {
		params[strings.ToLower(p.Name)] = true
	}
	var calls []*sqlparser.Call
	walkProcBody(spec.Body, func(s sqlparser.SQLNode) {
		switch x := s.(type) {
		case *sqlparser.Declare:
			if x != nil && x.Variables != nil {
				for _, v := range x.Variables.Names {
					declared[v.Lowered()] = true
				}
			}
		case *sqlparser.Call:
			if x != nil {
				calls = append(calls, x)
			}
		}
	})
	for _, call := range calls {
		cdb := db
		if q := call.ProcName.Qualifier.String(); q != "" {
			cdb = q
		}
		name := call.ProcName.Name.String()
		key := strings.ToLower(cdb + "." + name)
		d, err := e.Provider().Database(ctx, cdb)
		if err != nil {
			continue
		}
		spd, ok := d.(sql.StoredProcedureDatabase)
		if !ok {
			continue
		}
		det, found, err := spd.GetStoredProcedure(ctx, name)
		if err != nil || !found {
			continue
		}
		callee, ok := procedureSpec(det.CreateStatement)
		if !ok {
			continue
		}
		assigned := assignedNames(callee.Body)
		for i, p := range callee.Params {
			if p.Direction == sqlparser.ProcedureParamDirection_Inout || p.Direction == sqlparser.ProcedureParamDirection_Out {
				continue // bound to the caller's variable by design
			}
			pn := strings.ToLower(p.Name)
			bare := false
			if i < len(call.Params) {
				if c, ok := call.Params[i].(*sqlparser.ColName); ok && c.Qualifier.IsEmpty() && c.Name.Lowered() == pn {
					bare = true
				}
			}
			// A parameter of the caller is overwritten by the binding
			// unless it is passed as itself and the callee leaves it; a
			// variable, when passed as itself to a callee that sets it.
			if params[pn] && (!bare || assigned[pn]) || declared[pn] && bare && assigned[pn] {
				return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
					"This version of MySQL doesn't yet support 'calling procedure %s, whose parameter %s has the name of a parameter or variable of its caller; rename one of them'", name, p.Name)
			}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		for k := range declared {
			params[k] = true
		}
		if err := e.checkNestedCalls(ctx, cdb, det.CreateStatement, params, seen); err != nil {
			return err
		}
	}
	return nil
}

// assignedNames are the names a procedure body assigns: SET x = ...,
// SELECT ... INTO x, FETCH ... INTO x.
func assignedNames(body sqlparser.Statement) map[string]bool {
	out := map[string]bool{}
	walkProcBody(body, func(s sqlparser.SQLNode) {
		switch x := s.(type) {
		case *sqlparser.SetVarExpr:
			if x.Name != nil && x.Name.Qualifier.IsEmpty() {
				out[x.Name.Name.Lowered()] = true
			}
		case *sqlparser.Into:
			if x == nil {
				return
			}
			for _, v := range x.Variables {
				out[strings.ToLower(v.String())] = true
			}
		case *sqlparser.FetchCursor:
			if x == nil {
				return
			}
			for _, v := range x.Variables {
				out[strings.ToLower(v)] = true
			}
		}
	})
	return out
}

func procedureSpec(text string) (*sqlparser.ProcedureSpec, bool) {
	stmt, err := sqlparser.Parse(text)
	if err != nil {
		return nil, false
	}
	ddl, ok := stmt.(*sqlparser.DDL)
	if !ok || ddl.ProcedureSpec == nil {
		return nil, false
	}
	return ddl.ProcedureSpec, true
}

// walkProcBody calls f on every statement node of a procedure body.
func walkProcBody(body sqlparser.Statement, f func(sqlparser.SQLNode)) {
	_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
		f(n)
		return true, nil
	}, body)
}
