package keyenc

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// uvarintMax1 is the largest value AppendUvarint stores in a single byte.
// Lead bytes above it (0xF8..0xFF) announce 1..8 following big-endian bytes.
const uvarintMax1 = 0xF7

var (
	errTruncated    = errors.New("keyenc: truncated key")
	errNonCanonical = errors.New("keyenc: non-canonical uvarint")
	errBadMarker    = errors.New("keyenc: unknown value marker")
	errBadEncoding  = errors.New("keyenc: malformed value encoding")
)

// byteLen returns the number of bytes needed to hold u (0 for u == 0).
func byteLen(u uint64) int {
	return (bits.Len64(u) + 7) >> 3
}

// appendBE appends the n low-order bytes of u in big-endian order.
func appendBE(b []byte, u uint64, n int) []byte {
	var tmp [8]byte
	binary.BigEndian.PutUint64(tmp[:], u)
	return append(b, tmp[8-n:]...)
}

// readBE reads n (<= 8) big-endian bytes.
func readBE(b []byte) uint64 {
	var u uint64
	for _, c := range b {
		u = u<<8 | uint64(c)
	}
	return u
}

// AppendUvarint appends v in an order-preserving variable-length form: byte
// order of encodings == numeric order; values up to 247 take one byte. Larger
// values take a lead byte 0xF7+n followed by the n minimal big-endian bytes of
// v. Used for schema/table/index IDs in key prefixes.
func AppendUvarint(b []byte, v uint64) []byte {
	if v <= uvarintMax1 {
		return append(b, byte(v))
	}
	n := byteLen(v)
	return appendBE(append(b, byte(uvarintMax1+n)), v, n)
}

// DecodeUvarint decodes a value written by AppendUvarint from the front of b
// and returns it with the remaining bytes. Non-canonical (non-minimal) forms
// are rejected so that decoding is the exact inverse of encoding.
func DecodeUvarint(b []byte) (v uint64, rest []byte, err error) {
	if len(b) == 0 {
		return 0, nil, errTruncated
	}
	lead := b[0]
	if lead <= uvarintMax1 {
		return uint64(lead), b[1:], nil
	}
	n := int(lead) - uvarintMax1
	if len(b) < 1+n {
		return 0, nil, errTruncated
	}
	body := b[1 : 1+n]
	if body[0] == 0 || (n == 1 && body[0] <= uvarintMax1) {
		return 0, nil, errNonCanonical
	}
	return readBE(body), b[1+n:], nil
}

// skipUvarint returns b after one AppendUvarint value, without validation of
// canonical form.
func skipUvarint(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, errTruncated
	}
	lead := b[0]
	if lead <= uvarintMax1 {
		return b[1:], nil
	}
	n := int(lead) - uvarintMax1
	if len(b) < 1+n {
		return nil, errTruncated
	}
	return b[1+n:], nil
}

// PrefixEnd returns the smallest key that is greater than every key having
// prefix b (increment last non-0xFF byte, truncating). Returns nil if no such
// key (b empty or all 0xFF) meaning "no upper bound". The result never aliases
// b.
func PrefixEnd(b []byte) []byte {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != 0xFF {
			end := make([]byte, i+1)
			copy(end, b[:i+1])
			end[i]++
			return end
		}
	}
	return nil
}
