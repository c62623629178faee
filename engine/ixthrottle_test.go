package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// An idle server: the first probe gives up after throttleIdleProbe and
// the backfill never pauses.
func TestThrottleIdle(t *testing.T) {
	var ends atomic.Int64
	th := newBackfillThrottle(ends.Load)
	start := time.Now()
	for i := 0; i < 50; i++ {
		p, err := th.pause(context.Background(), 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if p != 0 {
			t.Fatalf("batch %d: pause %v on an idle server", i, p)
		}
	}
	if el := time.Since(start); el > throttleIdleProbe+200*time.Millisecond {
		t.Fatalf("50 idle batches spent %v in the throttle", el)
	}
}

// The ratio doubles while the foreground is below its target and shrinks
// to nothing while it is above, within its bounds.
func TestThrottleAdapt(t *testing.T) {
	th := &backfillThrottle{ratio: 300}
	for i := 0; i < 20; i++ {
		th.ratio = th.adapt(50, 90)
	}
	if th.ratio != throttleMaxRatio {
		t.Fatalf("ratio %v after 20 windows below target, want %v", th.ratio, throttleMaxRatio)
	}
	for i := 0; i < 60; i++ {
		th.ratio = th.adapt(95, 90)
	}
	if th.ratio != 0 {
		t.Fatalf("ratio %v after 60 windows at target, want 0", th.ratio)
	}
	if th.ratio = th.adapt(50, 90); th.ratio != throttleMinRatio {
		t.Fatalf("ratio %v from 0 below target, want %v", th.ratio, throttleMinRatio)
	}
}

// A foreground whose rate the backfill does not change (it does not
// saturate the server): after the probe, the throttle's pauses shrink to
// nothing. And one whose rate halves while the backfill runs: the pauses
// grow.
func TestThrottleSteersByForeground(t *testing.T) {
	// The foreground's transaction ends as a function of time (no
	// scheduler noise): 500/s, or 250/s while slow.
	var mu sync.Mutex
	acc, rate, since := 0.0, 500.0, time.Now()
	ends := func() int64 {
		mu.Lock()
		defer mu.Unlock()
		return int64(acc + rate*time.Since(since).Seconds())
	}
	setRate := func(r float64) {
		mu.Lock()
		defer mu.Unlock()
		acc += rate * time.Since(since).Seconds()
		rate, since = r, time.Now()
	}
	run := func(d time.Duration, ratio float64, slowed bool) (last time.Duration, th *backfillThrottle) {
		th = newBackfillThrottle(ends)
		th.ratio = ratio
		for start := time.Now(); time.Since(start) < d; {
			p, err := th.pause(context.Background(), 5*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			// The probe measured the full rate; the backfill halves it.
			if slowed && th.baseline > 0 {
				setRate(250)
			}
			time.Sleep(5*time.Millisecond + p)
			last = p
		}
		setRate(500)
		return last, th
	}
	last, th := run(3*time.Second, 12, false)
	if th.baseline == 0 || last != 0 || th.ratio != 0 {
		t.Fatalf("steady foreground (baseline %.0f/s): last pause %v, ratio %v; want none", th.baseline, last, th.ratio)
	}
	last, th = run(4*time.Second, 20, true)
	if th.ratio < 160 || last < 8*time.Millisecond {
		t.Fatalf("foreground halved by the backfill: last pause %v, ratio %v; want the ratio grown", last, th.ratio)
	}
}

// The baseline is the mean of the last throttleProbes probes: one noisy
// probe moves it by its share only, and a load that really changed is
// followed within throttleProbes probes. A probe that sees nothing makes
// the server idle (baseline 0).
func TestThrottleBaselineMean(t *testing.T) {
	var mu sync.Mutex
	rate := 400.0
	start := time.Now()
	acc := 0.0
	ends := func() int64 {
		mu.Lock()
		defer mu.Unlock()
		return int64(acc + rate*time.Since(start).Seconds())
	}
	setRate := func(r float64) {
		mu.Lock()
		defer mu.Unlock()
		acc += rate * time.Since(start).Seconds()
		rate, start = r, time.Now()
	}
	th := newBackfillThrottle(ends)
	probe := func(want float64) {
		t.Helper()
		if err := th.probe(context.Background()); err != nil {
			t.Fatal(err)
		}
		if th.baseline < want*0.97 || th.baseline > want*1.03 {
			t.Fatalf("baseline %.0f, want %.0f (probes %v)", th.baseline, want, th.probes)
		}
	}
	probe(400)
	setRate(200)
	probe(300)
	setRate(800)
	probe((400 + 200 + 800) / 3.0)
	probe((400 + 200 + 800 + 800) / 4.0)
	probe((200 + 800 + 800 + 800) / 4.0) // the first probe has left
	setRate(0)
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if th.baseline != 0 {
		t.Fatalf("baseline %.0f after a probe that saw no transaction end, want 0 (idle)", th.baseline)
	}
}

// A window below target and one above move the ratio by the same factor:
// windows split evenly around the target leave it where it was, so noise
// alone does not drive it to a bound.
func TestThrottleSymmetric(t *testing.T) {
	th := &backfillThrottle{ratio: 300}
	for i := 0; i < 40; i++ {
		rate := 80.0
		if i%2 == 1 {
			rate = 100
		}
		th.ratio = th.adapt(rate, 90)
	}
	if th.ratio < 299 || th.ratio > 301 {
		t.Fatalf("ratio %v after 20 windows below and 20 above target, want 300", th.ratio)
	}
}

// The reference, a probe before the index is write-only, is the floor of
// the baseline while it lives: probes during the build that see a
// foreground slowed by the index's upkeep and the build's compactions do
// not lower the target below it. Once it expired the probes alone count,
// and an idle probe still makes the server idle.
func TestThrottleReference(t *testing.T) {
	var mu sync.Mutex
	rate, acc, since := 500.0, 0.0, time.Now()
	ends := func() int64 {
		mu.Lock()
		defer mu.Unlock()
		return int64(acc + rate*time.Since(since).Seconds())
	}
	setRate := func(r float64) {
		mu.Lock()
		defer mu.Unlock()
		acc += rate * time.Since(since).Seconds()
		rate, since = r, time.Now()
	}
	near := func(got, want float64) bool { return got > want*0.97 && got < want*1.03 }
	th := newBackfillThrottle(ends)
	if err := th.refer(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !near(th.reference, 500) || !near(th.baseline, 500) || len(th.probes) != 0 {
		t.Fatalf("after the reference: reference %.0f, baseline %.0f, probes %v; want 500, 500, none", th.reference, th.baseline, th.probes)
	}
	// The first batch follows the reference without another probe.
	if _, err := th.pause(context.Background(), time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if len(th.probes) != 0 {
		t.Fatalf("a probe right after the reference: %v", th.probes)
	}
	setRate(400) // the upkeep of the write-only index
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !near(th.baseline, 500) {
		t.Fatalf("baseline %.0f after a probe of 400/s under a live reference of 500/s, want 500", th.baseline)
	}
	setRate(700) // the machine got faster: the probes lead
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !near(th.baseline, 550) {
		t.Fatalf("baseline %.0f after probes of 400 and 700/s, want their mean 550", th.baseline)
	}
	setRate(300)
	th.refAt = time.Now().Add(-throttleReferenceLife)
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !near(th.baseline, (400+700+300)/3.0) {
		t.Fatalf("baseline %.0f after the reference expired, want the probes' mean %.0f", th.baseline, (400+700+300)/3.0)
	}
	th.refAt = time.Now()
	setRate(0)
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if th.baseline != 0 {
		t.Fatalf("baseline %.0f after an idle probe under a live reference, want 0 (idle)", th.baseline)
	}
}

// The reference is the median of one-second slices: a slow first second
// (the DDL's lock wait, the foreground re-preparing its plans) or a burst
// does not become the floor of the baseline for minutes. A single-second
// reference took the first second's 100/s for a foreground of 500/s.
func TestThrottleReferenceMedian(t *testing.T) {
	start := time.Now()
	// ends(t): 100/s in the first second, 2,000/s in the third, 500/s
	// otherwise.
	ends := func() int64 {
		s := time.Since(start).Seconds()
		n := 100 * min(s, 1)
		if s > 1 {
			n += 500 * (min(s, 2) - 1)
		}
		if s > 2 {
			n += 2000 * (min(s, 3) - 2)
		}
		if s > 3 {
			n += 500 * (s - 3)
		}
		return int64(n)
	}
	th := newBackfillThrottle(ends)
	if err := th.refer(context.Background()); err != nil {
		t.Fatal(err)
	}
	if th.reference < 450 || th.reference > 550 || th.baseline != th.reference || len(th.probes) != 0 {
		t.Fatalf("reference %.0f, baseline %.0f, probes %v; want about 500, the same, none", th.reference, th.baseline, th.probes)
	}
}

// fakeClock is a throttle clock that moves only when slept on (or
// advanced), so the throttle's decisions over a foreground whose rate is a
// function of time are exact and take no wall time.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }
func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.t = c.t.Add(d)
	return ctx.Err()
}

// reconnecting is a foreground after a restart: no transaction for
// idleFor, then slowRate/s for slowFor (a few clients back, caches cold),
// then rate/s. ends is its transaction count at the clock's time.
type reconnecting struct {
	c                *fakeClock
	start            time.Time
	idleFor, slowFor time.Duration
	slowRate, rate   float64
}

func (r *reconnecting) ends() int64 {
	el := r.c.t.Sub(r.start)
	if el <= r.idleFor {
		return 0
	}
	el -= r.idleFor
	if el <= r.slowFor {
		return int64(el.Seconds() * r.slowRate)
	}
	return int64(r.slowFor.Seconds()*r.slowRate + (el-r.slowFor).Seconds()*r.rate)
}

// runBatches drives th as the backfill does, with batches of took, for d
// of the clock's time.
func runBatches(t *testing.T, th *backfillThrottle, c *fakeClock, took, d time.Duration) {
	t.Helper()
	for end := c.t.Add(d); c.t.Before(end); {
		c.t = c.t.Add(took)
		p, err := th.pause(context.Background(), took)
		if err != nil {
			t.Fatal(err)
		}
		c.t = c.t.Add(p)
	}
}

// A build resumed after a restart does not take the foreground's rate
// while its clients reconnect for its reference: build3's resumed build
// probed 29 tps where sysbench ran at 65, and ran nearly unthrottled.
// Its throttle waits (unthrottled) for the first transaction, then
// settles: the reference is the foreground's rate once it stopped rising.
func TestThrottleResumedSettles(t *testing.T) {
	for _, tc := range []struct {
		name             string
		idleFor, slowFor time.Duration
	}{
		{"clients back after 2 s, slow for 3 s", 2 * time.Second, 3 * time.Second},
		{"clients back at once, slow for 3 s", 0, 3 * time.Second},
		{"clients back after 10 s, slow for 1 s", 10 * time.Second, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{t: time.Now()}
			fg := &reconnecting{c: c, start: c.t, idleFor: tc.idleFor, slowFor: tc.slowFor, slowRate: 30, rate: 300}
			th := newResumedThrottle(fg.ends, 0, time.Time{})
			th.clock = c
			// While no client is back the backfill runs at full speed.
			runBatches(t, th, c, 10*time.Millisecond, tc.idleFor)
			if th.ratio != float64(DefaultSleepRatio) || th.baseline != 0 {
				t.Fatalf("idle: ratio %v baseline %v", th.ratio, th.baseline)
			}
			runBatches(t, th, c, 10*time.Millisecond, tc.slowFor+throttleSettleMax)
			if th.unsettled || th.reference < 270 || th.reference > 330 {
				t.Fatalf("reference %.0f tps (unsettled %v), want ~300 (the rate the clients settled at)", th.reference, th.unsettled)
			}
			if th.baseline < 270 {
				t.Fatalf("baseline %.0f tps, want >= 270", th.baseline)
			}
		})
	}
}

// A new build's throttle, in the same restart, would have taken the
// reconnecting clients' rate: what the resumed throttle is for.
func TestThrottleFreshProbesReconnecting(t *testing.T) {
	c := &fakeClock{t: time.Now()}
	fg := &reconnecting{c: c, start: c.t, idleFor: 2 * time.Second, slowFor: 3 * time.Second, slowRate: 30, rate: 300}
	th := newBackfillThrottle(fg.ends)
	th.clock = c
	runBatches(t, th, c, 10*time.Millisecond, 3*time.Second)
	if th.baseline == 0 || th.baseline > 60 {
		t.Fatalf("baseline %.0f; this test's foreground no longer shows the reconnect (want the slow rate, ~30)", th.baseline)
	}
}

// The reference the job record kept from before the crash bounds the
// baseline from below for the rest of its life, beside the settled one; an
// expired one is ignored.
func TestThrottleResumedKeepsReference(t *testing.T) {
	for _, tc := range []struct {
		name string
		age  time.Duration // of the kept reference at the restart
		want float64       // baseline after settling
	}{
		{"recent", time.Minute, 500},
		{"expired", throttleReferenceLife + time.Second, 300},
		{"none", -1, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{t: time.Now()}
			fg := &reconnecting{c: c, start: c.t, slowFor: 2 * time.Second, slowRate: 30, rate: 300}
			ref, at := 500.0, c.t.Add(-tc.age)
			if tc.age < 0 {
				ref, at = 0, time.Time{}
			}
			th := newResumedThrottle(fg.ends, ref, at)
			th.clock = c
			runBatches(t, th, c, 10*time.Millisecond, throttleSettleMax)
			if th.unsettled || th.baseline < tc.want*0.95 || th.baseline > tc.want*1.05 {
				t.Fatalf("baseline %.0f (reference %.0f, kept %.0f, unsettled %v), want %.0f", th.baseline, th.reference, th.carried, th.unsettled, tc.want)
			}
			if tc.want == 500 {
				// Past the kept reference's life the settled one and
				// the probes set the baseline.
				runBatches(t, th, c, 10*time.Millisecond, throttleReferenceLife-tc.age+throttleReprobe)
				if th.baseline > 330 {
					t.Fatalf("baseline %.0f after the kept reference expired, want ~300", th.baseline)
				}
			}
		})
	}
}

func TestThrottleSettled(t *testing.T) {
	for _, tc := range []struct {
		rates []float64
		want  bool
	}{
		{[]float64{300, 300, 300, 300, 300}, false}, // too few slices
		{[]float64{300, 300, 300, 300, 300, 300}, true},
		{[]float64{30, 30, 30, 300, 300, 300}, false},    // rising
		{[]float64{30, 300, 300, 300, 300, 300}, true},   // one slow slice among the first three
		{[]float64{300, 280, 320, 100, 300, 310}, true},  // a stall is not a rise
		{[]float64{100, 120, 110, 150, 160, 140}, false}, // still rising by more than 10%
		{[]float64{100, 120, 110, 120, 118, 119}, true},  // within 10%
		{[]float64{200, 210, 190, 60, 50, 70, 65}, true}, // falling: settled
	} {
		if got := settled(tc.rates); got != tc.want {
			t.Errorf("settled(%v) = %v, want %v", tc.rates, got, tc.want)
		}
	}
}

// The reference of a new build is the median per-second rate of the
// foreground in the throttleHistoryUse before its statement, not of the
// seconds after it began (which ran slower in build4's runs), nor of
// seconds older than that.
func TestThrottleReferenceFromHistory(t *testing.T) {
	t0 := time.Now()
	var h fgHistory
	ends := int64(0)
	// 20 s at 100/s long before, then 15 s at 400/s with one stalled and
	// one burst second, then the statement; after it 150/s.
	add := func(rate float64) {
		ends += int64(rate)
		t0 = t0.Add(time.Second)
		h.add(t0, ends)
	}
	h.add(t0, 0)
	for i := 0; i < 20; i++ {
		add(100)
	}
	for i := 0; i < 15; i++ {
		switch i {
		case 4:
			add(20)
		case 9:
			add(1200)
		default:
			add(400)
		}
	}
	stmt := t0.Add(300 * time.Millisecond)
	for i := 0; i < 10; i++ {
		add(150)
	}
	if r, ok := h.rateBefore(stmt); !ok || r != 400 {
		t.Fatalf("rateBefore = %v, %v; want 400, true", r, ok)
	}
	c := &fakeClock{t: stmt}
	th := newBackfillThrottle(func() int64 { return ends })
	th.clock = c
	if err := th.referAt(context.Background(), &h, stmt); err != nil {
		t.Fatal(err)
	}
	if th.reference != 400 || th.baseline != 400 {
		t.Fatalf("reference %v baseline %v, want 400", th.reference, th.baseline)
	}

	// A server up for less than throttleReferenceSlices seconds has no
	// history to tell: refer measures one.
	var short fgHistory
	short.add(stmt.Add(-2*time.Second), 0)
	short.add(stmt.Add(-time.Second), 300)
	if _, ok := short.rateBefore(stmt); ok {
		t.Fatal("two samples made a reference")
	}
	// An idle history: unthrottled (no reference, baseline 0).
	var idle fgHistory
	for i := 10; i >= 0; i-- {
		idle.add(stmt.Add(-time.Duration(i)*time.Second), 7)
	}
	th = newBackfillThrottle(func() int64 { return 7 })
	th.clock = c
	if err := th.referAt(context.Background(), &idle, stmt); err != nil {
		t.Fatal(err)
	}
	if th.reference != 0 || th.baseline != 0 {
		t.Fatalf("idle history: reference %v baseline %v, want 0", th.reference, th.baseline)
	}
}

// The ring keeps the last throttleHistory samples: after wrapping, the
// window before the statement is read from the newest ones.
func TestThrottleHistoryWraps(t *testing.T) {
	var h fgHistory
	t0 := time.Now()
	ends := int64(0)
	for i := 0; i <= 3*throttleHistory; i++ {
		if i > 0 {
			if i > 2*throttleHistory {
				ends += 250
			} else {
				ends += 50
			}
		}
		h.add(t0.Add(time.Duration(i)*time.Second), ends)
	}
	if r, ok := h.rateBefore(t0.Add(time.Duration(3*throttleHistory) * time.Second)); !ok || r != 250 {
		t.Fatalf("rateBefore = %v, %v after wrapping; want 250, true", r, ok)
	}
}

// A foreground whose half-second windows are mostly above the target but
// whose mean is below it (a stall every other second, as sysbench's rates
// on a loaded machine have): the throttle steers by the mean since the
// probe, so the ratio goes to its maximum. Steered by each window it went
// to 0, the median window being above target (build4: 74% of before).
func TestThrottleSteersByMean(t *testing.T) {
	c := &fakeClock{t: time.Now()}
	start := c.t
	// Per 2 s: 0.5 s at 90/s, then 1.5 s at 990/s (mean 765/s).
	ends := func() int64 {
		el := c.t.Sub(start).Seconds()
		periods := float64(int(el / 2))
		in := el - 2*periods
		n := periods * (0.5*90 + 1.5*990)
		if in < 0.5 {
			n += in * 90
		} else {
			n += 0.5*90 + (in-0.5)*990
		}
		return int64(n)
	}
	th := newBackfillThrottle(ends)
	th.clock = c
	th.reference, th.refAt = 1000, c.t // target 900/s at the default 90%
	th.record(1000, ends())
	for end := c.t.Add(12 * time.Second); c.t.Before(end); {
		c.t = c.t.Add(10 * time.Millisecond)
		p, err := th.pause(context.Background(), 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		c.t = c.t.Add(p)
	}
	if th.baseline != 1000 {
		t.Fatalf("baseline %v, want 1000 (no probe in 12 s)", th.baseline)
	}
	if th.ratio != throttleMaxRatio {
		t.Fatalf("ratio %v with the foreground's mean at 85%% of target, want %v", th.ratio, throttleMaxRatio)
	}
}

// With myriad_ddl_backfill_charge_writes on, the backfill pays for the
// compactions and flushes of what it wrote: its
// share of the store's write work (its bytes over the WAL's) is added to
// the next batch's time before the ratio applies. A backfill that wrote
// all of the WAL's bytes is charged all of the work and runs fewer
// batches; one that wrote none of them (another writer's compactions) runs
// as many as without the charge.
func TestThrottleChargesWriteWork(t *testing.T) {
	registerBuildVariables()
	setCharge := func(on int64) {
		if err := sql.SystemVariables.SetGlobal(sql.NewEmptyContext(), ChargeWritesVar, on); err != nil {
			t.Fatal(err)
		}
	}
	setCharge(1)
	defer setCharge(0)
	th := &backfillThrottle{ratio: 100}
	var work time.Duration
	var wal uint64
	th.work = func() (time.Duration, uint64) { return work, wal }
	th.charge()
	th.written(300)
	wal, work = wal+1000, work+200*time.Millisecond
	th.charge()
	if th.owed != 60*time.Millisecond {
		t.Fatalf("owed %v for 30%% of 200 ms, want 60ms", th.owed)
	}

	// share: the backfill's share of the WAL's bytes; -1: no work func.
	batches := func(share float64) int {
		c := &fakeClock{t: time.Now()}
		start := c.t
		// The foreground at 500/s against a reference of 1000: below
		// target, so the ratio goes to its maximum.
		ends := func() int64 { return int64(500 * c.t.Sub(start).Seconds()) }
		th := newBackfillThrottle(ends)
		th.clock = c
		th.reference, th.refAt = 1000, c.t
		th.record(1000, ends())
		var work time.Duration
		var wal uint64
		if share >= 0 {
			// Compactions busy 20% of the time; 1 MB/s into the WAL.
			th.work = func() (time.Duration, uint64) {
				el := c.t.Sub(start)
				return el / 5, uint64(el.Seconds() * 1e6)
			}
			th.charge()
			work, wal = th.work()
		}
		_ = work
		n := 0
		for end := c.t.Add(10 * time.Second); c.t.Before(end); n++ {
			c.t = c.t.Add(5 * time.Millisecond)
			if share >= 0 {
				// The backfill's bytes since the last batch.
				_, w := th.work()
				th.written(int(share * float64(w-wal)))
				wal = w
			}
			p, err := th.pause(context.Background(), 5*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			c.t = c.t.Add(p)
		}
		return n
	}
	none, all, other := batches(-1), batches(1), batches(0)
	setCharge(0)
	off := batches(1)
	setCharge(1)
	if off != none {
		t.Fatalf("%d batches with %s off, %d without a charge", off, ChargeWritesVar, none)
	}
	t.Logf("batches in 10 s: %d without a charge, %d charged all, %d charged none", none, all, other)
	if other != none {
		t.Fatalf("%d batches charged for another writer's work, %d without a charge", other, none)
	}
	if all*2 > none {
		t.Fatalf("%d batches charged for all of the work, %d without a charge: want under half", all, none)
	}
}
