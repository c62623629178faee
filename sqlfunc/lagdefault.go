package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// lagDefaultArgs: MySQL types LAG(e, n, d) and LEAD(e, n, d) by
// aggregating e's and d's types (Item_lead_lag::resolve_type); GMS took
// e's alone, so `LAG(id, 1, 'x')` was a BIGINT column one of whose rows
// held 'x' (go-sql-driver failed to scan it). A number e beside a string
// default is read as its text here, a VARCHAR of the longer of the two in
// characters (maxCharLength), as MySQL's aggregate of a number and a
// string is; an integer e beside a DECIMAL default is read as a DECIMAL
// of both's digits, beside a DOUBLE as a DOUBLE (GMS's integer column
// printed the default rounded). args is returned as is otherwise.
func lagDefaultArgs(name string, args []sql.Expression) ([]sql.Expression, error) {
	if len(args) != 3 || !args[0].Resolved() || !args[2].Resolved() {
		return args, nil
	}
	et, dt := args[0].Type(), args[2].Type()
	if dt == types.Null || isNullLiteral(args[2]) {
		return args, nil
	}
	eNum := isInt(et) || types.IsDecimal(et) || types.IsFloat(et)
	switch {
	case eNum && (isStringLiteral(args[2]) || types.IsText(dt)) && !types.IsBinaryType(dt):
		st, ok := dt.(sql.StringType)
		el, eok := maxCharLength(args[0]) // concattype.go
		dl, dok := maxCharLength(args[2])
		if !ok || !eok || !dok || st.Collation() == sql.Collation_binary || max(el, dl) > 16383 {
			break
		}
		t, err := types.CreateString(sqltypes.VarChar, max(el, dl), st.Collation())
		if err != nil {
			break
		}
		out := append([]sql.Expression(nil), args...)
		out[0] = &unionAs{unary: unary{args[0]}, typ: t} // unionyear.go: the number's text
		return out, nil
	case isInt(et) && types.IsFloat(dt):
		out := append([]sql.Expression(nil), args...)
		out[0] = &unionAs{unary: unary{args[0]}, typ: types.Float64}
		return out, nil
	case isInt(et) && types.IsDecimal(dt):
		d, ok := dt.(sql.DecimalType)
		digits, dok := maxCharLength(args[0])
		if !ok || !dok {
			break
		}
		if types.IsSigned(et) && !isIntLiteral(args[0]) {
			digits-- // the sign
		}
		scale := int(d.Scale())
		prec := min(max(int(digits), int(d.Precision())-scale)+scale, types.DecimalTypeMaxPrecision)
		t, err := types.CreateDecimalType(uint8(prec), uint8(scale))
		if err != nil {
			break
		}
		out := append([]sql.Expression(nil), args...)
		out[0] = &lagDecimal{unionAs{unary: unary{args[0]}, typ: t}}
		return out, nil
	default:
		return args, nil
	}
	// Reached only when a length or type could not be built.
	return nil, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
		"This version of MySQL doesn't yet support '%s of a default of another type than its expression'", name)
}

func isIntLiteral(e sql.Expression) bool {
	l, ok := e.(*expression.Literal)
	return ok && isInt(l.Type())
}

// lagDecimal is an integer read as a DECIMAL(p,s) value of scale s (GMS's
// conversion keeps the integer's: 1, MySQL 1.0).
type lagDecimal struct{ unionAs }

func (l *lagDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(l, len(children), 1)
	}
	return &lagDecimal{unionAs{unary: unary{children[0]}, typ: l.typ}}, nil
}

func (l *lagDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := l.unionAs.Eval(ctx, row)
	if d, ok := v.(decimal.Decimal); ok && err == nil {
		return d.Round(int32(l.typ.(sql.DecimalType).Scale())), nil
	}
	return v, err
}
