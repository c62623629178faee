package server

import (
	"context"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// errQueryInterrupted is MySQL's answer to a statement ended by KILL QUERY
// (or KILL of its connection, which the client rarely gets to read).
var errQueryInterrupted = mysql.NewSQLError(mysql.ERQueryInterrupted, "70100", "Query execution was interrupted")

// killList is GMS's process list plus the waits the server runs before
// handing a statement to GMS: a schema change waits for its table lock
// (lockDDLTable) before GMS's BeginQuery, so the process list neither
// shows it nor can cancel it. KILL [QUERY|CONNECTION] n reaches GMS through
// Kill, which here also cancels such a wait; Processes shows the waiting
// statement as the running query, so SHOW PROCESSLIST (and the lock views)
// name the connection to kill.
type killList struct {
	sql.ProcessList
	mu    sync.Mutex
	waits map[uint32]*preWait
	// texts: conn ID -> the text of its last statement whose locking
	// clause the server stripped, shown in place of the stripped text GMS
	// registered while that statement runs.
	texts map[uint32]textPair
}

type textPair struct{ stripped, original string }

// setText records that connID's next statement runs as stripped but was
// sent as original.
func (k *killList) setText(connID uint32, stripped, original string) {
	k.mu.Lock()
	k.texts[connID] = textPair{stripped, original}
	k.mu.Unlock()
}

// forget drops what is kept for a closed connection.
func (k *killList) forget(connID uint32) {
	k.mu.Lock()
	delete(k.texts, connID)
	k.mu.Unlock()
}

// preWait is one statement waiting before GMS runs it.
type preWait struct {
	query  string
	since  time.Time
	cancel context.CancelFunc
	killed bool // under killList.mu
}

func newKillList(pl sql.ProcessList) *killList {
	return &killList{ProcessList: pl, waits: map[uint32]*preWait{}, texts: map[uint32]textPair{}}
}

// Kill implements sql.ProcessList.
func (k *killList) Kill(connID uint32) {
	k.ProcessList.Kill(connID)
	k.mu.Lock()
	if w := k.waits[connID]; w != nil {
		w.killed = true
		w.cancel()
	}
	k.mu.Unlock()
}

// Processes implements sql.ProcessList.
func (k *killList) Processes() []sql.Process {
	ps := k.ProcessList.Processes()
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.waits) == 0 && len(k.texts) == 0 {
		return ps
	}
	for i := range ps {
		if w := k.waits[ps[i].Connection]; w != nil && ps[i].Command == sql.ProcessCommandSleep {
			ps[i].Command = sql.ProcessCommandQuery
			ps[i].Query = w.query
			ps[i].StartedAt = w.since
		}
		if tp, ok := k.texts[ps[i].Connection]; ok && ps[i].Query == tp.stripped && ps[i].Query != "" {
			ps[i].Query = tp.original
		}
	}
	return ps
}

// begin makes KILL of connID cancel the returned context until end is
// called: the wait before GMS sees the statement and the statement itself.
// Covering the whole statement closes the gap between the two, where a
// KILL found neither the wait (over) nor GMS's process (not yet begun), so
// a killed ALTER went on waiting for its metadata lock under a context
// nothing cancelled and, once the lock came, changed the table after the
// client had been told it was killed. end reports whether KILL came.
func (k *killList) begin(ctx context.Context, connID uint32, query string) (context.Context, func() bool) {
	ctx, cancel := context.WithCancel(ctx)
	w := &preWait{query: query, since: time.Now(), cancel: cancel}
	k.mu.Lock()
	k.waits[connID] = w
	k.mu.Unlock()
	return ctx, func() bool {
		k.mu.Lock()
		if k.waits[connID] == w {
			delete(k.waits, connID)
		}
		killed := w.killed
		k.mu.Unlock()
		cancel()
		return killed
	}
}
