package sqlfunc

import (
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// globalDefaults gives `SET GLOBAL x = DEFAULT` the variable's compiled-in
// default, as MySQL does. GMS's planner takes DEFAULT as the variable's
// current global value for every scope (planbuilder/set.go), right for a
// session variable (whose default is the global value) but for a global
// one a no-op: SET GLOBAL max_connections = DEFAULT kept 200.
func globalDefaults(stmt ast.Statement) {
	set, ok := stmt.(*ast.Set)
	if !ok {
		return
	}
	for _, e := range set.Exprs {
		if _, isDefault := e.Expr.(*ast.Default); !isDefault || e.Name == nil {
			continue
		}
		name, scope := e.Name, e.Scope
		if col, s, _, err := ast.VarScopeForColName(e.Name); err == nil && col != nil {
			name = col
			if s != ast.SetScope_None {
				scope = s
			}
		}
		if scope != ast.SetScope_Global {
			continue
		}
		sv, _, ok := sql.SystemVariables.GetGlobal(name.Name.String())
		if !ok || sv == nil {
			continue
		}
		if lit := defaultLiteral(sv.GetDefault()); lit != nil {
			e.Expr = lit
		}
	}
}

// defaultLiteral is v as a literal of the statement, nil for a kind of
// value it does not spell.
func defaultLiteral(v any) ast.Expr {
	switch x := v.(type) {
	case string:
		return ast.NewStrVal([]byte(x))
	case bool:
		if x {
			return ast.NewIntVal([]byte("1"))
		}
		return ast.NewIntVal([]byte("0"))
	case int8:
		return ast.NewIntVal([]byte(strconv.FormatInt(int64(x), 10)))
	case int16:
		return ast.NewIntVal([]byte(strconv.FormatInt(int64(x), 10)))
	case int32:
		return ast.NewIntVal([]byte(strconv.FormatInt(int64(x), 10)))
	case int64:
		return ast.NewIntVal([]byte(strconv.FormatInt(x, 10)))
	case int:
		return ast.NewIntVal([]byte(strconv.Itoa(x)))
	case uint64:
		return ast.NewIntVal([]byte(strconv.FormatUint(x, 10)))
	case uint32:
		return ast.NewIntVal([]byte(strconv.FormatUint(uint64(x), 10)))
	case float64:
		return ast.NewFloatVal([]byte(strconv.FormatFloat(x, 'g', -1, 64)))
	}
	return nil
}
