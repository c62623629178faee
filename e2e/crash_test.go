package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Layout of TestKillNoAckLoss: every transaction writes crashRowsPerTxn rows
// spread over crashSchemas schemas × two tables; row i of transaction txn
// goes to schema (txn+i) % crashSchemas and to table a (explicit primary
// key) when i is even, b (AUTO_INCREMENT key plus a unique secondary index)
// when odd.
const (
	crashSchemas    = 3
	crashRowsPerTxn = 4
	crashWorkers    = 8
)

type crashRow struct {
	schema int
	table  string // "a" or "b"
	seq    int
}

func crashRowsOf(txn int64) []crashRow {
	rows := make([]crashRow, crashRowsPerTxn)
	for i := range rows {
		tb := "a"
		if i%2 == 1 {
			tb = "b"
		}
		rows[i] = crashRow{schema: int((txn + int64(i)) % crashSchemas), table: tb, seq: i}
	}
	return rows
}

// txnState is what a client knows of one transaction.
type txnState uint8

const (
	txnAttempted txnState = iota + 1 // BEGIN sent, COMMIT not acknowledged
	txnAcked                         // COMMIT returned OK
	txnFailed                        // an error before COMMIT: rolled back
)

// TestKillNoAckLoss runs concurrent clients inserting multi-row, multi-table
// transactions against a server in --durability sync, SIGKILLs it mid-load,
// restarts it on the same directory, and checks that every transaction whose
// COMMIT was acknowledged is fully present and that no transaction is
// partially visible. Iterations accumulate on the same data directory.
func TestKillNoAckLoss(t *testing.T) {
	iterations := 3
	if v := os.Getenv("MYRIAD_SOAK_ITERATIONS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("MYRIAD_SOAK_ITERATIONS=%q: want a positive integer", v)
		}
		iterations = n
	}
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	for sc := 0; sc < crashSchemas; sc++ {
		mustExec(t, db, fmt.Sprintf("CREATE DATABASE crash%d", sc))
		mustExec(t, db, fmt.Sprintf(`CREATE TABLE crash%d.a (
			txn BIGINT NOT NULL, seq INT NOT NULL, worker INT NOT NULL, payload VARCHAR(100) NOT NULL,
			PRIMARY KEY (txn, seq), KEY k_worker (worker))`, sc))
		mustExec(t, db, fmt.Sprintf(`CREATE TABLE crash%d.b (
			id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, txn BIGINT NOT NULL, seq INT NOT NULL, payload TEXT,
			UNIQUE KEY uk_txn_seq (txn, seq))`, sc))
	}

	states := map[int64]txnState{} // every transaction ever started
	var nextTxn int64
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	for it := 1; it <= iterations; it++ {
		loadFor := 2*time.Second + time.Duration(rng.Int63n(int64(time.Second)))
		st, stats := crashLoad(t, s, &nextTxn, loadFor)
		for k, v := range st {
			states[k] = v
		}
		s.Start()
		acked, absent, complete := verifyCrash(t, s, states)
		t.Logf("iteration %d: load %s, %d transactions acknowledged this run (%d retried conflicts, %d errors before the kill); all runs: %d acknowledged, %d complete, %d absent",
			it, loadFor.Round(time.Millisecond), stats.acked, stats.conflicts, stats.preKillErrors, acked, complete, absent)
		if stats.acked == 0 {
			t.Errorf("iteration %d: no transaction was acknowledged before the kill", it)
		}
		if t.Failed() {
			return
		}
	}
}

type loadStats struct {
	acked, conflicts, preKillErrors int64
}

// crashLoad runs the writers for d, SIGKILLs the server while they run and
// returns the state of every transaction they started.
func crashLoad(t *testing.T, s *Server, nextTxn *int64, d time.Duration) (map[int64]txnState, loadStats) {
	t.Helper()
	pool, err := sql.Open("mysql", s.DSN("", "timeout=5s&readTimeout=30s&writeTimeout=30s"))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	pool.SetMaxIdleConns(0) // a connection closed after an error is really closed

	var (
		mu     sync.Mutex
		states = map[int64]txnState{}
		stats  loadStats
		killed atomic.Bool
		wg     sync.WaitGroup
		errMu  sync.Mutex
		errs   []string
	)
	setState := func(txn int64, st txnState) {
		mu.Lock()
		states[txn] = st
		mu.Unlock()
	}
	// Hard bound on the workers, whatever the server does after the kill.
	ctx, cancel := context.WithTimeout(context.Background(), d+60*time.Second)
	defer cancel()
	for w := 0; w < crashWorkers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			payload := strings.Repeat(string(rune('a'+w)), 20+w*5)
			for !killed.Load() && ctx.Err() == nil {
				conn, err := pool.Conn(ctx)
				if err != nil {
					if !killed.Load() {
						errMu.Lock()
						errs = append(errs, fmt.Sprintf("worker %d: connect: %v", w, err))
						errMu.Unlock()
						time.Sleep(50 * time.Millisecond)
					}
					continue
				}
			txns:
				for !killed.Load() && ctx.Err() == nil {
					txn := atomic.AddInt64(nextTxn, 1)
					setState(txn, txnAttempted)
					err := crashTxn(ctx, conn, txn, w, payload)
					switch {
					case err == nil:
						setState(txn, txnAcked)
						atomic.AddInt64(&stats.acked, 1)
						continue
					case killed.Load():
						// Outcome unknown: stays txnAttempted.
					case mysqlErrNo(err) == 1213:
						setState(txn, txnFailed)
						atomic.AddInt64(&stats.conflicts, 1)
					default:
						// Unexpected before the kill, but its outcome is
						// still checked like an unknown one.
						atomic.AddInt64(&stats.preKillErrors, 1)
						errMu.Lock()
						errs = append(errs, fmt.Sprintf("worker %d txn %d: %v", w, txn, err))
						errMu.Unlock()
					}
					break txns // a fresh connection after any error
				}
				conn.Close()
			}
		}(w)
	}
	time.Sleep(d)
	killed.Store(true)
	s.Kill()
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("writers did not stop within %s of the kill", 60*time.Second)
	}
	for i, e := range errs {
		if i == 10 {
			t.Errorf("... and %d more errors", len(errs)-10)
			break
		}
		t.Errorf("error before the kill: %s", e)
	}
	return states, stats
}

// crashTxn writes one transaction's rows on conn.
func crashTxn(ctx context.Context, conn *sql.Conn, txn int64, worker int, payload string) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for _, r := range crashRowsOf(txn) {
		var q string
		if r.table == "a" {
			q = fmt.Sprintf("INSERT INTO crash%d.a (txn, seq, worker, payload) VALUES (%d, %d, %d, '%s')", r.schema, txn, r.seq, worker, payload)
		} else {
			q = fmt.Sprintf("INSERT INTO crash%d.b (txn, seq, payload) VALUES (%d, %d, '%s')", r.schema, txn, r.seq, payload)
		}
		if _, err := tx.ExecContext(ctx, q); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// verifyCrash reads every row back and checks the transactions' outcomes.
func verifyCrash(t *testing.T, s *Server, states map[int64]txnState) (acked, absent, complete int) {
	t.Helper()
	db := s.DB("")
	// present[txn] = the set of (schema, table, seq) found.
	present := map[int64]map[crashRow]bool{}
	add := func(txn int64, r crashRow) {
		m := present[txn]
		if m == nil {
			m = map[crashRow]bool{}
			present[txn] = m
		}
		if m[r] {
			t.Errorf("txn %d: row %+v present twice", txn, r)
		}
		m[r] = true
	}
	for sc := 0; sc < crashSchemas; sc++ {
		for _, row := range queryRows(t, db, fmt.Sprintf("SELECT txn, seq FROM crash%d.a", sc)) {
			txn, _ := strconv.ParseInt(row[0], 10, 64)
			seq, _ := strconv.Atoi(row[1])
			add(txn, crashRow{schema: sc, table: "a", seq: seq})
		}
		for _, row := range queryRows(t, db, fmt.Sprintf("SELECT txn, seq FROM crash%d.b", sc)) {
			txn, _ := strconv.ParseInt(row[0], 10, 64)
			seq, _ := strconv.Atoi(row[1])
			add(txn, crashRow{schema: sc, table: "b", seq: seq})
		}
		// The secondary indexes agree with the primary data.
		checkRows(t, db, fmt.Sprintf("SELECT COUNT(*) = (SELECT COUNT(*) FROM crash%d.a) FROM crash%d.a WHERE worker >= 0", sc, sc), "1\n")
		checkRows(t, db, fmt.Sprintf("SELECT COUNT(*) = (SELECT COUNT(*) FROM crash%d.b) FROM crash%d.b WHERE txn >= 0", sc, sc), "1\n")
	}

	var bad []string
	report := func(format string, args ...any) {
		bad = append(bad, fmt.Sprintf(format, args...))
	}
	for txn, rows := range present {
		if _, ok := states[txn]; !ok {
			report("txn %d: %d rows present but the transaction was never started", txn, len(rows))
		}
	}
	var ackedIDs []int64
	for txn, st := range states {
		rows := present[txn]
		want := crashRowsOf(txn)
		n := 0
		for _, r := range want {
			if rows[r] {
				n++
			}
		}
		if len(rows) != n {
			report("txn %d: rows at unexpected places: %v", txn, rows)
		}
		switch {
		case n == len(want):
			complete++
		case n == 0:
			absent++
		default:
			report("txn %d (state %d): partially visible, %d of %d rows", txn, st, n, len(want))
		}
		switch st {
		case txnAcked:
			acked++
			ackedIDs = append(ackedIDs, txn)
			if n != len(want) {
				report("txn %d: COMMIT was acknowledged but only %d of %d rows survived the kill", txn, n, len(want))
			}
		case txnFailed:
			if n != 0 {
				report("txn %d: failed with a conflict but %d rows are present", txn, n)
			}
		}
	}
	sort.Strings(bad)
	for i, b := range bad {
		if i == 20 {
			t.Errorf("... and %d more", len(bad)-20)
			break
		}
		t.Error(b)
	}
	// Point lookups through the unique secondary index for a sample of
	// acknowledged transactions.
	rand.Shuffle(len(ackedIDs), func(i, j int) { ackedIDs[i], ackedIDs[j] = ackedIDs[j], ackedIDs[i] })
	if len(ackedIDs) > 100 {
		ackedIDs = ackedIDs[:100]
	}
	for _, txn := range ackedIDs {
		for _, r := range crashRowsOf(txn) {
			if r.table != "b" {
				continue
			}
			got := queryRows(t, db, fmt.Sprintf("SELECT COUNT(*) FROM crash%d.b WHERE txn = %d AND seq = %d", r.schema, txn, r.seq))
			if got[0][0] != "1" {
				t.Errorf("txn %d: index lookup crash%d.b (txn, seq) = (%d, %d) found %s rows, want 1", txn, r.schema, txn, r.seq, got[0][0])
			}
		}
	}
	return acked, absent, complete
}
