package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
