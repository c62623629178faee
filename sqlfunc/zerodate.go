package sqlfunc

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// MySQLDefaultSQLMode is MySQL 8.0's default sql_mode. GMS's default lacks
// NO_ZERO_IN_DATE, NO_ZERO_DATE and ERROR_FOR_DIVISION_BY_ZERO, so
// '0000-00-00' was stored in a DATE column where MySQL refuses it with 1292.
const MySQLDefaultSQLMode = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"

var sqlModeOnce sync.Once

// useMySQLDefaultSQLMode gives sql_mode MySQL's default, for the global value
// and for SET ... = DEFAULT. Once per process: the variables are
// process-wide, and a later server must not undo a SET GLOBAL.
func useMySQLDefaultSQLMode() {
	sqlModeOnce.Do(func() {
		v, _, ok := sql.SystemVariables.GetGlobal("sql_mode")
		msv, isMySQL := v.(*sql.MysqlSystemVariable)
		if !ok || !isMySQL {
			return
		}
		def := *msv
		def.Default = MySQLDefaultSQLMode
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&def})
	})
}

// zeroDateMode is what NO_ZERO_DATE means for a statement storing dates:
// off (GMS's behaviour: '0000-00-00' is stored), a warning (the mode without
// strictness, or INSERT/UPDATE IGNORE: MySQL stores the zero date and warns),
// or an error (strict mode: 1292 and nothing stored).
type zeroDateMode int

const (
	zeroDateOff zeroDateMode = iota
	zeroDateWarn
	zeroDateError
)

func zeroDateModeOf(ctx *sql.Context, ignore bool) zeroDateMode {
	if ctx == nil || ctx.Session == nil {
		return zeroDateOff
	}
	m := sql.LoadSqlMode(ctx)
	if !m.ModeEnabled("NO_ZERO_DATE") && !m.ModeEnabled("TRADITIONAL") {
		return zeroDateOff
	}
	strict := m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES") || m.ModeEnabled("TRADITIONAL")
	if strict && !ignore {
		return zeroDateError
	}
	return zeroDateWarn
}

// zeroDates puts checkZeroDate under the values an INSERT (its row source's
// projection onto the table's columns, which GMS's resolveInsertRows builds
// for VALUES and SELECT alike) or an UPDATE ... SET / ON DUPLICATE KEY
// UPDATE stores in a DATE, DATETIME or TIMESTAMP column. The sql_mode is
// read when the statement is analyzed: cached plans are keyed by it.
func zeroDates(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch nn := n.(type) {
		case *plan.InsertInto:
			mode := zeroDateModeOf(ctx, nn.Ignore)
			if mode == zeroDateOff {
				return n, transform.SameTree, nil
			}
			same := transform.SameTree
			if v, ok := nn.Source.(*plan.Values); ok && nn.Destination != nil {
				if nv, changed := zeroCheckedValues(v, nn.ColumnNames, nn.Destination.Schema(), mode); changed {
					nn = nn.WithSource(nv)
					same = transform.NewTree
				}
			}
			if p, ok := nn.Source.(*plan.Project); ok && nn.Destination != nil {
				sch := nn.Destination.Schema()
				if len(p.Projections) == len(sch) {
					projs, changed := eachChanged(p.Projections, func(i int, e sql.Expression) (sql.Expression, bool) {
						return zeroChecked(e, sch[i], mode)
					})
					if changed {
						nn = nn.WithSource(plan.NewProject(projs, p.Child))
						same = transform.NewTree
					}
				}
			}
			if dups, changed := zeroCheckedSets(nn.OnDupExprs, mode); changed {
				return withLeadingExprs(nn, dups)
			}
			return nn, same, nil
		case *plan.UpdateSource:
			mode := zeroDateModeOf(ctx, nn.Ignore)
			if mode == zeroDateOff {
				return n, transform.SameTree, nil
			}
			if exprs, changed := zeroCheckedSets(nn.UpdateExprs, mode); changed {
				return withLeadingExprs(nn, exprs)
			}
			return n, transform.SameTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// zeroCheckedValues checks the tuples of INSERT ... VALUES (the shortcut
// batches of a literal INSERT leave them without GMS's projection onto the
// table's columns): tuple position i stores into column names[i], or the
// table's i-th column without a column list.
func zeroCheckedValues(v *plan.Values, names []string, sch sql.Schema, mode zeroDateMode) (*plan.Values, bool) {
	cols := make([]*sql.Column, 0, len(sch))
	if len(names) == 0 {
		cols = append(cols, sch...)
	} else {
		for _, name := range names {
			i := sch.IndexOfColName(name)
			if i < 0 {
				return v, false
			}
			cols = append(cols, sch[i])
		}
	}
	for _, tup := range v.ExpressionTuples {
		if len(tup) != len(cols) {
			return v, false
		}
	}
	tuples, changed := eachChanged(v.ExpressionTuples, func(_ int, tup []sql.Expression) ([]sql.Expression, bool) {
		return eachChanged(tup, func(i int, e sql.Expression) (sql.Expression, bool) {
			return zeroChecked(e, cols[i], mode)
		})
	})
	if !changed {
		return v, false
	}
	nv := *v
	nv.ExpressionTuples = tuples
	return &nv, true
}

func zeroCheckedSets(exprs []sql.Expression, mode zeroDateMode) ([]sql.Expression, bool) {
	return eachChanged(exprs, func(_ int, e sql.Expression) (sql.Expression, bool) {
		s, ok := e.(*expression.SetField)
		if !ok {
			return e, false
		}
		gf, ok := s.LeftChild.(*expression.GetField)
		if !ok {
			return e, false
		}
		r, ok := zeroChecked(s.RightChild, &sql.Column{Name: gf.Name(), Type: gf.Type()}, mode)
		if !ok {
			return e, false
		}
		return expression.NewSetField(gf, r), true
	})
}

// zeroChecked is e checked for the zero date if col is a date column (ok);
// expressions are not compared, as some hold uncomparable values.
func zeroChecked(e sql.Expression, col *sql.Column, mode zeroDateMode) (sql.Expression, bool) {
	if !types.IsTime(col.Type) {
		return e, false
	}
	switch e.(type) {
	case *checkZeroDate, *sql.ColumnDefaultValue, *expression.Wrapper:
		return e, false
	}
	return &checkZeroDate{transparent: transparent{unary{e}}, col: col.Name, typ: col.Type, mode: mode}, true
}

// checkZeroDate refuses (1292) or warns about the zero date its child
// stores in a date column under NO_ZERO_DATE; other values pass unchanged,
// left to GMS's conversion to the column's type. Among the values GMS's
// conversion reads, '0000-00-00' and '0000-00-00 00:00:00' and the integer 0
// are the zero date.
type checkZeroDate struct {
	transparent
	col  string
	typ  sql.Type
	mode zeroDateMode
}

var _ sql.Expression = (*checkZeroDate)(nil)
var _ sql.CollationCoercible = (*checkZeroDate)(nil)

func (c *checkZeroDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

func (c *checkZeroDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.child.Eval(ctx, row)
	if err != nil || v == nil || !isZeroDate(ctx, c.typ, v) {
		return v, err
	}
	kind := "datetime"
	if types.IsDateType(c.typ) {
		kind = "date"
	}
	msg := fmt.Sprintf("Incorrect %s value: '%s' for column '%s' at row 1", kind, zeroDateText(v), c.col)
	if c.mode == zeroDateWarn {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERTruncatedWrongValue, Message: msg})
		return v, nil
	}
	return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValue, "22007", "%s", msg)
}

func isZeroDate(ctx *sql.Context, typ sql.Type, v any) bool {
	switch x := v.(type) {
	case string:
		s := strings.TrimSpace(x)
		if !strings.HasPrefix(s, "0000-00-00") && !strings.HasPrefix(s, "00000000") && s != "0" {
			return false
		}
	case time.Time:
		// A value read from another date column or expression. GMS holds
		// the zero date as 0000-01-01, so that real date is refused too.
	default:
		if n, ok := toBig(v); !ok || n.Sign() != 0 {
			return false
		}
	}
	t, _, err := typ.Convert(ctx, v)
	if err != nil {
		return false
	}
	tt, ok := t.(time.Time)
	return ok && tt.Equal(gmsZeroTime)
}

func zeroDateText(v any) string {
	switch x := v.(type) {
	case time.Time:
		return "0000-00-00"
	case []byte:
		return string(x)
	}
	return fmt.Sprint(v)
}
