package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/floattype"
	"github.com/myriaddb/myriad/sqlfunc"
)

// floatDecimals is the decimals MySQL gives a DOUBLE expression over
// FLOAT(M,D)/DOUBLE(M,D) columns, which its val_str prints (Item_func::
// val_str of a REAL result with fixed decimals): f * 2 of a FLOAT(7,2) is
// '7.00', IF(c, f, 2) '3.50'. GMS prints every DOUBLE in its shortest form.
// The rules are floattype.ResultColumns' (the server's field decimals),
// here over the plan's expressions: + - * and unary minus take the
// largest D of their operands, / adds incr (div_precision_increment), ABS,
// IF, IFNULL, COALESCE, GREATEST, LEAST and CASE keep their values'
// largest D, ROUND and TRUNCATE take their literal second argument. ok is
// false for anything else, and for an expression that reads no scaled
// column (its text is GMS's, as MySQL's NOT_FIXED_DEC).
func floatDecimals(e sql.Expression, o *colOrigins, incr int) (d int, ok bool) {
	d, scaled, ok := exprDecimals(e, o, incr)
	return d, ok && scaled && d < floattype.NotFixed
}

// exprDecimals is floatDecimals' walk; scaled says a FLOAT(M,D) or
// DOUBLE(M,D) column was read.
func exprDecimals(e sql.Expression, o *colOrigins, incr int) (d int, scaled, ok bool) {
	switch x := e.(type) {
	case *expression.GetField:
		if types.IsFloat(x.Type()) {
			t, i := o.column(x)
			if t == nil {
				if r, ok := o.expr(x); ok {
					if r.setOp != nil {
						ds, ok := setOpDecimals(r.setOp, incr)
						if r.col >= len(ds) || !ok[r.col] {
							return 0, false, false
						}
						return ds[r.col], true, true
					}
					return exprDecimals(r.e, r.o, incr)
				}
				return 0, false, false
			}
			m, d, ok := t.def.Columns[i].Type.FloatScale()
			return int(d), true, ok && m > 0
		}
		if types.IsInteger(x.Type()) {
			return 0, false, true
		}
		if dt, isDec := x.Type().(sql.DecimalType); isDec {
			return int(dt.Scale()), false, true
		}
		return 0, false, false
	case *expression.Literal:
		switch v := x.Value().(type) {
		case nil:
			return 0, false, true // Item_null: IF(c, f, NULL) keeps f's
		case int8, int16, int32, int64, uint8, uint16, uint32, uint64, int, uint:
			return 0, false, true
		case decimal.Decimal:
			return int(max(-v.Exponent(), 0)), false, true
		}
		return 0, false, false
	case *expression.UnaryMinus:
		return exprDecimals(x.Child, o, incr)
	}
	if vals, ok := sqlfunc.BranchesOf(e); ok {
		// CASE, IF, IFNULL, COALESCE: their values' largest D.
		return widestDecimals(vals, o, incr)
	}
	if op, isOp := e.(interface{ Operator() string }); isOp && len(e.Children()) == 2 {
		d, scaled, ok := widestDecimals(e.Children(), o, incr)
		switch op.Operator() {
		case "+", "-", "*":
			return d, scaled, ok
		case "/":
			return min(d+incr, floattype.NotFixed), scaled, ok
		}
		return 0, false, false
	}
	f, isFn := e.(sql.FunctionExpression)
	if !isFn {
		if cs := e.Children(); len(cs) == 1 && types.IsFloat(e.Type()) && types.IsFloat(cs[0].Type()) {
			// A conversion of a FLOAT to DOUBLE (sqlfunc's under IF and
			// IFNULL): the value, not its text.
			return exprDecimals(cs[0], o, incr)
		}
		return 0, false, false
	}
	args := e.Children()
	switch strings.ToLower(f.FunctionName()) {
	case "pi":
		// Item_func_pi: 6 decimals, printed by CONCAT(PI()).
		if len(args) == 0 {
			return 6, true, true
		}
	case "abs", "max", "min", "sum":
		if len(args) == 1 {
			return widestDecimals(args, o, incr)
		}
	case "avg":
		if len(args) == 1 {
			d, scaled, ok := widestDecimals(args, o, incr)
			return min(d+incr, floattype.NotFixed), scaled, ok
		}
	case "greatest", "least":
		return widestDecimals(args, o, incr)
	case "round", "truncate":
		// Item_func_round::resolve_type: a REAL (or string) argument's
		// result has min(D, 31) decimals for a literal D (0 for a
		// negative D or none), whatever the argument's own, which val_str
		// prints with my_fcvt: CONCAT(ROUND(f, 2)) of a DOUBLE 2.5 is
		// '2.50'. An INT or DECIMAL argument's result is no DOUBLE.
		if !types.IsFloat(e.Type()) {
			return 0, false, false
		}
		if len(args) == 1 {
			return 0, true, true
		}
		if len(args) == 2 {
			l, isLit := args[1].(*expression.Literal)
			if !isLit {
				return 0, false, false
			}
			switch n := l.Value().(type) {
			case int8:
				return max(int(n), 0), true, true
			case int16:
				return max(int(n), 0), true, true
			case int32:
				return max(int(n), 0), true, true
			case int64:
				return int(max(min(n, floattype.NotFixed), 0)), true, true
			case uint64:
				return int(min(n, floattype.NotFixed)), true, true
			}
		}
	}
	return 0, false, false
}

func widestDecimals(args []sql.Expression, o *colOrigins, incr int) (d int, scaled, ok bool) {
	for _, a := range args {
		ad, s, ok := exprDecimals(a, o, incr)
		if !ok {
			return 0, false, false
		}
		d, scaled = max(d, ad), scaled || s
	}
	return d, scaled, len(args) > 0
}
