package catalog

import "testing"

// FuzzDecodeTable: a corrupt or truncated record is an error, never a panic,
// and a record that decodes re-encodes to the same bytes.
func FuzzDecodeTable(f *testing.F) {
	v, err := encodeTable(sbtestRecord(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(v)
	f.Add(v[:len(v)/2])
	f.Add([]byte{3, 'a', 'b', 'c', tableCodecV1})
	f.Fuzz(func(t *testing.T, b []byte) {
		tbl, err := decodeTable(b, "db")
		if err != nil {
			return
		}
		again, err := encodeTable(tbl)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeTable(again, "db"); err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
	})
}
