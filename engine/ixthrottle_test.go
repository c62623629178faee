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

// A later probe that reads lower (the build's own compactions still
// running) lowers the baseline by the decay only; a higher one raises it.
func TestThrottleBaselineDecay(t *testing.T) {
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
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	first := th.baseline
	setRate(200)
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := first * throttleDecay; th.baseline < want*0.99 || th.baseline > want*1.01 {
		t.Fatalf("baseline %.0f after a probe at half the rate, want %.0f (first %.0f)", th.baseline, want, first)
	}
	setRate(800)
	if err := th.probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	if th.baseline < 700 {
		t.Fatalf("baseline %.0f after a probe at 800/s", th.baseline)
	}
}
