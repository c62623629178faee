package sqlfunc

import (
	"bytes"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/keyenc"
)

// greatestLeastStr is GREATEST/LEAST over strings only, compared in the
// collation MySQL resolves for the arguments (as '=' between them would:
// a column's beats a literal's). GMS compared the bytes, so under
// utf8mb4_0900_ai_ci LEAST('a', 'B') was 'B'. The comparison is of the
// collation keys keyenc builds for indexes (PAD SPACE and NO PAD alike);
// the answer is the chosen argument's own value, in GMS's type.
type greatestLeastStr struct {
	inner    sql.Expression // GMS's GREATEST/LEAST: type and text
	greatest bool
}

var _ sql.Expression = (*greatestLeastStr)(nil)
var _ sql.CollationCoercible = (*greatestLeastStr)(nil)

// collatedGreatestLeast is inner as a greatestLeastStr when every argument
// is a character string (or NULL); inner itself otherwise.
func collatedGreatestLeast(inner sql.Expression, greatest bool) sql.Expression {
	str := false
	for _, a := range inner.Children() {
		t := a.Type()
		switch {
		case !a.Resolved():
			return inner
		case t == types.Null:
		case types.IsTextOnly(t):
			str = true
		default:
			return inner
		}
	}
	if !str {
		return inner
	}
	return &greatestLeastStr{inner: inner, greatest: greatest}
}

func (g *greatestLeastStr) Resolved() bool   { return g.inner.Resolved() }
func (g *greatestLeastStr) IsNullable() bool { return g.inner.IsNullable() }

// Type is MySQL's for GREATEST/LEAST of strings (Item_func_min_max:
// aggregated as a string type): VARCHAR of the longest argument's length,
// in the arguments' collation, where GMS typed them LONGTEXT, so drivers
// saw a BLOB and CREATE TABLE ... SELECT made a LONGTEXT column. As
// newBranchVarchar, all-constant calls keep GMS's type (GMS folds them
// before the retyped call has its collation), as do arguments whose
// length cannot be told here.
func (g *greatestLeastStr) Type() sql.Type {
	coll := sql.Collation_Default
	var chars int64
	constant := true
	for _, a := range g.inner.Children() {
		n, ok := maxCharLength(a)
		if !ok {
			return g.inner.Type()
		}
		if _, lit := a.(*expression.Literal); !lit {
			constant = false
			if st, ok := a.Type().(sql.StringType); ok && coll == sql.Collation_Default {
				coll = st.Collation()
			}
		}
		chars = max(chars, n)
	}
	if constant || coll == sql.Collation_binary || chars*coll.CharacterSet().MaxLength() > 65535 {
		return g.inner.Type()
	}
	if t, err := types.CreateString(sqltypes.VarChar, chars, coll); err == nil {
		return t
	}
	return g.inner.Type()
}
func (g *greatestLeastStr) Children() []sql.Expression { return g.inner.Children() }
func (g *greatestLeastStr) String() string             { return g.inner.String() }
func (g *greatestLeastStr) FunctionName() string {
	if g.greatest {
		return "greatest"
	}
	return "least"
}
func (g *greatestLeastStr) Description() string {
	return g.FunctionName() + " of strings, in their collation"
}
func (g *greatestLeastStr) DebugString() string {
	return fmt.Sprintf("%sStr(%s)", g.FunctionName(), sql.DebugString(g.inner))
}

func (g *greatestLeastStr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if g.greatest {
		return newGreatest(children...)
	}
	return newLeast(children...)
}

func (g *greatestLeastStr) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	var coll sql.CollationID
	var co byte
	for i, a := range g.inner.Children() {
		if a.Type() == types.Null {
			continue
		}
		c, k := sql.GetCoercibility(ctx, a)
		if i == 0 || coll == 0 {
			coll, co = c, k
		} else {
			coll, co = sql.ResolveCoercibility(coll, co, c, k)
		}
	}
	return coll, co
}

func (g *greatestLeastStr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	coll, _ := g.CollationCoercibility(ctx)
	var best any
	var bestKey []byte
	have := false
	for _, a := range g.inner.Children() {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, nil
		}
		v, err = sql.UnwrapAny(ctx, v)
		if err != nil {
			return nil, err
		}
		s, ok := asString(v)
		if !ok {
			cv, err := types.ConvertToString(ctx, v, types.LongText, nil)
			if err != nil {
				return nil, err
			}
			s, v = cv, cv
		}
		k := keyenc.StringKey(coll, s)
		if !have {
			best, bestKey, have = v, k, true
			continue
		}
		c := bytes.Compare(k, bestKey)
		if g.greatest && c > 0 || !g.greatest && c < 0 {
			best, bestKey = v, k
		}
	}
	return best, nil
}

// enumsAsText reads the ENUM and SET arguments of GREATEST/LEAST as their
// members' text when every other argument is a string (or NULL): MySQL
// compares them as strings, in their collation (GREATEST(e, 'b') of an
// ENUM('a','b','c') holding 'c' is 'c'). GMS refused any ENUM or SET
// argument with 1105. ENUMs and SETs among numbers or temporal values are
// left as they are.
func enumsAsText(args []sql.Expression) []sql.Expression {
	enum := false
	for _, a := range args {
		if !a.Resolved() {
			return args
		}
		switch t := a.Type(); {
		case isEnumOrSet(t):
			enum = true
		case t == types.Null, types.IsTextOnly(t):
		default:
			return args
		}
	}
	if !enum {
		return args
	}
	out := make([]sql.Expression, len(args))
	for i, a := range args {
		out[i] = a
		if isEnumOrSet(a.Type()) {
			out[i] = &enumText{unary{a}}
		}
	}
	return out
}
