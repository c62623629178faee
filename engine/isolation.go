package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/mysql"
)

// Isolation levels, as InnoDB's read rules over kv's snapshots:
//
//   - REPEATABLE READ (the default): plain SELECTs read one snapshot, taken
//     at the transaction's first read (or at START TRANSACTION WITH
//     CONSISTENT SNAPSHOT).
//   - READ COMMITTED: the snapshot is dropped after every statement, so each
//     statement reads what was committed before it began, under the
//     transaction's own writes (kv.Txn.RefreshSnapshot).
//   - READ UNCOMMITTED: READ COMMITTED (as in TiDB): uncommitted data is
//     in other sessions' write buffers, never visible.
//   - SERIALIZABLE: inside a transaction (BEGIN, or autocommit off) plain
//     SELECTs become FOR SHARE reads (markLocking), as InnoDB makes them
//     LOCK IN SHARE MODE; an autocommitted SELECT is a snapshot read.
//
// Locking reads and DML read the newest committed data at every level.
// There are no gap locks at any level (see locking.go).
type isolation uint8

const (
	repeatableRead isolation = iota
	readCommitted
	serializable
)

// String is the level as INNODB_TRX shows it (READ UNCOMMITTED runs, and
// shows, as READ COMMITTED).
func (i isolation) String() string {
	switch i {
	case readCommitted:
		return "READ COMMITTED"
	case serializable:
		return "SERIALIZABLE"
	}
	return "REPEATABLE READ"
}

// isolationOf reads a transaction_isolation value.
func isolationOf(v any) isolation {
	s, _ := v.(string)
	switch strings.ToUpper(s) {
	case "READ-COMMITTED", "READ-UNCOMMITTED":
		return readCommitted
	case "SERIALIZABLE":
		return serializable
	}
	return repeatableRead
}

// sessionIsolation is the level the session's next transaction gets: SET
// TRANSACTION ISOLATION LEVEL's one-shot level, else transaction_isolation.
func (s *Session) sessionIsolation() isolation {
	if s.nextIsolation != nil {
		return *s.nextIsolation
	}
	v, err := s.GetSessionVariable(nil, "transaction_isolation")
	if err != nil {
		return repeatableRead
	}
	return isolationOf(v)
}

// inTransaction: statements share one transaction until COMMIT (BEGIN, or
// autocommit off), which is when SERIALIZABLE reads lock.
func (s *Session) inTransaction() bool {
	return s.GetIgnoreAutoCommit() || !s.autocommit()
}

// lockingReads reports whether plain SELECTs of the statement about to run
// on this session lock what they read (SERIALIZABLE in a transaction).
func (s *Session) lockingReads() bool {
	var iso isolation
	if s.tx != nil && !s.tx.kv.Done() {
		iso = s.tx.iso
	} else {
		iso = s.sessionIsolation()
	}
	return iso == serializable && s.inTransaction()
}

// SerializableReads reports whether connection connID's next statement
// reads with shared locks although it has no locking clause (SERIALIZABLE
// inside a transaction): such a statement must not run a cached plan,
// which skips the analyzer rule that marks the reads (markLocking).
func (e *Engine) SerializableReads(connID uint32) bool {
	if v, ok := e.sessions.Load(connID); ok {
		return v.(*Session).lockingReads()
	}
	return false
}

// SetNextConsistentSnapshot records that connection connID's next
// statement is START TRANSACTION WITH CONSISTENT SNAPSHOT (the parser
// accepts the clause and drops it, and rejects it combined with READ
// ONLY/WRITE, so the server takes it off the text).
func (e *Engine) SetNextConsistentSnapshot(connID uint32) {
	if v, ok := e.sessions.Load(connID); ok {
		v.(*Session).consistentSnapshot = true
	}
}

// startConsistentSnapshot takes the new explicit transaction's snapshot at
// START TRANSACTION WITH CONSISTENT SNAPSHOT. As in InnoDB the clause only
// means something at REPEATABLE READ; at other levels it is ignored with a
// warning.
func (s *Session) startConsistentSnapshot(ctx *sql.Context, t *Transaction) error {
	if t.iso != repeatableRead {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erWithConsistentSnapshotIgnored,
			Message: "InnoDB: WITH CONSISTENT SNAPSHOT was ignored because this phrase can only be used with REPEATABLE READ isolation level."})
		return nil
	}
	return t.kv.TakeSnapshot()
}

// erWithConsistentSnapshotIgnored is the code InnoDB warns with.
const erWithConsistentSnapshotIgnored = 138

// errCantChangeTxCharacteristics is ER_CANT_CHANGE_TX_CHARACTERISTICS.
var errCantChangeTxCharacteristics = mysql.NewSQLError(1568, "25001",
	"Transaction characteristics can't be changed while a transaction is in progress")

// isIsolationVar: transaction_isolation or MariaDB's name for it.
func isIsolationVar(name string) bool {
	return strings.EqualFold(name, "transaction_isolation") || strings.EqualFold(name, "tx_isolation")
}

// twinIsolation makes tx_isolation (MariaDB's name, MySQL 5.7's) and
// transaction_isolation one variable: GMS declares them separately, so an
// assignment to either is made to both, in the scope written (the twin
// after the statement's own assignments, whose errors come first).
func twinIsolation(exprs []sql.Expression) ([]sql.Expression, bool) {
	var twins []sql.Expression
	for _, e := range exprs {
		f, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		v, ok := f.LeftChild.(*expression.SystemVar)
		if !ok || !isIsolationVar(v.Name) {
			continue
		}
		twin := *v
		twin.Name = "transaction_isolation"
		if strings.EqualFold(v.Name, "transaction_isolation") {
			twin.Name = "tx_isolation"
		}
		twins = append(twins, expression.NewSetField(&twin, f.RightChild))
	}
	if twins == nil {
		return exprs, false
	}
	return append(append([]sql.Expression(nil), exprs...), twins...), true
}
