package check

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"sort"
)

// expected is an index entry a row implies: the merge against the index's
// own entries replaces a point lookup per row and per entry, which made a
// 10M-row check read the store many times over through the block cache.
type expected struct {
	entry  []byte
	rowKey []byte
	null   bool
}

// sorter collects one index's expected entries and hands them back in key
// order. Past the memory budget it writes sorted runs to temp files and
// merges them, so a table of any size is checked in bounded memory.
type sorter struct {
	dir   string
	buf   []expected
	bytes int
	runs  []*os.File
}

func (s *sorter) add(e expected) {
	s.buf = append(s.buf, e)
	s.bytes += len(e.entry) + len(e.rowKey) + 64
}

func (s *sorter) sortBuf() {
	sort.Slice(s.buf, func(i, j int) bool { return bytes.Compare(s.buf[i].entry, s.buf[j].entry) < 0 })
}

// spill writes the buffered entries as one sorted run.
func (s *sorter) spill() error {
	if len(s.buf) == 0 {
		return nil
	}
	s.sortBuf()
	f, err := os.CreateTemp(s.dir, "run-*")
	if err != nil {
		return fmt.Errorf("check: sort run: %w", err)
	}
	// The file is only reached through f: unlink now so a crash leaves nothing.
	os.Remove(f.Name())
	w := bufio.NewWriterSize(f, 1<<20)
	var hdr [2*binary.MaxVarintLen64 + 1]byte
	for _, e := range s.buf {
		n := binary.PutUvarint(hdr[:], uint64(len(e.entry)))
		n += binary.PutUvarint(hdr[n:], uint64(len(e.rowKey)))
		if e.null {
			hdr[n] = 1
		} else {
			hdr[n] = 0
		}
		n++
		w.Write(hdr[:n])
		w.Write(e.entry)
		w.Write(e.rowKey)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("check: sort run: %w", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return err
	}
	s.runs = append(s.runs, f)
	s.buf, s.bytes = nil, 0
	return nil
}

// stream is the sorted sequence of a sorter's entries.
type stream struct {
	mem   []expected // when nothing spilled
	h     runHeap
	files []*os.File
	err   error
}

// finish ends adding and returns the entries in key order.
func (s *sorter) finish() (*stream, error) {
	if len(s.runs) == 0 {
		s.sortBuf()
		st := &stream{mem: s.buf}
		s.buf = nil
		return st, nil
	}
	if err := s.spill(); err != nil {
		return nil, err
	}
	st := &stream{files: s.runs}
	for _, f := range s.runs {
		r := &run{r: bufio.NewReaderSize(f, 256<<10)}
		if ok, err := r.next(); err != nil {
			st.close()
			return nil, err
		} else if ok {
			st.h = append(st.h, r)
		}
	}
	heap.Init(&st.h)
	s.runs = nil
	return st, nil
}

// peek is the smallest entry left, or nil.
func (st *stream) peek() *expected {
	if st.mem != nil || st.h == nil {
		if len(st.mem) == 0 {
			return nil
		}
		return &st.mem[0]
	}
	if len(st.h) == 0 {
		return nil
	}
	return &st.h[0].cur
}

func (st *stream) pop() {
	if st.h == nil {
		st.mem = st.mem[1:]
		return
	}
	r := st.h[0]
	ok, err := r.next()
	if err != nil && st.err == nil {
		st.err = err
	}
	if ok {
		heap.Fix(&st.h, 0)
	} else {
		heap.Pop(&st.h)
	}
}

func (st *stream) close() {
	for _, f := range st.files {
		f.Close()
	}
	st.files = nil
}

type run struct {
	r   *bufio.Reader
	cur expected
}

func (r *run) next() (bool, error) {
	el, err := binary.ReadUvarint(r.r)
	if err == io.EOF {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	rl, err := binary.ReadUvarint(r.r)
	if err != nil {
		return false, err
	}
	nb, err := r.r.ReadByte()
	if err != nil {
		return false, err
	}
	b := make([]byte, el+rl)
	if _, err := io.ReadFull(r.r, b); err != nil {
		return false, err
	}
	r.cur = expected{entry: b[:el:el], rowKey: b[el:], null: nb == 1}
	return true, nil
}

type runHeap []*run

func (h runHeap) Len() int           { return len(h) }
func (h runHeap) Less(i, j int) bool { return bytes.Compare(h[i].cur.entry, h[j].cur.entry) < 0 }
func (h runHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)        { *h = append(*h, x.(*run)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
