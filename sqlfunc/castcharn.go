package sqlfunc

import (
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// castCharN is CAST(x AS CHAR(n)) (and CONVERT(x, CHAR(n))): the text cut
// to n characters, with warning 1292 when anything was cut, as MySQL's
// Item_char_typecast does. GMS cut n bytes without a warning, so
// CAST('ééé' AS CHAR(2)) was 'é' and CAST('é' AS CHAR(1)) failed with
// 1366 (half a character). The cast itself stays underneath, so its text
// (which a functional index on the cast is matched by) is unchanged, and
// an index's stored values are computed by this same expression
// (funcindex.go replaces the definition's expressions too).
type castCharN struct {
	*expression.Convert
	whole sql.Expression // the cast without its length
	n     int
}

// castCharLength reads n of CAST(x AS CHAR(n)) from the cast's text, the
// only place GMS's Convert shows it: `convert(x, char(2))`.
var castCharLength = regexp.MustCompile(`, n?char\(([0-9]+)\)\)$`)

// newCastCharN wraps c when it is a cast to CHAR(n) of a non-binary text;
// ok is false otherwise.
func newCastCharN(c *expression.Convert) (sql.Expression, bool) {
	if !types.IsText(c.Type()) || types.IsBinaryType(c.Type()) {
		return nil, false
	}
	m := castCharLength.FindStringSubmatch(c.String())
	if m == nil {
		return nil, false
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return nil, false
	}
	return &castCharN{Convert: c, whole: expression.NewConvert(c.Child, expression.ConvertToChar), n: n}, true
}

func (c *castCharN) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := c.Convert.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	w, err := c.whole.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &castCharN{Convert: n.(*expression.Convert), whole: w, n: c.n}, nil
}

// Type is VARCHAR(n), MySQL's type of CAST(x AS CHAR(n)): clients see a
// VAR_STRING of n characters (GMS said LONGTEXT, a BLOB on the wire), and a
// recursive CTE's anchor column of such a cast has its width.
func (c *castCharN) Type() sql.Type {
	coll := sql.Collation_Default
	if st, ok := c.Convert.Type().(sql.StringType); ok {
		coll = st.Collation()
	}
	t, err := types.CreateString(sqltypes.VarChar, int64(c.n), coll)
	if err != nil {
		return c.Convert.Type()
	}
	return t
}

func (c *castCharN) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.whole.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := v.(string)
	if !ok || utf8.RuneCountInString(s) <= c.n {
		return v, nil
	}
	cut, i := 0, 0
	for i < len(s) && cut < c.n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		cut++
	}
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erTruncatedWrongValue,
			Message: "Truncated incorrect CHAR(" + strconv.Itoa(c.n) + ") value: '" + s + "'"})
	}
	return s[:i], nil
}
