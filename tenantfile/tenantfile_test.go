package tenantfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

func sample(t *testing.T, rows int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if err := w.Header(Header{ServerVersion: "test", Schema: "s1", SnapshotTime: time.Unix(1, 0).UTC(), Tables: 2, Rows: int64(rows)}); err != nil {
		t.Fatal(err)
	}
	w.Table(Table{Ordinal: 0, NextAutoInc: 7, Record: []byte("table-a")})
	w.Table(Table{Ordinal: 1, Record: []byte("table-b")})
	w.View([]byte("view"))
	w.Trigger([]byte("trigger"))
	for i := 0; i < rows; i++ {
		w.Entry(0, []byte(fmt.Sprintf("k%06d", i)), bytes.Repeat([]byte{'v'}, i%50), true)
		w.Entry(0, []byte(fmt.Sprintf("x%06d", i)), nil, false)
	}
	w.Entry(1, []byte("only"), []byte("one"), true)
	sum, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Rows != uint64(rows)+1 || sum.Entries != uint64(2*rows)+1 || sum.Bytes != int64(buf.Len()) {
		t.Fatalf("summary %+v for %d bytes", sum, buf.Len())
	}
	return buf.Bytes()
}

func readAll(b []byte) (Header, []*Frame, map[string]string, error) {
	r, err := NewReader(bytes.NewReader(b))
	if err != nil {
		return Header{}, nil, nil, err
	}
	var frames []*Frame
	kv := map[string]string{}
	for {
		f, err := r.Next()
		if err == io.EOF {
			return r.Header(), frames, kv, nil
		}
		if err != nil {
			return r.Header(), frames, kv, err
		}
		frames = append(frames, f)
		if f.Kind == KindRows {
			f.Entries(func(k, v []byte) error {
				kv[fmt.Sprint(f.Ordinal, string(k))] = string(v)
				return nil
			})
		}
	}
}

func TestRoundTrip(t *testing.T) {
	b := sample(t, 30000) // > ChunkBytes: several rows frames
	h, frames, kv, err := readAll(b)
	if err != nil {
		t.Fatal(err)
	}
	if h.Schema != "s1" || h.Format != Version || h.Rows != 30000 {
		t.Fatalf("header %+v", h)
	}
	rowsFrames := 0
	for _, f := range frames {
		if f.Kind == KindRows {
			rowsFrames++
		}
	}
	if rowsFrames < 3 || frames[0].Kind != KindTable || frames[0].Table.NextAutoInc != 7 ||
		string(frames[1].Table.Record) != "table-b" || string(frames[2].Record) != "view" {
		t.Fatalf("frames: %d rows frames, first %+v", rowsFrames, frames[0])
	}
	if len(kv) != 60001 || kv["0k000049"] != strings.Repeat("v", 49) || kv["1only"] != "one" {
		t.Fatalf("%d entries", len(kv))
	}
	_, sum, err := Verify(bytes.NewReader(b))
	if err != nil || sum.Rows != 30001 || sum.Bytes != int64(len(b)) {
		t.Fatalf("verify: %+v %v", sum, err)
	}
}

// Every single flipped byte and every truncation of a file is refused.
func TestCorruptionAndTruncation(t *testing.T) {
	b := sample(t, 40)
	for i := range b {
		c := append([]byte(nil), b...)
		c[i] ^= 0x10
		if _, _, err := Verify(bytes.NewReader(c)); err == nil {
			t.Fatalf("flipped byte %d of %d accepted", i, len(b))
		}
	}
	for n := 0; n < len(b); n++ {
		_, _, err := Verify(bytes.NewReader(b[:n]))
		if err == nil {
			t.Fatalf("truncated to %d of %d accepted", n, len(b))
		}
		if n > 100 && !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("truncated to %d: %v", n, err)
		}
	}
	if _, _, err := Verify(bytes.NewReader(append(append([]byte(nil), b...), 0))); err == nil {
		t.Fatal("trailing garbage accepted")
	}
}

func TestNewerVersionRefused(t *testing.T) {
	b := sample(t, 3)
	binary.BigEndian.PutUint16(b[len(Magic):], Version+1)
	_, err := NewReader(bytes.NewReader(b))
	if err == nil || !strings.Contains(err.Error(), "newer than this Myriad reads") {
		t.Fatalf("newer version: %v", err)
	}
	if _, err := NewReader(strings.NewReader("CREATE TABLE t (a int);\n")); err == nil ||
		!strings.Contains(err.Error(), "not a Myriad tenant file") {
		t.Fatalf("SQL text: %v", err)
	}
}

// Format 2 carries stored procedures; a format-1 file still reads, and
// may not hold them.
func TestRoutinesAndFormat1(t *testing.T) {
	write := func(v uint16, routine bool) ([]byte, error) {
		var buf bytes.Buffer
		w := newWriterVersion(&buf, v)
		if err := w.Header(Header{Schema: "s", Tables: 1}); err != nil {
			return nil, err
		}
		w.Table(Table{Ordinal: 0, Record: []byte("t")})
		if routine {
			if err := w.Routine([]byte("proc")); err != nil {
				return nil, err
			}
		}
		w.Entry(0, []byte("k"), []byte("v"), true)
		_, err := w.Close()
		return buf.Bytes(), err
	}
	b, err := write(Version, true)
	if err != nil {
		t.Fatal(err)
	}
	h, frames, _, err := readAll(b)
	if err != nil || h.Format != 2 {
		t.Fatalf("format 2: %v, header %+v", err, h)
	}
	var procs []string
	for _, f := range frames {
		if f.Kind == KindRoutine {
			procs = append(procs, string(f.Record))
		}
	}
	if len(procs) != 1 || procs[0] != "proc" {
		t.Fatalf("routines read back: %q", procs)
	}
	if _, err := write(1, true); err == nil {
		t.Fatal("a format-1 writer wrote a stored procedure")
	}
	b, err = write(1, false)
	if err != nil {
		t.Fatal(err)
	}
	if h, _, _, err := readAll(b); err != nil || h.Format != 1 {
		t.Fatalf("format 1: %v, header %+v", err, h)
	}
	// A 'P' frame inside a format-1 file is refused.
	var buf bytes.Buffer
	w := newWriterVersion(&buf, 1)
	w.Header(Header{Schema: "s"})
	w.frame(KindRoutine, []byte("proc"))
	w.Close()
	if _, _, _, err := readAll(buf.Bytes()); err == nil || !strings.Contains(err.Error(), "stored procedure frame in a format 1 file") {
		t.Fatalf("routine in a format-1 file: %v", err)
	}
}
