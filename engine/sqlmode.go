package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// GMS parses sql_mode anew wherever it consults it (sql.LoadSqlMode:
// lower-case, split, sort, a map; it memoizes only its own default string,
// which is not Myriad's MySQL 8 default), and AUTO_INCREMENT's evaluation
// does so for every row given 0 or NULL: 2-4% of sysbench's oltp_insert
// (docs/PROFILES.md, "insert4"). A session keeps the mode it parsed last,
// with the variable's value it came from and the settings generation
// (settings.go) at which it last checked that value.

// sessionMode is an immutable parse of one sql_mode value.
type sessionMode struct {
	gen  uint64 // the settings generation the value was last read at
	val  string
	mode *sql.SqlMode
	// noAutoValueOnZero: NO_AUTO_VALUE_ON_ZERO, read once per parse
	// (SqlMode.ModeEnabled lower-cases its argument on every call).
	noAutoValueOnZero bool
	// noBackslashEscapes: ModeHasFold(val, "NO_BACKSLASH_ESCAPES"), which
	// the server reads for every OK and EOF packet's status flags.
	noBackslashEscapes bool
}

// SQLMode is sql.LoadSqlMode(ctx) for a Myriad session, parsed only when
// the session's sql_mode value changed. The result is shared: callers
// must not modify it.
func SQLMode(ctx *sql.Context) *sql.SqlMode {
	if m := sessionModeOf(ctx); m != nil {
		return m.mode
	}
	return sql.LoadSqlMode(ctx)
}

// sessionModeOf returns ctx's session's parsed sql_mode, nil when the
// session is not Myriad's or its sql_mode is not a string (LoadSqlMode's
// fallbacks then apply).
func sessionModeOf(ctx *sql.Context) *sessionMode {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return nil
	}
	gen := s.settingsGeneration()
	m := s.sqlMode.Load()
	if m != nil && m.gen == gen {
		return m
	}
	v, err := s.GetSessionVariable(ctx, sql.SqlModeSessionVar)
	if err != nil {
		return nil
	}
	str, ok := v.(string)
	if !ok {
		return nil
	}
	// The generation moves with every SET of any variable; the parse
	// stays as long as sql_mode's value does.
	next := &sessionMode{gen: gen, val: str}
	if m != nil && m.val == str {
		next.mode, next.noAutoValueOnZero, next.noBackslashEscapes = m.mode, m.noAutoValueOnZero, m.noBackslashEscapes
	} else {
		next.mode = sql.NewSqlModeFromString(str)
		next.noAutoValueOnZero = next.mode.ModeEnabled(sql.NoAutoValueOnZero)
		next.noBackslashEscapes = ModeHasFold(str, "NO_BACKSLASH_ESCAPES")
	}
	s.sqlMode.Store(next)
	return next
}

// noAutoValueOnZero reports whether sql_mode has NO_AUTO_VALUE_ON_ZERO.
func noAutoValueOnZero(ctx *sql.Context) bool {
	if m := sessionModeOf(ctx); m != nil {
		return m.noAutoValueOnZero
	}
	return sql.LoadSqlMode(ctx).ModeEnabled(sql.NoAutoValueOnZero)
}

// NoBackslashEscapes reports whether ctx's session's sql_mode value holds
// NO_BACKSLASH_ESCAPES in any letter case (ModeHasFold), from the parse
// sessionModeOf keeps: reading the variable and scanning its value for
// every OK and EOF packet was ~2.5% of the server's instructions under
// sysbench's oltp_write_only (docs/PROFILES.md "perf27"). ok is false when
// ctx's session is not Myriad's or its sql_mode is not a string.
func NoBackslashEscapes(ctx *sql.Context) (on, ok bool) {
	if m := sessionModeOf(ctx); m != nil {
		return m.noBackslashEscapes, true
	}
	return false, false
}

// ModeHasFold reports whether sql_mode value m contains mode (upper-case
// ASCII) in any letter case. A window is compared only where its first
// byte is mode's first letter in either case (no other character folds to
// an ASCII letter but K and S, which mode must not start with): EqualFold
// at every position of the default sql_mode was 1.3% of oltp_read_write.
func ModeHasFold(m, mode string) bool {
	if mode == "" {
		return true
	}
	first := mode[0] | 0x20
	for i := 0; i+len(mode) <= len(m); i++ {
		if m[i]|0x20 == first && strings.EqualFold(m[i:i+len(mode)], mode) {
			return true
		}
	}
	return false
}

// settingsGeneration is the count of changes of the session's system
// variables (settings.go): a value derived from them at one count holds
// until it moves.
func (s *Session) settingsGeneration() uint64 {
	s.settings.mu.Lock()
	defer s.settings.mu.Unlock()
	return s.settings.gen
}
