// Package tenantfile owns the portable single-file format of one exported
// schema (`myriad tenant export` / `import`): its byte layout, its version,
// and the checks that reject a corrupted, truncated or newer file.
//
// Layout (format version 2; version 1 is the same without 'P' frames, and
// is still read):
//
//	file    = magic "MYRIADTF" | uint16 big-endian format version | frame* | trailer frame
//	frame   = kind byte | uvarint payload length | payload | CRC-32C of (kind, length, payload)
//	'H'     header: JSON (Header), always the first frame
//	'T'     table: uvarint ordinal | uvarint next AUTO_INCREMENT value | catalog table record
//	'V','G' a view / trigger: catalog record
//	'P'     a stored procedure: catalog record (format 2 on)
//	'R'     rows: uvarint table ordinal | uvarint row count | (uvarint len key | uvarint len value)*,
//	        keys relative to the table's data prefix; at most ChunkBytes of entries per frame
//	'D'     deletes (delta files only): uvarint table ordinal | (uvarint len key | key)*
//	'E'     trailer: uvarint frames | uvarint entries | uvarint rows | SHA-256 of every byte before it
//
// Definitions are the catalog's own records, not SHOW CREATE text: they keep
// column and index IDs, which the stored rows refer to (a row written before
// an instant ALTER names its columns by ID), so rows travel as the raw keys
// and values of the table's span and nothing is re-encoded or re-parsed on
// either side. The catalog never stops decoding a record format it once
// wrote, so a newer server reads older files; the row and key encodings are
// on-disk formats under the same promise.
//
// A delta file (Header.Since set; `tenant export --since`) has the same
// layout: the definitions at its snapshot, then the keys that are new or
// changed since the base snapshot as rows frames and the keys gone since as
// 'D' frames. The trailer counts deleted keys among the entries.
//
// The version is checked before anything else, each frame's CRC before its
// payload is used, and the whole-file digest at the trailer; a file that
// ends before the trailer is truncated. The Reader never returns a frame it
// has not checked, but a caller streaming rows into storage learns of a bad
// trailer only at the end: it must keep what it wrote invisible until Next
// returns io.EOF (or check the file with Verify first).
//
// The package must never know about keys, catalogs or storage: it moves
// opaque records and key/value pairs.
package tenantfile

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"time"
)

// Magic starts every tenant file.
const Magic = "MYRIADTF"

// Version is the format version this package writes and the newest it reads.
const Version = 2

// OldestVersion is the oldest format version it reads.
const OldestVersion = 1

// ChunkBytes bounds the entries of one rows frame (a single larger entry
// gets a frame of its own), so neither side holds more than about this much
// of a table at once.
const ChunkBytes = 1 << 20

// maxPayload bounds a frame's declared length, so a corrupted length is
// reported instead of allocated (a row is at most max_allowed_packet).
const maxPayload = 256 << 20

// Frame kinds.
const (
	KindHeader  = 'H'
	KindTable   = 'T'
	KindView    = 'V'
	KindTrigger = 'G'
	KindRoutine = 'P'
	KindRows    = 'R'
	KindDelete  = 'D'
	KindTrailer = 'E'
)

// Header describes the file.
type Header struct {
	Format        int       `json:"format"`
	ServerVersion string    `json:"server_version"`
	Schema        string    `json:"schema"`
	Collation     uint16    `json:"collation,omitempty"`
	SnapshotTime  time.Time `json:"snapshot_time"`
	Tables        int       `json:"tables"`
	Views         int       `json:"views"`
	Triggers      int       `json:"triggers"`
	Routines      int       `json:"routines,omitempty"` // stored procedures (format 2 on)
	// Rows is the exact row count at the snapshot as the source counted
	// it (for progress; the trailer counts what the file holds).
	Rows int64 `json:"rows"`
	// Snapshot names the source's snapshot this file was read at, when the
	// source keeps it for a later delta (`--retain`); empty otherwise.
	Snapshot string `json:"snapshot,omitempty"`
	// Since, set only in a delta file, names the snapshot the delta is
	// relative to: applying it to a copy taken at Since brings the copy to
	// this file's snapshot.
	Since string `json:"since,omitempty"`
}

// Table is a table definition frame.
type Table struct {
	Ordinal     uint64 // rows frames name their table by it
	NextAutoInc uint64 // 0: none handed out
	Record      []byte
}

// Entry is one key/value pair of a table's span.
type Entry struct{ Key, Value []byte }

// Summary is what a whole file holds, from its trailer.
type Summary struct {
	Frames, Entries, Rows uint64
	Bytes                 int64
}

// Error is a file the Reader refuses; the message says why.
type Error struct{ Msg string }

func (e *Error) Error() string { return "tenant file: " + e.Msg }

func fail(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Writer writes a tenant file. Call Header first, then definitions, then
// rows, then Close; each call writes through at once except rows, which are
// gathered into frames of ChunkBytes.
type Writer struct {
	w       *bufio.Writer
	digest  hash.Hash
	n       int64
	frames  uint64
	entries uint64
	rows    uint64
	err     error

	// pending rows (or, rowKind KindDelete, deletes) frame
	rowKind    byte
	rowTable   uint64
	rowOpen    bool
	rowCount   uint64
	rowBuf     []byte
	frameBuf   []byte
	closed     bool
	headerSent bool
	version    uint16
}

// NewWriter starts a file on w (the magic and version are written at once).
func NewWriter(w io.Writer) *Writer { return newWriterVersion(w, Version) }

// newWriterVersion writes format version v (tests write older files).
func newWriterVersion(w io.Writer, v uint16) *Writer {
	fw := &Writer{w: bufio.NewWriterSize(w, 256<<10), digest: sha256.New(), version: v}
	var pre [len(Magic) + 2]byte
	copy(pre[:], Magic)
	binary.BigEndian.PutUint16(pre[len(Magic):], v)
	fw.raw(pre[:])
	return fw
}

func (fw *Writer) raw(b []byte) {
	if fw.err != nil {
		return
	}
	fw.digest.Write(b)
	_, fw.err = fw.w.Write(b)
	fw.n += int64(len(b))
}

func (fw *Writer) frame(kind byte, payload []byte) {
	b := append(fw.frameBuf[:0], kind)
	b = binary.AppendUvarint(b, uint64(len(payload)))
	crc := crc32.Update(crc32.Checksum(b, castagnoli), castagnoli, payload)
	fw.raw(b)
	fw.raw(payload)
	var c [4]byte
	binary.BigEndian.PutUint32(c[:], crc)
	fw.raw(c[:])
	fw.frameBuf = b
	fw.frames++
}

// Header writes the header frame; it must be the first call.
func (fw *Writer) Header(h Header) error {
	if fw.headerSent {
		return errors.New("tenantfile: header written twice")
	}
	h.Format = int(fw.version)
	js, err := json.Marshal(h)
	if err != nil {
		return err
	}
	fw.headerSent = true
	fw.frame(KindHeader, js)
	return fw.err
}

// Table writes a table definition.
func (fw *Writer) Table(t Table) error {
	b := binary.AppendUvarint(nil, t.Ordinal)
	b = binary.AppendUvarint(b, t.NextAutoInc)
	fw.frame(KindTable, append(b, t.Record...))
	return fw.err
}

// View writes a view record.
func (fw *Writer) View(record []byte) error { fw.frame(KindView, record); return fw.err }

// Trigger writes a trigger record.
func (fw *Writer) Trigger(record []byte) error { fw.frame(KindTrigger, record); return fw.err }

// Routine writes a stored procedure record.
func (fw *Writer) Routine(record []byte) error {
	if fw.version < 2 {
		return errors.New("tenantfile: stored procedures need format 2")
	}
	fw.frame(KindRoutine, record)
	return fw.err
}

// Entry adds one key/value pair of table ordinal's span (key relative to
// the table's data prefix); row says it is a row of the primary index (the
// count the trailer and progress report).
func (fw *Writer) Entry(ordinal uint64, key, value []byte, row bool) error {
	fw.open(KindRows, ordinal, len(key)+len(value))
	fw.rowBuf = binary.AppendUvarint(fw.rowBuf, uint64(len(key)))
	fw.rowBuf = append(fw.rowBuf, key...)
	fw.rowBuf = binary.AppendUvarint(fw.rowBuf, uint64(len(value)))
	fw.rowBuf = append(fw.rowBuf, value...)
	fw.entries++
	if row {
		fw.rowCount++
		fw.rows++
	}
	return fw.err
}

// Delete adds a key of table ordinal's span (relative to its data prefix)
// that a delta removes.
func (fw *Writer) Delete(ordinal uint64, key []byte) error {
	fw.open(KindDelete, ordinal, len(key))
	fw.rowBuf = binary.AppendUvarint(fw.rowBuf, uint64(len(key)))
	fw.rowBuf = append(fw.rowBuf, key...)
	fw.entries++
	return fw.err
}

// open makes the pending frame one of kind for ordinal with room for n
// more bytes, writing out the one pending before if it is not.
func (fw *Writer) open(kind byte, ordinal uint64, n int) {
	if fw.rowOpen && (kind != fw.rowKind || ordinal != fw.rowTable || len(fw.rowBuf)+n > ChunkBytes) {
		fw.flushRows()
	}
	if !fw.rowOpen {
		fw.rowOpen, fw.rowKind, fw.rowTable, fw.rowCount, fw.rowBuf = true, kind, ordinal, 0, fw.rowBuf[:0]
	}
}

func (fw *Writer) flushRows() {
	if !fw.rowOpen {
		return
	}
	hdr := binary.AppendUvarint(nil, fw.rowTable)
	if fw.rowKind == KindRows {
		hdr = binary.AppendUvarint(hdr, fw.rowCount)
	}
	fw.frame(fw.rowKind, append(hdr, fw.rowBuf...))
	fw.rowOpen = false
}

// Rows is the number of primary-index rows written so far.
func (fw *Writer) Rows() uint64 { return fw.rows }

// Bytes is the number of bytes written so far (buffered included).
func (fw *Writer) Bytes() int64 { return fw.n }

// Close writes the pending rows and the trailer and flushes; the
// underlying writer is not closed.
func (fw *Writer) Close() (Summary, error) {
	if fw.closed {
		return Summary{}, errors.New("tenantfile: closed twice")
	}
	fw.closed = true
	fw.flushRows()
	b := binary.AppendUvarint(nil, fw.frames)
	b = binary.AppendUvarint(b, fw.entries)
	b = binary.AppendUvarint(b, fw.rows)
	b = fw.digest.Sum(b)
	fw.frame(KindTrailer, b)
	if fw.err == nil {
		fw.err = fw.w.Flush()
	}
	return Summary{Frames: fw.frames, Entries: fw.entries, Rows: fw.rows, Bytes: fw.n}, fw.err
}

// Frame is one checked frame from a Reader.
type Frame struct {
	Kind    byte
	Table   Table  // KindTable
	Record  []byte // KindView, KindTrigger, KindRoutine
	Ordinal uint64 // KindRows, KindDelete: the table
	Rows    uint64 // KindRows: primary-index rows in it
	entries []byte
}

// Entries calls fn for each key/value pair of a rows frame. The slices,
// like the frame's entries, are valid until the Reader's next call
// (definition records are copies and stay valid).
func (f *Frame) Entries(fn func(key, value []byte) error) error {
	b := f.entries
	for len(b) > 0 {
		k, rest, ok := lenPrefixed(b)
		if !ok {
			return fail("malformed rows frame")
		}
		v, rest, ok := lenPrefixed(rest)
		if !ok {
			return fail("malformed rows frame")
		}
		if err := fn(k, v); err != nil {
			return err
		}
		b = rest
	}
	return nil
}

// Keys calls fn for each key of a deletes frame (valid until the Reader's
// next call).
func (f *Frame) Keys(fn func(key []byte) error) error {
	b := f.entries
	for len(b) > 0 {
		k, rest, ok := lenPrefixed(b)
		if !ok {
			return fail("malformed deletes frame")
		}
		if err := fn(k); err != nil {
			return err
		}
		b = rest
	}
	return nil
}

func lenPrefixed(b []byte) (field, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || uint64(len(b)-k) < n {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}

// Reader reads and checks a tenant file frame by frame.
type Reader struct {
	r       *bufio.Reader
	digest  hash.Hash
	header  Header
	n       int64
	frames  uint64
	entries uint64
	rows    uint64
	buf     []byte
	done    bool
	sum     Summary
	version uint16
}

// NewReader checks the magic, the format version and the header frame.
func NewReader(r io.Reader) (*Reader, error) {
	fr := &Reader{r: bufio.NewReaderSize(r, 256<<10), digest: sha256.New()}
	var pre [len(Magic) + 2]byte
	if _, err := io.ReadFull(fr.r, pre[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fail("not a Myriad tenant file (too short)")
		}
		return nil, err
	}
	if string(pre[:len(Magic)]) != Magic {
		return nil, fail("not a Myriad tenant file (bad magic)")
	}
	v := binary.BigEndian.Uint16(pre[len(Magic):])
	if v > Version {
		return nil, fail("format version %d is newer than this Myriad reads (%d); import it with a newer Myriad", v, Version)
	}
	if v < OldestVersion {
		return nil, fail("unknown format version %d", v)
	}
	fr.version = v
	fr.digest.Write(pre[:])
	fr.n = int64(len(pre))
	kind, payload, err := fr.frame()
	if err != nil {
		return nil, err
	}
	if kind != KindHeader {
		return nil, fail("first frame is %q, not the header", kind)
	}
	if err := json.Unmarshal(payload, &fr.header); err != nil {
		return nil, fail("corrupt header: %v", err)
	}
	if fr.header.Format != int(v) {
		return nil, fail("header says format %d, file says %d", fr.header.Format, v)
	}
	return fr, nil
}

// Header is the file's header.
func (fr *Reader) Header() Header { return fr.header }

// Version is the file's format version.
func (fr *Reader) Version() int { return int(fr.version) }

// Offset is the number of bytes read and checked so far.
func (fr *Reader) Offset() int64 { return fr.n }

// Rows is the number of primary-index rows read so far.
func (fr *Reader) Rows() uint64 { return fr.rows }

// frame reads one frame and checks its CRC.
func (fr *Reader) frame() (byte, []byte, error) {
	kind, err := fr.r.ReadByte()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return 0, nil, fail("truncated: ends after %d bytes without its trailer", fr.n)
		}
		return 0, nil, err
	}
	var hdr [1 + binary.MaxVarintLen64]byte
	hdr[0] = kind
	h := 1
	var length uint64
	for shift := 0; ; shift += 7 {
		c, err := fr.r.ReadByte()
		if err != nil {
			return 0, nil, fr.eof(err)
		}
		if h == len(hdr) {
			return 0, nil, fail("corrupt frame length at byte %d", fr.n)
		}
		hdr[h] = c
		h++
		length |= uint64(c&0x7f) << shift
		if c < 0x80 {
			break
		}
	}
	if length > maxPayload {
		return 0, nil, fail("corrupt frame at byte %d (declared length %d)", fr.n, length)
	}
	need := int(length) + 4
	if cap(fr.buf) < need {
		fr.buf = make([]byte, need)
	}
	b := fr.buf[:need]
	if _, err := io.ReadFull(fr.r, b); err != nil {
		return 0, nil, fr.eof(err)
	}
	payload := b[:length]
	want := binary.BigEndian.Uint32(b[length:])
	if crc32.Update(crc32.Checksum(hdr[:h], castagnoli), castagnoli, payload) != want {
		return 0, nil, fail("checksum mismatch in the frame at byte %d: the file is corrupted", fr.n)
	}
	if kind != KindTrailer {
		fr.digest.Write(hdr[:h])
		fr.digest.Write(b)
	}
	fr.n += int64(h + need)
	fr.frames++
	return kind, payload, nil
}

func (fr *Reader) eof(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fail("truncated: ends inside the frame at byte %d", fr.n)
	}
	return err
}

// Next returns the next frame, or io.EOF after the trailer checked out (the
// counts and the digest of the whole file). Any other error is final.
func (fr *Reader) Next() (*Frame, error) {
	if fr.done {
		return nil, io.EOF
	}
	kind, payload, err := fr.frame()
	if err != nil {
		return nil, err
	}
	f := &Frame{Kind: kind}
	switch kind {
	case KindTable:
		ord, k := binary.Uvarint(payload)
		if k <= 0 {
			return nil, fail("malformed table frame")
		}
		next, k2 := binary.Uvarint(payload[k:])
		if k2 <= 0 {
			return nil, fail("malformed table frame")
		}
		f.Table = Table{Ordinal: ord, NextAutoInc: next, Record: bytes.Clone(payload[k+k2:])}
	case KindView, KindTrigger:
		f.Record = bytes.Clone(payload)
	case KindRoutine:
		if fr.version < 2 {
			return nil, fail("a stored procedure frame in a format %d file: the file is corrupted", fr.version)
		}
		f.Record = bytes.Clone(payload)
	case KindRows:
		ord, k := binary.Uvarint(payload)
		if k <= 0 {
			return nil, fail("malformed rows frame")
		}
		n, k2 := binary.Uvarint(payload[k:])
		if k2 <= 0 {
			return nil, fail("malformed rows frame")
		}
		f.Ordinal, f.Rows, f.entries = ord, n, payload[k+k2:]
		cnt := uint64(0)
		if err := f.Entries(func(_, _ []byte) error { cnt++; return nil }); err != nil {
			return nil, err
		}
		fr.entries += cnt
		fr.rows += n
	case KindDelete:
		if fr.header.Since == "" {
			return nil, fail("deletes in a file that is not a delta: the file is corrupted")
		}
		ord, k := binary.Uvarint(payload)
		if k <= 0 {
			return nil, fail("malformed deletes frame")
		}
		f.Ordinal, f.entries = ord, payload[k:]
		cnt := uint64(0)
		if err := f.Keys(func([]byte) error { cnt++; return nil }); err != nil {
			return nil, err
		}
		fr.entries += cnt
	case KindTrailer:
		return nil, fr.trailer(payload)
	case KindHeader:
		return nil, fail("a second header at byte %d", fr.n)
	default:
		return nil, fail("unknown frame kind %q: the file is corrupted or newer than this Myriad", kind)
	}
	return f, nil
}

func (fr *Reader) trailer(p []byte) error {
	var vals [3]uint64
	for i := range vals {
		v, k := binary.Uvarint(p)
		if k <= 0 {
			return fail("malformed trailer")
		}
		vals[i], p = v, p[k:]
	}
	if len(p) != sha256.Size {
		return fail("malformed trailer")
	}
	// The trailer counts every frame before itself.
	if vals[0] != fr.frames-1 || vals[1] != fr.entries || vals[2] != fr.rows {
		return fail("trailer counts %d frames, %d entries, %d rows; the file holds %d, %d, %d",
			vals[0], vals[1], vals[2], fr.frames-1, fr.entries, fr.rows)
	}
	if !bytes.Equal(fr.digest.Sum(nil), p) {
		return fail("SHA-256 digest mismatch: the file is corrupted")
	}
	if _, err := fr.r.ReadByte(); err == nil {
		return fail("data after the trailer")
	} else if !errors.Is(err, io.EOF) {
		return err
	}
	fr.done = true
	fr.sum = Summary{Frames: vals[0], Entries: vals[1], Rows: vals[2], Bytes: fr.n}
	return io.EOF
}

// Summary is what the file held; valid after Next returned io.EOF.
func (fr *Reader) Summary() Summary { return fr.sum }

// Verify reads all of r and checks it, returning its header and summary.
func Verify(r io.Reader) (Header, Summary, error) {
	fr, err := NewReader(r)
	if err != nil {
		return Header{}, Summary{}, err
	}
	for {
		if _, err := fr.Next(); err == io.EOF {
			return fr.header, fr.sum, nil
		} else if err != nil {
			return fr.header, Summary{}, err
		}
	}
}
