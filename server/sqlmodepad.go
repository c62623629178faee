package server

import (
	"context"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// padCharMode is the sql_mode Myriad refuses: with it MySQL reads CHAR
// columns back padded to their length, but the storage strips trailing
// spaces (engine/layout.go) and nothing pads them again, so accepting it
// would answer every CHAR read silently unpadded. MySQL 8.0 deprecates it.
const padCharMode = "PAD_CHAR_TO_FULL_LENGTH"

// truncFracMode is refused too: with it MySQL truncates fractional
// seconds beyond a column's or CAST's precision where it otherwise rounds,
// and nothing in Myriad reads it (CAST('10:00:00.5' AS TIME) was 10:00:01
// under it, MySQL's 10:00:00).
const truncFracMode = "TIME_TRUNCATE_FRACTIONAL"

var padCharOnce sync.Once

// refusePadCharMode re-registers sql_mode so that a SET (session, global or
// SET_VAR) whose value includes PAD_CHAR_TO_FULL_LENGTH fails with 1231
// rather than being accepted and ignored. Once per process: the variables
// are process-wide.
func refusePadCharMode() {
	padCharOnce.Do(func() {
		v, _, ok := sql.SystemVariables.GetGlobal("sql_mode")
		msv, isMySQL := v.(*sql.MysqlSystemVariable)
		if !ok || !isMySQL {
			return
		}
		def := *msv
		st, isSet := msv.Type.(sysSetType)
		if !isSet {
			return
		}
		def.Type = noPadCharSetType{st}
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&def})
	})
}

// sysSetType is GMS's sql_mode type: GMS asserts sql.SetType on it to store
// a session's value as names, so the wrapper keeps both interfaces.
type sysSetType interface {
	sql.SystemVariableType
	sql.SetType
}

// noPadCharSetType is GMS's sql_mode set type minus PAD_CHAR_TO_FULL_LENGTH.
type noPadCharSetType struct {
	sysSetType
}

func (t noPadCharSetType) Convert(ctx context.Context, v any) (any, sql.ConvertInRange, error) {
	out, inRange, err := t.sysSetType.Convert(ctx, v)
	if err != nil {
		// GMS's set type names the value it did not find (1105); MySQL's
		// SET answers 1231 for any mode it does not know.
		if _, isStr := v.(string); isStr {
			return nil, sql.OutOfRange, sql.ErrInvalidSystemVariableValue.New("sql_mode", v)
		}
		return out, inRange, err
	}
	var names string
	switch o := out.(type) {
	case uint64:
		names, _ = t.BitsToString(o)
	case string:
		names = o
	}
	for _, m := range strings.Split(names, ",") {
		if m = strings.TrimSpace(m); strings.EqualFold(m, padCharMode) || strings.EqualFold(m, truncFracMode) {
			return nil, sql.OutOfRange, sql.ErrInvalidSystemVariableValue.New("sql_mode", v)
		}
	}
	return out, inRange, nil
}
