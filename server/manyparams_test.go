package server

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"time"
)

// TestPreparedManyParamsDriver is go-sql-driver's own TestPreparedManyCols
// (a prepared SELECT of 65,535 placeholders, all NULL, then all ”), with
// the values read back, and an execution of every kind of value the driver
// sends: the first parameter NULL and the next seven not (the NULL bitmap's
// first byte is 0x01, which the protocol library would take for its
// "types follow" flag), integers, floats, strings and a []byte long enough
// that the driver sends it with COM_STMT_SEND_LONG_DATA.
func TestPreparedManyParamsDriver(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	const n = maxParams
	stmt, err := db.Prepare("SELECT ?" + strings.Repeat(",?", n-1))
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	row := func(args []any) []sql.RawBytes {
		t.Helper()
		rows, err := stmt.Query(args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		got := make([]sql.RawBytes, n)
		dest := make([]any, n)
		for i := range dest {
			dest[i] = &got[i]
		}
		if !rows.Next() {
			t.Fatalf("no row: %v", rows.Err())
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		out := make([]sql.RawBytes, n)
		for i, b := range got {
			if b != nil {
				out[i] = append(sql.RawBytes{}, b...)
			}
		}
		return out
	}

	args := make([]any, n)
	for i, v := range row(args) {
		if v != nil {
			t.Fatalf("all NULL: column %d is %q", i+1, v)
		}
	}
	for i := range args {
		args[i] = ""
	}
	for i, v := range row(args) {
		if v == nil || len(v) != 0 {
			t.Fatalf("all '': column %d is %q", i+1, v)
		}
	}

	long := bytes.Repeat([]byte("xyz"), 1000)
	for i := range args {
		args[i] = int64(i)
	}
	args[0] = nil
	args[8] = int64(-5)
	args[9] = uint64(math.MaxUint64)
	args[10] = 2.5
	args[11] = float32(-0.25)
	args[12] = "héllo"
	args[13] = long
	args[14] = true
	args[n-1] = "last"
	want := map[int]string{1: "1", 7: "7", 8: "-5", 9: "18446744073709551615", 10: "2.5", 11: "-0.25",
		12: "héllo", 13: string(long), 14: "1", 40000: "40000", n - 2: "65533", n - 1: "last"}
	got := row(args)
	if got[0] != nil {
		t.Fatalf("column 1 is %q, want NULL", got[0])
	}
	for i, w := range want {
		if string(got[i]) != w {
			t.Fatalf("column %d is %.40q, want %.40q", i+1, got[i], w)
		}
	}

	// The connection and the statement go on as before.
	if got := queryRows(t, db, "SELECT 1 + ?", 2); got[0][0] != "3" {
		t.Fatalf("after: %v", got)
	}
	for i := range args {
		args[i] = nil
	}
	args[n-1] = "again"
	if got := row(args); string(got[n-1]) != "again" || got[0] != nil {
		t.Fatalf("again: %q ... %q", got[0], got[n-1])
	}

	// One more placeholder than MySQL allows is still refused.
	if _, err := db.Prepare("SELECT ?" + strings.Repeat(",?", n)); err == nil || !strings.Contains(err.Error(), "1390") {
		t.Fatalf("%d placeholders: %v, want 1390", n+1, err)
	}
}

// execValue is one parameter of a raw COM_STMT_EXECUTE: its type and
// flags bytes and its value in the binary protocol (nil: NULL).
type execValue struct {
	typ, flags byte
	val        []byte
}

// executePacket is a COM_STMT_EXECUTE of statement id with values, and
// total parameters in all (those after values are NULL, of type NULL); with
// bound false the types are left out (the server keeps the last ones).
func executePacket(id uint32, values []execValue, total int, bound bool) []byte {
	p := []byte{0x17}
	p = binary.LittleEndian.AppendUint32(p, id)
	p = append(p, 0)
	p = binary.LittleEndian.AppendUint32(p, 1)
	nulls := make([]byte, (total+7)/8)
	for i := range total {
		if i >= len(values) || values[i].val == nil {
			nulls[i/8] |= 1 << (i % 8)
		}
	}
	p = append(p, nulls...)
	if !bound {
		p = append(p, 0)
	} else {
		p = append(p, 1)
		for i := range total {
			if i < len(values) {
				p = append(p, values[i].typ, values[i].flags)
			} else {
				p = append(p, 6, 0) // MYSQL_TYPE_NULL
			}
		}
	}
	for _, v := range values {
		p = append(p, v.val...)
	}
	return p
}

// prepareRaw prepares text over rc and returns the statement ID and its
// parameter count, reading the parameter and column definitions.
func prepareRaw(rc *rawConn, text string) (uint32, int) {
	rc.t.Helper()
	rc.send(0, append([]byte{0x16}, text...))
	_, p := rc.recv()
	if len(p) < 12 || p[0] != 0 {
		rc.t.Fatalf("COM_STMT_PREPARE answered %.80q", p)
	}
	id := binary.LittleEndian.Uint32(p[1:])
	cols, params := int(binary.LittleEndian.Uint16(p[5:])), int(binary.LittleEndian.Uint16(p[7:]))
	for defs := 0; defs < cols+params; {
		_, p := rc.recv()
		if bytes.HasPrefix(p, []byte("\x03def")) {
			defs++
		} else if len(p) == 0 || p[0] != 0xfe {
			rc.t.Fatalf("prepare: unexpected packet %.80q", p)
		}
	}
	return id, params
}

// executeOne sends a COM_STMT_EXECUTE of a statement with one result
// column of text and returns that value ("NULL" for NULL), or the ERR
// packet's payload as "ERR ...".
func executeOne(rc *rawConn, pkt []byte) string {
	rc.t.Helper()
	rc.send(0, pkt)
	var p []byte
	for {
		_, p = rc.recv()
		if len(p) == 0 || p[0] != 0xfe || len(p) >= 9 {
			break // a leftover EOF of the prepare is skipped
		}
	}
	if p[0] == 0xff {
		return "ERR " + string(p[1:3]) + string(p[3:])
	}
	if len(p) != 1 || p[0] != 1 {
		rc.t.Fatalf("want one column, got %q", p)
	}
	var out string
	row := false
	for {
		_, p = rc.recv()
		switch {
		case bytes.HasPrefix(p, []byte("\x03def")):
		case len(p) > 0 && p[0] == 0xfe && len(p) < 9:
			if row {
				return out
			}
		case len(p) >= 2 && p[0] == 0:
			row = true
			if p[1]&(1<<2) != 0 {
				out = "NULL"
				continue
			}
			r := paramReader{b: p, pos: 2}
			l, ok := r.lenEnc()
			s := r.bytes(int(l))
			if !ok || s == nil {
				rc.t.Fatalf("row %q", p)
			}
			out = string(s)
		default:
			rc.t.Fatalf("unexpected packet %q", p)
		}
	}
}

// TestPreparedManyParamsRaw checks the guard's decoding of the binary
// protocol's parameter values against the protocol library's own: the same
// values are sent to a statement of 65,529 placeholders (decoded by the
// guard) and of 12 (decoded by the library), whose results must agree
// (CONCAT_WS skips the NULLs that pad the long one). Every type and length
// the binary protocol has for a value, types sent and types reused, a
// malformed packet (1835, and the connection and the statement go on).
func TestPreparedManyParamsRaw(t *testing.T) {
	ts := startServer(t, t.TempDir())
	rc := ts.rawSession(t)
	rc.wait = time.Minute // 65,529 parameters take seconds on a loaded machine
	u16 := func(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }
	u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	u64 := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	str := func(s string) []byte {
		if len(s) < 0xfb {
			return append([]byte{byte(len(s))}, s...)
		}
		return append(append([]byte{0xfc}, u16(uint16(len(s)))...), s...)
	}
	values := []execValue{
		{12, 0, append([]byte{11}, append(u16(2024), 2, 29, 13, 4, 5, 120, 0, 0, 0)...)},         // DATETIME .000120
		{11, 0, append([]byte{12, 1}, append(u32(2), append([]byte{1, 2, 3}, u32(4)...)...)...)}, // TIME -49:02:03.000004
		{10, 0, append([]byte{4}, append(u16(1999), 12, 31)...)},                                 // DATE
		{7, 0, append([]byte{7}, append(u16(2000), 1, 2, 3, 4, 5)...)},                           // TIMESTAMP
		{12, 0, []byte{0}}, // zero DATETIME
		{11, 0, append([]byte{8, 0}, append(u32(0), 10, 20, 30)...)}, // TIME 10:20:30
		{8, 0x80, u64(math.MaxUint64)},                               // unsigned LONGLONG
		{5, 0, u64(math.Float64bits(-2.5))},                          // DOUBLE
		{1, 0, []byte{0xfb}},                                         // TINY -5
		{2, 0x80, u16(65000)},                                        // unsigned SHORT
		{3, 0, u32(uint32(0xffffff85))},                              // LONG -123
		{4, 0, u32(math.Float32bits(0.5))},                           // FLOAT
		{253, 0, str(strings.Repeat("é", 200))},                      // VAR_STRING, 2-byte length
		{246, 0, str("-12.340")},                                     // NEWDECIMAL
		{6, 0, nil},                                                  // NULL
		{15, 0, str("")},                                             // VARCHAR ''
	}
	// Guard: 65,529 placeholders (the smallest count the library cannot decode).
	const many = libMaxParams + 1
	text := func(n int) string { return "SELECT CONCAT_WS('|', ?" + strings.Repeat(",?", n-1) + ")" }
	t0 := time.Now()
	bigID, params := prepareRaw(rc, text(many))
	t.Logf("prepare of %d placeholders: %v", many, time.Since(t0))
	if params != many {
		t.Fatalf("prepared %d parameters, want %d", params, many)
	}
	smallID, _ := prepareRaw(rc, text(len(values)))
	check := func(vals []execValue, bound bool) string {
		t.Helper()
		want := executeOne(rc, executePacket(smallID, vals, len(values), bound))
		t0 := time.Now()
		got := executeOne(rc, executePacket(bigID, vals, many, bound))
		t.Logf("execute of %d placeholders: %v", many, time.Since(t0))
		if got != want || strings.HasPrefix(got, "ERR") {
			t.Fatalf("%d placeholders: %q\n%d placeholders: %q", many, got, len(values), want)
		}
		return got
	}
	got := check(values, true)
	const wantText = "2024-02-29 13:04:05.000120|-49:02:03.000004|1999-12-31|2000-01-02 03:04:05|" +
		"0000-00-00 00:00:00|10:20:30|18446744073709551615|-2.5|-5|65000|-123|0.5|"
	if !strings.HasPrefix(got, wantText) || !strings.HasSuffix(got, "|-12.340|") {
		t.Fatalf("values: %q", got)
	}
	// Types not sent again: the last execution's stand (new values, same types).
	values[6].val = u64(7)
	values[8].val = []byte{3}
	if got := check(values, false); !strings.Contains(got, "|7|-2.5|3|") {
		t.Fatalf("reused types: %q", got)
	}
	// Every value NULL but the last: bitmap bytes of 0xff.
	last := make([]execValue, many)
	for i := range last {
		last[i] = execValue{6, 0, nil}
	}
	last[many-1] = execValue{253, 0, str("end")}
	if got := executeOne(rc, executePacket(bigID, last, many, true)); got != "end" {
		t.Fatalf("last only: %q", got)
	}
	// A value cut short: ER_MALFORMED_PACKET, and the session goes on.
	pkt := executePacket(bigID, values, many, true)
	if got := executeOne(rc, pkt[:len(pkt)-3]); got != "ERR "+string(u16(1835))+"#HY000Malformed communication packet." {
		t.Fatalf("cut short: %q", got)
	}
	rc.ping()
	if got := check(values, true); !strings.HasPrefix(got, "2024-02-29") {
		t.Fatalf("after the malformed packet: %q", got)
	}
}

// TestPreparedManyParamsOverTLS: over TLS the guard reads the commands
// above the TLS layer (guardAboveTLS), so it decodes these executions
// there too.
func TestPreparedManyParamsOverTLS(t *testing.T) {
	certFile, keyFile, _ := testCert(t, t.TempDir())
	ts := startTLSServer(t, t.TempDir(), certFile, keyFile, false)
	db := ts.mustLogin("root", "", "", "tls=skip-verify")
	args := make([]any, maxParams)
	args[0], args[maxParams-1] = "first", "last"
	rows, err := db.Query("SELECT CONCAT_WS('|', ?"+strings.Repeat(",?", maxParams-1)+")", args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got string
	if !rows.Next() {
		t.Fatalf("no row: %v", rows.Err())
	}
	if err := rows.Scan(&got); err != nil || got != "first|last" {
		t.Fatalf("got %q, %v; want first|last", got, err)
	}
	rows.Close() // the login's pool holds one connection
	var cipher string
	if err := db.QueryRow("SHOW STATUS LIKE 'Ssl_cipher'").Scan(new(string), &cipher); err != nil || !strings.HasPrefix(cipher, "TLS_") {
		t.Fatalf("Ssl_cipher %q, %v: not a TLS session", cipher, err)
	}
}
