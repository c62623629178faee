package server

import (
	"bytes"
	"runtime/debug"

	"github.com/dolthub/vitess/go/mysql"
)

// A panic raised while go-mysql-server plans a statement (its planner, its
// analyzer and the rules Myriad installs in it) becomes that statement's
// error 1105. The protocol library recovered it too, but closed the
// connection, and the client saw "Lost connection" (2013) for what is a
// bug in planning one statement: GMS v0.20.0 panicked on FIRST_VALUE(x)
// OVER () (issue #9). Planning writes nothing and GMS leaves the session
// as after a planning error, so the session goes on. A panic anywhere
// else (reading or writing rows) is left to the library: a statement half
// done is safer ended with its connection.

// planningFrames are the functions on a goroutine's stack while GMS plans.
var planningFrames = [][]byte{
	[]byte("go-mysql-server/sql/analyzer.(*Analyzer).Analyze"),
	[]byte("go-mysql-server/sql/planbuilder.(*Builder)."),
	// A stored procedure's statement is rewritten (its variables
	// substituted) before it is planned and run: GMS v0.20.0 panics there
	// on a derived table holding a UNION (`SELECT * FROM (SELECT 1 UNION
	// SELECT 2) d` in a procedure: a SetOp taken for a Select). The
	// rewrite writes nothing; the procedure ends with the error.
	[]byte("go-mysql-server/sql/procedures.replaceVariablesInExpr"),
}

// planningPanic is deferred by the handler's command methods with their
// error's address: it recovers a planning panic into *err and re-raises
// any other.
func (h *handler) planningPanic(err *error) {
	r := recover()
	if r == nil {
		return
	}
	stack := debug.Stack()
	planning := false
	for _, f := range planningFrames {
		if bytes.Contains(stack, f) {
			planning = true
			break
		}
	}
	if !planning {
		panic(r)
	}
	if h.srv != nil {
		h.srv.log.Error("panic while planning a statement", "panic", r, "stack", string(stack))
	}
	*err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "internal error planning the statement: %v", r)
}
