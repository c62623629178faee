package kv

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"sort"
	"testing"
)

// modelIter is the reference: a sorted list of visible entries in bounds,
// captured when the iterator is created.
type modelIter struct {
	keys, vals []string
	pos        int
}

func newModelIter(view map[string]string, lower, upper []byte) *modelIter {
	m := &modelIter{pos: -1}
	for _, k := range slices.Sorted(maps.Keys(view)) {
		if lower != nil && k < string(lower) {
			continue
		}
		if upper != nil && k >= string(upper) {
			continue
		}
		m.keys = append(m.keys, k)
		m.vals = append(m.vals, view[k])
	}
	return m
}

func (m *modelIter) valid() bool { return m.pos >= 0 && m.pos < len(m.keys) }

func (m *modelIter) do(op string, k []byte) bool {
	switch op {
	case "First":
		m.pos = 0
	case "Last":
		m.pos = len(m.keys) - 1
	case "SeekGE":
		m.pos = sort.SearchStrings(m.keys, string(k))
	case "SeekLT":
		m.pos = sort.SearchStrings(m.keys, string(k)) - 1
	case "Next":
		if !m.valid() {
			return false
		}
		m.pos++
	case "Prev":
		if !m.valid() {
			return false
		}
		m.pos--
	}
	if !m.valid() {
		m.pos = -1
	}
	return m.valid()
}

func (it *Iter) do(op string, k []byte) bool {
	switch op {
	case "First":
		return it.First()
	case "Last":
		return it.Last()
	case "SeekGE":
		return it.SeekGE(k)
	case "SeekLT":
		return it.SeekLT(k)
	case "Next":
		return it.Next()
	case "Prev":
		return it.Prev()
	}
	panic(op)
}

func randKey(r *rand.Rand) []byte {
	n := 1 + r.Intn(3)
	b := make([]byte, n)
	for i := range b {
		b[i] = "abcd"[r.Intn(4)]
	}
	return b
}

func randBounds(r *rand.Rand) (lower, upper []byte) {
	if r.Intn(3) == 0 {
		lower = randKey(r)
	}
	if r.Intn(3) == 0 {
		upper = randKey(r)
	}
	return lower, upper
}

var iterOps = []string{"First", "Last", "SeekGE", "SeekLT", "Next", "Next", "Next", "Prev", "Prev", "Prev"}

// checkIter drives it and the model with the same random moves, comparing
// every step.
func checkIter(t *testing.T, r *rand.Rand, it *Iter, m *modelIter, steps int, trace *[]string) {
	t.Helper()
	for s := 0; s < steps; s++ {
		op := iterOps[r.Intn(len(iterOps))]
		var k []byte
		if op == "SeekGE" || op == "SeekLT" {
			k = randKey(r)
		}
		*trace = append(*trace, fmt.Sprintf("%s(%s)", op, k))
		got, want := it.do(op, k), m.do(op, k)
		if got != want || it.Valid() != want {
			t.Fatalf("%v: valid=%v/%v, model=%v (model keys %v)", *trace, got, it.Valid(), want, m.keys)
		}
		if !want {
			continue
		}
		if string(it.Key()) != m.keys[m.pos] || string(it.Value()) != m.vals[m.pos] {
			t.Fatalf("%v: at %q=%q, model %q=%q (model keys %v)", *trace, it.Key(), it.Value(), m.keys[m.pos], m.vals[m.pos], m.keys)
		}
	}
	if err := it.Error(); err != nil {
		t.Fatal(err)
	}
}

// TestIterModel runs random transactions (sets, deletes, savepoints, rollbacks
// to savepoints, concurrent commits by others) and checks the merged
// iterator against a sorted map at every step, plus Txn.Get for every key.
func TestIterModel(t *testing.T) {
	rounds, opsPerRound := 60, 300
	if raceEnabled || testing.Short() {
		rounds = 25
	}
	db, _ := openTestDB(t, Options{Durability: Async, MemTableBytes: 1 << 20})
	for round := 0; round < rounds; round++ {
		seed := int64(round)
		r := rand.New(rand.NewSource(seed))
		var trace []string
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			// Reset, then commit a random initial state.
			wb := NewWriteBatch()
			wb.DeleteRange([]byte{}, []byte{0xff})
			if err := db.Apply(wb); err != nil {
				t.Fatal(err)
			}
			committed := map[string]string{}
			init := db.Begin()
			for i := 0; i < 30; i++ {
				k, v := randKey(r), fmt.Sprintf("c%d", i)
				init.Set(k, []byte(v))
				committed[string(k)] = v
			}
			mustCommit(t, init)
			if r.Intn(2) == 0 { // a range tombstone in Pebble as well
				lo, hi := randKey(r), randKey(r)
				if bytes.Compare(lo, hi) < 0 {
					wb := NewWriteBatch()
					wb.DeleteRange(lo, hi)
					if err := db.Apply(wb); err != nil {
						t.Fatal(err)
					}
					for k := range committed {
						if k >= string(lo) && k < string(hi) {
							delete(committed, k)
						}
					}
				}
			}

			// db.NewIter against the committed state.
			lo, hi := randBounds(r)
			dit, err := db.NewIter(lo, hi)
			if err != nil {
				t.Fatal(err)
			}
			checkIter(t, r, dit, newModelIter(committed, lo, hi), 100, &trace)
			dit.Close()

			tx := db.Begin()
			defer tx.Rollback()
			view := maps.Clone(committed)
			type spState struct {
				sp   Savepoint
				view map[string]string
			}
			var sps []spState
			type openIter struct {
				it *Iter
				m  *modelIter
			}
			var iters []openIter
			tx.Get([]byte("a")) // take the snapshot now

			for op := 0; op < opsPerRound; op++ {
				switch x := r.Intn(100); {
				case x < 30:
					k, v := randKey(r), fmt.Sprintf("t%d", op)
					trace = append(trace, fmt.Sprintf("Set(%s)", k))
					tx.Set(k, []byte(v))
					view[string(k)] = v
				case x < 45:
					k := randKey(r)
					trace = append(trace, fmt.Sprintf("Delete(%s)", k))
					tx.Delete(k)
					delete(view, string(k))
				case x < 52:
					trace = append(trace, "Savepoint")
					sps = append(sps, spState{tx.Savepoint(), maps.Clone(view)})
				case x < 58 && len(sps) > 0:
					i := r.Intn(len(sps))
					trace = append(trace, fmt.Sprintf("RollbackTo(%d)", i))
					tx.RollbackTo(sps[i].sp)
					view = maps.Clone(sps[i].view)
					sps = sps[:i+1]
				case x < 63:
					// Someone else commits: invisible to tx.
					other := db.Begin()
					other.Set(randKey(r), []byte("other"))
					other.Delete(randKey(r))
					mustCommit(t, other)
				case x < 78:
					lo, hi := randBounds(r)
					trace = append(trace, fmt.Sprintf("NewIter(%s,%s)", lo, hi))
					it, err := tx.NewIter(lo, hi)
					if err != nil {
						t.Fatal(err)
					}
					oi := openIter{it, newModelIter(view, lo, hi)}
					checkIter(t, r, oi.it, oi.m, 20, &trace)
					if r.Intn(2) == 0 {
						iters = append(iters, oi) // keep it across later writes
					} else {
						it.Close()
					}
				case x < 90 && len(iters) > 0:
					// An iterator opened earlier still shows the buffer and
					// snapshot as of its creation.
					oi := iters[r.Intn(len(iters))]
					checkIter(t, r, oi.it, oi.m, 20, &trace)
				default:
					k := randKey(r)
					v, ok, err := tx.Get(k)
					want, wantOK := view[string(k)]
					if err != nil || ok != wantOK || string(v) != want {
						t.Fatalf("%v: Get(%s) = %q,%v,%v want %q,%v", trace, k, v, ok, err, want, wantOK)
					}
				}
			}
			for i, oi := range iters {
				if i%2 == 0 {
					oi.it.Close() // the rest is closed by Rollback
				}
			}
		})
		if t.Failed() {
			return
		}
	}
	if s := db.Stats(); s.OpenTxns != 0 || s.TrackedKeys != 0 {
		t.Fatalf("%+v", s)
	}
}

// TestIterEdgeCases covers hand-picked merged-iterator situations.
func TestIterEdgeCases(t *testing.T) {
	db, _ := openTestDB(t, Options{})
	put(t, db, "b", "snap", "d", "snap", "f", "snap")

	collect := func(it *Iter, reverse bool) string {
		var out []string
		ok := it.First()
		if reverse {
			ok = it.Last()
		}
		for ; ok; ok = map[bool]func() bool{false: it.Next, true: it.Prev}[reverse]() {
			out = append(out, string(it.Key())+"="+string(it.Value()))
		}
		return fmt.Sprint(out)
	}
	cases := []struct {
		name         string
		writes       func(tx *Txn)
		lower, upper string
		fwd, rev     string
	}{
		{"no writes", func(tx *Txn) {}, "", "", "[b=snap d=snap f=snap]", "[f=snap d=snap b=snap]"},
		{"buffered keys between snapshot keys", func(tx *Txn) {
			tx.Set([]byte("a"), []byte("1"))
			tx.Set([]byte("c"), []byte("2"))
			tx.Set([]byte("g"), []byte("3"))
		}, "", "", "[a=1 b=snap c=2 d=snap f=snap g=3]", "[g=3 f=snap d=snap c=2 b=snap a=1]"},
		{"tombstones hide snapshot keys", func(tx *Txn) {
			tx.Delete([]byte("b"))
			tx.Delete([]byte("f"))
			tx.Delete([]byte("zz")) // tombstone for a key that does not exist
		}, "", "", "[d=snap]", "[d=snap]"},
		{"everything deleted", func(tx *Txn) {
			tx.Delete([]byte("b"))
			tx.Delete([]byte("d"))
			tx.Delete([]byte("f"))
		}, "", "", "[]", "[]"},
		{"overwrite", func(tx *Txn) { tx.Set([]byte("d"), []byte("new")) }, "", "", "[b=snap d=new f=snap]", "[f=snap d=new b=snap]"},
		{"bounds", func(tx *Txn) {
			tx.Set([]byte("a"), nil)
			tx.Set([]byte("c"), []byte("2"))
			tx.Set([]byte("e"), []byte("3"))
			tx.Set([]byte("g"), nil)
		}, "b", "f", "[b=snap c=2 d=snap e=3]", "[e=3 d=snap c=2 b=snap]"},
		{"empty bounds", func(tx *Txn) { tx.Set([]byte("c"), nil) }, "d", "d", "[]", "[]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tx := db.Begin()
			defer tx.Rollback()
			tc.writes(tx)
			var lo, hi []byte
			if tc.lower != "" {
				lo = []byte(tc.lower)
			}
			if tc.upper != "" {
				hi = []byte(tc.upper)
			}
			it, err := tx.NewIter(lo, hi)
			if err != nil {
				t.Fatal(err)
			}
			defer it.Close()
			if got := collect(it, false); got != tc.fwd {
				t.Errorf("forward = %s, want %s", got, tc.fwd)
			}
			if got := collect(it, true); got != tc.rev {
				t.Errorf("reverse = %s, want %s", got, tc.rev)
			}
		})
	}

	// Direction changes around a shared key and a tombstone.
	tx := db.Begin()
	defer tx.Rollback()
	tx.Set([]byte("d"), []byte("new"))
	tx.Delete([]byte("b"))
	tx.Set([]byte("c"), []byte("c"))
	it, _ := tx.NewIter(nil, nil)
	defer it.Close()
	var path []string
	step := func(ok bool) {
		if ok {
			path = append(path, string(it.Key()))
		} else {
			path = append(path, "-")
		}
	}
	step(it.SeekGE([]byte("d")))
	step(it.Prev())
	step(it.Next())
	step(it.Next())
	step(it.Prev())
	step(it.Prev())
	step(it.Prev())
	step(it.Prev())
	step(it.SeekLT([]byte("c")))
	step(it.SeekLT([]byte("zzz")))
	if got := fmt.Sprint(path); got != "[d c d f d c - - - f]" {
		t.Fatalf("path %s", got)
	}
}
