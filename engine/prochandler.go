package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// procHandlers refuses (1235) a CALL of a procedure with a DECLARE ...
// HANDLER whose body GMS v0.20's interpreter runs wrongly. handleError
// (procedures/interpreter_logic.go:351) executes only the first operation
// of the converted body, so a BEGIN ... END body ran nothing (a CONTINUE
// handler's variables stayed unset, and a cursor loop waiting for them
// spun for ever), and it drains a body's row iterator until io.EOF and
// returns that EOF as the procedure's end, so a body that is a statement
// (INSERT, SET of a user variable, UPDATE) ended the CALL at once without
// an error and without its results. The bodies it runs right, and which
// stay allowed, set the routine's own variables: SET v = ... and SELECT
// ... INTO v with v a parameter or DECLAREd variable.
func procHandlers(p *plan.Procedure) error {
	names := procVariableNames(p)
	for _, op := range p.Ops {
		d, ok := op.PrimaryData.(*ast.Declare)
		if !ok || d.Handler == nil {
			continue
		}
		if !localAssignment(d.Handler.Statement, names) {
			return mysql.NewSQLError(1235, "42000",
				"This version of MySQL doesn't yet support 'a handler body other than SET or SELECT ... INTO of the routine's own variables'")
		}
	}
	return nil
}

// procVariableNames is the lower-case names of p's parameters and
// DECLAREd variables.
func procVariableNames(p *plan.Procedure) map[string]struct{} {
	names := map[string]struct{}{}
	for _, pp := range p.Params {
		names[strings.ToLower(pp.Name)] = struct{}{}
	}
	for _, op := range p.Ops {
		if d, ok := op.PrimaryData.(*ast.Declare); ok && d.Variables != nil {
			for _, v := range d.Variables.Names {
				names[v.Lowered()] = struct{}{}
			}
		}
	}
	return names
}

// localAssignment: stmt assigns only variables among names.
func localAssignment(stmt ast.Statement, names map[string]struct{}) bool {
	local := func(name string) bool {
		_, ok := names[strings.ToLower(name)]
		return ok && !strings.HasPrefix(name, "@")
	}
	switch s := stmt.(type) {
	case *ast.Set:
		for _, e := range s.Exprs {
			if e.Name == nil || (e.Scope != ast.SetScope_None && e.Scope != "") || !e.Name.Qualifier.IsEmpty() || !local(e.Name.Name.String()) {
				return false
			}
		}
		return len(s.Exprs) > 0
	case *ast.Select:
		if s.Into == nil || s.Into.Outfile != "" || s.Into.Dumpfile != "" || len(s.Into.Variables) == 0 {
			return false
		}
		for _, v := range s.Into.Variables {
			if !local(v.String()) {
				return false
			}
		}
		return true
	}
	return false
}
