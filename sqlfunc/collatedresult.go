package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// collatedResult types a string function (REPLACE, LPAD, LEFT, REPEAT,
// INSERT, SUBSTRING_INDEX, ELT ...) in the character set of the collation
// its arguments aggregate to, as MySQL's resolve_type does
// (agg_arg_charsets_for_string_result). GMS types them LONGTEXT in its
// default utf8mb4 collation whatever the arguments, so over a latin1
// column LENGTH counted the UTF-8 bytes (`LENGTH(REPLACE(v, 'x', 'y'))`
// of 'éé' was 4; MySQL 2) and HEX showed C3A9. Only a result in a one-byte
// character set is retyped; COLLATION() was already the
// aggregate's (derivedAggregate).
type collatedResult struct {
	sql.Expression
	typ sql.Type
}

var _ sql.FunctionExpression = (*collatedResult)(nil)

// newCollatedResult wraps e when it is such a function whose result's
// character set is not GMS's type's; ok is false otherwise.
func newCollatedResult(ctx *sql.Context, e sql.Expression) (sql.Expression, bool) {
	if _, done := e.(*collatedResult); done {
		return nil, false
	}
	st, ok := e.Type().(sql.StringType)
	if !ok || !types.IsTextOnly(e.Type()) {
		return nil, false
	}
	coll, deriv, ok := derivedAggregate(ctx, e)
	// Only a string argument's collation (a column's, a COLLATE clause's)
	// decides; numbers and literals take the connection's, GMS's.
	if !ok || deriv > 2 || coll.CharacterSet() == st.Collation().CharacterSet() ||
		coll.CharacterSet() == sql.CharacterSet_binary || coll.CharacterSet().MaxLength() != 1 {
		// Binary results stay GMS's (a number read as text is binary to
		// the aggregation); only one-byte character sets (latin1 ...)
		// counted wrong.
		return nil, false
	}
	typ, err := types.CreateString(st.Type(), st.MaxCharacterLength(), coll)
	if err != nil {
		return nil, false
	}
	return &collatedResult{Expression: e, typ: typ}, true
}

func (c *collatedResult) Type() sql.Type { return c.typ }

func (c *collatedResult) FunctionName() string {
	if f, ok := c.Expression.(sql.FunctionExpression); ok {
		return f.FunctionName()
	}
	return ""
}

func (c *collatedResult) Description() string {
	if f, ok := c.Expression.(sql.FunctionExpression); ok {
		return f.Description()
	}
	return ""
}

func (c *collatedResult) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if cc, ok := c.Expression.(sql.CollationCoercible); ok {
		return cc.CollationCoercibility(ctx)
	}
	return c.typ.(sql.StringType).Collation(), 4
}

func (c *collatedResult) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	ne, err := c.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &collatedResult{Expression: ne, typ: c.typ}, nil
}
