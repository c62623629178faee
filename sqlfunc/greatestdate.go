package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/timetype"
)

// dateNumberType is the type GREATEST/LEAST answer in when a DATE,
// DATETIME or TIMESTAMP argument meets numbers (and maybe strings or
// other temporal values): the aggregate of the temporal arguments, every
// argument compared as a date. GMS compared such a mix as DOUBLE, reading
// the DATE as 2024 and answering 20200601 and 0 for GREATEST and LEAST of
// DATE '2024-01-01' and 20200601.
//
// MySQL 8.0's Item_func_min_max keeps a temporal_item among the
// arguments and, when it has a date part (compare_as_dates), compares
// every argument by val_date_temporal, a number through number_to_datetime
// (20200601 is 2020-06-01; one that is no date the zero date, with
// warning 1292), then prints the winner in temporal_item's type. It types
// the result VARCHAR (DATE and LONGLONG merge to a string), MariaDB 10.11
// types it DATE with the same values; this package follows MariaDB's type
// as it does for DATE among strings (compareType), so the value reads as a
// date in arithmetic too. nil when the mix is anything else, TIME
// included.
func dateNumberType(args []sql.Expression) sql.Type {
	var temporal []sql.Type
	num, withDate := false, false
	for _, a := range args {
		if !a.Resolved() {
			return nil
		}
		t := a.Type()
		if svt, ok := t.(sql.SystemVariableType); ok {
			t = svt.UnderlyingType()
		}
		switch {
		case t == types.Null, types.IsText(t):
		case isNumber(t):
			num = true
		case types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t):
			withDate = true
			temporal = append(temporal, t)
		case timetype.Is(t) || types.IsTimespan(t):
			temporal = append(temporal, t)
		default:
			return nil
		}
	}
	if !num || !withDate {
		return nil
	}
	return temporalAggregate(temporal)
}

// numberAsDate is a number argument of such a GREATEST/LEAST as the date
// MySQL compares (number_to_datetime ): the zero date
// with warning 1292 when it is none.
func numberAsDate(ctx *sql.Context, v any) any {
	d, text, isNum := numberOf(v) // zeropart.go
	if !isNum {
		return v
	}
	whole := d.Truncate(0)
	if d.Sign() >= 0 && !whole.GreaterThan(maxDatetimeNumber) {
		nr := whole.IntPart()
		// A zero month or day is a date MySQL compares (2020-00-01) but
		// GMS's dates cannot hold it: refused rather than taken for the
		// zero date (which then won LEAST as NULL).
		if t, ok := numberToMySQLTime(nr, fuzzyDate); ok && t.zeroPart() {
			return errZeroPartCompare
		}
		if t, ok := numberToMySQLTime(nr, 0); ok {
			if t.zeroDate() {
				return gmsZeroTime
			}
			if !numberIsDate(nr) {
				t.us = micros(d.Sub(whole))
			}
			if t.us < 1_000_000 {
				return t.goTime()
			}
		}
	}
	if ctx != nil && ctx.Session != nil {
		ctx.Warn(1292, "Truncated incorrect datetime value: '%s'", text)
	}
	return gmsZeroTime
}

// errZeroPartCompare refuses GREATEST/LEAST of a date with a number that
// is a date with a zero month or day.
var errZeroPartCompare = mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
	"This version of MySQL doesn't yet support 'GREATEST or LEAST of a date and a number that is a date with a zero month or day'")

// isZeroDateResult: a zero date won (a number that is no date read as one)
// under NO_ZERO_DATE, which MariaDB 10.11 answers with NULL (strict modes;
// MySQL 8.0's answer there is not certain from its source, so MariaDB's is
// taken).
func isZeroDateResult(ctx *sql.Context, v any) bool {
	t, ok := v.(time.Time)
	return ok && t.Equal(gmsZeroTime) && (sqlModeHas(ctx, "NO_ZERO_DATE") || sqlModeHas(ctx, "TRADITIONAL"))
}
