package server

import (
	"io"
	"log/slog"
	"os"
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

// TestJSONKindsOutsideProjections: JSON text stored into a JSON column keeps
// its numbers' kinds (1.0 a DOUBLE printed 1.0, not the integer 1; 1e2 is
// 100.0) when GMS's plan has no projection to read it through (LOAD DATA,
// INSERT ... SELECT with LIMIT or UNION); and a JSON number cast to
// DECIMAL/SIGNED or stored into a DECIMAL, integer or string column is
// read as MySQL's Json_wrapper::coerce_decimal/coerce_int and val_str read
// it: a DECIMAL inside JSON exactly (GMS's float64 lost the .5 of
// 12345678901234567.5, or failed with "not a valid Decimal"), a DOUBLE
// rounded half to even for an integer (rint), text as MySQL prints it.
// Trigger bodies' INSERT ... VALUES and SET read their JSON the same way.
func TestJSONKindsOutsideProjections(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE jk")
	db := ts.connectWith("jk", "allowAllFiles=true")
	mustExec(t, db, "CREATE TABLE s (id INT PRIMARY KEY, doc TEXT)")
	mustExec(t, db, `INSERT INTO s VALUES (1, '{"a": 1.0, "b": 1e2}'), (2, '[1.0, 1e2]')`)
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON)")
	mustExec(t, db, "INSERT INTO j SELECT * FROM s WHERE id = 2 ORDER BY id LIMIT 1")
	mustExec(t, db, "INSERT INTO j SELECT 10, '1.0' UNION ALL SELECT 11, '1e2'")
	mustExec(t, db, "REPLACE INTO j SELECT id + 20, doc FROM s ORDER BY id DESC LIMIT 1")

	tab := filepath.Join(t.TempDir(), "j.tsv")
	if err := os.WriteFile(tab, []byte("30\t{\"a\": 1.0, \"b\": 1e2}\n31\t-0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustExec(t, root, "SET GLOBAL local_infile = 1")
	defer mustExec(t, root, "SET GLOBAL local_infile = 0")
	mustExec(t, db, "LOAD DATA LOCAL INFILE '"+tab+"' INTO TABLE j")
	wantRows(t, db, "SELECT id, doc, JSON_TYPE(doc) FROM j ORDER BY id",
		`2,[1.0, 100.0],ARRAY`, `10,1.0,DOUBLE`, `11,100.0,DOUBLE`, `22,[1.0, 100.0],ARRAY`,
		`30,{"a": 1.0, "b": 100.0},OBJECT`, `31,-0.0,DOUBLE`)

	for _, c := range []struct{ query, want string }{
		{`SELECT CAST(JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a') AS DECIMAL(30,1))`, `12345678901234567.5`},
		{`SELECT CAST(JSON_EXTRACT(JSON_OBJECT('a', 9007199254740993.4), '$.a') AS SIGNED)`, `9007199254740993`},
		{`SELECT CAST(JSON_EXTRACT(JSON_OBJECT('a', 9007199254740993.5), '$.a') AS UNSIGNED)`, `9007199254740994`},
		// A DOUBLE (text with a fraction): double2my_decimal's digits.
		{`SELECT CAST(CAST('12345678901234567.5' AS JSON) AS DECIMAL(30,1))`, `12345678901234568.0`},
		{`SELECT CAST(CAST('2.5' AS JSON) AS SIGNED), CAST(CAST('3.5' AS JSON) AS SIGNED), CAST(CAST('-2.5' AS JSON) AS SIGNED)`, `2,4,-2`},
		{`SELECT CAST(CAST('1e2' AS JSON) AS DECIMAL(5,1)), CAST(CAST('7' AS JSON) AS DECIMAL(5,2))`, `100.0,7.00`},
	} {
		wantRows(t, db, c.query, c.want)
	}

	mustExec(t, db, "CREATE TABLE n (id INT PRIMARY KEY, d DECIMAL(30,1), i BIGINT, c VARCHAR(30))")
	mustExec(t, db, `INSERT INTO n VALUES (1, JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a'),
		JSON_EXTRACT(JSON_OBJECT('a', 9007199254740993.4), '$.a'), JSON_EXTRACT('{"a": 1e2}', '$.a'))`)
	mustExec(t, db, `INSERT INTO n SELECT 2, CAST('12345678901234567.5' AS JSON), CAST('2.5' AS JSON), CAST('1.50' AS JSON)`)
	mustExec(t, db, `INSERT INTO n SELECT 3, JSON_EXTRACT(JSON_OBJECT('a', 1.25), '$.a'), NULL, NULL UNION ALL SELECT 4, NULL, NULL, NULL`)
	mustExec(t, db, `UPDATE n SET d = JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a'), c = CAST('1e2' AS JSON) WHERE id = 4`)
	wantRows(t, db, "SELECT * FROM n ORDER BY id",
		`1,12345678901234567.5,9007199254740993,100.0`, `2,12345678901234568.0,2,1.5`,
		`3,1.3,NULL,NULL`, `4,12345678901234567.5,NULL,100.0`)

	// Trigger bodies.
	mustExec(t, db, "CREATE TABLE lg (id INT PRIMARY KEY, doc JSON, d DECIMAL(30,1))")
	mustExec(t, db, `CREATE TRIGGER ai AFTER INSERT ON s FOR EACH ROW
		INSERT INTO lg VALUES (NEW.id, NEW.doc, JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a'))`)
	mustExec(t, db, `CREATE TABLE b (id INT PRIMARY KEY, doc JSON, d DECIMAL(30,1))`)
	mustExec(t, db, `CREATE TRIGGER bi BEFORE INSERT ON b FOR EACH ROW
		SET NEW.doc = '[2.0, 2e1]', NEW.d = JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a')`)
	mustExec(t, db, `INSERT INTO s VALUES (3, '[3.0, 3e1]')`)
	mustExec(t, db, `INSERT INTO b VALUES (1, NULL, NULL)`)
	wantRows(t, db, "SELECT * FROM lg", `3,[3.0, 30.0],12345678901234567.5`)
	wantRows(t, db, "SELECT * FROM b", `1,[2.0, 20.0],12345678901234567.5`)
}

// TestJSONPrettyStorageContains: JSON_PRETTY prints a document as MySQL
// does (the DOUBLE 100 as 100.0, a DECIMAL with its scale, members by key
// length then bytes, <>& unescaped; GMS's printed 100, 1.5, keys
// alphabetically and \u003c), JSON_STORAGE_SIZE measures numbers by their
// kind (a DOUBLE 100.0 is 8 bytes, not a 2-byte integer; a DECIMAL an
// opaque value), and JSON_CONTAINS with a wildcard path is MySQL's error
// 3149 (GMS searched the first match).
func TestJSONPrettyStorageContains(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, c := range []struct{ query, want string }{
		{`SELECT JSON_PRETTY('{"bb": [1e2, {}], "a": "<&>", "c": []}')`,
			"{\n  \"a\": \"<&>\",\n  \"c\": [],\n  \"bb\": [\n    100.0,\n    {}\n  ]\n}"},
		{`SELECT JSON_PRETTY(JSON_OBJECT('d', 1.50))`, "{\n  \"d\": 1.50\n}"},
		{`SELECT JSON_PRETTY('1.0'), JSON_PRETTY('"x"'), JSON_PRETTY('[]')`, "1.0,\"x\",[]"},
		// MySQL 8.0's manual: JSON_STORAGE_SIZE('[100, "sakila", [1, 3, 5], 425.05]') is 45.
		{`SELECT JSON_STORAGE_SIZE('[100, "sakila", [1, 3, 5], 425.05]'), JSON_STORAGE_SIZE(CAST('[100, "sakila", [1, 3, 5], 425.05]' AS JSON))`, "45,45"},
		{`SELECT JSON_STORAGE_SIZE('1e2'), JSON_STORAGE_SIZE(CAST('1e2' AS JSON)), JSON_STORAGE_SIZE(CAST('100' AS JSON))`, "9,9,3"},
		// A DECIMAL(3,2): type byte, field type, length 4, precision,
		// scale, 2 bytes of digits.
		{`SELECT JSON_STORAGE_SIZE(CAST(1.50 AS JSON))`, "7"},
	} {
		wantRows(t, db, c.query, c.want)
	}
	wantErrNo(t, db, 3149, `SELECT JSON_CONTAINS('[1, [2]]', '2', '$[*]')`)
	wantErrNo(t, db, 3149, `SELECT JSON_CONTAINS('{"a": {"b": 1}}', '1', '$**.b')`)
	wantRows(t, db, `SELECT JSON_CONTAINS('[1, [2]]', '2', '$[1]'), JSON_CONTAINS('[1, [2]]', '2', '$[5]')`, "1,NULL")
}
