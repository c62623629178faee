package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/timetype"
)

// unionTemporalColumn: GMS's planner converts the two sides of a UNION
// column to CHAR when their types differ, which TIME(2) and TIME(6) (or
// TIME) do, and so do DATETIME(2) and DATETIME(6). Its CHAR conversion of
// a TIME value was NULL (`SELECT t2 FROM t UNION SELECT t6 FROM t`
// answered NULLs), and a DATETIME kept each side's own digits where MySQL
// prints every row of the column with the larger precision. l and r are
// the column's projections over the sides, of the sides' types lt and rt
// (a nested UNION's, after this rule typed it); ok is true when the column
// is one of these and nl and nr type it as MySQL does: TIME(n) or
// DATETIME(n) with the larger n, and so is a mix of DATE, DATETIME and
// TIMESTAMP. Two TIMESTAMPs and mixes with TIME or YEAR are left to GMS.
func unionTemporalColumn(name [2]string, i int, l, r sql.Expression, lt, rt sql.Type, ls, rs sql.Node) (nl, nr sql.Expression, ok bool) {
	// Only where GMS converted the column to text: a bare GetField of a
	// nested UNION's column is typed with the CHAR GMS gave it there.
	if !types.IsText(l.Type()) || !types.IsText(r.Type()) {
		return nil, nil, false
	}
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	if !lok || !rok {
		return nil, nil, false
	}
	if timetype.Is(lt) && timetype.Is(rt) {
		lf, _ := timetype.PrecisionOf(lt)
		rf, _ := timetype.PrecisionOf(rt)
		fsp := max(lf, rf)
		return expression.NewAlias(name[0], &timeTo{unary: unary{retypedField(lg, lt)}, fsp: fsp}),
			expression.NewAlias(name[1], &timeTo{unary: unary{retypedField(rg, rt)}, fsp: fsp}), true
	}
	if nl, nr, ok := unionTimeDatetime(name, lg, rg, lt, rt, castTimeFsp(ls, i), castTimeFsp(rs, i)); ok {
		return nl, nr, true
	}
	// DATE, DATETIME and TIMESTAMP mixed are DATETIME in MySQL 8.0
	// (Field::field_type_merge): a DATE row prints 00:00:00, a TIMESTAMP
	// row its session wall time. Two TIMESTAMPs stay TIMESTAMP: left to GMS.
	ld, lok := lt.(sql.DatetimeType)
	rd, rok := rt.(sql.DatetimeType)
	if !lok || !rok || !dateKind(lt) || !dateKind(rt) ||
		(lt.Type() == sqltypes.Timestamp && rt.Type() == sqltypes.Timestamp) {
		return nil, nil, false
	}
	fsp := max(ld.Precision(), rd.Precision())
	return expression.NewAlias(name[0], expression.NewConvertWithLengthAndScale(retypedField(lg, lt), expression.ConvertToDatetime, fsp, 0)),
		expression.NewAlias(name[1], expression.NewConvertWithLengthAndScale(retypedField(rg, rt), expression.ConvertToDatetime, fsp, 0)), true
}

// unionTimeDatetime: a TIME beside a DATE, DATETIME or TIMESTAMP is
// DATETIME in MySQL 8.0 (sql/field.cc field_types_merge_rules: DATE x
// TIME, DATETIME x TIME and TIMESTAMP x TIME are MYSQL_TYPE_DATETIME), a
// TIME row being that time on the current date, as CAST(time AS DATETIME)
// makes it (castTimeDatetime). GMS converted the column to text, and
// `SELECT CAST('2024-01-01' AS DATE) UNION SELECT CAST('10:00:00' AS TIME)`
// answered a LONGTEXT column with '10:00:00'. The precision is the larger
// of the sides' fractional digits.
//
// lcast and rcast are the precision of a side that is CAST(x AS TIME[(n)])
// (-1 for another side): GMS types it TIME(6) until the after-all batch
// makes it castTimeN.
func unionTimeDatetime(name [2]string, lg, rg *expression.GetField, lt, rt sql.Type, lcast, rcast int) (nl, nr sql.Expression, ok bool) {
	side := func(g *expression.GetField, t sql.Type, fsp int) sql.Expression {
		c := expression.NewConvertWithLengthAndScale(retypedField(g, t), expression.ConvertToDatetime, fsp, 0)
		if timetype.Is(t) {
			return &castTimeDatetime{c}
		}
		return c
	}
	precision := func(t sql.Type) (int, bool) {
		if timetype.Is(t) {
			return timetype.PrecisionOf(t)
		}
		if d, ok := t.(sql.DatetimeType); ok && dateKind(t) {
			return d.Precision(), true
		}
		return 0, false
	}
	if timetype.Is(lt) == timetype.Is(rt) {
		return nil, nil, false
	}
	lf, lok := precision(lt)
	rf, rok := precision(rt)
	if !lok || !rok {
		return nil, nil, false
	}
	if lcast >= 0 {
		lf = lcast
	}
	if rcast >= 0 {
		rf = rcast
	}
	fsp := max(lf, rf)
	return expression.NewAlias(name[0], side(lg, lt, fsp)), expression.NewAlias(name[1], side(rg, rt, fsp)), true
}

// castTimeFsp is the precision of CAST(x AS TIME[(n)]) when that is
// column i of the UNION side n; -1 for another column.
func castTimeFsp(n sql.Node, i int) int {
	c, ok := sideExpr(n, i).(*expression.Convert)
	if !ok || !timetype.Is(c.Type()) {
		return -1
	}
	return castTimePrecision(c)
}

// dateKind: DATE, DATETIME or TIMESTAMP.
func dateKind(t sql.Type) bool {
	switch t.Type() {
	case sqltypes.Date, sqltypes.Datetime, sqltypes.Timestamp:
		return true
	}
	return false
}

// timeTo is a TIME value as TIME(fsp), rounded.
type timeTo struct {
	unary
	numeric
	fsp int
}

func (t *timeTo) Type() sql.Type { return timetype.New(t.fsp) }

func (t *timeTo) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(t, children)
}

func (t *timeTo) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := t.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	ts, err := types.Time.ConvertToTimespan(v)
	if err != nil {
		return nil, nil
	}
	return timetype.Round(ts, t.fsp), nil
}
