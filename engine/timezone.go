package engine

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// The session time_zone. MySQL stores a TIMESTAMP as UTC and converts it
// from and to the session's time_zone, and NOW() and its kin follow that
// zone too; Myriad converts nothing (values are the server's, which runs in
// UTC or its SYSTEM zone). GMS accepted any time_zone and ignored it, so an
// application that set '+05:00' read every TIMESTAMP five hours off MySQL's,
// and NOW() in UTC, without an error. Until the conversions exist, the
// variable accepts only the values that mean no conversion: SYSTEM and the
// zones that are UTC ('+00:00', 'UTC', ...); another valid zone is refused
// with 1235, anything else with MySQL's 1298.

var tzVarOnce sync.Once

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
		}})
	})
}

// timeZoneType is time_zone's string type, refusing the zones Myriad would
// answer wrongly for.
type timeZoneType struct {
	sql.SystemVariableType
}

func (t timeZoneType) Convert(ctx context.Context, v interface{}) (interface{}, sql.ConvertInRange, error) {
	out, rng, err := t.SystemVariableType.Convert(ctx, v)
	if err != nil {
		return out, rng, err
	}
	s, _ := out.(string)
	if err := checkTimeZone(s); err != nil {
		return nil, sql.OutOfRange, err
	}
	return out, rng, nil
}

// utcNames are the time zone names that are UTC at every instant.
var utcNames = []string{"UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu",
	"GMT0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Greenwich", "Etc/Greenwich", "UCT", "Etc/UCT"}

func checkTimeZone(s string) error {
	z := strings.TrimSpace(s)
	if strings.EqualFold(z, "SYSTEM") {
		return nil
	}
	for _, n := range utcNames {
		if strings.EqualFold(z, n) {
			return nil
		}
	}
	if off, ok := tzOffset(z); ok {
		if off == 0 {
			return nil
		}
		return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
			"This version of MySQL doesn't yet support 'time_zone %s (Myriad does not convert TIMESTAMP values or NOW() between zones; use '+00:00' or SYSTEM)'", s)
	}
	return mysql.NewSQLError(mysql.ERUnknownTimeZone, "HY000", "Unknown or incorrect time zone: '%s'", s)
}

// tzOffset reads MySQL's [+-]H[H]:MM offset (-13:59 to +14:00) as minutes.
func tzOffset(z string) (int, bool) {
	if len(z) < 5 || (z[0] != '+' && z[0] != '-') {
		return 0, false
	}
	h, m, ok := strings.Cut(z[1:], ":")
	if !ok || len(h) < 1 || len(h) > 2 || len(m) != 2 {
		return 0, false
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || mm > 59 {
		return 0, false
	}
	off := hh*60 + mm
	if z[0] == '-' {
		off = -off
	}
	if off < -(13*60+59) || off > 14*60 {
		return 0, false
	}
	return off, true
}
