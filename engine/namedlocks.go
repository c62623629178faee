package engine

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
)

// namedLocks is the GET_LOCK lock table of the GMS engine over this one,
// which expressions reach through their session (Session.NamedLocks):
// GMS's own lock functions hold it, but sqlfunc's RELEASE_LOCK, which
// must tell a free lock from one another session holds, is created
// without an engine.
type namedLocks struct {
	ls atomic.Pointer[sql.LockSubsystem]
}

// SetNamedLocks records the GMS engine's lock table.
func (e *Engine) SetNamedLocks(ls *sql.LockSubsystem) { e.namedLocks.ls.Store(ls) }

// NamedLocks is the GET_LOCK lock table of the session's server (nil
// before SetNamedLocks).
func (s *Session) NamedLocks() *sql.LockSubsystem {
	if s.eng == nil {
		return nil
	}
	return s.eng.namedLocks.ls.Load()
}
