package sqlfunc

import (
	"context"
	"reflect"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"
	query "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
)

// NegZeroRuleID names the rule that gives a DECIMAL MOD's zero the sign
// of its dividend in a query's result (from the 10_830-10_839 range).
const NegZeroRuleID analyzer.RuleId = 10_830

// MySQL's DECIMAL remainder takes the sign of the dividend, also when it is
// zero: -3 MOD -0.5 and -0.5 % -0.5 are -0.0. The decimal library GMS uses
// has no negative zero, so the answer lost its sign (0.0). Only the text a
// client receives can show the sign (a negative zero is zero to every
// operator and comparison), so only a remainder that is itself a column of
// the statement's result is changed: its value becomes negZero when the
// remainder is zero and the dividend negative, and its type
// (negZeroDecimal) writes it as "-0.0", at the remainder's scale.
var negZeroRule = analyzer.Rule{Id: NegZeroRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return signedZeroRemainders(n)
}}

// signedZeroRemainders rewrites the result columns of n's top Project
// (and PI(), see piResult).
func signedZeroRemainders(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch top := n.(type) {
	case *plan.Project:
		exprs := top.Projections
		changed := false
		out := make([]sql.Expression, len(exprs))
		for i, e := range exprs {
			out[i] = e
			inner := e
			a, isAlias := e.(*expression.Alias)
			if isAlias {
				inner = a.Child
			}
			if isPi(inner) {
				r := sql.Expression(&piResult{inner})
				if isAlias {
					var err error
					if r, err = a.WithChildren(r); err != nil {
						return n, transform.SameTree, err
					}
				}
				out[i], changed = r, true
				continue
			}
			m, ok := inner.(*expression.Mod)
			if !ok {
				continue
			}
			dt, ok := m.Type().(sql.DecimalType)
			if !ok {
				continue
			}
			var r sql.Expression = &signedRemainder{Mod: m, typ: negZeroDecimal{dt}}
			if isAlias {
				var err error
				if r, err = a.WithChildren(r); err != nil {
					return n, transform.SameTree, err
				}
			}
			out[i], changed = r, true
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		nn, err := top.WithExpressions(out...)
		return nn, transform.NewTree, err
	}
	return n, transform.SameTree, nil
}

// negZero is a DECIMAL zero with a minus sign; only negZeroDecimal knows it.
type negZero struct{}

// signedRemainder is a DECIMAL MOD that answers negZero for a zero
// remainder of a negative dividend.
type signedRemainder struct {
	*expression.Mod
	typ negZeroDecimal
}

func (s *signedRemainder) Type() sql.Type { return s.typ }
func (s *signedRemainder) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	m, err := s.Mod.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if mm, ok := m.(*expression.Mod); ok {
		return &signedRemainder{Mod: mm, typ: s.typ}, nil
	}
	return m, nil
}
func (s *signedRemainder) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.Mod.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	d, ok := v.(decimal.Decimal)
	if !ok || !d.IsZero() {
		return v, nil
	}
	l, err := s.Mod.LeftChild.Eval(ctx, row)
	if err != nil || l == nil {
		return v, err
	}
	ld, err := s.typ.ConvertNoBoundsCheck(l)
	if err != nil || ld.Sign() >= 0 {
		return v, nil
	}
	return negZero{}, nil
}

// negZeroDecimal is the type of a signedRemainder: its DECIMAL type, which
// also reads negZero (as zero) and writes it with its sign.
type negZeroDecimal struct {
	sql.DecimalType
}

func unsign(v any) any {
	if _, ok := v.(negZero); ok {
		return decimal.Zero
	}
	return v
}

func (t negZeroDecimal) SQL(ctx *sql.Context, dest []byte, v any) (sqltypes.Value, error) {
	if _, ok := v.(negZero); ok {
		z, err := t.DecimalType.SQL(ctx, nil, t.DecimalType.Zero())
		if err != nil {
			return z, err
		}
		return sqltypes.MakeTrusted(sqltypes.Decimal, append(append(dest, '-'), z.Raw()...)), nil
	}
	return t.DecimalType.SQL(ctx, dest, v)
}
func (t negZeroDecimal) Compare(ctx context.Context, a, b any) (int, error) {
	return t.DecimalType.Compare(ctx, unsign(a), unsign(b))
}
func (t negZeroDecimal) Convert(ctx context.Context, v any) (any, sql.ConvertInRange, error) {
	return t.DecimalType.Convert(ctx, unsign(v))
}
func (t negZeroDecimal) ConvertToNullDecimal(v any) (decimal.NullDecimal, error) {
	return t.DecimalType.ConvertToNullDecimal(unsign(v))
}
func (t negZeroDecimal) ConvertNoBoundsCheck(v any) (decimal.Decimal, error) {
	return t.DecimalType.ConvertNoBoundsCheck(unsign(v))
}
func (t negZeroDecimal) Equals(o sql.Type) bool {
	if n, ok := o.(negZeroDecimal); ok {
		o = n.DecimalType
	}
	return t.DecimalType.Equals(o)
}

// isPi: e is PI(), maybe inside wrappers that show it unchanged
// (planfix's -0 normalization of float columns).
func isPi(e sql.Expression) bool {
	for {
		if _, ok := e.(*function.Pi); ok {
			return true
		}
		cs := e.Children()
		if len(cs) != 1 || e.String() != cs[0].String() {
			return false
		}
		e = cs[0]
	}
}

// piResult is PI() as a column of the result: MySQL declares it with 6
// decimals and prints it so (3.141593); its value stays the full DOUBLE
// (PI() + 0 is 3.141592653589793). The other doubles MySQL gives fixed
// decimals (PI() * 2 is 6.283185 there) are printed in full.
type piResult struct {
	sql.Expression
}

func (p *piResult) Type() sql.Type { return sixDecimals{p.Expression.Type()} }
func (p *piResult) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 0)
	}
	return p, nil
}

// sixDecimals is a DOUBLE written with 6 decimals.
type sixDecimals struct {
	double sql.Type
}

func (t sixDecimals) SQL(ctx *sql.Context, dest []byte, v any) (sqltypes.Value, error) {
	f, ok := v.(float64)
	if !ok {
		return t.double.SQL(ctx, dest, v)
	}
	return sqltypes.MakeTrusted(sqltypes.Float64, strconv.AppendFloat(dest, f, 'f', 6, 64)), nil
}

func (t sixDecimals) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return t.double.CollationCoercibility(ctx)
}
func (t sixDecimals) Compare(ctx context.Context, a, b any) (int, error) {
	return t.double.Compare(ctx, a, b)
}
func (t sixDecimals) Convert(ctx context.Context, v any) (any, sql.ConvertInRange, error) {
	return t.double.Convert(ctx, v)
}
func (t sixDecimals) Equals(o sql.Type) bool {
	if s, ok := o.(sixDecimals); ok {
		o = s.double
	}
	return t.double.Equals(o)
}
func (t sixDecimals) MaxTextResponseByteLength(ctx *sql.Context) uint32 {
	return t.double.MaxTextResponseByteLength(ctx)
}
func (t sixDecimals) Promote() sql.Type       { return t.double.Promote() }
func (t sixDecimals) Type() query.Type        { return t.double.Type() }
func (t sixDecimals) ValueType() reflect.Type { return t.double.ValueType() }
func (t sixDecimals) Zero() any               { return t.double.Zero() }
func (t sixDecimals) String() string          { return t.double.String() }
