package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// A DATE, DATETIME, TIMESTAMP or TIME value written into a JSON column is
// refused, as MySQL 8.0 refuses it: Field_json::store_time is
// unsupported_conversion() (ER_INVALID_JSON_TEXT, 3140, "not a JSON text,
// may need CAST"), and a temporal column copied into a JSON column
// (field_conv, Copy_field) is stored through its text, which is never a
// JSON document ("2026-11-01" is 2026 followed by more), so it is 3140 as
// well, with the parser's words. GMS's JSON conversion marshalled the
// time.Time into RFC 3339 ("2026-11-01T01:30:00.5Z": a TIMESTAMP's session
// wall time labelled UTC) and a TIME into a number of nanoseconds, and
// stored it. CAST(x AS JSON) is the way in MySQL offers (castJSON).

// erInvalidJSONText is ER_INVALID_JSON_TEXT.
const erInvalidJSONText = 3140

// temporalValue reports whether v is a DATE, DATETIME, TIMESTAMP or TIME
// value, by its Go type: Myriad's TIME type (timetype) is not GMS's, and an
// expression GMS types as text can still hand up a time.Time.
func temporalValue(v any) bool {
	switch v.(type) {
	case time.Time, types.Timespan:
		return true
	}
	return false
}

// errNotJSONText is MySQL's 3140 for a value that is not JSON text going
// into the JSON column col ("t.j").
func errNotJSONText(col string) error {
	return mysql.NewSQLError(erInvalidJSONText, "22032",
		"Invalid JSON text: \"not a JSON text, may need CAST\" at position 0 in value for column '%s'.", col)
}

// JSONColumnRefusal is the error for v, a value of type from, converted
// into a JSON column col ("t.j") by ALTER TABLE's copy: a temporal value's
// text is no JSON document (MySQL's Copy_field stores it as text and fails
// with 3140). nil for anything else, which converts as before.
func JSONColumnRefusal(from, to sql.Type, v any, col string) error {
	if !types.IsJSON(to) || !jsonColumnRefused(from, v) { // jsonnumcol.go
		return nil
	}
	return errNotJSONText(col)
}

// jsonColumnValue is the value an INSERT, REPLACE, UPDATE or ON DUPLICATE
// KEY UPDATE writes into the JSON column col: text read as a document
// (jsonArg's argDoc), a temporal value refused with 3140.
type jsonColumnValue struct {
	jsonArg
	col string
}

func newJSONColumnValue(e sql.Expression, col string) *jsonColumnValue {
	return &jsonColumnValue{jsonArg: jsonArg{unary: unary{e}, mode: argDoc}, col: col}
}

func (j *jsonColumnValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return newJSONColumnValue(children[0], j.col), nil
}

func (j *jsonColumnValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if jsonColumnRefused(j.child.Type(), v) { // jsonnumcol.go
		return nil, errNotJSONText(j.col)
	}
	return j.read(v)
}

// columnName is "table.column" as MySQL's 3140 names a column.
func columnName(c *sql.Column) string {
	if c.Source == "" {
		return c.Name
	}
	return c.Source + "." + c.Name
}

// setColumnName is the column a SET assigns, as columnName names it.
func setColumnName(left sql.Expression) string {
	if gf, ok := left.(*expression.GetField); ok {
		if gf.Table() == "" {
			return gf.Name()
		}
		return gf.Table() + "." + gf.Name()
	}
	return left.String()
}

// namedColumns is the columns of full an INSERT names, in its order (nil
// when it names none, or one full lacks).
func namedColumns(full sql.Schema, names []string) sql.Schema {
	if len(names) == 0 {
		return nil
	}
	out := make(sql.Schema, 0, len(names))
	for _, name := range names {
		i := full.IndexOfColName(name)
		if i < 0 {
			return nil
		}
		out = append(out, full[i])
	}
	return out
}

// sourceColumns is the destination column of each of an INSERT source's n
// columns. This rule runs before GMS's resolveInsertRows puts the source
// under a projection in the table's order with the defaults of the columns
// not named, so the source's columns are the statement's column list, in
// its order: a subset's values went into a JSON column unread (text parsed
// by GMS into float64s, a temporal value stored as RFC 3339), and a list
// in another order than the table's had the wrong values read as JSON
// (`INSERT INTO t (s, j)` read s's text as a document). Without a list,
// the table's columns. nil when neither fits.
func sourceColumns(full, named sql.Schema, n int) sql.Schema {
	switch n {
	case len(named):
		return named
	case len(full):
		return full
	}
	return nil
}
