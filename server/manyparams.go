package server

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// Prepared statements with 65,529 to 65,535 placeholders. MySQL accepts up
// to 65,535 (the count travels in two bytes); the protocol library sizes a
// COM_STMT_EXECUTE's NULL bitmap as (count+7)/8 in uint16 arithmetic, which
// wraps to 0 above 65,528, and its value loop then indexes past the empty
// bitmap and panics, killing the connection. For such a statement the wire
// guard reads the COM_STMT_EXECUTE ahead and decodes the bitmap, types and
// values itself, filling the statement's bind variables (the library skips
// a parameter whose bind variable is set, as after COM_STMT_SEND_LONG_DATA),
// and hides the count from the library until the handler runs: with a count
// of 0 the library reads no bitmap and no types, and every value is already
// there. Statements up to 65,528 placeholders never reach this path.

// maxParams is MySQL's limit on a prepared statement's placeholders.
const maxParams = 65535

// manyExec is a COM_STMT_EXECUTE decoded by the guard, whose statement's
// parameter count is hidden from the library until restore.
type manyExec struct {
	p     *mysql.PrepareData
	count uint16
	bad   bool // the packet was malformed: the handler answers 1835
}

// restore gives the statement its parameter count back; it reports whether
// the packet was malformed.
func (m *manyExec) restore() bool {
	m.p.ParamsCount = m.count
	return m.bad
}

// takeManyExec restores (and forgets) the statement of the COM_STMT_EXECUTE
// the guard decoded, if any: at the handler's entry, or at the next command
// when the library refused the packet before calling the handler. It
// reports whether the packet was malformed.
func (c *wireConn) takeManyExec() bool {
	m := c.many
	if m == nil {
		return false
	}
	c.many = nil
	return m.restore()
}

// readManyExec runs on the first Read of a COM_STMT_EXECUTE on a connection
// that prepared a statement with more than libMaxParams placeholders. got is
// what this Read returns (it ends with the payload's first bytes); the rest
// of the packet is read ahead (bounded by max_allowed_packet, which the
// library would buffer whole too) and queued in pend unchanged.
func (c *wireConn) readManyExec(got []byte) error {
	if c.mc == nil {
		return nil
	}
	first := int(c.logical) - c.left // payload bytes of the first chunk in got
	if first < 0 || first > len(got) {
		return nil
	}
	payload := append([]byte(nil), got[len(got)-first:]...)
	raw := make([]byte, 0, c.left)
	fromPend := 0
	read := func(n int) ([]byte, error) {
		start := len(raw)
		if k := min(n, len(c.pend)-fromPend); k > 0 {
			raw = append(raw, c.pend[fromPend:fromPend+k]...)
			fromPend += k
		}
		for len(raw)-start < n {
			need := n - (len(raw) - start)
			raw = slices.Grow(raw, need)
			c.Conn.SetReadDeadline(c.readDeadline(false))
			k, err := c.Conn.Read(raw[len(raw) : len(raw)+need])
			raw = raw[:len(raw)+k]
			if k == 0 && err != nil {
				return nil, err
			}
		}
		return raw[start:], nil
	}
	defer func() { c.pend = append(raw, c.pend[fromPend:]...) }()
	b, err := read(c.left)
	if err != nil {
		return err
	}
	payload = append(payload, b...)
	for more := c.more; more; {
		h, err := read(4)
		if err != nil {
			return err
		}
		n := int(h[0]) | int(h[1])<<8 | int(h[2])<<16
		if int64(len(payload)+n) > c.max {
			return nil // scan refuses the packet when it gets there
		}
		b, err := read(n)
		if err != nil {
			return err
		}
		payload = append(payload, b...)
		more = n == mysql.MaxPacketSize
	}
	c.decodeManyExec(payload)
	return nil
}

// decodeManyExec fills the bind variables of the statement payload (a
// COM_STMT_EXECUTE) executes, when that statement has more placeholders
// than the library can decode. A packet broken before its parameters is
// left to the library, which refuses it before reading them.
func (c *wireConn) decodeManyExec(payload []byte) {
	if len(payload) < 10 {
		return
	}
	p := c.mc.PrepareData[binary.LittleEndian.Uint32(payload[1:])]
	if p == nil || p.ParamsCount <= libMaxParams || binary.LittleEndian.Uint32(payload[6:]) != 1 {
		return
	}
	n := int(p.ParamsCount)
	if p.BindVars == nil {
		p.BindVars = make(map[string]*querypb.BindVariable, n)
	}
	if len(p.ParamsType) != n {
		p.ParamsType = make([]int32, n)
	}
	m := &manyExec{p: p, count: p.ParamsCount}
	if !decodeParams(payload[10:], p) {
		// The library must not read the values either (it would panic on
		// the empty bitmap); the handler answers ER_MALFORMED_PACKET.
		m.bad = true
		for i := range n {
			name := "v" + strconv.Itoa(i+1)
			if p.BindVars[name] == nil {
				p.BindVars[name] = sqltypes.ValueBindVariable(sqltypes.NULL)
			}
		}
	}
	p.ParamsCount = 0
	c.many = m
}

// decodeParams reads the NULL bitmap, the optional types and the values of
// a COM_STMT_EXECUTE (b starts at the bitmap) into p, as the library would:
// the same types (sqltypes.MySQLToType) and the same values, temporal ones
// in the library's text form, which temporalParams turns into MySQL's.
// A parameter already bound (COM_STMT_SEND_LONG_DATA) has no value here.
func decodeParams(b []byte, p *mysql.PrepareData) bool {
	n := len(p.ParamsType)
	r := paramReader{b: b}
	nulls := r.bytes((n + 7) / 8)
	bound, ok := r.byte()
	if nulls == nil {
		return false
	}
	types := p.ParamsType
	if ok && bound == 1 {
		types = make([]int32, n)
		for i := range types {
			t, tok := r.byte()
			f, fok := r.byte()
			if !tok || !fok {
				return false
			}
			// The flags byte holds 0x80 for unsigned; MySQLToType wants
			// the column flag's UNSIGNED bit (32).
			vt, err := sqltypes.MySQLToType(int64(t), int64(f)>>2)
			if err != nil {
				return false
			}
			types[i] = int32(vt)
		}
	}
	vals := make(map[string]*querypb.BindVariable, n)
	for i := range n {
		name := "v" + strconv.Itoa(i+1)
		if p.BindVars[name] != nil {
			continue
		}
		if nulls[i/8]&(1<<(i%8)) != 0 {
			vals[name] = sqltypes.ValueBindVariable(sqltypes.NULL)
			continue
		}
		v, ok := r.value(querypb.Type(types[i]))
		if !ok {
			return false
		}
		vals[name] = sqltypes.ValueBindVariable(v)
	}
	copy(p.ParamsType, types)
	for k, v := range vals {
		p.BindVars[k] = v
	}
	return true
}

// paramReader reads the binary protocol's parameter values from b.
type paramReader struct {
	b   []byte
	pos int
}

func (r *paramReader) bytes(n int) []byte {
	if n < 0 || r.pos+n > len(r.b) {
		return nil
	}
	s := r.b[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return s
}

func (r *paramReader) byte() (byte, bool) {
	s := r.bytes(1)
	if s == nil {
		return 0, false
	}
	return s[0], true
}

func (r *paramReader) uint(n int) (uint64, bool) {
	s := r.bytes(n)
	if s == nil {
		return 0, false
	}
	var v uint64
	for i := n - 1; i >= 0; i-- {
		v = v<<8 | uint64(s[i])
	}
	return v, true
}

// lenEnc reads a length-encoded integer.
func (r *paramReader) lenEnc() (uint64, bool) {
	b, ok := r.byte()
	switch {
	case !ok:
		return 0, false
	case b < 0xfb:
		return uint64(b), true
	case b == 0xfc:
		return r.uint(2)
	case b == 0xfd:
		return r.uint(3)
	case b == 0xfe:
		return r.uint(8)
	}
	return 0, false
}

// value reads one value of type t.
func (r *paramReader) value(t querypb.Type) (sqltypes.Value, bool) {
	switch t {
	case sqltypes.Null:
		return sqltypes.NULL, true
	case sqltypes.Int8:
		v, ok := r.uint(1)
		return sqltypes.NewInt64(int64(int8(v))), ok
	case sqltypes.Uint8:
		v, ok := r.uint(1)
		return sqltypes.NewUint64(v), ok
	case sqltypes.Uint16:
		v, ok := r.uint(2)
		return sqltypes.NewUint64(v), ok
	case sqltypes.Int16, sqltypes.Year:
		v, ok := r.uint(2)
		return sqltypes.NewInt64(int64(int16(v))), ok
	case sqltypes.Uint24, sqltypes.Uint32:
		v, ok := r.uint(4)
		return sqltypes.NewUint64(v), ok
	case sqltypes.Int24, sqltypes.Int32:
		v, ok := r.uint(4)
		return sqltypes.NewInt64(int64(int32(v))), ok
	case sqltypes.Float32:
		v, ok := r.uint(4)
		return sqltypes.NewFloat64(float64(math.Float32frombits(uint32(v)))), ok
	case sqltypes.Uint64:
		v, ok := r.uint(8)
		return sqltypes.NewUint64(v), ok
	case sqltypes.Int64:
		v, ok := r.uint(8)
		return sqltypes.NewInt64(int64(v)), ok
	case sqltypes.Float64:
		v, ok := r.uint(8)
		return sqltypes.NewFloat64(math.Float64frombits(v)), ok
	case sqltypes.Timestamp, sqltypes.Date, sqltypes.Datetime:
		return r.datetime()
	case sqltypes.Time:
		return r.time()
	case sqltypes.Decimal, sqltypes.Text, sqltypes.Blob, sqltypes.VarChar, sqltypes.Char, sqltypes.VarBinary,
		sqltypes.Bit, sqltypes.Enum, sqltypes.Set, sqltypes.Geometry, sqltypes.Binary, sqltypes.TypeJSON:
		n, ok := r.lenEnc()
		if !ok || n > uint64(len(r.b)) {
			return sqltypes.NULL, false
		}
		s := r.bytes(int(n))
		if s == nil {
			return sqltypes.NULL, false
		}
		return sqltypes.MakeTrusted(sqltypes.VarBinary, append([]byte{}, s...)), true
	}
	return sqltypes.NULL, false
}

// datetime reads a DATE/DATETIME/TIMESTAMP (length 0, 4, 7 or 11) as the
// library's text: "Y-M-D[ h:m:s[.us]]", us an integer count, or " " for
// length 0 (temporalParams formats both as MySQL does).
func (r *paramReader) datetime() (sqltypes.Value, bool) {
	size, ok := r.byte()
	if !ok {
		return sqltypes.NULL, false
	}
	if size == 0 {
		return sqltypes.NewVarChar(" "), true
	}
	if size != 4 && size != 7 && size != 11 {
		return sqltypes.NULL, false
	}
	s := r.bytes(int(size))
	if s == nil {
		return sqltypes.NULL, false
	}
	text := fmt.Sprintf("%d-%d-%d", binary.LittleEndian.Uint16(s), s[2], s[3])
	if size >= 7 {
		text += fmt.Sprintf(" %d:%d:%d", s[4], s[5], s[6])
	}
	if size == 11 {
		text += fmt.Sprintf(".%d", binary.LittleEndian.Uint32(s[7:]))
	}
	return sqltypes.NewVarChar(text), true
}

// time reads a TIME (length 0, 8 or 12) as the library's text:
// "[-]h:m:s[.us]", the days folded into the hours.
func (r *paramReader) time() (sqltypes.Value, bool) {
	size, ok := r.byte()
	if !ok {
		return sqltypes.NULL, false
	}
	if size == 0 {
		return sqltypes.NewVarChar("00:00:00"), true
	}
	if size != 8 && size != 12 {
		return sqltypes.NULL, false
	}
	s := r.bytes(int(size))
	if s == nil {
		return sqltypes.NULL, false
	}
	sign := ""
	if s[0] == 1 {
		sign = "-"
	}
	hours := binary.LittleEndian.Uint32(s[1:])*24 + uint32(s[5])
	text := fmt.Sprintf("%s%d:%d:%d", sign, hours, s[6], s[7])
	if size == 12 {
		text += fmt.Sprintf(".%d", binary.LittleEndian.Uint32(s[8:]))
	}
	return sqltypes.NewVarChar(text), true
}
