// Package rowcodec owns the compact value encoding of a whole sql.Row: the
// bytes stored as the Pebble value under a row's primary-key key.
//
// Every column value is tagged with its Go kind, so Decode hands back exactly
// the Go types GMS handed to Encode (int32 stays int32, enum values stay
// uint16, DECIMAL stays decimal.Decimal, ...). JSON values are the exception
// by design: any sql.JSONWrapper is stored as JSON text and always decodes as
// a jsondoc.Doc (its numbers kinded as MySQL kinds them).
//
// What this package must never do:
//   - I/O of any kind: it only appends to and reads from caller-owned buffers.
//   - Promise anything about byte ordering. Encodings are NOT memcomparable and
//     must never be used as keys or compared bytewise for ordering; order
//     preserving key encoding belongs to another package.
//   - Alias the input of Decode: the storage iterator reuses its buffers, so
//     every decoded string and []byte is copied out.
//
// # Format
//
//	row   := uvarint(count) value*count
//	value := tag payload
//
// Integers are varints (zigzag for signed, except 8-bit values, which are one
// raw byte), floats are 4/8 little-endian IEEE bytes, strings/blobs/JSON are
// uvarint-length-prefixed bytes, decimals are zigzag(exponent) followed by the
// coefficient (a zigzag varint when it fits int64, otherwise sign byte +
// length-prefixed big-endian magnitude), time.Time is zigzag(unix seconds)
// followed by uvarint(nanos<<1 | nonUTC). The nonUTC flag records that the
// encoded value carried a location other than UTC; the instant is always
// preserved and decoding always returns UTC. Tag values are part of the
// on-disk format and must never be renumbered.
package rowcodec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

// Value tags. These numbers are persisted; append new ones, never renumber.
const (
	tagNull       byte = 0
	tagFalse      byte = 1
	tagTrue       byte = 2
	tagInt8       byte = 3
	tagInt16      byte = 4
	tagInt32      byte = 5
	tagInt64      byte = 6
	tagInt        byte = 7
	tagUint8      byte = 8
	tagUint16     byte = 9
	tagUint32     byte = 10
	tagUint64     byte = 11
	tagUint       byte = 12
	tagFloat32    byte = 13
	tagFloat64    byte = 14
	tagString     byte = 15
	tagBytes      byte = 16
	tagDecimal    byte = 17 // zigzag exp, zigzag int64 coefficient
	tagBigDecimal byte = 18 // zigzag exp, sign byte, uvarint len, big-endian magnitude
	tagTime       byte = 19
	tagTimespan   byte = 20
	tagJSON       byte = 21
	tagGeometry   byte = 22
	// tagJSONKinded is JSON text whose numbers say their kind (a
	// jsondoc.Doc, see jsondoc.AppendStored); tagJSON's text is read as
	// MySQL reads JSON text.
	tagJSONKinded byte = 23
	// tagJSONTyped is a jsondoc.Doc holding dates or times: its strings
	// say their kind (jsondoc.AppendStoredTyped). Only such values are
	// written with it; the others keep tagJSONKinded.
	tagJSONTyped byte = 24
)

// Time values are limited to ±2^62 unix seconds (far beyond any SQL range) so
// that time.Unix arithmetic can never overflow.
const maxUnixSeconds = 1 << 62

var (
	// ErrCorrupt is wrapped by every decoding error caused by malformed input.
	ErrCorrupt = errors.New("rowcodec: corrupt row encoding")
	// ErrLength is returned by DecodeInto when len(dst) differs from the
	// encoded column count.
	ErrLength = errors.New("rowcodec: destination length mismatch")
)

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// ---------------------------------------------------------------------------
// Encoding

// Encode appends the encoding of row to b. Each value is tagged with its Go
// kind so Decode returns exactly the same Go types GMS handed in. Unknown Go
// types return an error naming the type; on error the returned slice is b
// truncated to its original length.
func Encode(b []byte, row sql.Row) ([]byte, error) {
	start := len(b)
	b = binary.AppendUvarint(b, uint64(len(row)))
	for i, v := range row {
		var err error
		b, err = appendValue(b, v)
		if err != nil {
			return b[:start], fmt.Errorf("rowcodec: column %d: %w", i, err)
		}
	}
	return b, nil
}

func appendZigzag(b []byte, v int64) []byte {
	return binary.AppendUvarint(b, uint64(v<<1)^uint64(v>>63))
}

func appendLenPrefixed(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendValue(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, tagNull), nil
	case int32:
		return appendZigzag(append(b, tagInt32), int64(v)), nil
	case int64:
		return appendZigzag(append(b, tagInt64), v), nil
	case uint32:
		return binary.AppendUvarint(append(b, tagUint32), uint64(v)), nil
	case uint64:
		return binary.AppendUvarint(append(b, tagUint64), v), nil
	case string:
		return appendLenPrefixed(append(b, tagString), v), nil
	case []byte:
		b = binary.AppendUvarint(append(b, tagBytes), uint64(len(v)))
		return append(b, v...), nil
	case int8:
		return append(b, tagInt8, byte(v)), nil
	case int16:
		return appendZigzag(append(b, tagInt16), int64(v)), nil
	case int:
		return appendZigzag(append(b, tagInt), int64(v)), nil
	case uint8:
		return append(b, tagUint8, v), nil
	case uint16:
		return binary.AppendUvarint(append(b, tagUint16), uint64(v)), nil
	case uint:
		return binary.AppendUvarint(append(b, tagUint), uint64(v)), nil
	case float32:
		return binary.LittleEndian.AppendUint32(append(b, tagFloat32), math.Float32bits(v)), nil
	case float64:
		return binary.LittleEndian.AppendUint64(append(b, tagFloat64), math.Float64bits(v)), nil
	case bool:
		if v {
			return append(b, tagTrue), nil
		}
		return append(b, tagFalse), nil
	case decimal.Decimal:
		return appendDecimal(b, v), nil
	case time.Time:
		return appendTime(b, v)
	case types.Timespan:
		return appendZigzag(append(b, tagTimespan), int64(v)), nil
	case types.GeometryValue:
		return appendGeometryValue(b, v)
	case sql.JSONWrapper:
		return appendJSONValue(b, v)
	default:
		return b, fmt.Errorf("rowcodec: unsupported value type %T", v)
	}
}

func appendDecimal(b []byte, d decimal.Decimal) []byte {
	exp := d.Exponent()
	c := d.Coefficient() // a copy; also handles the zero-value Decimal
	if c.IsInt64() {
		b = appendZigzag(append(b, tagDecimal), int64(exp))
		return appendZigzag(b, c.Int64())
	}
	b = appendZigzag(append(b, tagBigDecimal), int64(exp))
	if c.Sign() < 0 {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	n := (c.BitLen() + 7) / 8
	b = binary.AppendUvarint(b, uint64(n))
	b = append(b, make([]byte, n)...)
	c.FillBytes(b[len(b)-n:]) // FillBytes writes |c|
	return b
}

func appendTime(b []byte, t time.Time) ([]byte, error) {
	sec := t.Unix()
	if sec > maxUnixSeconds || sec < -maxUnixSeconds {
		return b, fmt.Errorf("rowcodec: time %v out of encodable range", t)
	}
	var flag uint64
	if t.Location() != time.UTC {
		flag = 1
	}
	b = appendZigzag(append(b, tagTime), sec)
	return binary.AppendUvarint(b, uint64(t.Nanosecond())<<1|flag), nil
}

func appendJSONValue(b []byte, w sql.JSONWrapper) ([]byte, error) {
	if d, ok := w.(jsondoc.Doc); ok {
		out, err := appendFramed(b, tagJSONKinded, func(b []byte) ([]byte, error) { return jsondoc.AppendStored(b, d.Val) })
		if jsondoc.IsTemporalErr(err) {
			return appendFramed(b, tagJSONTyped, func(b []byte) ([]byte, error) { return jsondoc.AppendStoredTyped(b, d.Val) })
		}
		return out, err
	}
	return appendFramed(b, tagJSON, func(b []byte) ([]byte, error) { return appendJSONText(b, w) })
}

func appendGeometryValue(b []byte, g types.GeometryValue) ([]byte, error) {
	return appendFramed(b, tagGeometry, func(b []byte) ([]byte, error) { return appendGeometry(b, g, 0) })
}

// appendFramed appends tag, then a uvarint length prefix followed by the bytes
// body appends. The body is written first and shifted right afterwards, which
// avoids an intermediate buffer.
func appendFramed(b []byte, tag byte, body func([]byte) ([]byte, error)) ([]byte, error) {
	start := len(b)
	b = append(b, tag)
	at := len(b)
	out, err := body(b)
	if err != nil {
		return b[:start], err
	}
	n := len(out) - at
	var tmp [binary.MaxVarintLen64]byte
	m := binary.PutUvarint(tmp[:], uint64(n))
	out = append(out, tmp[:m]...)  // grow by m
	copy(out[at+m:], out[at:at+n]) // shift the body right (copy handles overlap)
	copy(out[at:], tmp[:m])
	return out, nil
}

// ---------------------------------------------------------------------------
// Decoding

// Decode decodes a full row. Strings and []byte values never alias b.
//
// All decoded strings of one row are substrings of a single string, and all
// decoded []byte values are sub-slices of a single buffer, so retaining any
// one of them keeps that row's string (or []byte) payload reachable; the
// boxed string values' headers likewise share one slab per row. Decoded
// []byte values are capped, so appending to one never overwrites another.
func Decode(b []byte) (sql.Row, error) {
	n, p, err := readCount(b)
	if err != nil {
		return nil, err
	}
	row := make(sql.Row, n)
	if err := decodeValues(b[p:], row, nil); err != nil {
		return nil, err
	}
	return row, nil
}

// DecodeInto decodes into dst, whose length must equal the encoded column
// count (ErrLength otherwise), so callers can reuse row slices. On error the
// contents of dst are unspecified.
func DecodeInto(b []byte, dst sql.Row) error {
	n, p, err := readCount(b)
	if err != nil {
		return err
	}
	if n != len(dst) {
		return fmt.Errorf("%w: encoded %d columns, destination has %d", ErrLength, n, len(dst))
	}
	return decodeValues(b[p:], dst, nil)
}

// DecodeSome decodes the row as Decode does, except that the values whose
// need is false (or beyond need's length) are left nil and not copied out:
// a reader that uses a few columns of a wide row (sysbench's SELECT c of a
// row with a 60-character pad) skips the others' string copies and
// boxing. The whole encoding is still validated.
func DecodeSome(b []byte, need []bool) (sql.Row, error) {
	n, p, err := readCount(b)
	if err != nil {
		return nil, err
	}
	row := make(sql.Row, n)
	if need == nil {
		need = []bool{}
	}
	if err := decodeValues(b[p:], row, need); err != nil {
		return nil, err
	}
	return row, nil
}

// DecodeSomeInto is DecodeSome into dst, whose length must equal the
// encoded column count (ErrLength otherwise), as DecodeInto; need nil
// decodes every value.
func DecodeSomeInto(b []byte, dst sql.Row, need []bool) error {
	n, p, err := readCount(b)
	if err != nil {
		return err
	}
	if n != len(dst) {
		return fmt.Errorf("%w: encoded %d columns, destination has %d", ErrLength, n, len(dst))
	}
	return decodeValues(b[p:], dst, need)
}

func readCount(b []byte) (int, int, error) {
	n, p := binary.Uvarint(b)
	if p <= 0 {
		return 0, 0, corrupt("bad column count")
	}
	// Every value takes at least one byte, which bounds the allocation.
	if n > uint64(len(b)-p) {
		return 0, 0, corrupt("column count %d exceeds input size", n)
	}
	return int(n), p, nil
}

// plan is the result of the validating first pass over the values.
type plan struct {
	strBytes  int // total payload of string values
	strs      int // number of non-empty string values
	blobBytes int // total payload of []byte values
}

// scan validates the framing of n values and totals the string and []byte
// payloads of the values decodeValues copies out (need, as there).
func scan(b []byte, n int, need []bool) (plan, error) {
	var pl plan
	p := 0
	for i := 0; i < n; i++ {
		skip := need != nil && (i >= len(need) || !need[i])
		if p >= len(b) {
			return pl, corrupt("truncated at value %d", i)
		}
		tag := b[p]
		p++
		switch tag {
		case tagNull, tagFalse, tagTrue:
		case tagInt8, tagUint8:
			if p >= len(b) {
				return pl, corrupt("truncated 8-bit value")
			}
			p++
		case tagInt16, tagInt32, tagInt64, tagInt, tagUint16, tagUint32, tagUint64, tagUint, tagTimespan:
			_, m := binary.Uvarint(b[p:])
			if m <= 0 {
				return pl, corrupt("bad varint in value %d", i)
			}
			p += m
		case tagFloat32:
			if len(b)-p < 4 {
				return pl, corrupt("truncated float32")
			}
			p += 4
		case tagFloat64:
			if len(b)-p < 8 {
				return pl, corrupt("truncated float64")
			}
			p += 8
		case tagString, tagBytes:
			l, m := binary.Uvarint(b[p:])
			if m <= 0 || l > uint64(len(b)-p-m) {
				return pl, corrupt("bad length in value %d", i)
			}
			p += m + int(l)
			if skip {
				continue
			}
			if tag == tagString {
				pl.strBytes += int(l)
				if l > 0 {
					pl.strs++
				}
			} else {
				pl.blobBytes += int(l)
			}
		case tagDecimal:
			for k := 0; k < 2; k++ {
				_, m := binary.Uvarint(b[p:])
				if m <= 0 {
					return pl, corrupt("bad decimal in value %d", i)
				}
				p += m
			}
		case tagBigDecimal:
			_, m := binary.Uvarint(b[p:])
			if m <= 0 || p+m >= len(b) {
				return pl, corrupt("bad decimal in value %d", i)
			}
			p += m + 1 // exponent, sign
			l, m := binary.Uvarint(b[p:])
			if m <= 0 || l > uint64(len(b)-p-m) {
				return pl, corrupt("bad decimal length in value %d", i)
			}
			p += m + int(l)
		case tagTime:
			for k := 0; k < 2; k++ {
				_, m := binary.Uvarint(b[p:])
				if m <= 0 {
					return pl, corrupt("bad time in value %d", i)
				}
				p += m
			}
		case tagJSON, tagJSONKinded, tagJSONTyped, tagGeometry:
			l, m := binary.Uvarint(b[p:])
			if m <= 0 || l > uint64(len(b)-p-m) {
				return pl, corrupt("bad length in value %d", i)
			}
			p += m + int(l)
		default:
			return pl, corrupt("unknown tag %d in value %d", tag, i)
		}
	}
	if p != len(b) {
		return pl, corrupt("%d trailing bytes", len(b)-p)
	}
	return pl, nil
}

// skipPayload returns the position after the payload of a value tagged
// tag that starts at b[p:], whose framing scan validated.
func skipPayload(b []byte, p int, tag byte) int {
	switch tag {
	case tagNull, tagFalse, tagTrue:
		return p
	case tagInt8, tagUint8:
		return p + 1
	case tagFloat32:
		return p + 4
	case tagFloat64:
		return p + 8
	case tagString, tagBytes, tagJSON, tagJSONKinded, tagJSONTyped, tagGeometry:
		u, p := uvarintAt(b, p)
		return p + int(u)
	case tagDecimal, tagTime:
		_, p = uvarintAt(b, p)
		_, p = uvarintAt(b, p)
		return p
	case tagBigDecimal:
		_, p = uvarintAt(b, p)
		p++ // sign
		u, p := uvarintAt(b, p)
		return p + int(u)
	}
	// The integer tags: one varint.
	_, p = uvarintAt(b, p)
	return p
}

func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// uvarintAt reads a uvarint at b[p:] whose framing scan already validated and
// returns it with the position after it.
func uvarintAt(b []byte, p int) (uint64, int) {
	if c := b[p]; c < 0x80 {
		return uint64(c), p + 1
	}
	u, m := binary.Uvarint(b[p:])
	return u, p + m
}

// decodeValues decodes exactly len(dst) values from b (which must contain
// nothing else) into dst; with need non-nil, only those whose need is true
// (the others are nil).
func decodeValues(b []byte, dst sql.Row, need []bool) error {
	pl, err := scan(b, len(dst), need)
	if err != nil {
		return err
	}

	// All string payloads of the row are copied into one string (built in
	// place by a strings.Builder grown to the exact size, so the builder never
	// reallocates) and handed out as substrings of it; all []byte payloads are
	// copied into one buffer and handed out as capacity-limited sub-slices.
	var sb strings.Builder
	if pl.strBytes > 0 {
		sb.Grow(pl.strBytes)
	}
	// Boxing a string into an interface allocates its header; the row's
	// headers share one slab instead (boxString), one allocation per row.
	var hdrs []string
	if pl.strs > 0 {
		hdrs = make([]string, pl.strs)
	}
	var blob []byte
	if pl.blobBytes > 0 {
		blob = make([]byte, pl.blobBytes)
	}
	blobOff := 0

	// The framing was validated by scan, so the reads below stay in bounds;
	// the remaining checks are semantic (ranges, JSON syntax, ...).
	p := 0
	var u uint64
	for i := range dst {
		tag := b[p]
		p++
		if need != nil && (i >= len(need) || !need[i]) {
			dst[i] = nil
			p = skipPayload(b, p, tag)
			continue
		}
		switch tag {
		case tagNull:
			dst[i] = nil
		case tagFalse:
			dst[i] = false
		case tagTrue:
			dst[i] = true
		case tagInt8:
			dst[i] = int8(b[p])
			p++
		case tagUint8:
			dst[i] = b[p]
			p++
		case tagInt16:
			u, p = uvarintAt(b, p)
			v := unzigzag(u)
			if v < math.MinInt16 || v > math.MaxInt16 {
				return corrupt("int16 out of range")
			}
			dst[i] = int16(v)
		case tagInt32:
			u, p = uvarintAt(b, p)
			v := unzigzag(u)
			if v < math.MinInt32 || v > math.MaxInt32 {
				return corrupt("int32 out of range")
			}
			dst[i] = int32(v)
		case tagInt64:
			u, p = uvarintAt(b, p)
			dst[i] = unzigzag(u)
		case tagInt:
			u, p = uvarintAt(b, p)
			v := unzigzag(u)
			if v < math.MinInt || v > math.MaxInt {
				return corrupt("int out of range")
			}
			dst[i] = int(v)
		case tagTimespan:
			u, p = uvarintAt(b, p)
			dst[i] = types.Timespan(unzigzag(u))
		case tagUint16:
			u, p = uvarintAt(b, p)
			if u > math.MaxUint16 {
				return corrupt("uint16 out of range")
			}
			dst[i] = uint16(u)
		case tagUint32:
			u, p = uvarintAt(b, p)
			if u > math.MaxUint32 {
				return corrupt("uint32 out of range")
			}
			dst[i] = uint32(u)
		case tagUint64:
			u, p = uvarintAt(b, p)
			dst[i] = u
		case tagUint:
			u, p = uvarintAt(b, p)
			if u > math.MaxUint {
				return corrupt("uint out of range")
			}
			dst[i] = uint(u)
		case tagFloat32:
			dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[p:]))
			p += 4
		case tagFloat64:
			dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[p:]))
			p += 8
		case tagString:
			u, p = uvarintAt(b, p)
			l := int(u)
			if l == 0 {
				dst[i] = "" // boxing the empty string does not allocate
				continue
			}
			off := sb.Len()
			sb.Write(b[p : p+l])
			hdrs[0] = sb.String()[off : off+l]
			dst[i] = boxString(&hdrs[0])
			hdrs = hdrs[1:]
			p += l
		case tagBytes:
			u, p = uvarintAt(b, p)
			l := int(u)
			v := []byte{}
			if l > 0 {
				end := blobOff + l
				copy(blob[blobOff:end], b[p:p+l])
				// Cap the slice so an append by the caller reallocates rather
				// than overwriting a neighbouring value.
				v = blob[blobOff:end:end]
				blobOff = end
				p += l
			}
			dst[i] = v
		case tagDecimal:
			u, p = uvarintAt(b, p)
			exp := unzigzag(u)
			if exp < math.MinInt32 || exp > math.MaxInt32 {
				return corrupt("decimal exponent out of range")
			}
			u, p = uvarintAt(b, p)
			dst[i] = decimal.New(unzigzag(u), int32(exp))
		case tagBigDecimal:
			u, p = uvarintAt(b, p)
			exp := unzigzag(u)
			if exp < math.MinInt32 || exp > math.MaxInt32 {
				return corrupt("decimal exponent out of range")
			}
			neg := b[p]
			p++
			if neg > 1 {
				return corrupt("bad decimal sign")
			}
			u, p = uvarintAt(b, p)
			l := int(u)
			c := new(big.Int).SetBytes(b[p : p+l])
			p += l
			if neg == 1 {
				c.Neg(c)
			}
			dst[i] = decimal.NewFromBigInt(c, int32(exp))
		case tagTime:
			u, p = uvarintAt(b, p)
			sec := unzigzag(u)
			u, p = uvarintAt(b, p)
			nsec := u >> 1
			if sec > maxUnixSeconds || sec < -maxUnixSeconds || nsec >= 1e9 {
				return corrupt("time out of range")
			}
			dst[i] = time.Unix(sec, int64(nsec)).UTC()
		case tagJSON, tagJSONKinded, tagJSONTyped:
			u, p = uvarintAt(b, p)
			l := int(u)
			doc, err := parseJSON(b[p:p+l], tag)
			if err != nil {
				return err
			}
			p += l
			dst[i] = doc
		case tagGeometry:
			u, p = uvarintAt(b, p)
			l := int(u)
			g, err := decodeGeometry(b[p : p+l])
			if err != nil {
				return err
			}
			p += l
			dst[i] = g
		default:
			// Unreachable: scan rejects unknown tags.
			return corrupt("unknown tag %d", tag)
		}
	}
	return nil
}

// eface is the runtime layout of an empty interface: a type word and a
// pointer to the value.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// boxString returns *h as an interface whose data word points at h itself
// rather than at a fresh copy of the header (what `any(*h)` allocates). The
// caller never writes *h again, so the interface's value cannot change; h's
// slab stays reachable through the interface like any boxed value's storage.
func boxString(h *string) any {
	a := any("")
	(*eface)(unsafe.Pointer(&a)).data = unsafe.Pointer(h)
	return a
}
