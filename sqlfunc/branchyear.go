package sqlfunc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// branchYearInt is CASE, IF, IFNULL or COALESCE whose branches are YEAR
// and integers of one type. MySQL 8.0 merges YEAR with an integer into
// that integer's type (field_types_merge_rules, row MYSQL_TYPE_YEAR: TINY,
// SHORT, INT24, LONG, LONGLONG; Item::aggregate_type widens a mix of
// signs only for an unsigned argument of the merged type itself, which a
// YEAR is not), and an integer literal is LONGLONG: COALESCE(year_col,
// int_col) is INT. GMS made LONGTEXT of it, Myriad's branch typing
// VARCHAR(11), IFNULL the first argument's YEAR; CREATE TABLE ... SELECT
// made those columns. MariaDB 10.11 says DECIMAL.
//
// The value is the branch's integer as is. Beside a TINYINT the type is
// taken for CREATE TABLE ... SELECT only (tiny): MySQL makes a TINYINT
// column, which refuses a YEAR of 2024 (1264) as Myriad's then does; in a
// result set MySQL sends 2024 under the TINYINT label (Item::send's
// store_tiny of val_int), which Myriad's wire encoding would clamp to 127,
// so there the column is SMALLINT (UNSIGNED beside TINYINT UNSIGNED): the
// same numbers, sorted as numbers, YEAR 0 printed 0 (year27; it was a
// VARCHAR printing 0000 and sorting 100 before 2, and IFNULL(y, t) of a
// NULL y failed with "value 100 is not a valid Year").
type branchYearInt struct {
	unary // the GMS node evaluated, whose children and text are kept
	typ   sql.Type
}

var _ sql.Expression = (*branchYearInt)(nil)

// newBranchYearInt returns nil unless e's branches are YEAR and integers
// of one type (NULLs aside), at least one of each; a TINYINT is widened to
// SMALLINT unless tiny is set.
func newBranchYearInt(e sql.Expression, tiny bool) *branchYearInt {
	branches, ok := branchesOf(e)
	if !ok {
		return nil
	}
	year := false
	var it sql.Type
	for _, b := range branches {
		t := b.Type()
		switch {
		case t == types.Null:
			continue
		case isYearBranch(b):
			year = true
			continue
		case !isInt(t):
			return nil
		}
		if _, lit := b.(*expression.Literal); lit {
			t = types.Int64
		}
		if it != nil && !it.Equals(t) {
			return nil
		}
		it = t
	}
	if !year || it == nil {
		return nil
	}
	if !tiny {
		switch it.Type() {
		case sqltypes.Int8:
			it = types.Int16
		case sqltypes.Uint8:
			it = types.Uint16
		}
	}
	return &branchYearInt{unary: unary{e}, typ: it}
}

func (b *branchYearInt) Type() sql.Type { return b.typ }

func (b *branchYearInt) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (b *branchYearInt) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *branchYearInt) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	switch n := v.(type) {
	case int8:
		return int64(n), nil
	case int16:
		return int64(n), nil
	case int32:
		return int64(n), nil
	case int64:
		return n, nil
	case int:
		return int64(n), nil
	case uint8:
		return uint64(n), nil
	case uint16:
		return uint64(n), nil
	case uint32:
		return uint64(n), nil
	case uint64:
		return n, nil
	case string:
		// GMS's node converted the branch to its own text type.
		s := strings.TrimSpace(n)
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return u, nil
		}
	}
	return nil, fmt.Errorf("%s gave %T for an integer result", b.child, v)
}

// isYearBranch: b is a YEAR, or a YEAR column given its four-digit text
// (the engine's columnText, for a branch it takes as a string position
// because GMS typed the COALESCE LONGTEXT).
func isYearBranch(b sql.Expression) bool {
	if b.Type().Type() == sqltypes.Year {
		return true
	}
	cs := b.Children()
	if len(cs) != 1 || cs[0].Type().Type() != sqltypes.Year {
		return false
	}
	st, ok := b.Type().(sql.StringType)
	return ok && st.MaxCharacterLength() == 4
}
