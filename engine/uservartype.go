package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/sqlfunc"
)

var _ sqlfunc.UserVarTyper = (*Session)(nil)

// userVarNote is the type of a string about to be stored in a user
// variable (sqlfunc.UserVarTyper).
type userVarNote struct {
	val  string
	null bool
	typ  sql.Type
}

// NoteUserVarType implements sqlfunc.UserVarTyper.
func (s *Session) NoteUserVarType(name string, val any, t sql.Type) {
	v, ok := val.(string)
	if !ok && val != nil {
		return
	}
	if s.userVarNotes == nil {
		s.userVarNotes = map[string]userVarNote{}
	}
	s.userVarNotes[strings.ToLower(name)] = userVarNote{val: v, null: val == nil, typ: t}
}

// SetUserVariable implements sql.Session: a string noted for the variable
// is stored with the noted type instead of the one GMS guessed from the
// value. The note must be of this very value: GMS evaluates the assignment
// and stores it right away, while a note left by a statement that failed
// in between must not retype a later assignment (CommandEnd drops them).
func (s *Session) SetUserVariable(ctx *sql.Context, name string, val any, typ sql.Type) error {
	// GMS's interpreter names the target of a procedure's `SELECT ...
	// INTO @v` with its @ (interpreter_logic.go, Into): the variable is v.
	name = strings.TrimPrefix(name, "@")
	if len(s.userVarNotes) > 0 {
		k := strings.ToLower(name)
		if n, ok := s.userVarNotes[k]; ok {
			delete(s.userVarNotes, k)
			if v, ok := val.(string); ok && !n.null && v == n.val || val == nil && n.null {
				typ = n.typ
			}
		}
	}
	return s.BaseSession.SetUserVariable(ctx, name, val, typ)
}

var _ sqlfunc.RoutineCollationer = (*Session)(nil)

// RoutineCollation implements sqlfunc.RoutineCollationer: the collation of
// the database whose procedure GMS read last in this statement, which it
// parses right away for the CALL.
func (s *Session) RoutineCollation() (sql.CollationID, bool) {
	return s.routineColl, s.routineColl != sql.Collation_Unspecified
}
