package server

import (
	"bytes"
	"testing"
)

// TestFixOKInfo: the library's OK packets carry their info as '#' + text;
// MySQL's clients read a length-encoded string there.
func TestFixOKInfo(t *testing.T) {
	pkt := func(seq byte, body ...byte) []byte {
		n := len(body)
		return append([]byte{byte(n), byte(n >> 8), byte(n >> 16), seq}, body...)
	}
	okHead := []byte{0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00} // affected 0, id 0, autocommit, 0 warnings
	withInfo := func(head []byte, marker byte, info string) []byte {
		return append(append(append([]byte(nil), head...), marker), info...)
	}
	long := string(bytes.Repeat([]byte("x"), 300))
	cases := []struct {
		name string
		in   []byte
		want []byte // nil: left alone
	}{
		{"prepare", pkt(1, withInfo(okHead, '#', "Statement prepared")...), pkt(1, withInfo(okHead, 18, "Statement prepared")...)},
		{"long info", pkt(3, withInfo(okHead, '#', long)...),
			pkt(3, append(append(append([]byte(nil), okHead...), 0xfc, 44, 1), long...)...)},
		{"big affected count", pkt(1, withInfo([]byte{0x00, 0xfc, 0x10, 0x27, 0x00, 0x02, 0x00, 0x00, 0x00}, '#', "Rows matched: 10000")...),
			pkt(1, withInfo([]byte{0x00, 0xfc, 0x10, 0x27, 0x00, 0x02, 0x00, 0x00, 0x00}, 19, "Rows matched: 10000")...)},
		{"no info", pkt(1, okHead...), nil},
		{"error packet", pkt(1, 0xff, 0x48, 0x04, '#', 'H', 'Y', '0', '0', '0', 'x'), nil},
		{"two packets", append(pkt(1, withInfo(okHead, '#', "a")...), pkt(2, okHead...)...), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fixOKInfo(c.in); !bytes.Equal(got, c.want) {
				t.Fatalf("fixOKInfo(% x)\n got % x\nwant % x", c.in, got, c.want)
			}
		})
	}
}
