package sqlfunc

import (
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// CheckStatement refuses, with MySQL's error, statements MySQL refuses while
// it resolves them and GMS accepts or fails with 1105:
//
//   - a CREATE TABLE with more than one PRIMARY KEY (column or table
//     level; GMS merged `id INT PRIMARY KEY, PRIMARY KEY (id)`): 1068;
//   - FLOAT(M,D), DOUBLE(M,D) or DECIMAL(M,D) with M < D: 1427;
//   - an aggregate in WHERE, in a join's ON or in GROUP BY of its own query
//     (not inside a subquery, where it may be the outer query's): 1111
//     (GMS planned it and failed at run time reading a column that was
//     not there);
//   - GROUP_CONCAT(DISTINCT a, b, ...): 1235 (checkGroupConcatDistinct);
//   - COUNT/SUM/AVG(DISTINCT ...) OVER (...): 1235 (checkWindowDistinct);
//   - a multiple-table UPDATE with ORDER BY or LIMIT: 1221 (GMS applied
//     them to the joined rows; MariaDB 10.11 does too).
func CheckStatement(stmt ast.Statement) error {
	switch stmt.(type) {
	case ast.SelectStatement, *ast.Insert, *ast.Update, *ast.Delete, *ast.DDL:
		if err := checkGroupConcatDistinct(stmt); err != nil {
			return err
		}
		if err := checkWindowDistinct(stmt); err != nil {
			return err
		}
	}
	switch s := stmt.(type) {
	case *ast.DDL:
		return checkDDL(s)
	case *ast.AlterTable:
		for _, d := range s.Statements {
			if err := checkDDL(d); err != nil {
				return err
			}
		}
	case ast.SelectStatement:
		return checkGroupFuncs(s)
	case *ast.Insert:
		if sel, ok := s.Rows.(ast.SelectStatement); ok {
			return checkGroupFuncs(sel)
		}
	case *ast.Update:
		if s.Where != nil && hasAggregate(s.Where.Expr) {
			return errInvalidGroupFunc()
		}
		return checkMultiUpdateOrder(s)
	case *ast.Delete:
		if s.Where != nil && hasAggregate(s.Where.Expr) {
			return errInvalidGroupFunc()
		}
	}
	return nil
}

func checkDDL(d *ast.DDL) error {
	if d == nil {
		return nil
	}
	if d.TableSpec != nil {
		pks := 0
		for _, c := range d.TableSpec.Columns {
			if c.Type.KeyOpt == colKeyPrimary {
				pks++
			}
			if err := checkScale(c.Name.String(), &c.Type); err != nil {
				return err
			}
		}
		for _, ix := range d.TableSpec.Indexes {
			if ix.Info != nil && ix.Info.Primary {
				pks++
			}
		}
		if pks > 1 && strings.EqualFold(d.Action, ast.CreateStr) {
			return mysql.NewSQLError(mysql.ERMultiplePriKey, "42000", "Multiple primary key defined")
		}
	}
	if d.ColumnTypeSpec != nil {
		return checkScale(d.ColumnTypeSpec.Column.String(), &d.ColumnTypeSpec.Type)
	}
	return nil
}

// colKeyPrimary is the parser's (unexported) key option of a column
// declared PRIMARY KEY, read off a parsed definition.
var colKeyPrimary = func() ast.ColumnKeyOption {
	stmt, err := ast.Parse("CREATE TABLE t (a INT PRIMARY KEY)")
	if err != nil {
		panic(err)
	}
	return stmt.(*ast.DDL).TableSpec.Columns[0].Type.KeyOpt
}()

// checkScale: 1427 for (M,D) with M < D (ER_M_BIGGER_THAN_D).
func checkScale(col string, ct *ast.ColumnType) error {
	if ct.Length == nil || ct.Scale == nil {
		return nil
	}
	switch strings.ToLower(ct.Type) {
	case "float", "double", "real", "double precision", "decimal", "numeric", "dec", "fixed":
	default:
		return nil
	}
	m, err1 := strconv.Atoi(string(ct.Length.Val))
	d, err2 := strconv.Atoi(string(ct.Scale.Val))
	if err1 != nil || err2 != nil || m >= d {
		return nil
	}
	return mysql.NewSQLError(1427, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '%s').", col)
}

// checkMultiUpdateOrder refuses ORDER BY, then LIMIT, on an UPDATE of more
// than one table, as MySQL's multi_update_precheck does ("For the
// multiple-table syntax, ORDER BY and LIMIT cannot be used", MySQL 8.0
// reference manual, UPDATE Statement).
func checkMultiUpdateOrder(u *ast.Update) error {
	if len(u.OrderBy) == 0 && u.Limit == nil {
		return nil
	}
	if countTables(u.TableExprs) < 2 {
		return nil
	}
	clause := "LIMIT"
	if len(u.OrderBy) > 0 {
		clause = "ORDER BY"
	}
	return mysql.NewSQLError(mysql.ERWrongUsage, "HY000", "Incorrect usage of UPDATE and %s", clause)
}

// countTables counts the tables a FROM list names, through joins and
// parentheses (a derived table counts as one).
func countTables(exprs ast.TableExprs) int {
	n := 0
	for _, e := range exprs {
		switch e := e.(type) {
		case *ast.AliasedTableExpr:
			n++
		case *ast.ParenTableExpr:
			n += countTables(e.Exprs)
		case *ast.JoinTableExpr:
			n += countTables(ast.TableExprs{e.LeftExpr, e.RightExpr})
		default:
			n++
		}
	}
	return n
}

func errInvalidGroupFunc() error {
	return mysql.NewSQLError(mysql.ERInvalidGroupFuncUse, "HY000", "Invalid use of group function")
}

// checkGroupFuncs checks every query block of s (set operations, derived
// tables and subqueries each check their own clauses).
func checkGroupFuncs(s ast.SQLNode) error {
	var err error
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		sel, ok := n.(*ast.Select)
		if !ok || err != nil {
			return err == nil, nil
		}
		if sel.Where != nil && hasAggregate(sel.Where.Expr) {
			err = errInvalidGroupFunc()
		}
		for _, g := range sel.GroupBy {
			if hasAggregate(g) {
				err = errInvalidGroupFunc()
			}
		}
		for _, te := range sel.From {
			if joinOnHasAggregate(te) {
				err = errInvalidGroupFunc()
			}
		}
		return err == nil, nil
	}, s)
	return err
}

func joinOnHasAggregate(te ast.TableExpr) bool {
	switch t := te.(type) {
	case *ast.JoinTableExpr:
		return t.Condition.On != nil && hasAggregate(t.Condition.On) ||
			joinOnHasAggregate(t.LeftExpr) || joinOnHasAggregate(t.RightExpr)
	case *ast.ParenTableExpr:
		for _, x := range t.Exprs {
			if joinOnHasAggregate(x) {
				return true
			}
		}
	}
	return false
}

// hasAggregate: e calls an aggregate function (not as a window function)
// outside any subquery.
func hasAggregate(e ast.SQLNode) bool {
	found := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch x := n.(type) {
		case *ast.Subquery:
			return false, nil
		case *ast.GroupConcatExpr:
			found = true
		case *ast.FuncExpr:
			if x.Over == nil && ast.Aggregates[strings.ToLower(x.Name.String())] {
				found = true
			}
		}
		return !found, nil
	}, e)
	return found
}
