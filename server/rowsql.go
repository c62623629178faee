package server

import (
	"unicode/utf8"
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// rowSlab converts the rows of one result batch to wire values as
// gmsserver.RowToSQL does (each value by its column type's SQL method,
// NULL as sqltypes.NULL), but into chunks shared by the batch's rows: the
// values' bytes appended one after another into a byte chunk, and each
// row's []sqltypes.Value cut from a chunk of values. RowToSQL allocated a
// slice per row and a buffer per value, which for sysbench's 100-row
// range SELECTs was most of its 5.7% of oltp_read_only (docs/PROFILES.md,
// Session 9).
//
// Chunks are never reused: a batch handed to the client callback may be
// kept after the callback returns (a server-side cursor's pending rows),
// so a slab serves one batch and the next batch takes a new one.
type rowSlab struct {
	buf  []byte
	vals []sqltypes.Value
	// next sizes of the chunks: doubling from small ones, so a single row
	// costs about what RowToSQL's allocations cost and a long batch a few.
	nextBuf, nextVals int
	// results is the session's result character set once looked up
	// (resultsKnown): fixed for the statement.
	results      sql.CharacterSetID
	resultsKnown bool
}

const (
	slabFirstBuf  = 256
	slabMaxBuf    = 32 << 10
	slabFirstRows = 4
	slabMaxRows   = rowsBatch
)

// row returns row's wire values for schema sch.
func (s *rowSlab) row(ctx *sql.Context, sch sql.Schema, row sql.Row) ([]sqltypes.Value, error) {
	n := len(sch)
	if n == 0 {
		return []sqltypes.Value{}, nil
	}
	if cap(s.vals)-len(s.vals) < n {
		rows := s.nextVals
		if rows == 0 {
			rows = slabFirstRows
		}
		s.vals = make([]sqltypes.Value, 0, rows*n)
		if s.nextVals = rows * 2; s.nextVals > slabMaxRows {
			s.nextVals = slabMaxRows
		}
	}
	at := len(s.vals)
	s.vals = s.vals[:at+n]
	out := s.vals[at : at+n : at+n]
	for i, col := range sch {
		if row[i] == nil {
			out[i] = sqltypes.NULL
			continue
		}
		v, err := s.value(ctx, col.Type, row[i])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// value is typ.SQL(v) appended into the byte chunk (a new chunk when the
// value did not fit the current one's room), or for a string that SQL
// would copy unchanged (sharedString) the string's own bytes.
func (s *rowSlab) value(ctx *sql.Context, typ sql.Type, v any) (sqltypes.Value, error) {
	if str, ok := v.(string); ok {
		if raw, ok := s.sharedString(ctx, typ, str); ok {
			return sqltypes.MakeTrusted(typ.Type(), raw), nil
		}
	}
	if len(s.buf) == cap(s.buf) {
		s.grow()
	}
	dest := s.buf[len(s.buf):len(s.buf)]
	out, err := typ.SQL(ctx, dest, v)
	if err != nil {
		return out, err
	}
	s.claim(out.Raw())
	return out, nil
}

// claim keeps the bytes of raw from being written over when they lie in
// the byte chunk's free room (a type's SQL may write there, then return
// all or a part of it); a value made elsewhere takes nothing. A value that
// outgrew the room was made elsewhere, and the next value gets a new chunk.
func (s *rowSlab) claim(raw []byte) {
	if len(raw) == 0 || cap(s.buf) == 0 {
		return
	}
	room := s.buf[:cap(s.buf)]
	base := uintptr(unsafe.Pointer(unsafe.SliceData(room)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	if p < base+uintptr(len(s.buf)) || p >= base+uintptr(len(room)) {
		if len(raw) >= cap(s.buf)-len(s.buf) {
			s.grow()
		}
		return
	}
	end := int(p-base) + len(raw)
	s.buf = room[:end]
}

func (s *rowSlab) grow() {
	size := s.nextBuf
	if size == 0 {
		size = slabFirstBuf
	}
	s.buf = make([]byte, 0, size)
	if s.nextBuf = size * 2; s.nextBuf > slabMaxBuf {
		s.nextBuf = slabMaxBuf
	}
}

// sharedString returns the bytes of str as the value of a string column of
// type typ, when GMS's StringType.SQL would send exactly them: a non-empty
// valid UTF-8 string of a non-binary string type (no padding, no decoding
// from the column's character set), encoded to a utf8mb4 result character
// set (the session's, or the column's when it sets none or binary), whose
// encoder is the identity. SQL copies the string into the slab, which for
// sysbench's 100-row range SELECTs of CHAR(120) was a fifth of what
// oltp_read_only allocated (docs/PROFILES.md, perf6). The bytes are only
// read (written to the wire, or kept by a cursor), as the immutable
// string's own.
func (s *rowSlab) sharedString(ctx *sql.Context, typ sql.Type, str string) ([]byte, bool) {
	st, ok := typ.(types.StringType)
	if !ok || len(str) == 0 || types.IsBinaryType(st) {
		return nil, false
	}
	if !s.resultsKnown {
		s.results, s.resultsKnown = ctx.GetCharacterSetResults(), true
	}
	cs := s.results
	if cs == sql.CharacterSet_Unspecified || cs == sql.CharacterSet_binary {
		cs = st.Collation().CharacterSet()
	}
	if cs != sql.CharacterSet_utf8mb4 || !utf8.ValidString(str) {
		return nil, false
	}
	return unsafe.Slice(unsafe.StringData(str), len(str)), true
}
