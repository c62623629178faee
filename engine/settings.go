package engine

import (
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// Every cached statement (a plan cache key, a CREATE TABLE template's
// key) is keyed by the session variables its meaning depends on, and
// reading ten of them per statement was 3-5% of the server's CPU on
// sysbench inserts and CREATE TABLE provisioning (GMS looks each up in a
// map of ~700 and prints sql_mode anew). A session's system variables
// change only through SetSessionVariable and InitSessionVariable
// (BaseSession's own writers), which Session wraps to count changes, so
// a string derived from them stays valid until the count moves.

// A SettingsSlot names one derived string a session keeps.
type SettingsSlot int

const (
	SettingsPlans      SettingsSlot = iota // server: the plan cache key's settings
	SettingsDDL                            // server: the CREATE TABLE template key's settings
	SettingsDirect                         // server: whether the direct DML executors may run
	SettingsAutocommit                     // server: autocommit, for every direct OK packet's status flags
	settingsSlots
)

type settingsMemos struct {
	mu  sync.Mutex
	gen uint64 // changes of the session's system variables
	// set[i]: vals[i] was derived at generation at[i].
	at   [settingsSlots]uint64
	vals [settingsSlots]string
	set  [settingsSlots]bool
}

// SetSessionVariable is BaseSession's, counted as a change of the
// session's settings.
func (s *Session) SetSessionVariable(ctx *sql.Context, name string, value interface{}) error {
	defer s.settingsChanged()
	return s.BaseSession.SetSessionVariable(ctx, name, value)
}

// InitSessionVariable is BaseSession's, counted as a change of the
// session's settings.
func (s *Session) InitSessionVariable(ctx *sql.Context, name string, value interface{}) error {
	defer s.settingsChanged()
	return s.BaseSession.InitSessionVariable(ctx, name, value)
}

func (s *Session) settingsChanged() {
	s.settings.mu.Lock()
	s.settings.gen++
	s.settings.mu.Unlock()
}

// DerivedSettings returns the string of slot that derive computes from
// ctx's session variables, computing it only when a variable changed
// since it last did (or the session is not Myriad's).
func DerivedSettings(ctx *sql.Context, slot SettingsSlot, derive func() string) string {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return derive()
	}
	m := &s.settings
	m.mu.Lock()
	if m.set[slot] && m.at[slot] == m.gen {
		v := m.vals[slot]
		m.mu.Unlock()
		return v
	}
	gen := m.gen
	m.mu.Unlock()
	v := derive()
	m.mu.Lock()
	// A change while derive ran leaves the memo unset: v may mix values
	// from before and after it.
	if m.gen == gen {
		m.at[slot], m.vals[slot], m.set[slot] = gen, v, true
	}
	m.mu.Unlock()
	return v
}
