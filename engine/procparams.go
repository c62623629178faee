package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// GMS keeps a session's procedure parameters as one record per name for the
// session's life (BaseSession.NewStoredProcParam returns the record already
// there), and its interpreter replaces any name in a procedure's statements
// that has a record by that record's value. A parameter of an earlier CALL
// was so read in place of a column of the same name in any later procedure:
// after `CALL p('2024-01-02', ...)` with a parameter d, `SELECT id FROM t
// WHERE d > v` in another procedure compared the old argument, not the
// column, and answered no rows. MySQL shows a routine its own parameters
// only. The session shows only the running procedure's records: each
// procedure starts by naming its parameters (sqlfunc.ProcScopeFunc, put
// first by procVarSets, and again after each nested CALL returns), and a
// record made for a CALL's binding is visible from then on.

var _ interface{ ScopeProcParams([]string) } = (*Session)(nil)

// ScopeProcParams makes names the only parameter records visible.
func (s *Session) ScopeProcParams(names []string) {
	m := make(map[string]struct{}, len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = struct{}{}
	}
	s.procParams = m
}

// NewStoredProcParam implements sql.Session: the record is visible.
func (s *Session) NewStoredProcParam(name string, param *sql.StoredProcParam) *sql.StoredProcParam {
	if s.procParams != nil {
		s.procParams[strings.ToLower(name)] = struct{}{}
	}
	return s.BaseSession.NewStoredProcParam(name, param)
}

// GetStoredProcParam implements sql.Session: nil for a record the running
// procedure does not see.
func (s *Session) GetStoredProcParam(name string) *sql.StoredProcParam {
	if s.procParams != nil {
		if _, ok := s.procParams[strings.ToLower(name)]; !ok {
			return nil
		}
	}
	return s.BaseSession.GetStoredProcParam(name)
}

// SetStoredProcParam implements sql.Session, for visible records only
// (BaseSession's looks the name up itself).
func (s *Session) SetStoredProcParam(name string, val any) error {
	if strings.HasPrefix(name, "@") {
		// `SELECT ... INTO @v` in a procedure: GMS's interpreter stores
		// the user variable (SetUserVariable), then also tries the name
		// as a procedure variable (interpreter_logic.go, Into) and
		// failed the CALL with this function's error.
		return nil
	}
	if s.GetStoredProcParam(name) == nil {
		return fmt.Errorf("variable `%s` could not be found", name)
	}
	return s.BaseSession.SetStoredProcParam(name, val)
}
