package kv

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// pair runs the same operations on a Txn that never spills and one whose
// buffer spills every few KiB, on two stores with the same data.
type pair struct {
	t          *testing.T
	ref, sp    *DB
	rtx, stx   *Txn
	spDir      string
	rng        *rand.Rand
	keys       int
	views      []pairView
	savepoints []pairSP
	refuse     bool // roll back past spills too (the Txn ends)
}

type pairView struct{ r, s *View }
type pairSP struct{ r, s Savepoint }

func newPair(t *testing.T, seed int64, keys int, spill int64) *pair {
	ref, _ := openTestDB(t, Options{SpillBytes: -1})
	sp, _ := openTestDB(t, Options{SpillBytes: spill})
	p := &pair{t: t, ref: ref, sp: sp, rng: rand.New(rand.NewSource(seed)), keys: keys, spDir: sp.opts.SpillDir}
	for _, db := range []*DB{ref, sp} {
		tx := db.Begin()
		for i := 0; i < keys; i += 2 {
			tx.Set(p.key(i), []byte(fmt.Sprintf("base-%d", i)))
		}
		tx.SetCount([]byte("count"), 100)
		mustCommit(t, tx)
	}
	p.rtx, p.stx = ref.Begin(), sp.Begin()
	return p
}

func (p *pair) key(i int) []byte { return []byte(fmt.Sprintf("k%05d", i)) }

func (p *pair) randKey() []byte { return p.key(p.rng.Intn(p.keys)) }

func scanAll(t *testing.T, it *Iter, err error, reverse bool, limit int) []string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	var out []string
	ok := it.First()
	if reverse {
		ok = it.Last()
	}
	for ; ok && len(out) < limit; ok = step(it, reverse) {
		out = append(out, string(it.Key())+"="+string(it.Value()))
	}
	if err := it.Error(); err != nil {
		t.Fatal(err)
	}
	return out
}

func step(it *Iter, reverse bool) bool {
	if reverse {
		return it.Prev()
	}
	return it.Next()
}

func eq(t *testing.T, what string, a, b []string) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%s: %d entries without spilling, %d with", what, len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("%s: entry %d: %q without spilling, %q with", what, i, a[i], b[i])
		}
	}
}

// op does one random operation on both Txns and compares what they return.
// It reports false once the Txns ended (a refused rollback).
func (p *pair) op() bool {
	t := p.t
	switch n := p.rng.Intn(100); {
	case n < 40:
		k := p.randKey()
		v := bytes.Repeat([]byte{byte('a' + p.rng.Intn(26))}, 10+p.rng.Intn(200))
		p.rtx.Set(k, v)
		p.stx.Set(k, v)
	case n < 55:
		k := p.randKey()
		p.rtx.Delete(k)
		p.stx.Delete(k)
	case n < 65:
		k := p.randKey()
		a, aok, aerr := p.rtx.Get(k)
		b, bok, berr := p.stx.Get(k)
		if aerr != nil || berr != nil || aok != bok || !bytes.Equal(a, b) {
			t.Fatalf("Get %s: %q %v %v without spilling, %q %v %v with", k, a, aok, aerr, b, bok, berr)
		}
		a, aok, _ = p.rtx.GetLatest(k)
		b, bok, _ = p.stx.GetLatest(k)
		if aok != bok || !bytes.Equal(a, b) {
			t.Fatalf("GetLatest %s differs", k)
		}
	case n < 72:
		lo, hi := p.randKey(), p.randKey()
		if bytes.Compare(lo, hi) > 0 {
			lo, hi = hi, lo
		}
		rev := p.rng.Intn(2) == 0
		a, aerr := p.rtx.NewIter(lo, hi)
		b, berr := p.stx.NewIter(lo, hi)
		eq(t, fmt.Sprintf("scan [%s,%s) reverse=%v", lo, hi, rev), scanAll(t, a, aerr, rev, 1<<30), scanAll(t, b, berr, rev, 1<<30))
	case n < 76:
		// Seeks and direction changes.
		a, _ := p.rtx.NewIter(nil, nil)
		b, _ := p.stx.NewIter(nil, nil)
		k := p.randKey()
		var ra, rb []string
		pos := func(it *Iter, ok bool) string {
			if !ok {
				return "<end>"
			}
			return string(it.Key()) + "=" + string(it.Value())
		}
		ra = append(ra, pos(a, a.SeekGE(k)))
		rb = append(rb, pos(b, b.SeekGE(k)))
		for i := 0; i < 6; i++ {
			if p.rng.Intn(2) == 0 {
				ra = append(ra, pos(a, a.Prev()))
				rb = append(rb, pos(b, b.Prev()))
			} else {
				ra = append(ra, pos(a, a.Next()))
				rb = append(rb, pos(b, b.Next()))
			}
		}
		ra = append(ra, pos(a, a.SeekLT(k)))
		rb = append(rb, pos(b, b.SeekLT(k)))
		ra = append(ra, pos(a, a.Next()))
		rb = append(rb, pos(b, b.Next()))
		a.Close()
		b.Close()
		eq(t, "seeks from "+string(k), ra, rb)
	case n < 80:
		p.views = append(p.views, pairView{p.rtx.View(), p.stx.View()})
		if p.rng.Intn(2) == 0 {
			p.views[len(p.views)-1] = pairView{p.rtx.CurrentView(), p.stx.CurrentView()}
		}
	case n < 85 && len(p.views) > 0:
		v := p.views[p.rng.Intn(len(p.views))]
		k := p.randKey()
		a, aok, _ := v.r.Get(k)
		b, bok, _ := v.s.Get(k)
		if aok != bok || !bytes.Equal(a, b) {
			t.Fatalf("View.Get %s: %q %v without spilling, %q %v with", k, a, aok, b, bok)
		}
		ai, aerr := v.r.NewIter(nil, nil)
		bi, berr := v.s.NewIter(nil, nil)
		eq(t, "view scan", scanAll(t, ai, aerr, false, 1<<30), scanAll(t, bi, berr, false, 1<<30))
	case n < 90:
		p.savepoints = append(p.savepoints, pairSP{p.rtx.Savepoint(), p.stx.Savepoint()})
	case n < 94 && len(p.savepoints) > 0:
		i := p.rng.Intn(len(p.savepoints))
		sp := p.savepoints[i]
		if sp.s.gen != p.stx.spillGen && !p.refuse {
			// Exercise exact rollbacks only, unless the case tests refusal.
			break
		}
		p.savepoints = p.savepoints[:i+1]
		if err := p.rtx.RollbackTo(sp.r); err != nil {
			t.Fatalf("RollbackTo without spilling: %v", err)
		}
		if err := p.stx.RollbackTo(sp.s); err != nil {
			if !errors.Is(err, ErrRollbackPastSpill) || sp.s.gen == p.stx.spillGen {
				t.Fatalf("RollbackTo with spilling: %v", err)
			}
			if !p.stx.Done() {
				t.Fatal("a refused RollbackTo left the Txn open")
			}
			p.rtx.Rollback()
			return false
		}
	case n < 97:
		k := p.randKey()
		d := int64(p.rng.Intn(5) - 2)
		p.rtx.AddToCount([]byte("count"), d)
		p.stx.AddToCount([]byte("count"), d)
		c := uint64(len(k) + p.rng.Intn(100))
		p.rtx.RaiseCounter([]byte("ctr"), c)
		p.stx.RaiseCounter([]byte("ctr"), c)
	default:
		if p.rng.Intn(10) == 1 {
			// A base count in the Txn itself: the spilled commit folds the
			// deltas into it.
			c := int64(p.rng.Intn(1000))
			p.rtx.SetCount([]byte("count"), c)
			p.stx.SetCount([]byte("count"), c)
		}
		if p.rng.Intn(10) == 0 {
			lo := p.randKey()
			hi := append(append([]byte(nil), lo...), 0xff)
			p.rtx.DeleteRange(lo, hi)
			p.stx.DeleteRange(lo, hi)
		}
	}
	return true
}

func dump(t *testing.T, db *DB) []string {
	it, err := db.NewIter(nil, nil)
	return scanAll(t, it, err, false, 1<<30)
}

func TestSpillMatchesMemory(t *testing.T) {
	cases := []struct {
		name     string
		seed     int64
		ops      int
		spill    int64
		rollback bool
		refuse   bool
	}{
		{"small buffer, commit", 1, 2000, 4 << 10, false, false},
		{"tiny buffer, many merges, commit", 2, 2500, 1 << 10, false, false},
		{"rollback", 3, 2000, 2 << 10, true, false},
		{"larger buffer, commit", 4, 4000, 12 << 10, false, false},
		{"seed 5", 5, 2000, 3 << 10, false, false},
		{"seed 6", 6, 2000, 3 << 10, false, false},
		{"rollback past a spill", 7, 3000, 3 << 10, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPair(t, c.seed, 400, c.spill)
			p.refuse = c.refuse
			ended := false
			for i := 0; i < c.ops && !ended; i++ {
				ended = !p.op()
			}
			spilled := p.sp.Stats().Spills
			if !ended {
				if c.rollback {
					p.rtx.Rollback()
					p.stx.Rollback()
				} else {
					a, b := p.rtx.Commit(), p.stx.Commit()
					if a != nil || b != nil {
						t.Fatalf("commit: %v without spilling, %v with", a, b)
					}
				}
			}
			if ended != c.refuse {
				t.Fatalf("ended by a refused rollback: %v, want %v", ended, c.refuse)
			}
			if spilled == 0 {
				t.Fatal("the Txn never spilled: the test does not test spilling")
			}
			da, db := dump(t, p.ref), dump(t, p.sp)
			eq(t, "store after the Txn", da, db)
			files, _ := os.ReadDir(p.spDir)
			if len(files) != 0 {
				t.Fatalf("%d spill files left after the Txn ended", len(files))
			}
			t.Logf("spills %d, ingests %d, ended by a refused rollback: %v", spilled, p.sp.Stats().Ingests, ended)
		})
	}
}

func TestSpillDirClearedAtOpen(t *testing.T) {
	dir := t.TempDir()
	spill := filepath.Join(dir, "spill")
	if err := os.MkdirAll(spill, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(spill, "txn-1-1.sst"), []byte("left by a crash"), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := Open(filepath.Join(dir, "store"), Options{SpillDir: spill, Logger: quietLogger(), SpillBytes: 1 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if files, _ := os.ReadDir(spill); len(files) != 0 {
		t.Fatalf("%d files left in the spill dir after Open", len(files))
	}
}

// TestSpilledConflicts: a spilled commit is checked and recorded like any
// other: optimistic Txns conflict both ways on its keys, pessimistic ones
// only on ranges.
func TestSpilledConflicts(t *testing.T) {
	db, _ := openTestDB(t, Options{SpillBytes: 2 << 10})
	big := func() *Txn {
		tx := db.Begin()
		for i := 0; i < 500; i++ {
			tx.Set([]byte(fmt.Sprintf("b%05d", i)), bytes.Repeat([]byte("v"), 50))
		}
		if tx.spillGen == 0 {
			t.Fatal("no spill")
		}
		return tx
	}
	// Someone else commits a key the spilled Txn wrote: it loses.
	tx := big()
	other := db.Begin()
	other.Set([]byte("b00250"), []byte("other"))
	mustCommit(t, other)
	if err := tx.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("spilled commit after a conflicting one: %v, want ErrConflict", err)
	}
	// The spilled Txn commits first: an optimistic Txn that started before
	// and wrote one of its keys loses, a pessimistic one does not.
	opt, pes := db.Begin(), db.Begin()
	opt.Pin()
	pes.Pin()
	pes.SetPessimistic(true)
	mustCommit(t, big())
	opt.Set([]byte("b00100"), []byte("x"))
	pes.Set([]byte("b00101"), []byte("y"))
	if err := opt.Commit(); !errors.Is(err, ErrConflict) {
		t.Fatalf("optimistic Txn after a spilled commit of its key: %v, want ErrConflict", err)
	}
	mustCommit(t, pes)
	v, ok, err := db.Get([]byte("b00101"))
	if err != nil || !ok || string(v) != "y" {
		t.Fatalf("b00101 = %q %v %v", v, ok, err)
	}
	// An unrelated optimistic Txn outside the written span is not refused.
	far := db.Begin()
	far.Pin()
	mustCommit(t, big())
	far.Set([]byte("zzz"), []byte("z"))
	mustCommit(t, far)
}
