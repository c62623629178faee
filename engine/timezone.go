package engine

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/sqlfunc"
)

// The session time_zone. MySQL stores a TIMESTAMP as UTC and converts it
// from the session's time_zone when it is written and to it when it is
// read; DATETIME is never converted. GMS accepted any time_zone and
// converted no TIMESTAMP, so Myriad refused every zone but UTC until the
// conversions below existed. They happen where rows cross between GMS and
// storage (partitionRows, the editors, index ranges: stored values stay
// UTC for every internal reader and writer, such as ALTER's copy), and only
// for tables with TIMESTAMP columns under a zone that is not UTC.
//
// SYSTEM is UTC whatever the host's zone (system_time_zone is 'UTC'): every
// TIMESTAMP stored so far was written under SYSTEM or a UTC zone, without
// conversion, so it is UTC only if SYSTEM is; a host zone would shift them
// all, and again whenever the host's zone changed.

var tzVarOnce sync.Once

// GMS's NOW(), FROM_UNIXTIME, UNIX_TIMESTAMP and CONVERT_TZ read SYSTEM as
// time.Local's offset. Set at package initialisation, before any goroutine
// exists: New set it, while a Pebble store opened earlier in the process
// (tests open several) had goroutines reading time.Local (go test -race).
func init() { time.Local = time.UTC }

// defineTimeZoneVariable is called by New (sql.SystemVariables is filled
// by a GMS package's init).
func defineTimeZoneVariable() {
	tzVarOnce.Do(func() {
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
			Name:              "time_zone",
			Scope:             sql.GetMysqlScope(sql.SystemVariableScope_Both),
			Dynamic:           true,
			SetVarHintApplies: true,
			Type:              timeZoneType{types.NewSystemStringType("time_zone")},
			Default:           "SYSTEM",
		}, &sql.MysqlSystemVariable{
			Name:    "system_time_zone",
			Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
			Dynamic: false,
			Type:    types.NewSystemStringType("system_time_zone"),
			Default: "UTC",
		}})
	})
}

// timeZoneType is time_zone's string type: it refuses what is no zone
// (1298) and stores the zone as MySQL shows it ('+5:00' reads back as
// '+05:00'), the form GMS's time functions parse.
type timeZoneType struct {
	sql.SystemVariableType
}

func (t timeZoneType) Convert(ctx context.Context, v interface{}) (interface{}, sql.ConvertInRange, error) {
	out, rng, err := t.SystemVariableType.Convert(ctx, v)
	if err != nil {
		return out, rng, err
	}
	s, _ := out.(string)
	name, _, ok := sqlfunc.ParseZone(s)
	if !ok {
		return nil, sql.OutOfRange, mysql.NewSQLError(mysql.ERUnknownTimeZone, "HY000", "Unknown or incorrect time zone: '%s'", s)
	}
	return name, rng, nil
}

// stampsOf lists the positions of a schema's TIMESTAMP columns.
func stampsOf(sch sql.Schema) []int {
	var out []int
	for i, c := range sch {
		if c.Type.Type() == sqltypes.Timestamp {
			out = append(out, i)
		}
	}
	return out
}

// zoneOf is the location the table's TIMESTAMP values are converted
// through for this session; nil when there is nothing to convert.
func (l *layout) zoneOf(ctx *sql.Context) *time.Location {
	if len(l.stamps) == 0 {
		return nil
	}
	return sqlfunc.SessionZone(ctx)
}

// toSession converts a stored row's TIMESTAMP values (UTC) to loc, in
// place: rows just decoded belong to the caller. A value read in a repeated
// hour's later instant is marked (sqlfunc.ToSessionStamp) so that toStored,
// UNIX_TIMESTAMP and ORDER BY find the stored instant again.
func (l *layout) toSession(row sql.Row, loc *time.Location) sql.Row {
	for _, i := range l.stamps {
		if i < len(row) {
			if t, ok := row[i].(time.Time); ok {
				row[i] = sqlfunc.ToSessionStamp(t, loc)
			}
		}
	}
	return row
}

// toStored is the row GMS hands an editor with its TIMESTAMP values
// converted from loc to UTC; a copy, as GMS keeps its rows.
func (l *layout) toStored(row sql.Row, loc *time.Location) sql.Row {
	if loc == nil {
		return row
	}
	out, copied := row, false
	for _, i := range l.stamps {
		if i >= len(row) {
			continue
		}
		if t, ok := row[i].(time.Time); ok {
			if !copied {
				out, copied = row.Copy(), true
			}
			out[i] = sqlfunc.StampInstant(t, loc)
		}
	}
	return out
}

// toStoredInsert is toStored for the row an INSERT hands the editor: a
// value its source read at a repeated hour's later instant lost that mark
// in GMS's conversion to the column's type, and is that instant again
// when the source noted it (sqlfunc.CarriedStamp; MySQL's INSERT ...
// SELECT copies the stored value).
func (l *layout) toStoredInsert(ctx *sql.Context, row sql.Row, loc *time.Location) sql.Row {
	out := l.toStored(row, loc)
	for _, i := range l.stamps {
		if i >= len(row) {
			continue
		}
		if t, ok := row[i].(time.Time); ok {
			if u, ok := sqlfunc.CarriedStamp(ctx, l.t.Name, i, len(row), t, loc); ok {
				out[i] = u
			}
		}
	}
	return out
}

// checkSkipped handles a TIMESTAMP written as a wall time that a DST
// change skips (stored, by toStored, as the change's instant, MySQL's
// TIME_to_gmt_sec). MySQL's Field_temporal::set_warnings reports it as
// ER_WARN_INVALID_TIMESTAMP through Field::set_datetime_warning, which in
// a strict sql_mode makes it a truncated datetime value instead, an error
// there: 1292 "Incorrect datetime value"; otherwise the adjusted value is
// stored with warning 1299 "Invalid TIMESTAMP value in column 'ts' at row
// N". MariaDB does the same. rowNum is the row's number in the statement.
func (l *layout) checkSkipped(ctx *sql.Context, stored, wall sql.Row, loc *time.Location, rowNum int) error {
	for _, i := range l.stamps {
		if i >= len(stored) || i >= len(wall) {
			continue
		}
		w, ok := wall[i].(time.Time)
		u, ok2 := stored[i].(time.Time)
		if !ok || !ok2 || w.Year() < 1 {
			continue
		}
		if sqlfunc.ToZone(u, loc).Equal(w) {
			continue
		}
		if strictStamps(ctx) {
			return mysql.NewSQLError(mysql.ERTruncatedWrongValue, "22007", "Incorrect datetime value: '%s' for column '%s' at row %d", w.Format("2006-01-02 15:04:05.999999"), l.sch[i].Name, rowNum)
		}
		ctx.Warn(1299, "Invalid TIMESTAMP value in column '%s' at row %d", l.sch[i].Name, rowNum)
	}
	return nil
}

// strictStamps: STRICT_TRANS_TABLES, STRICT_ALL_TABLES or TRADITIONAL.
func strictStamps(ctx *sql.Context) bool {
	m := SQLMode(ctx)
	return m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES") || m.ModeEnabled("TRADITIONAL")
}

// The TIMESTAMP range, which MySQL checks on the UTC value. GMS checks
// the wall time it converts, before the editor sees the row: under
// '+05:00' it let '1970-01-01 00:00:01' through (before the epoch in UTC)
// and stored it.
var (
	minStamp = time.Unix(1, 0).UTC()
	maxStamp = time.Unix(1<<31-1, 999999999).UTC()
)

// checkStampRange refuses a converted row whose TIMESTAMP lies outside
// the range in UTC with MySQL's strict-mode 1292 (wall is the row as the
// session wrote it, for the message). Non-strict MySQL stores zero with a
// warning instead; Myriad refuses there too rather than store a value
// the column cannot hold.
func (l *layout) checkStampRange(stored, wall sql.Row) error {
	for _, i := range l.stamps {
		if i >= len(stored) {
			continue
		}
		u, ok := stored[i].(time.Time)
		if !ok || u.Year() < 1 || !u.Before(minStamp) && !u.After(maxStamp) {
			continue
		}
		w := u
		if wt, ok := wall[i].(time.Time); ok {
			w = wt
		}
		return mysql.NewSQLError(mysql.ERTruncatedWrongValue, "22007", "Incorrect datetime value: '%s' for column '%s' at row 1", w.Format("2006-01-02 15:04:05.999999"), l.sch[i].Name)
	}
	return nil
}

// zoneRanges converts the TIMESTAMP bounds of index ranges from the
// session's wall time to stored UTC. A fixed offset converts exactly; a
// zone with DST widens each bound by the zone's offsets around it (a wall
// time can be two instants, or none) and GMS's filter, kept above every
// lookup (PreciseMatch is false), drops what the wider span adds.
func zoneRanges(ctx *sql.Context, ranges sql.MySQLRangeCollection, loc *time.Location) sql.MySQLRangeCollection {
	var out sql.MySQLRangeCollection
	for ri, rng := range ranges {
		copied := false
		for ci, ce := range rng {
			if ce.Typ == nil || ce.Typ.Type() != sqltypes.Timestamp {
				continue
			}
			if out == nil {
				out = make(sql.MySQLRangeCollection, len(ranges))
				copy(out, ranges)
			}
			if !copied {
				out[ri], copied = append(sql.MySQLRange(nil), rng...), true
			}
			out[ri][ci].LowerBound = zoneCut(ctx, ce.Typ, ce.LowerBound, loc, true)
			out[ri][ci].UpperBound = zoneCut(ctx, ce.Typ, ce.UpperBound, loc, false)
		}
	}
	if out == nil {
		return ranges
	}
	return out
}

func zoneCut(ctx *sql.Context, typ sql.Type, c sql.MySQLRangeCut, loc *time.Location, lower bool) sql.MySQLRangeCut {
	var k any
	switch b := c.(type) {
	case sql.Below:
		k = b.Key
	case sql.Above:
		k = b.Key
	default:
		return c // unbounded or NULL: the same in every zone
	}
	if k == nil {
		return c
	}
	v, _, err := types.DatetimeMaxPrecision.Convert(ctx, k)
	t, ok := v.(time.Time)
	if err != nil || !ok {
		// Not a time: no bound at all (the filter above decides).
		if lower {
			return sql.AboveNull{}
		}
		return sql.AboveAll{}
	}
	if t.Year() < 1 {
		return c
	}
	lo, hi := zoneOffsets(t, loc)
	if lower {
		u := t.Add(-time.Duration(hi) * time.Second)
		if lo != hi {
			return sql.Below{Key: u} // widened: include the bound
		}
		return sameCut(c, u)
	}
	u := t.Add(-time.Duration(lo) * time.Second)
	if lo != hi {
		return sql.Above{Key: u}
	}
	return sameCut(c, u)
}

func sameCut(c sql.MySQLRangeCut, k any) sql.MySQLRangeCut {
	if _, ok := c.(sql.Above); ok {
		return sql.Above{Key: k}
	}
	return sql.Below{Key: k}
}

// zoneOffsets are the least and the greatest UTC offset (seconds) loc has
// at the instants whose wall time can be t: those lie within 14 hours of
// t read as UTC. Zone periods last months, so the ends of a 30-hour window
// meet every offset in it, unless a whole period lies inside: then the
// widest offsets any zone has.
func zoneOffsets(t time.Time, loc *time.Location) (lo, hi int) {
	a := t.Add(-15 * time.Hour).In(loc)
	b := t.Add(15 * time.Hour).In(loc)
	_, oa := a.Zone()
	_, ob := b.Zone()
	lo, hi = min(oa, ob), max(oa, ob)
	if oa != ob {
		_, end := a.ZoneBounds()
		start, _ := b.ZoneBounds()
		if !end.IsZero() && !start.IsZero() && end.Before(start) {
			return -(13*3600 + 59*60), 14 * 3600
		}
	}
	return lo, hi
}

// stampFromSession is v, a value of type typ computed in the session (a
// column's default), as stored: a TIMESTAMP in UTC.
func stampFromSession(ctx *sql.Context, typ sql.Type, v any) any {
	if t, ok := v.(time.Time); ok && typ != nil && typ.Type() == sqltypes.Timestamp {
		return sqlfunc.FromZone(t, sqlfunc.SessionZone(ctx))
	}
	return v
}

// mentionsStamp reports whether an expression's text names one of the
// TIMESTAMP columns (as a whole word, any case, quoted or not): enough to
// tell a generated column or functional key part that may depend on the
// session's zone, erring towards yes.
func mentionsStamp(text string, sch sql.Schema, stamps []int) bool {
	low := strings.ToLower(text)
	for _, i := range stamps {
		name := strings.ToLower(sch[i].Name)
		for from := 0; ; {
			k := strings.Index(low[from:], name)
			if k < 0 {
				break
			}
			k += from
			end := k + len(name)
			if (k == 0 || !wordByte(low[k-1])) && (end == len(low) || !wordByte(low[end])) {
				return true
			}
			from = k + 1
		}
	}
	return false
}

func wordByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 0x80
}

// zoneRefusal refuses what would compute a value from a TIMESTAMP in the
// wrong zone under a zone that is not UTC (loc non-nil). GMS computes a
// generated column when a row is written, in the writer's zone, and the
// engine stores it: right for a STORED column (MySQL does the same) but
// not for a VIRTUAL one, which MySQL computes when it is read, in the
// reader's zone. A functional key part is computed over the stored (UTC)
// row, so a UNIQUE one would judge duplicates in UTC where MySQL judges
// them in the writer's zone (a lookup declines such an index instead:
// LookupForExpressions). Under UTC both are what MySQL computes.
func (l *layout) zoneRefusal(loc *time.Location, write bool) error {
	if loc == nil {
		return nil
	}
	if l.zoneVirtual {
		return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000", "This version of MySQL doesn't yet support 'a VIRTUAL generated column over a TIMESTAMP column under a time_zone other than UTC (table %s)'", l.t.Name)
	}
	if write && l.zoneUniqueFx {
		return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000", "This version of MySQL doesn't yet support 'writing to a UNIQUE functional index over a TIMESTAMP column under a time_zone other than UTC (table %s)'", l.t.Name)
	}
	return nil
}

// stampDefaultsOf lists the constant DEFAULTs of the TIMESTAMP columns at
// stamps; nil when there is none.
func stampDefaultsOf(sch sql.Schema, stamps []int) []time.Time {
	var out []time.Time
	for k, i := range stamps {
		d := sch[i].Default
		if d == nil {
			continue
		}
		lit, ok := d.Expr.(*expression.Literal)
		if !ok || lit.Value() == nil {
			continue
		}
		v, _, err := sch[i].Type.Convert(context.Background(), lit.Value())
		t, ok := v.(time.Time)
		if err != nil || !ok || t.Year() < 1 {
			continue
		}
		if out == nil {
			out = make([]time.Time, len(stamps))
		}
		out[k] = t
	}
	return out
}

// zoneDefaultRefusal refuses, under a zone that is not UTC, a row whose
// TIMESTAMP is its column's constant DEFAULT, where the value changes
// (old is nil for an INSERT). MySQL fixes such a default once, in the
// zone of the CREATE or ALTER; GMS evaluates the stored literal for each
// row, and the engine would take it for the writer's wall time. A row
// that gives the default's value itself is refused too: the editor cannot
// tell the two apart.
func (l *layout) zoneDefaultRefusal(wallOld, wallNew sql.Row) error {
	for k, d := range l.stampDefaults {
		i := l.stamps[k]
		if d.IsZero() || i >= len(wallNew) {
			continue
		}
		v, ok := wallNew[i].(time.Time)
		if !ok || !v.Equal(d) {
			continue
		}
		if wallOld != nil && i < len(wallOld) {
			if o, ok := wallOld[i].(time.Time); ok && o.Equal(v) {
				continue
			}
		}
		return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000", "This version of MySQL doesn't yet support 'the constant DEFAULT of TIMESTAMP column %s under a time_zone other than UTC'", l.sch[i].Name)
	}
	return nil
}

// zoneDefaultDDL refuses giving a TIMESTAMP column a constant DEFAULT
// under a zone that is not UTC: MySQL converts it to UTC once, here;
// Myriad keeps the literal, which every later session would read as UTC.
func zoneDefaultDDL(ctx *sql.Context, col *sql.Column) error {
	if col.Default == nil || col.Type.Type() != sqltypes.Timestamp || sqlfunc.SessionZone(ctx) == nil {
		return nil
	}
	if d := stampDefaultsOf(sql.Schema{col}, []int{0}); d == nil {
		return nil
	}
	return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000", "This version of MySQL doesn't yet support 'a constant DEFAULT for TIMESTAMP column %s under a time_zone other than UTC (SET time_zone = '+00:00' and give the UTC value)'", col.Name)
}
