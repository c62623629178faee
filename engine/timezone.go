package engine

import (
	"context"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
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

// defineTimeZoneVariable is called by New (sql.SystemVariables is filled
// by a GMS package's init).
func defineTimeZoneVariable() {
	tzVarOnce.Do(func() {
		// GMS's NOW(), FROM_UNIXTIME, UNIX_TIMESTAMP and CONVERT_TZ read
		// SYSTEM as time.Local's offset.
		time.Local = time.UTC
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
// place: rows just decoded belong to the caller.
func (l *layout) toSession(row sql.Row, loc *time.Location) sql.Row {
	for _, i := range l.stamps {
		if i < len(row) {
			if t, ok := row[i].(time.Time); ok {
				row[i] = sqlfunc.ToZone(t, loc)
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
			out[i] = sqlfunc.FromZone(t, loc)
		}
	}
	return out
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
