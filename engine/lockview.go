package engine

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine/infoschema"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
)

// Lock visibility: information_schema.INNODB_TRX / INNODB_LOCK_WAITS /
// INNODB_LOCKS and SHOW ENGINE INNODB STATUS, read from one
// locks.Snapshot. The lock table's keys are opaque, so the engine keeps
// what it needs to name them:
//
//   - each owner's locks.Options.Info is a *lockOwner (connection,
//     isolation level), made once per transaction;
//   - lockNames maps a table lock key to the definition it was taken for,
//     noted when a lock is taken (bounded: lockNamesMax slots, a new key
//     replacing the one in its slot).
//
// A transaction appears in these views once it holds or waits for a lock:
// a transaction that has only read its snapshot holds none (InnoDB lists
// it too).

// lockOwner describes a lock owner for the views.
type lockOwner struct {
	conn      uint32
	isolation string // as INNODB_TRX shows it: REPEATABLE READ
	readOnly  bool
	ddl       bool // a schema change's table lock (ddlOwner)
}

// lockNames: table lock key -> *catalog.Table, direct-mapped: a key's
// slot is its hash's, and noting a key replaces whatever name held its
// slot. At a million tables every row lock of an insert into a new table
// noted a new key: a sync.Map emptied entry by entry every lockNamesMax
// keys was ~2% of such an insert's CPU (PROFILES perf16), and the emptying
// forgot the names of every lock still held, where a replaced slot forgets
// one.
type lockNames struct {
	slots [lockNamesMax]atomic.Pointer[lockName]
}

type lockName struct {
	key string
	def *catalog.Table
}

const lockNamesMax = 4096

// lockNameSlot hashes key (FNV-1a: a table key is a few bytes, and no
// seed is needed where a collision only costs a name).
func lockNameSlot(key string) int {
	h := uint32(2166136261)
	for i := 0; i < len(key); i++ {
		h ^= uint32(key[i])
		h *= 16777619
	}
	return int(h % lockNamesMax)
}

func (l *lockNames) note(tableKey string, def *catalog.Table) {
	slot := &l.slots[lockNameSlot(tableKey)]
	if p := slot.Load(); p != nil && p.def == def && p.key == tableKey {
		return
	}
	slot.Store(&lockName{key: tableKey, def: def})
}

func (l *lockNames) def(tableKey string) *catalog.Table {
	if p := l.slots[lockNameSlot(tableKey)].Load(); p != nil && p.key == tableKey {
		return p.def
	}
	return nil
}

// isolationName is the session's transaction_isolation as InnoDB prints it.
func isolationName(ctx *sql.Context) string {
	if ctx != nil {
		if v, err := ctx.GetSessionVariable(ctx, "transaction_isolation"); err == nil {
			if s, ok := v.(string); ok && s != "" {
				return strings.ReplaceAll(strings.ToUpper(s), "-", " ")
			}
		}
	}
	return "REPEATABLE READ"
}

// ownerInfo is the lock table's Info for tx's locks: the session's
// transaction keeps one, so a lock request allocates nothing.
func (e *Engine) ownerInfo(ctx *sql.Context, tx *kv.Txn) any {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return nil
	}
	if s.tx != nil && s.tx.kv == tx {
		if s.tx.owner == nil {
			s.tx.owner = &lockOwner{conn: s.ID(), isolation: s.tx.iso.String(), readOnly: s.tx.readOnly}
		}
		return s.tx.owner
	}
	return &lockOwner{conn: s.ID(), isolation: isolationName(ctx)}
}

// lockID names a lock as INNODB_LOCKS does: its owner and what it locks.
func lockID(owner uint64, key string) string {
	h := fnv.New64a()
	h.Write([]byte(key))
	return fmt.Sprintf("%d:%016x", owner, h.Sum64())
}

// strongest is the mode a holder's mode set is shown as.
func strongest(m locks.Mode) string {
	for _, x := range []locks.Mode{locks.X, locks.S, locks.IX, locks.IS} {
		if m&x != 0 {
			return x.String()
		}
	}
	return m.String()
}

// lockTarget is what a lock key names.
type lockTarget struct {
	table string // `db`.`t`
	index string // "" for a table lock
	data  string // the row's primary key values, or the key's bytes
}

// describeKey names key (a row or unique-value key under tableKey, or a
// table key when tableKey is "").
func (e *Engine) describeKey(key, tableKey string) lockTarget {
	isTable := tableKey == ""
	if isTable {
		tableKey = key
	}
	def := e.lockNames.def(tableKey)
	var lt lockTarget
	if def != nil {
		lt.table = quoteIdent(def.DBName()) + "." + quoteIdent(def.Name)
	} else {
		lt.table = "(unknown table)"
	}
	if isTable {
		return lt
	}
	k, err := keys.Parse([]byte(key))
	if err != nil {
		lt.index, lt.data = "?", "0x"+hex.EncodeToString([]byte(key))
		return lt
	}
	lt.data = "0x" + hex.EncodeToString(k.Rest)
	if k.IndexID == keys.PrimaryIndexID {
		lt.index = "PRIMARY"
		if def != nil && def.HiddenPK() {
			lt.index = "GEN_CLUST_INDEX"
		}
	} else if def != nil {
		for _, ix := range def.Indexes {
			if ix.ID == k.IndexID {
				lt.index = ix.Name
			}
		}
	}
	if lt.index == "" {
		lt.index = fmt.Sprintf("index %d", k.IndexID)
	}
	if k.IndexID != keys.PrimaryIndexID || def == nil || def.HiddenPK() {
		return lt
	}
	// The row's primary key values, from its newest committed version (a
	// key being inserted has none yet and keeps its bytes).
	v, ok, err := e.db.Get([]byte(key))
	if err != nil || !ok {
		return lt
	}
	row, err := layoutOf(def).decodeRow(v)
	if err != nil {
		return lt
	}
	parts := make([]string, 0, len(def.PK))
	for _, p := range def.PK {
		switch x := row[p].(type) {
		case string:
			parts = append(parts, "'"+strings.ReplaceAll(x, "'", "''")+"'")
		case []byte:
			parts = append(parts, "0x"+hex.EncodeToString(x))
		case nil:
			parts = append(parts, "NULL")
		default:
			parts = append(parts, fmt.Sprint(x))
		}
	}
	lt.data = strings.Join(parts, ", ")
	return lt
}

// processes maps connection IDs to the process list's entries.
func processes(ctx *sql.Context) map[uint32]sql.Process {
	if ctx == nil || ctx.ProcessList == nil {
		return map[uint32]sql.Process{}
	}
	return processMap(ctx.ProcessList.Processes())
}

func processMap(list []sql.Process) map[uint32]sql.Process {
	out := make(map[uint32]sql.Process, len(list))
	for _, p := range list {
		out[p.Connection] = p
	}
	return out
}

func runningQuery(p sql.Process, ok bool) string {
	if !ok || p.Command != sql.ProcessCommandQuery {
		return ""
	}
	return p.Query
}

// LockViews implements infoschema.LockSource.
func (e *Engine) LockViews(ctx *sql.Context) (infoschema.LockViews, error) {
	snap := e.locks.Snapshot()
	procs := processes(ctx)
	var v infoschema.LockViews
	seen := map[string]bool{}
	addLock := func(owner uint64, key, tableKey string, mode string) string {
		id := lockID(owner, key)
		if seen[id] {
			return id
		}
		seen[id] = true
		t := e.describeKey(key, tableKey)
		typ := "RECORD"
		if tableKey == "" {
			typ = "TABLE"
		}
		v.Locks = append(v.Locks, infoschema.Lock{ID: id, Trx: owner, Mode: mode, Type: typ, Table: t.table, Index: t.index, Data: t.data})
		return id
	}
	for _, o := range snap.Owners {
		trx := infoschema.Trx{ID: o.Owner, State: "RUNNING", Started: o.Since, LockStructs: uint64(o.Keys),
			RowsLocked: uint64(o.RowLocks), TablesLocked: uint64(o.Keys - o.RowLocks), Isolation: "REPEATABLE READ"}
		if info, ok := o.Info.(*lockOwner); ok {
			trx.ThreadID = uint64(info.conn)
			p, ok := procs[info.conn]
			trx.Query = runningQuery(p, ok)
			trx.Isolation = info.isolation
			trx.ReadOnly = info.readOnly
		}
		if w := o.Wait; w != nil {
			trx.State = "LOCK WAIT"
			trx.WaitStarted = w.Since
			trx.RequestedLock = addLock(o.Owner, w.Key, w.TableKey, w.Mode.String())
			for _, b := range w.Blockers {
				bid := addLock(b.Owner, w.Key, w.TableKey, strongest(b.Mode))
				v.Waits = append(v.Waits, infoschema.LockWait{RequestingTrx: o.Owner, RequestedLock: trx.RequestedLock,
					BlockingTrx: b.Owner, BlockingLock: bid})
			}
		}
		v.Trx = append(v.Trx, trx)
	}
	return v, nil
}

// deadlockReport is the latest deadlock as SHOW ENGINE INNODB STATUS
// prints it, written by the victim when it is refused.
type deadlockReport struct {
	mu   sync.Mutex
	text string
}

// noteDeadlock writes the latest deadlock's report; the victim calls it
// right after the lock table refused it, while the other transactions of
// the cycle still wait in the statements that closed it.
func (e *Engine) noteDeadlock(ctx *sql.Context) {
	d, ok := e.locks.LatestDeadlockInfo()
	if !ok {
		return
	}
	procs := processes(ctx)
	now := time.Now()
	var b strings.Builder
	fmt.Fprintf(&b, "%s 0x0\n", d.Time.Format("2006-01-02 15:04:05"))
	n := len(d.Txns)
	victim := 0
	for i, x := range d.Txns {
		num := i + 1
		if x.Owner == d.Victim {
			victim = num
		}
		fmt.Fprintf(&b, "*** (%d) TRANSACTION:\n", num)
		fmt.Fprintf(&b, "TRANSACTION %d, ACTIVE %d sec starting index read\n", x.Owner, int(now.Sub(x.Since).Seconds()))
		fmt.Fprintf(&b, "LOCK WAIT %d lock struct(s), heap size 0\n", x.Keys+1)
		var q string
		if info, ok := x.Info.(*lockOwner); ok {
			p, ok := procs[info.conn]
			q = runningQuery(p, ok)
			fmt.Fprintf(&b, "MySQL thread id %d, OS thread handle 0, query id 0 %s %s\n", info.conn, p.Host, p.User)
		}
		b.WriteString(q + "\n")
		// What this transaction holds is what the one before it in the
		// cycle waits for.
		prev := d.Txns[(i+n-1)%n]
		fmt.Fprintf(&b, "*** (%d) HOLDS THE LOCK(S):\n", num)
		b.WriteString(e.lockLine(prev.Key, prev.TableKey, x.Owner, prev.HeldMode, false) + "\n")
		fmt.Fprintf(&b, "*** (%d) WAITING FOR THIS LOCK TO BE GRANTED:\n", num)
		b.WriteString(e.lockLine(x.Key, x.TableKey, x.Owner, x.Mode, true) + "\n")
	}
	fmt.Fprintf(&b, "*** WE ROLL BACK TRANSACTION (%d)\n", victim)
	e.deadlock.mu.Lock()
	e.deadlock.text = b.String()
	e.deadlock.mu.Unlock()
}

// lockLine is one lock as InnoDB's monitor prints it.
func (e *Engine) lockLine(key, tableKey string, owner uint64, mode locks.Mode, waiting bool) string {
	t := e.describeKey(key, tableKey)
	w := ""
	if waiting {
		w = " waiting"
	}
	if tableKey == "" {
		return fmt.Sprintf("TABLE LOCK table %s trx id %d lock mode %s%s", t.table, owner, strongest(mode), w)
	}
	return fmt.Sprintf("RECORD LOCKS space id 0 page no 0 n bits 0 index %s of table %s trx id %d lock_mode %s locks rec but not gap%s\nRecord lock: %s",
		t.index, t.table, owner, strongest(mode), w, t.data)
}

// InnoDBStatus is the Status text of SHOW ENGINE INNODB STATUS: the
// sections Myriad has (the latest deadlock, the transactions holding or
// waiting for locks) in InnoDB's layout. procs is the process list, for
// the statements the transactions run.
func (e *Engine) InnoDBStatus(procList []sql.Process) string {
	now := time.Now()
	var b strings.Builder
	b.WriteString("\n=====================================\n")
	fmt.Fprintf(&b, "%s 0x0 INNODB MONITOR OUTPUT\n", now.Format("2006-01-02 15:04:05"))
	b.WriteString("=====================================\n")
	b.WriteString("Per second averages calculated from the last 1 seconds\n")
	e.deadlock.mu.Lock()
	dl := e.deadlock.text
	e.deadlock.mu.Unlock()
	if dl != "" {
		b.WriteString("------------------------\nLATEST DETECTED DEADLOCK\n------------------------\n")
		b.WriteString(dl)
	}
	st := e.locks.Stats()
	b.WriteString("------------\nTRANSACTIONS\n------------\n")
	fmt.Fprintf(&b, "Row lock waits %d, total wait %d ms, current waits %d, deadlocks %d, timeouts %d\n",
		st.Waits, st.WaitTime.Milliseconds(), st.CurrentWaits, st.Deadlocks, st.Timeouts)
	b.WriteString("LIST OF TRANSACTIONS FOR EACH SESSION:\n")
	snap := e.locks.Snapshot()
	procs := processMap(procList)
	sort.Slice(snap.Owners, func(i, j int) bool { return snap.Owners[i].Owner < snap.Owners[j].Owner })
	for _, o := range snap.Owners {
		fmt.Fprintf(&b, "---TRANSACTION %d, ACTIVE %d sec\n", o.Owner, int(now.Sub(o.Since).Seconds()))
		if o.Wait != nil {
			fmt.Fprintf(&b, "LOCK WAIT %d lock struct(s), heap size 0, %d row lock(s)\n", o.Keys+1, o.RowLocks)
		} else {
			fmt.Fprintf(&b, "%d lock struct(s), heap size 0, %d row lock(s)\n", o.Keys, o.RowLocks)
		}
		if info, ok := o.Info.(*lockOwner); ok {
			p, ok := procs[info.conn]
			fmt.Fprintf(&b, "MySQL thread id %d, OS thread handle 0, query id 0 %s %s\n", info.conn, p.Host, p.User)
			if q := runningQuery(p, ok); q != "" {
				b.WriteString(q + "\n")
			}
		}
		if w := o.Wait; w != nil {
			fmt.Fprintf(&b, "------- TRX HAS BEEN WAITING %d SEC FOR THIS LOCK TO BE GRANTED:\n", int(now.Sub(w.Since).Seconds()))
			b.WriteString(e.lockLine(w.Key, w.TableKey, o.Owner, w.Mode, true) + "\n")
			b.WriteString("------------------\n")
		}
	}
	b.WriteString("----------------------------\nEND OF INNODB MONITOR OUTPUT\n============================\n")
	return b.String()
}
