package server

import (
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// openStore opens a stopped server's store and catalog.
func openStore(t *testing.T, dir string) (*kv.DB, *catalog.Catalog) {
	t.Helper()
	store, err := kv.Open(filepath.Join(dir, "store"), kv.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Open(store, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	return store, cat
}

// indexEntries lists the keys of index ix of table def.
func indexEntries(t *testing.T, store *kv.DB, def *catalog.Table, ix uint32) [][]byte {
	t.Helper()
	p := def.IndexPrefix(ix)
	it, err := store.NewIter(p, keyenc.PrefixEnd(p))
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	var out [][]byte
	for ok := it.First(); ok; ok = it.Next() {
		out = append(out, append([]byte(nil), it.Key()...))
	}
	return out
}

// TestStaleJSONIndexRebuilt: a functional index computed before JSON
// numbers kept their kinds (no catalog.Index.JSONText stamp) may hold a
// row's entry under the old text of its JSON value: the DOUBLE 1e2 was
// '100' through ->>, now '100.0'. Writes kept checking a UNIQUE such
// index against those entries (inserting a row whose value is '100' failed
// with a false 1062) and `myriad check` reported them. Start-up now
// rebuilds every such table (an old store has no marker), and ALTER TABLE
// ... FORCE rebuilds one (it was a no-op): afterwards the insert succeeds,
// the index is read again and the store checks clean.
//
// The old store is made as such a store has it: row 1's entry under '100',
// none under '100.0', the record without the stamp and no marker.
func TestStaleJSONIndexRebuilt(t *testing.T) {
	for _, c := range []struct {
		name string
		// force: the marker stays, so start-up leaves the index stale
		// (as after a failed rebuild) and ALTER TABLE ... FORCE rebuilds.
		force bool
	}{{"restart", false}, {"force", true}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ts := startServer(t, dir)
			mustExec(t, ts.connect(""), "CREATE DATABASE js")
			db := ts.connect("js")
			mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON, UNIQUE KEY kn ((CAST(doc->>'$.n' AS CHAR(20)))))")
			mustExec(t, db, `INSERT INTO j VALUES (1, '{"n": 1e2}'), (2, '{"n": 100}')`)
			ts.srv.Close()

			// Row 2's entry is under '100': with row 1's primary key it is
			// row 1's old entry.
			store, cat := openStore(t, dir)
			s, err := cat.Schema(store, "js")
			if err != nil || s == nil {
				t.Fatalf("schema js: %v", err)
			}
			def, err := cat.Table(store, s, "j")
			if err != nil || def == nil {
				t.Fatalf("table j: %v", err)
			}
			ixID := def.Indexes[0].ID
			es := indexEntries(t, store, def, ixID)
			if len(es) != 2 {
				t.Fatalf("%d entries in kn, want 2", len(es))
			}
			pkOf := func(e []byte) []byte {
				rest, err := keyenc.SkipValue(e[len(def.IndexPrefix(ixID)):])
				if err != nil {
					t.Fatal(err)
				}
				return rest
			}
			row2, row1 := es[0], es[1] // '100' sorts before '100.0'
			old := append(append([]byte(nil), row2[:len(row2)-len(pkOf(row2))]...), pkOf(row1)...)
			if err := store.Close(); err != nil {
				t.Fatal(err)
			}
			ts = startServer(t, dir)
			mustExec(t, ts.connect("js"), "DELETE FROM j WHERE id = 2")
			ts.srv.Close()

			store, cat = openStore(t, dir)
			def, err = cat.Table(store, s, "j")
			if err != nil || def == nil {
				t.Fatalf("table j: %v", err)
			}
			unstamped := def.Clone()
			unstamped.Indexes[0].JSONText = 0
			b := kv.NewWriteBatch()
			if _, err := cat.Write(b, new(catalog.Change).PutTable(s, unstamped)); err != nil {
				t.Fatal(err)
			}
			b.Delete(row1)
			b.Set(old, nil)
			if !c.force {
				b.Delete(keys.Format("jsontext"))
			}
			if err := store.Apply(b); err != nil {
				t.Fatal(err)
			}
			if err := store.Close(); err != nil {
				t.Fatal(err)
			}

			ts = startServer(t, dir)
			db = ts.connect("js")
			if c.force {
				// Still stale: the old entry fails the insert.
				wantErrNo(t, db, 1062, `INSERT INTO j VALUES (3, '{"n": 100}')`)
				mustExec(t, db, "ALTER TABLE j FORCE")
			}
			mustExec(t, db, `INSERT INTO j VALUES (3, '{"n": 100}')`)
			const q = "SELECT id FROM j WHERE CAST(doc->>'$.n' AS CHAR(20)) = '100.0'"
			wantRows(t, db, q, "1")
			if plan := queryRows(t, db, "EXPLAIN "+q); len(plan) != 1 || plan[0][6] != "kn" {
				t.Errorf("EXPLAIN %s: %v, want key kn", q, plan)
			}
			wantErrNo(t, db, 1062, `INSERT INTO j VALUES (4, '{"n": 1e2}')`)
			ts.srv.Close()
			checkDir(t, dir)
		})
	}
}
