package sqlfunc

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/timetype"
)

// unionYearColumn: a YEAR beside another type in a UNION. GMS converted
// such a column to LONGTEXT; MySQL 8.0 types it by field_types_merge_rules
// (sql/field.cc, row MYSQL_TYPE_YEAR):
//   - YEAR x LONGLONG (a BIGINT column, and an integer literal, which
//     MySQL types LONGLONG) is BIGINT, YEAR x LONG (INT) INT, YEAR x INT24
//     MEDIUMINT; YEAR x NEWDECIMAL DECIMAL (YEAR as four integer digits);
//     YEAR x DOUBLE DOUBLE;
//   - YEAR x VARCHAR/CHAR and YEAR x DATE, TIME, DATETIME, TIMESTAMP
//     VARCHAR(n), n the longer side's length in characters (YEAR 4), a
//     temporal row printed as its own type prints.
//
// YEAR x SHORT is SMALLINT, and YEAR beside an unsigned SMALLINT,
// MEDIUMINT or INT that type. YEAR x TINY is TINY (field_types_merge_rules,
// row MYSQL_TYPE_YEAR; Item::aggregate_type bumps a TINY past a mix of
// signs only for an unsigned operand whose own type is TINY, and a YEAR's
// is YEAR): TINYINT beside a TINYINT, TINYINT UNSIGNED beside an unsigned
// one. What a YEAR past the TINYINT's range becomes depends on whether
// MySQL writes the rows to the set operation's temporary table
// (Query_expression::create_access_paths): a UNION DISTINCT, a UNION under
// an ORDER BY, and one read as a derived table, subquery or by CREATE
// TABLE/INSERT ... SELECT is materialized, and Field_tiny::store clamps
// 2024 to 127 (255 unsigned) without a warning in a SELECT (MariaDB 10.11
// clamps its TINYINT UNSIGNED union alike); the UNION ALL that is a
// SELECT's result (streamed) sends each operand's value as is under the
// TINYINT label. streamed is that case: the column is SMALLINT there (its
// values MySQL's; the label differs), as no TINYINT can carry 2024.
// YEAR beside FLOAT or an unsigned BIGINT, and beside a TEXT, are left to
// GMS. MariaDB 10.11 differs for the signed integers: it makes them
// DECIMAL. ok is false for columns that are not such a mix.
func unionYearColumn(ctx *sql.Context, name [2]string, i int, l, r sql.Expression, lt, rt sql.Type, ls, rs sql.Node, streamed bool) (nl, nr sql.Expression, ok bool) {
	ly, ry := lt.Type() == sqltypes.Year, rt.Type() == sqltypes.Year
	if ly == ry {
		return nil, nil, false
	}
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	if !lok || !rok {
		return nil, nil, false
	}
	other, otherNode := rt, rs
	if ry {
		other, otherNode = lt, ls
	}
	otherExpr := sideExpr(otherNode, i)
	_, literal := otherExpr.(*expression.Literal)
	var typ sql.Type
	switch {
	case other == types.Null:
		return nil, nil, false // unionNulls'
	case isInt(other) && types.IsSigned(other) && (literal || other.Type() == sqltypes.Int64):
		typ = types.Int64
	case other.Type() == sqltypes.Int32:
		typ = types.Int32
	case other.Type() == sqltypes.Int24:
		typ = types.Int24
	case other.Type() == sqltypes.Int8 || other.Type() == sqltypes.Uint8:
		switch {
		case !streamed:
			typ = other // unionAs converts: 2024 is 127 (255), as stored
		case streamedInto(ctx):
			// CREATE TABLE ... SELECT streams the operands' values into
			// the new TINYINT column, which refuses 2024 (1264) in
			// strict mode.
			return expression.NewAlias(name[0], &unionAs{unary: unary{retypedField(lg, lt)}, typ: other, raw: true}),
				expression.NewAlias(name[1], &unionAs{unary: unary{retypedField(rg, rt)}, typ: other, raw: true}), true
		case other.Type() == sqltypes.Int8:
			typ = types.Int16
		default:
			typ = types.Uint16
		}
	case other.Type() == sqltypes.Int16:
		// YEAR x SHORT: every YEAR value fits (fix25a).
		typ = types.Int16
	case other.Type() == sqltypes.Uint16 || other.Type() == sqltypes.Uint24 || other.Type() == sqltypes.Uint32:
		// A YEAR is unsigned to MySQL (Field_year is an unsigned
		// Field_tiny): beside an unsigned integer the signs do not mix,
		// and Item::aggregate_type keeps the integer's type (a string
		// column sorted 8 after 2024).
		typ = other
	case types.IsDecimal(other):
		// YEAR's four integer digits beside the DECIMAL's.
		d := other.(sql.DecimalType)
		scale := int(d.Scale())
		length := min(max(int(d.Precision())-scale, 4)+scale, types.DecimalTypeMaxPrecision)
		return expression.NewAlias(name[0], unionConvert(retypedField(lg, lt), expression.ConvertToDecimal, length, scale)),
			expression.NewAlias(name[1], unionConvert(retypedField(rg, rt), expression.ConvertToDecimal, length, scale)), true
	case other.Equals(types.Float64):
		typ = types.Float64
	case isStringLiteral(otherExpr):
		t, err := types.CreateString(sqltypes.VarChar, max(int64(utf8.RuneCountInString(otherExpr.(*expression.Literal).Value().(string))), 4), ctx.GetCollation())
		if err != nil {
			return nil, nil, false
		}
		typ = t
	case types.IsText(other) && !types.IsTextBlob(other) && !types.IsBinaryType(other):
		st, ok := other.(sql.StringType)
		if !ok {
			return nil, nil, false
		}
		t, err := types.CreateString(sqltypes.VarChar, max(st.MaxCharacterLength(), 4), st.Collation())
		if err != nil {
			return nil, nil, false
		}
		typ = t
	case temporalLength(other) > 0:
		t, err := types.CreateString(sqltypes.VarChar, max(temporalLength(other), 4), ctx.GetCollation())
		if err != nil {
			return nil, nil, false
		}
		typ = t
	default:
		return nil, nil, false
	}
	return expression.NewAlias(name[0], &unionAs{unary: unary{retypedField(lg, lt)}, typ: typ}),
		expression.NewAlias(name[1], &unionAs{unary: unary{retypedField(rg, rt)}, typ: typ}), true
}

// unionAs is a UNION side's value as the column's type typ; a temporal
// value as its text when typ is a string.
type unionAs struct {
	unary
	typ sql.Type
	raw bool // the value as is, for the statement's own conversion
}

func (u *unionAs) Type() sql.Type { return u.typ }

func (u *unionAs) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if st, ok := u.typ.(sql.StringType); ok {
		return st.Collation(), 2
	}
	return sql.Collation_binary, 5
}

func (u *unionAs) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(u, children)
}

func (u *unionAs) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.child.Eval(ctx, row)
	if err != nil || v == nil || u.raw {
		return v, err
	}
	if types.IsText(u.typ) {
		if s, ok, err := temporalText(u.child.Type(), v); ok || err != nil {
			return s, err
		}
	}
	out, _, err := u.typ.Convert(ctx, v)
	return out, err
}

// temporalText is a value v of the temporal type t as MySQL prints that
// type (a DATE without a time, a DATETIME(p) with p digits, a TIME(p));
// ok is false when t is not temporal.
func temporalText(t sql.Type, v any) (s string, ok bool, err error) {
	switch {
	case timetype.Is(t):
		ts, err := types.Time.ConvertToTimespan(v)
		if err != nil {
			return "", true, err
		}
		fsp, _ := timetype.PrecisionOf(t)
		return string(timetype.AppendText(nil, ts, fsp)), true, nil
	case temporalLength(t) > 0:
		tm, isTime := v.(time.Time)
		if !isTime {
			return "", false, nil
		}
		if types.IsDateType(t) {
			return tm.Format("2006-01-02"), true, nil
		}
		s := tm.Format("2006-01-02 15:04:05.000000")
		if dt, isDT := t.(sql.DatetimeType); isDT && dt.Precision() > 0 {
			return s[:20+dt.Precision()], true, nil
		}
		return s[:19], true, nil
	}
	return "", false, nil
}

// streamedResultKey marks a set operation whose rows MySQL streams from
// its UNION ALL operands, never writing them to a temporary table of the
// union's types (Query_expression::create_access_paths: streaming_allowed
// unless the set operation is sorted, materialized as a derived table or
// subquery, or the top unit of an INSERT/REPLACE ... SELECT): a SELECT's
// result (streamedSelect), or the rows of CREATE TABLE ... SELECT
// (streamedCreate).
type streamedResultKey struct{}

const (
	streamedSelect = 1 + iota
	streamedCreate
)

// withStreamedResult is ctx marked when so is such a set operation: root
// is so, or only LIMIT/OFFSET, projections and the CREATE TABLE are above
// it.
func withStreamedResult(ctx *sql.Context, root sql.Node, so *plan.SetOp) *sql.Context {
	// A last UNION DISTINCT materializes every operand before it (GMS
	// nests `a UNION ALL b UNION c` as a DISTINCT over the ALL).
	if len(so.SortFields) > 0 || so.Distinct {
		return ctx
	}
	kind := streamedSelect
	if !selectStatement(ctx.Query()) {
		if !createStatement(ctx.Query()) {
			return ctx
		}
		kind = streamedCreate
	}
	n := root
	for n != so {
		switch x := n.(type) {
		case *plan.Limit, *plan.Offset:
			n = x.Children()[0]
		case *plan.Project:
			n = x.Child
		case *plan.CreateTable:
			if kind != streamedCreate || len(x.Children()) != 1 {
				return ctx
			}
			n = x.Children()[0]
		default:
			return ctx
		}
	}
	return ctx.WithContext(context.WithValue(ctx.Context, streamedResultKey{}, kind))
}

func streamedResult(ctx *sql.Context) bool {
	v, _ := ctx.Value(streamedResultKey{}).(int)
	return v != 0
}

// streamedInto: the streamed rows are stored by CREATE TABLE ... SELECT.
func streamedInto(ctx *sql.Context) bool {
	v, _ := ctx.Value(streamedResultKey{}).(int)
	return v == streamedCreate
}

// createStatement: q is a CREATE statement (of a table, for a set
// operation to be in it).
func createStatement(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n")
	return len(q) >= 6 && strings.EqualFold(q[:6], "create")
}
