package sqlfunc

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// userVarText is the value a user variable takes from a DATE, DATETIME,
// TIMESTAMP or TIME: MySQL's manual ("User-Defined Variables") says a
// temporal value "is converted to a binary string", so `SET @d =
// CURDATE(); SELECT @d` is `2024-01-02` and `@d + 0` is 2024. GMS kept the
// Go time and printed it as DATETIME(6) (`2024-01-02 00:00:00.000000`, `@d
// + 0` 20240102000000.000000). The text is the one the value's type prints
// (its fractional digits), which is also what a later INSERT or comparison
// parses back.
type userVarText struct{ unary }

func isTemporalType(t sql.Type) bool {
	return types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t) || isTimeType(t)
}

// userVarSet wraps the value of `SET @v = temporal`; nil otherwise.
func userVarSet(e *expression.SetField) sql.Expression {
	if _, ok := e.LeftChild.(*expression.UserVar); !ok {
		return nil
	}
	if _, done := e.RightChild.(*userVarText); done || !isTemporalType(e.RightChild.Type()) {
		return nil
	}
	ne, err := e.WithChildren(e.LeftChild, &userVarText{unary{e.RightChild}})
	if err != nil {
		return nil
	}
	return ne
}

func (u *userVarText) Type() sql.Type { return types.LongBlob }

func (u *userVarText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 2
}

func (u *userVarText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(u, children)
}

func (u *userVarText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	t := u.child.Type()
	if timetype.Is(t) || types.IsTimespan(t) {
		ts, err := types.Time.ConvertToTimespan(v)
		if err != nil {
			return nil, err
		}
		fsp, _ := timetype.PrecisionOf(t)
		return string(timetype.AppendText(nil, ts, fsp)), nil
	}
	c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	if err != nil || c == nil {
		return nil, err
	}
	tm := c.(time.Time)
	if types.IsDateType(t) {
		return tm.Format("2006-01-02"), nil
	}
	text := tm.Format("2006-01-02 15:04:05")
	if p, ok := datetimePrecision(t); ok && p > 0 {
		// The column's digits, trailing zeros kept (DATETIME(2) 00:00:00.00).
		frac := fmt.Sprintf("%06d", tm.Nanosecond()/1000)
		text += "." + frac[:p]
	}
	return text, nil
}

// intoUserVars gives `SELECT temporal INTO @v` the same text as `SET @v =`,
// and `SELECT text INTO @v` the same collation: the select list's
// expressions whose target is a user variable are wrapped by intoVarValue
// (the Project under the Into, or under its LIMIT). Procedure variables
// keep the value (their declared type converts it: procvar).
func intoUserVars(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		into, ok := n.(*plan.Into)
		if !ok || len(into.IntoVars) == 0 {
			return n, transform.SameTree, nil
		}
		wrap := func(p *plan.Project) (sql.Node, bool) {
			if len(p.Projections) != len(into.IntoVars) {
				return p, false
			}
			exprs := append([]sql.Expression(nil), p.Projections...)
			changed := false
			for i, e := range exprs {
				uv, ok := into.IntoVars[i].(*expression.UserVar)
				if !ok {
					continue
				}
				inner := e
				a, aliased := e.(*expression.Alias)
				if aliased {
					inner = a.Child
				}
				w := intoVarValue(uv.Name, inner)
				if w == nil {
					continue
				}
				if aliased {
					na, err := a.WithChildren(w)
					if err != nil {
						return p, false
					}
					w = na
				}
				exprs[i] = w
				changed = true
			}
			if !changed {
				return p, false
			}
			np, err := p.WithExpressions(exprs...)
			if err != nil {
				return p, false
			}
			return np, true
		}
		var child sql.Node
		switch c := into.Child.(type) {
		case *plan.Project:
			if nc, ok := wrap(c); ok {
				child = nc
			}
		case *plan.Limit:
			p, ok := c.Child.(*plan.Project)
			if !ok {
				p = columnsOf(c.Child, into.IntoVars)
			}
			if p == nil {
				break
			}
			if np, ok := wrap(p); ok {
				nc, err := c.WithChildren(np)
				if err != nil {
					return n, transform.SameTree, err
				}
				child = nc
			}
		default:
			// GMS drops a Project that selects all of a table's columns
			// (`SELECT dt INTO @v FROM t` of a one-column t): one of
			// the row's columns is put back for the wrapping.
			if p := columnsOf(c, into.IntoVars); p != nil {
				if np, ok := wrap(p); ok {
					child = np
				}
			}
		}
		if child == nil {
			return n, transform.SameTree, nil
		}
		nn, err := into.WithChildren(child)
		if err != nil {
			return n, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	})
}

// intoVarValue wraps e, the value of user variable name: as text when it
// is temporal (userVarText), noting its collation when it is a string
// (userVarString, uservarcoll.go); nil when e needs neither or has it.
func intoVarValue(name string, e sql.Expression) sql.Expression {
	if isTemporalType(e.Type()) {
		if _, done := e.(*userVarText); done {
			return nil
		}
		return &userVarText{unary{e}}
	}
	return newUserVarString(name, e)
}

// columnsOf is a Project of n's columns by position, when n's row has as
// many columns as vars and one that intoVarValue wraps; nil otherwise.
func columnsOf(n sql.Node, vars []sql.Expression) *plan.Project {
	sch := n.Schema()
	if len(sch) != len(vars) {
		return nil
	}
	wraps := false
	exprs := make([]sql.Expression, len(sch))
	for i, c := range sch {
		wraps = wraps || isTemporalType(c.Type) || isTextValue(c.Type)
		exprs[i] = &rowColumn{idx: i, col: c}
	}
	if !wraps {
		return nil
	}
	return plan.NewProject(exprs, n)
}

// rowColumn is column idx of its node's child row, as it is: not a
// GetField, which GMS's later index assignment would re-resolve by name.
type rowColumn struct {
	idx int
	col *sql.Column
}

func (r *rowColumn) Resolved() bool             { return true }
func (r *rowColumn) String() string             { return r.col.Name }
func (r *rowColumn) Type() sql.Type             { return r.col.Type }
func (r *rowColumn) IsNullable() bool           { return r.col.Nullable }
func (r *rowColumn) Children() []sql.Expression { return nil }
func (r *rowColumn) Eval(_ *sql.Context, row sql.Row) (any, error) {
	if r.idx >= len(row) {
		return nil, fmt.Errorf("myriad: INTO column %d of a %d-column row", r.idx, len(row))
	}
	return row[r.idx], nil
}

func (r *rowColumn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 0)
	}
	return r, nil
}
