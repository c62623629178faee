package sqlfunc

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/jsondoc"
)

// temporalJSONText is a DATE, DATETIME, TIMESTAMP or TIME value v of type t
// as MySQL prints it inside a JSON document: 'YYYY-MM-DD',
// 'YYYY-MM-DD hh:mm:ss.uuuuuu', 'hh:mm:ss.uuuuuu' (always six fractional
// digits, as the manual's "The JSON Data Type" shows, whatever the column's
// precision). GMS marshals a time.Time as RFC 3339 ("...T01:30:00Z"), which
// loses the fraction and labels a TIMESTAMP's session wall time as UTC. A
// TIMESTAMP arrives here already as the session's wall time (engine/
// timezone.go converts rows where they leave storage), so it prints as
// SELECT shows it. ok is false for any other type or value.
func temporalJSONText(t sql.Type, v any) (string, bool) {
	if x, ok := v.(types.Timespan); ok {
		// TIME, by its value: Myriad's TIME type (timetype) is not GMS's.
		us := x.AsMicroseconds()
		sign := ""
		if us < 0 {
			sign, us = "-", -us
		}
		return fmt.Sprintf("%s%02d:%02d:%02d.%06d", sign, us/3_600_000_000, us/60_000_000%60, us/1_000_000%60, us%1_000_000), true
	}
	switch {
	case types.IsDateType(t):
		tm, ok := v.(time.Time)
		if !ok {
			return "", false
		}
		if tm.Equal(zeroDatetime) {
			return "0000-00-00", true
		}
		return tm.Format("2006-01-02"), true
	case types.IsDatetimeType(t) || types.IsTimestampType(t):
		tm, ok := v.(time.Time)
		if !ok {
			return "", false
		}
		if tm.Equal(zeroDatetime) {
			return "0000-00-00 00:00:00.000000", true
		}
		return tm.Format("2006-01-02 15:04:05.000000"), true
	}
	return "", false
}

// temporalJSON is v (of type t) as the JSON value MySQL makes of it: a
// jsondoc.Temporal, which keeps JSON_TYPE's DATE, TIME or DATETIME and
// compares as one (a JSON string of the same text does not equal it).
func temporalJSON(t sql.Type, v any) (jsondoc.Temporal, bool) {
	s, ok := temporalJSONText(t, v)
	if !ok {
		return jsondoc.Temporal{}, false
	}
	kind := jsondoc.Datetime
	switch {
	case !strings.Contains(s, "-") || strings.HasPrefix(s, "-") && !strings.Contains(s[1:], "-"):
		kind = jsondoc.Time
	case !strings.Contains(s, ":"):
		kind = jsondoc.Date
	}
	return jsondoc.Temporal{Kind: kind, Text: s}, true
}
