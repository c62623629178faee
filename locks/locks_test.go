package locks

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestCompatibility(t *testing.T) {
	cases := []struct {
		held, req Mode
		ok        bool
	}{
		{IS, IS, true}, {IS, IX, true}, {IS, S, true}, {IS, X, false},
		{IX, IS, true}, {IX, IX, true}, {IX, S, false}, {IX, X, false},
		{S, IS, true}, {S, IX, false}, {S, S, true}, {S, X, false},
		{X, IS, false}, {X, IX, false}, {X, S, false}, {X, X, false},
	}
	for _, c := range cases {
		lt := New()
		if _, err := lt.Acquire(context.Background(), 1, "k", c.held, Options{}); err != nil {
			t.Fatal(err)
		}
		_, err := lt.Acquire(context.Background(), 2, "k", c.req, Options{NoWait: true})
		if got := err == nil; got != c.ok {
			t.Errorf("held %s, request %s: granted=%v, want %v (%v)", c.held, c.req, got, c.ok, err)
		}
	}
}

func TestReacquireAndUpgrade(t *testing.T) {
	lt := New()
	ctx := context.Background()
	if n, _ := lt.Acquire(ctx, 1, "k", X, Options{}); !n {
		t.Fatal("first acquire not new")
	}
	if n, _ := lt.Acquire(ctx, 1, "k", S, Options{}); n {
		t.Fatal("S under X reported new")
	}
	lt.ReleaseAll(1)
	lt.Acquire(ctx, 1, "k", S, Options{})
	lt.Acquire(ctx, 2, "k", S, Options{})
	if _, err := lt.Acquire(ctx, 1, "k", X, Options{Timeout: 20 * time.Millisecond}); !errors.Is(err, ErrLockWaitTimeout) {
		t.Fatalf("upgrade next to another S: %v", err)
	}
	lt.ReleaseAll(2)
	if n, err := lt.Acquire(ctx, 1, "k", X, Options{NoWait: true}); err != nil || !n {
		t.Fatalf("upgrade alone: %v %v", n, err)
	}
	if s := lt.Stats(); s.Timeouts != 1 || s.CurrentWaits != 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestWaitGrantedOnRelease(t *testing.T) {
	lt := New()
	ctx := context.Background()
	lt.Acquire(ctx, 1, "k", X, Options{})
	done := make(chan error)
	go func() { _, err := lt.Acquire(ctx, 2, "k", X, Options{Timeout: 5 * time.Second}); done <- err }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	if w := lt.Waits(); len(w) != 1 || w[0].Waiter != 2 || len(w[0].Holders) != 1 || w[0].Holders[0] != 1 {
		t.Fatalf("waits %+v", w)
	}
	lt.ReleaseAll(1)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if lt.Holds(2, "k") != X {
		t.Fatal("not held after grant")
	}
}

func TestCancel(t *testing.T) {
	lt := New()
	lt.Acquire(context.Background(), 1, "k", X, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := lt.Acquire(ctx, 2, "k", S, Options{}); done <- err }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	lt.ReleaseAll(1)
	if s := lt.Stats(); s.Held != 0 || s.CurrentWaits != 0 {
		t.Fatalf("left behind: %+v", s)
	}
}

func TestDeadlockTwo(t *testing.T) {
	lt := New()
	ctx := context.Background()
	lt.Acquire(ctx, 1, "a", X, Options{})
	lt.Acquire(ctx, 2, "b", X, Options{})
	done := make(chan error)
	go func() { _, err := lt.Acquire(ctx, 1, "b", X, Options{Timeout: 5 * time.Second}); done <- err }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	if _, err := lt.Acquire(ctx, 2, "a", X, Options{Timeout: 5 * time.Second}); !errors.Is(err, ErrDeadlock) {
		t.Fatalf("second waiter: %v", err)
	}
	if lt.LatestDeadlock() == "" {
		t.Fatal("no deadlock description")
	}
	lt.ReleaseAll(2)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// An upgrade deadlock: both hold S, both want X.
func TestDeadlockUpgrade(t *testing.T) {
	lt := New()
	ctx := context.Background()
	lt.Acquire(ctx, 1, "k", S, Options{})
	lt.Acquire(ctx, 2, "k", S, Options{})
	done := make(chan error)
	go func() { _, err := lt.Acquire(ctx, 1, "k", X, Options{Timeout: 5 * time.Second}); done <- err }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	if _, err := lt.Acquire(ctx, 2, "k", X, Options{Timeout: 5 * time.Second}); !errors.Is(err, ErrDeadlock) {
		t.Fatalf("second upgrade: %v", err)
	}
	lt.ReleaseAll(2)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A cycle closed by a grant: 3 waits behind 2 for "a"; when 1 releases, 2
// gets "a"; 3 now waits for 2, who waits for "c" held by 3.
func TestDeadlockAfterGrant(t *testing.T) {
	lt := New()
	ctx := context.Background()
	lt.Acquire(ctx, 1, "a", X, Options{})
	lt.Acquire(ctx, 3, "c", X, Options{})
	type res struct {
		owner uint64
		err   error
	}
	errs := make(chan res, 3)
	go func() {
		if _, err := lt.Acquire(ctx, 2, "a", X, Options{Timeout: 5 * time.Second}); err != nil {
			errs <- res{2, err}
			return
		}
		_, err := lt.Acquire(ctx, 2, "c", X, Options{Timeout: 5 * time.Second})
		errs <- res{2, err}
	}()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	go func() { _, err := lt.Acquire(ctx, 3, "a", X, Options{Timeout: 5 * time.Second}); errs <- res{3, err} }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 2 })
	lt.ReleaseAll(1)
	dead := 0
	for i := 0; i < 2; i++ {
		select {
		case r := <-errs:
			if errors.Is(r.err, ErrDeadlock) {
				dead++
			} else if r.err != nil {
				t.Fatal(r.err)
			}
			// Either way the transaction ends.
			lt.ReleaseAll(r.owner)
		case <-time.After(3 * time.Second):
			t.Fatal("hang")
		}
	}
	if dead != 1 {
		t.Fatalf("victims %d", dead)
	}
}

func TestEscalation(t *testing.T) {
	old := EscalateAfter
	EscalateAfter = 10
	defer func() { EscalateAfter = old }()
	lt := New()
	ctx := context.Background()
	for i := 0; i < 50; i++ {
		if _, err := lt.AcquireRow(ctx, 1, "t", fmt.Sprint("r", i), X, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if lt.Holds(1, "t")&X == 0 {
		t.Fatal("not escalated")
	}
	if s := lt.Stats(); s.Held != 1 || s.Escalations != 1 {
		t.Fatalf("stats %+v", s)
	}
	// Another owner cannot lock a row of the table now.
	if _, err := lt.AcquireRow(ctx, 2, "t", "r1", S, Options{NoWait: true}); !errors.Is(err, ErrNoWait) {
		t.Fatal(err)
	}
	lt.ReleaseAll(1)
	// With a second owner active in the table, escalation is not granted
	// and row locking goes on.
	lt.AcquireRow(ctx, 2, "t", "x", X, Options{})
	for i := 0; i < 50; i++ {
		if _, err := lt.AcquireRow(ctx, 1, "t", fmt.Sprint("r", i), X, Options{NoWait: true}); err != nil {
			t.Fatal(err)
		}
	}
	if lt.Holds(1, "t")&X != 0 {
		t.Fatal("escalated next to another owner")
	}
}

// TestStress: random owners lock random keys; no two owners ever hold a key
// exclusively together, every wait ends, and deadlocks are resolved.
func TestStress(t *testing.T) {
	lt := New()
	const workers, keys = 12, 6
	var holders [keys]atomic.Int32 // -1 per X holder, +1 per S holder
	var wg sync.WaitGroup
	deadline := time.Now().Add(700 * time.Millisecond)
	var ok, dead atomic.Int64
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(int64(w)))
			owner := uint64(w) * 1000
			for time.Now().Before(deadline) {
				owner++
				var got []int
				var modes []Mode
				failed := false
				for n := 0; n < 3; n++ {
					k := rnd.Intn(keys)
					m := S
					if rnd.Intn(2) == 0 {
						m = X
					}
					newly, err := lt.Acquire(context.Background(), owner, fmt.Sprint(k), m, Options{Timeout: 5 * time.Second})
					if errors.Is(err, ErrDeadlock) {
						failed = true
						break
					}
					if err != nil {
						t.Errorf("acquire: %v", err)
						failed = true
						break
					}
					if newly {
						// An upgrade S -> X: drop the S count first.
						for i, g := range got {
							if g == k && modes[i] == S && m == X {
								holders[k].Add(-1)
								got = append(got[:i], got[i+1:]...)
								modes = append(modes[:i], modes[i+1:]...)
								break
							}
						}
						if m == X {
							if v := holders[k].Add(-100); v != -100 {
								t.Errorf("key %d: X granted next to %d", k, v+100)
							}
						} else if v := holders[k].Add(1); v < 0 {
							t.Errorf("key %d: S granted next to X", k)
						}
						got, modes = append(got, k), append(modes, m)
					}
				}
				for i, k := range got {
					if modes[i] == X {
						holders[k].Add(100)
					} else {
						holders[k].Add(-1)
					}
				}
				lt.ReleaseAll(owner)
				if failed {
					dead.Add(1)
				} else {
					ok.Add(1)
				}
			}
		}(w)
	}
	wg.Wait()
	s := lt.Stats()
	if s.Held != 0 || s.CurrentWaits != 0 {
		t.Fatalf("left behind: %+v", s)
	}
	if s.Deadlocks != uint64(dead.Load()) {
		t.Fatalf("deadlock count %d, victims %d", s.Deadlocks, dead.Load())
	}
	t.Logf("%d transactions, %d deadlock victims, %d waits", ok.Load(), dead.Load(), s.Waits)
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if cond() {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("condition never met")
}

// Snapshot shows every owner with its lock counts, its Info, and the
// request it waits in with whom that waits for (holders and requests
// queued ahead).
func TestSnapshot(t *testing.T) {
	lt := New()
	ctx := context.Background()
	if _, err := lt.AcquireRow(ctx, 1, "T1", "r1", X, Options{Info: "one"}); err != nil {
		t.Fatal(err)
	}
	lt.AcquireRow(ctx, 1, "T1", "r2", X, Options{Info: "ignored: first Info wins"})
	done := make(chan error, 2)
	go func() {
		_, err := lt.AcquireRow(ctx, 2, "T1", "r1", S, Options{Info: "two", Timeout: 5 * time.Second})
		done <- err
	}()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	go func() {
		_, err := lt.AcquireRow(ctx, 3, "T1", "r1", X, Options{Info: "three", Timeout: 5 * time.Second})
		done <- err
	}()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 2 })
	s := lt.Snapshot()
	if len(s.Owners) != 3 {
		t.Fatalf("owners %+v", s.Owners)
	}
	o1, o2, o3 := s.Owners[0], s.Owners[1], s.Owners[2]
	if o1.Owner != 1 || o1.Info != "one" || o1.Keys != 3 || o1.RowLocks != 2 || o1.Wait != nil {
		t.Errorf("owner 1: %+v", o1)
	}
	if o2.Wait == nil || o2.Info != "two" || o2.Wait.Key != "r1" || o2.Wait.TableKey != "T1" || o2.Wait.Mode != S ||
		len(o2.Wait.Blockers) != 1 || o2.Wait.Blockers[0] != (Blocker{Owner: 1, Mode: X, Granted: true}) {
		t.Errorf("owner 2: %+v %+v", o2, o2.Wait)
	}
	if o2.Keys != 1 || o2.RowLocks != 0 { // IS on T1
		t.Errorf("owner 2 keys: %+v", o2)
	}
	if o3.Wait == nil || len(o3.Wait.Blockers) != 2 || o3.Wait.Blockers[1] != (Blocker{Owner: 2, Mode: S}) ||
		len(o3.Wait.Holders) != 1 || o3.Wait.Holders[0] != 1 {
		t.Errorf("owner 3: %+v %+v", o3, o3.Wait)
	}
	lt.ReleaseAll(1) // grants 2's S; 3's X waits for it
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	lt.ReleaseAll(2)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	lt.ReleaseAll(3)
	if s := lt.Snapshot(); len(s.Owners) != 0 {
		t.Fatalf("owners left: %+v", s.Owners)
	}
}

// The latest deadlock lists the cycle in wait-for order with the victim
// (the requester that closed it) last.
func TestDeadlockInfo(t *testing.T) {
	lt := New()
	ctx := context.Background()
	lt.AcquireRow(ctx, 1, "T", "a", X, Options{Info: "t1"})
	lt.AcquireRow(ctx, 2, "T", "b", X, Options{Info: "t2"})
	lt.AcquireRow(ctx, 3, "T", "c", X, Options{Info: "t3"})
	done := make(chan error, 2)
	go func() { _, err := lt.AcquireRow(ctx, 1, "T", "b", X, Options{Timeout: 5 * time.Second}); done <- err }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 1 })
	go func() { _, err := lt.AcquireRow(ctx, 2, "T", "c", S, Options{Timeout: 5 * time.Second}); done <- err }()
	waitFor(t, func() bool { return lt.Stats().CurrentWaits == 2 })
	if _, err := lt.AcquireRow(ctx, 3, "T", "a", X, Options{Timeout: 5 * time.Second}); !errors.Is(err, ErrDeadlock) {
		t.Fatalf("closing request: %v", err)
	}
	d, ok := lt.LatestDeadlockInfo()
	if !ok || d.Victim != 3 || len(d.Txns) != 3 {
		t.Fatalf("deadlock %+v", d)
	}
	want := []struct {
		owner, heldBy uint64
		key           string
		mode, held    Mode
		info          string
	}{{1, 2, "b", X, X, "t1"}, {2, 3, "c", S, X, "t2"}, {3, 1, "a", X, X, "t3"}}
	for i, w := range want {
		x := d.Txns[i]
		if x.Owner != w.owner || x.HeldBy != w.heldBy || x.Key != w.key || x.Mode != w.mode || x.HeldMode != w.held ||
			x.Info != w.info || x.TableKey != "T" || x.Keys != 2 { // IX on T and its own row
			t.Errorf("txn %d: %+v, want %+v", i, x, w)
		}
	}
	lt.ReleaseAll(3)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	lt.ReleaseAll(2)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestDowngrade: an X holder that downgrades to S lets the queued IS and S
// requests in (in FIFO order, up to the first that still conflicts) and
// keeps IX and X out; upgrading back waits for the S holders it let in.
func TestDowngrade(t *testing.T) {
	lt := New()
	ctx := context.Background()
	if _, err := lt.Acquire(ctx, 1, "T", X, Options{}); err != nil {
		t.Fatal(err)
	}
	got := make(chan Mode, 3)
	for i, m := range []Mode{IS, S} {
		go func(o uint64, m Mode) {
			if _, err := lt.Acquire(ctx, o, "T", m, Options{Timeout: 5 * time.Second}); err == nil {
				got <- m
			}
		}(uint64(10+i), m)
	}
	for lt.Stats().CurrentWaits < 2 {
		time.Sleep(time.Millisecond)
	}
	lt.Downgrade(1, "T", S)
	if h := lt.Holds(1, "T"); h != S {
		t.Fatalf("holder has %s after the downgrade, want S", h)
	}
	for i := 0; i < 2; i++ {
		select {
		case <-got:
		case <-time.After(5 * time.Second):
			t.Fatal("a compatible waiter was not granted after the downgrade")
		}
	}
	if _, err := lt.Acquire(ctx, 20, "T", IX, Options{NoWait: true}); !errors.Is(err, ErrNoWait) {
		t.Fatalf("IX next to the downgraded S: %v, want ErrNoWait", err)
	}
	if _, err := lt.Acquire(ctx, 1, "T", X, Options{Timeout: 20 * time.Millisecond}); !errors.Is(err, ErrLockWaitTimeout) {
		t.Fatalf("upgrade next to the readers let in: %v, want a timeout", err)
	}
	lt.ReleaseAll(10)
	lt.ReleaseAll(11)
	if n, err := lt.Acquire(ctx, 1, "T", X, Options{NoWait: true}); err != nil || !n {
		t.Fatalf("upgrade once the readers left: %v %v", n, err)
	}
	lt.Downgrade(2, "T", S) // not a holder: nothing happens
	if h := lt.Holds(2, "T"); h != 0 {
		t.Fatalf("a non-holder holds %s after Downgrade", h)
	}
}

// TestSingleRowLockAllocates: a transaction that locks one row (an
// autocommit INSERT or UPDATE) and ends allocates nothing once the table
// is warm, and one that locks three rows of two tables nothing either:
// entries and owner records of released keys are reused, and the
// bookkeeping is slices, not maps per key and per owner.
func TestSingleRowLockAllocates(t *testing.T) {
	lt := New()
	ctx := context.Background()
	rows := []string{"r1", "r2", "r3"}
	owner := uint64(0)
	cycle := func(n int) {
		owner++
		for i := 0; i < n; i++ {
			tk := "t1"
			if i == 2 {
				tk = "t2"
			}
			if newly, err := lt.AcquireRow(ctx, owner, tk, rows[i], X, Options{Info: "x"}); err != nil || !newly {
				t.Fatalf("AcquireRow: %v %v", newly, err)
			}
			// A second request for the same row is covered.
			if newly, err := lt.AcquireRow(ctx, owner, tk, rows[i], S, Options{}); err != nil || newly {
				t.Fatalf("AcquireRow again: %v %v", newly, err)
			}
		}
		lt.ReleaseAll(owner)
	}
	for _, n := range []int{1, 3} {
		cycle(n)
		if a := testing.AllocsPerRun(200, func() { cycle(n) }); a > 0 {
			t.Errorf("%d row locks and their release: %.1f allocations, want 0", n, a)
		}
	}
	if s := lt.Stats(); s.Held != 0 {
		t.Errorf("%d keys still held", s.Held)
	}
}
