package server

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// directDMLVar turns the direct executor of cached single-row UPDATE and
// DELETE (engine.DirectDML) off for a session or for new sessions: with
// it off the same cached plans run through GMS's iterators, the reference
// the direct executor is tested against.
const directDMLVar = "myriad_direct_dml"

// directDMLs counts statements engine.DirectDML ran (tests, profiles).
var directDMLs atomic.Int64

func registerDirectDMLVar() {
	if _, _, ok := sql.SystemVariables.GetGlobal(directDMLVar); ok {
		return
	}
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
		Name:    directDMLVar,
		Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic: true,
		Type:    types.NewSystemBoolType(directDMLVar),
		Default: int8(1),
	}})
}

// spoolDirect runs a bound cached DML plan with engine.DirectDML and
// sends its OK result as spoolOk does; done is false when the plan is not
// one it runs (or the session turned it off) and spoolOk must build GMS's
// iterators. Called by spoolOk inside the command bracket, after the
// locking marks.
func (h *handler) spoolDirect(sqlCtx *sql.Context, c *mysql.Conn, node sql.Node, cb func(*sqltypes.Result) error) (done bool, err error) {
	if h.srv.sqle.IsReadOnly() {
		return false, nil
	}
	if on, err := sqlCtx.GetSessionVariable(sqlCtx, directDMLVar); err != nil || !isOn(on) {
		return false, nil
	}
	ok, done, err := h.eng.DirectDML(sqlCtx, node)
	if !done {
		return false, nil
	}
	directDMLs.Add(1)
	if err != nil {
		return true, sql.CastSQLError(err)
	}
	r := &sqltypes.Result{RowsAffected: ok.RowsAffected, InsertID: ok.InsertID}
	if ok.Info != nil {
		r.Info = ok.Info.String()
	}
	if err := statusFlags(sqlCtx, c); err != nil {
		return true, err
	}
	return true, cb(r)
}
