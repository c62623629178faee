package rowcodec

import (
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
)

// Slab is where a scan's decoded rows come from: the row slices, the
// string payloads and headers, and the boxed numbers of many rows are
// carved out of shared chunks, so that a row costs a fraction of an
// allocation instead of four or five (the row, its string payload, its
// headers, one box per int32 or other 4- and 8-byte number). A range
// scan's rows were two fifths of the objects sysbench's oltp_read_write
// allocated (docs/PROFILES.md, perf26).
//
// A chunk stays reachable while any value carved from it is, so a caller
// that keeps one row of many keeps the rest of its chunk too; chunks are
// bounded (slabMax*) to keep that small. Nothing handed out is written
// again: a chunk is only ever appended to. The zero Slab is ready to use;
// it is not safe for concurrent use.
type Slab struct {
	vals []any
	hdrs []string
	strs []byte
	i32  []int32
	i64  []int64
	u32  []uint32
	u64  []uint64
	f64  []float64
}

// Chunk bounds, in elements. The first chunk of each kind is sized for the
// first row alone (a point read allocates no more than without a slab);
// each later one doubles, up to these.
const (
	slabMaxVals = 128
	slabMaxHdrs = 64
	slabMaxStrs = 2048
	slabMaxNums = 64
)

// DecodeSome is the package's DecodeSome with the row carved from s.
func (s *Slab) DecodeSome(b []byte, need []bool) (sql.Row, error) { return decodeSome(b, need, s) }

// nextCap is the capacity of the chunk after one of capacity old, for a
// request of n.
func nextCap(old, n, limit int) int {
	c := min(old*2, limit)
	return max(c, n)
}

// row is a zeroed row of n values whose capacity is n, so an append by the
// caller reallocates instead of overwriting the next row.
func (s *Slab) row(n int) sql.Row {
	if cap(s.vals)-len(s.vals) < n {
		s.vals = make([]any, 0, nextCap(cap(s.vals), n, slabMaxVals))
	}
	start := len(s.vals)
	s.vals = s.vals[:start+n]
	return s.vals[start : start+n : start+n]
}

func (s *Slab) headers(n int) []string {
	if cap(s.hdrs)-len(s.hdrs) < n {
		s.hdrs = make([]string, 0, nextCap(cap(s.hdrs), n, slabMaxHdrs))
	}
	start := len(s.hdrs)
	s.hdrs = s.hdrs[:start+n]
	return s.hdrs[start : start+n : start+n]
}

// bytes is n bytes nobody else was given, for string payloads: the strings
// made over them (unsafe.String) are immutable because the slab never
// hands the same bytes out twice.
func (s *Slab) bytes(n int) []byte {
	if cap(s.strs)-len(s.strs) < n {
		s.strs = make([]byte, 0, nextCap(cap(s.strs), n, slabMaxStrs))
	}
	start := len(s.strs)
	s.strs = s.strs[:start+n]
	return s.strs[start : start+n : start+n]
}

// boxIn returns v as an interface whose data word points at v's copy in
// the chunk *c, as boxString does for a string header: any(v) would
// allocate a box of its own for each value (Go boxes only values below 256
// without allocating).
func boxIn[T int32 | int64 | uint32 | uint64 | float64](c *[]T, v T) any {
	if len(*c) == cap(*c) {
		*c = make([]T, 0, nextCap(cap(*c), 1, slabMaxNums))
	}
	*c = append(*c, v)
	var zero T
	a := any(zero)
	(*eface)(unsafe.Pointer(&a)).data = unsafe.Pointer(&(*c)[len(*c)-1])
	return a
}
