package catalog

import (
	"bytes"
	"testing"
)

// The accounts blob is opaque here, so the round trip checks bytes: what was
// saved last is what a reopened store loads, and nothing before the first
// save.
func TestAccountsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	db, c := openTestCatalog(t, dir, 1<<20)
	if data, ok, err := c.LoadAccounts(); err != nil || ok || data != nil {
		t.Fatalf("fresh store: LoadAccounts = %q, %v, %v; want nothing", data, ok, err)
	}
	first := []byte("first\x00accounts")
	last := bytes.Repeat([]byte{0xff, 0x00, 'u'}, 1000)
	for _, data := range [][]byte{first, last} {
		if err := c.SaveAccounts(data); err != nil {
			t.Fatal(err)
		}
	}
	got, ok, err := c.LoadAccounts()
	if err != nil || !ok || !bytes.Equal(got, last) {
		t.Fatalf("before reopen: LoadAccounts = %d bytes, %v, %v; want the last save", len(got), ok, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db, c = openTestCatalog(t, dir, 1<<20)
	defer db.Close()
	got, ok, err = c.LoadAccounts()
	if err != nil || !ok || !bytes.Equal(got, last) {
		t.Fatalf("after reopen: LoadAccounts = %d bytes, %v, %v; want the last save", len(got), ok, err)
	}
	// The record is a catalog record, not data: no schema listing sees it.
	if err := c.ListSchemas(db, func(s *Schema) error {
		t.Errorf("accounts record listed as schema %q", s.Name)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
