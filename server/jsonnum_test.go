package server

import (
	"database/sql"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/kv"
)

// TestJSONNumberKinds: a JSON number keeps the kind MySQL 8.0 gives it
// (json_dom.cc: rapidjson makes a number with a fraction or an exponent a
// Json_double, one without a Json_int, or a Json_uint past 2^32-1; an SQL
// DECIMAL becomes a Json_decimal with its scale) through parsing, the
// functions, storage in a JSON column and printing, in the text and the
// binary protocol. GMS parsed every JSON number into a float64: 1e2 printed
// as 100, JSON_TYPE('1.0') was INTEGER, 2^53+1 lost its last digit, and a
// DECIMAL lost its trailing zeros.
func TestJSONNumberKinds(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE jn")
	db := ts.connectWith("jn", "multiStatements=true")
	for _, c := range []struct {
		query string
		want  string
	}{
		{`SELECT JSON_EXTRACT('{"a":1.50}', '$.a'), JSON_EXTRACT('{"a":1e2}', '$.a'), JSON_EXTRACT('{"a":-0}', '$.a')`,
			`1.5,100.0,0`},
		{`SELECT JSON_EXTRACT('{"a":9007199254740993}', '$.a'), JSON_EXTRACT('[18446744073709551615]', '$[0]')`,
			`9007199254740993,18446744073709551615`},
		{`SELECT JSON_TYPE('1'), JSON_TYPE('1.0'), JSON_TYPE('1e2'), JSON_TYPE('-0'), JSON_TYPE('4294967296'),
			JSON_TYPE(CAST(1.50 AS JSON)), JSON_TYPE(JSON_EXTRACT('[1.0]', '$[0]'))`,
			`INTEGER,DOUBLE,DOUBLE,INTEGER,UNSIGNED INTEGER,DECIMAL,DOUBLE`},
		{`SELECT CAST(1.50 AS JSON), CAST(1e2 AS JSON), CAST(7 AS JSON), CAST('[1.0, 2, 3.25e1]' AS JSON)`,
			`1.50,100.0,7,[1.0, 2, 32.5]`},
		{`SELECT JSON_OBJECT('d', 1.50, 'f', 1e2, 'i', 3), JSON_ARRAY(1.50, 2.5e0, -4)`,
			`{"d": 1.50, "f": 100.0, "i": 3},[1.50, 2.5, -4]`},
		{`SELECT JSON_UNQUOTE(JSON_EXTRACT('{"a":1e2}', '$.a')), JSON_UNQUOTE(JSON_EXTRACT('[1.50]', '$[0]'))`,
			`100.0,1.5`},
		{`SELECT JSON_SET('{"a":1.0,"b":2}', '$.c', 1.50), JSON_ARRAY_APPEND('[1e2]', '$', 3)`,
			`{"a": 1.0, "b": 2, "c": 1.50},[100.0, 3]`},
		{`SELECT JSON_MERGE_PATCH('{"a":1.0}', '{"b":2}'), JSON_EXTRACT(JSON_SET('{"a":1}', '$.b', 2), '$.a')`,
			`{"a": 1.0, "b": 2},1`},
		// Numbers compare by value whatever their kinds.
		{`SELECT JSON_EXTRACT('[1.0]', '$[0]') = JSON_EXTRACT('[1]', '$[0]'),
			JSON_EXTRACT('[9007199254740993]', '$[0]') > JSON_EXTRACT('[9007199254740992]', '$[0]'),
			CAST(1.50 AS JSON) = CAST('1.5' AS JSON), JSON_EXTRACT('[2.5]', '$[0]') > 2`,
			`1,1,1,1`},
		{`SELECT JSON_CONTAINS('[1, 2.5]', '2.5'), JSON_CONTAINS(CAST('[1, 2]' AS JSON), '1'), JSON_OVERLAPS('[1.0]', CAST('[1]' AS JSON))`,
			`1,1,1`},
		// Exactly, past 2^53 too (GMS compared as float64: 1 and 1).
		{`SELECT JSON_CONTAINS('[9007199254740993]', '9007199254740992.0'), JSON_CONTAINS('[9007199254740993]', '9007199254740993'),
			JSON_OVERLAPS('[9007199254740993]', '[9007199254740992.0]'), JSON_OVERLAPS('{"a": 1, "b": 2}', '{"b": 2.0}'),
			JSON_CONTAINS('{"a": [1, 2, {"b": 1.0}]}', '{"a": [{"b": 1}]}'), JSON_CONTAINS('{"a": 1}', '1.0', '$.a'),
			JSON_CONTAINS('{"a": 1}', '1', '$.b'), JSON_CONTAINS('1', '"1"'), JSON_OVERLAPS('5', '[5]')`,
			`0,1,0,1,1,1,NULL,0,1`},
	} {
		wantRows(t, db, c.query, c.want)
	}

	// Stored and read back, through both protocols.
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON)")
	mustExec(t, db, `INSERT INTO j VALUES (1, CAST('{"a": 1.0, "b": 9007199254740993, "c": 2}' AS JSON)),
		(2, JSON_OBJECT('d', 1.50, 'f', 1e2)), (3, JSON_ARRAY(CAST(5 AS DECIMAL), 0.000))`)
	want := []string{
		`1,{"a": 1.0, "b": 9007199254740993, "c": 2}`,
		`2,{"d": 1.50, "f": 100.0}`,
		`3,[5, 0.000]`,
	}
	wantRows(t, db, `SELECT id, doc FROM j ORDER BY id`, want...)
	wantPreparedRows(t, db, `SELECT id, doc FROM j WHERE id > ? ORDER BY id`, []any{0}, want...)
	wantRows(t, db, `SELECT id, JSON_TYPE(doc->'$.a'), JSON_TYPE(doc->'$.b'), JSON_TYPE(doc->'$.d'), JSON_TYPE(doc->'$[0]') FROM j ORDER BY id`,
		`1,DOUBLE,UNSIGNED INTEGER,NULL,OBJECT`, `2,NULL,NULL,DECIMAL,OBJECT`, `3,NULL,NULL,NULL,DECIMAL`)
	wantRows(t, db, `SELECT doc->'$.a', doc->>'$.a', doc->>'$.b' FROM j WHERE id = 1`, `1.0,1.0,9007199254740993`)
	wantRows(t, db, `SELECT id FROM j WHERE doc->'$.b' = 9007199254740993`, "1")
	wantRows(t, db, `SELECT id FROM j WHERE doc->'$.b' = 9007199254740992`)
	mustExec(t, db, `UPDATE j SET doc = JSON_SET(doc, '$.e', 2.50) WHERE id = 1`)
	wantRows(t, db, `SELECT doc FROM j WHERE id = 1`, `{"a": 1.0, "b": 9007199254740993, "c": 2, "e": 2.50}`)

	// JSON text inserted or set into a JSON column, literal or bound.
	mustExec(t, db, `INSERT INTO j VALUES (4, '{"a": 1.0, "b": 9007199254740993, "c": 1e2}')`)
	mustExec(t, db, `INSERT INTO j (doc, id) VALUES ('[-0, 2.50]', 5)`)
	mustExec(t, db, `INSERT INTO j VALUES (?, ?)`, 6, `{"x": 1.0}`)
	mustExec(t, db, `INSERT INTO j VALUES (7, '[1]') ON DUPLICATE KEY UPDATE doc = '[7.0]'`)
	mustExec(t, db, `INSERT INTO j VALUES (7, '[1]') ON DUPLICATE KEY UPDATE doc = '[7.0]'`)
	mustExec(t, db, `INSERT INTO j SELECT 8, '{"s": 3.0}'`)
	wantRows(t, db, `SELECT id, doc FROM j WHERE id > 3 ORDER BY id`,
		`4,{"a": 1.0, "b": 9007199254740993, "c": 100.0}`, `5,[0, 2.5]`, `6,{"x": 1.0}`, `7,[7.0]`, `8,{"s": 3.0}`)
	mustExec(t, db, `UPDATE j SET doc = '{"u": 1.0}' WHERE id = 4`)
	mustExec(t, db, `UPDATE j SET doc = ? WHERE id = ?`, `[2e0]`, 5)
	wantRows(t, db, `SELECT id, doc FROM j WHERE id IN (4, 5) ORDER BY id`, `4,{"u": 1.0}`, `5,[2.0]`)
	wantRows(t, db, `SELECT id FROM j WHERE JSON_CONTAINS(doc, '1.0', '$.u')`, "4")
	wantRows(t, db, `SELECT id FROM j WHERE doc->'$.n' IS NULL AND JSON_TYPE(doc) = 'ARRAY' ORDER BY id`, "3", "5", "7")

	// A kinded document still converts to other types as GMS's did: GMS's
	// DECIMAL conversion reads only its own document type (without
	// gmsJSON these answered 0, 0.00 or failed).
	wantRows(t, db, `SELECT CAST(doc->'$.c' AS DECIMAL(10,2)), doc->'$.c' DIV 3, doc->'$.c' MOD 7, doc->'$.c' + 1.5, CAST(doc AS CHAR)
		FROM j WHERE id = 1`, `2.00,0,2,3.5,{"a": 1.0, "b": 9007199254740993, "c": 2, "e": 2.50}`)
	mustExec(t, db, "CREATE TABLE nums (d DECIMAL(10,2), i INT, s VARCHAR(40))")
	mustExec(t, db, `INSERT INTO nums SELECT doc->'$.e', doc->'$.c', doc->'$.a' FROM j WHERE id = 1`)
	mustExec(t, db, `UPDATE nums SET d = (SELECT doc->'$.c' FROM j WHERE id = 1)`)
	wantRows(t, db, `SELECT d, i FROM nums`, `2.00,2`)
}

// wantPreparedRows is wantRows through the binary protocol: go-sql-driver
// prepares a statement that has arguments.
func wantPreparedRows(t *testing.T, db *sql.DB, q string, args []any, want ...string) {
	t.Helper()
	var got []string
	for _, r := range queryRows(t, db, q, args...) {
		got = append(got, strings.Join(r, ","))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s (prepared): got %q, want %q", q, got, want)
	}
}

// TestJSONInNumericFunctions: a JSON value given to a numeric function or
// operator is read as a DOUBLE (MySQL's Json_wrapper::coerce_real: a JSON
// argument has STRING_RESULT, so ROUND, ABS, FLOOR, +, SUM compute in
// DOUBLE; true is 1, a string its numeric prefix, an array, object or JSON
// null 0 with warning 3156). GMS answered NULL for ROUND and ABS of a JSON
// value (a silent wrong answer) and failed on a JSON true.
func TestJSONInNumericFunctions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE jf")
	db := ts.connectWith("jf", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON)")
	mustExec(t, db, `INSERT INTO j VALUES (1, '{"n": 2.46, "i": -3, "s": "4.5", "d": 1e2}'),
		(2, '{"n": 1.5, "i": 7, "b": true, "a": [1], "z": null, "s": "abc"}')`)
	for _, c := range []struct {
		query string
		want  []string
	}{
		{`SELECT ROUND(doc->'$.n', 1), ROUND(doc->'$.n'), ABS(doc->'$.i'), FLOOR(doc->'$.n'), CEIL(doc->'$.n'),
			TRUNCATE(doc->'$.n', 1), SIGN(doc->'$.i') FROM j ORDER BY id`,
			[]string{`2.5,2,3,2,3,2.4,-1`, `1.5,2,7,1,2,1.5,1`}},
		{`SELECT doc->'$.n' + 0, doc->'$.s' + 0, ROUND(doc->'$.s', 1), ABS(doc->'$.d'), SQRT(doc->'$.d'), -doc->'$.i' FROM j WHERE id = 1`,
			[]string{`2.46,4.5,4.5,100,10,3`}},
		{`SELECT SUM(doc->'$.n'), AVG(doc->'$.i'), SUM(doc->'$.i' * 2) FROM j`, []string{`3.96,2,8`}},
		{`SELECT ABS(doc->'$.b'), doc->'$.b' + 0, ABS(doc->'$.a'), ROUND(doc->'$.z'), ROUND(doc->'$.s') FROM j WHERE id = 2`,
			[]string{`1,1,0,0,0`}},
		// A missing path is SQL NULL, not a JSON null.
		{`SELECT ROUND(doc->'$.none', 1), ABS(doc->'$.none') FROM j WHERE id = 1`, []string{`NULL,NULL`}},
	} {
		wantRows(t, db, c.query, c.want...)
	}
	// The binary protocol too.
	wantPreparedRows(t, db, `SELECT ROUND(doc->'$.n', ?), ABS(doc->'$.i') FROM j WHERE id = 1`, []any{1}, `2.5,3`)
	wantRows(t, db, `SELECT ROUND(doc->'$.s') FROM j WHERE id = 2`, "0")
	wantRows(t, db, `SHOW WARNINGS`, "Warning,3156,Invalid JSON value for CAST to DOUBLE from column json_extract(j.doc, '$.s') at row 1")
}

// TestStaleJSONFunctionalIndex: a functional index over a JSON expression
// built before JSON numbers kept their kinds holds the old text (->> of the
// DOUBLE 1e2 was '100', now '100.0'); a lookup through it would miss the
// row a scan finds. Such an index (catalog.Index.JSONText 0) is not read
// until it is rebuilt. The test makes one as an old store has it: the
// table record without the stamp, and no entry under the row's current
// text (the old one was under '100').
func TestStaleJSONFunctionalIndex(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE js")
	db := ts.connect("js")
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON, KEY kn ((CAST(doc->>'$.n' AS CHAR(20)))))")
	mustExec(t, db, `INSERT INTO j VALUES (1, '{"n": 1e2}'), (2, '{"n": 7}')`)
	const q = "SELECT id FROM j WHERE CAST(doc->>'$.n' AS CHAR(20)) = '100.0'"
	wantRows(t, db, q, "1")
	wantIndex := func(want string) {
		t.Helper()
		plan := queryRows(t, db, "EXPLAIN "+q)
		if len(plan) != 1 || plan[0][6] != want {
			t.Errorf("EXPLAIN %s: %v, want key %q", q, plan, want)
		}
	}
	wantIndex("kn")
	ts.srv.Close()

	store, err := kv.Open(filepath.Join(dir, "store"), kv.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Open(store, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Schema(store, "js")
	if err != nil || s == nil {
		t.Fatalf("schema js: %v", err)
	}
	tbl, err := cat.Table(store, s, "j")
	if err != nil || tbl == nil {
		t.Fatalf("table j: %v", err)
	}
	if tbl.Indexes[0].JSONText != catalog.JSONTextVersion {
		t.Fatalf("a new functional index has JSONText %d", tbl.Indexes[0].JSONText)
	}
	old := tbl.Clone()
	old.Indexes[0].JSONText = 0
	b := kv.NewWriteBatch()
	if _, err := cat.Write(b, new(catalog.Change).PutTable(s, old)); err != nil {
		t.Fatal(err)
	}
	// The entries under today's text go; one for row 2 ('7') stays.
	ix := tbl.IndexPrefix(tbl.Indexes[0].ID)
	it, err := store.NewIter(ix, keyenc.PrefixEnd(ix))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		if n == 0 {
			b.Delete(append([]byte(nil), it.Key()...))
		}
		n++
	}
	it.Close()
	if n != 2 {
		t.Fatalf("%d entries in kn, want 2", n)
	}
	if err := store.Apply(b); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	ts = startServer(t, dir)
	db = ts.connect("js")
	wantRows(t, db, q, "1")
	wantIndex("NULL")
	// Made again, every entry is computed anew: the index is read again.
	mustExec(t, db, "ALTER TABLE j DROP INDEX kn, ADD INDEX kn ((CAST(doc->>'$.n' AS CHAR(20))))")
	wantRows(t, db, q, "1")
	wantIndex("kn")
	// TRUNCATE leaves no entry of the old text either.
	mustExec(t, db, "TRUNCATE TABLE j")
	mustExec(t, db, `INSERT INTO j VALUES (3, '{"n": 1e2}')`)
	wantRows(t, db, q, "3")
	wantIndex("kn")
}

// TestJSONTextInStringFunctions: string functions, LIKE and REGEXP read a
// JSON value as the text MySQL prints for it (Item_func_json_extract::
// val_str), and JSON_ARRAYAGG/JSON_OBJECTAGG print their documents as
// MySQL: GMS's printer gave the DOUBLE 100 as 100, a DECIMAL without its
// trailing zeros, and SUBSTRING and HEX failed on a kinded document.
func TestJSONTextInStringFunctions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE jt")
	db := ts.connectWith("jt", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON)")
	mustExec(t, db, `INSERT INTO j VALUES (1, '{"n": 1e2, "s": "Ab"}'), (2, JSON_OBJECT('n', 1.50))`)
	for _, c := range []struct {
		query string
		want  []string
	}{
		{`SELECT CONCAT(doc->'$.n', 'x'), LENGTH(doc->'$.n'), CHAR_LENGTH(doc), UPPER(doc), SUBSTRING(doc->'$.n', 1, 4), HEX(doc->'$.n'),
			REPLACE(doc->'$.n', '0', 'o'), CONCAT_WS(',', doc->'$.n', 1), LOWER(doc->'$.s') FROM j WHERE id = 1`,
			[]string{`100.0x,5,23,{"N": 100.0, "S": "AB"},100.,3130302E30,1oo.o,100.0,1,"ab"`}},
		{`SELECT id FROM j WHERE doc->'$.n' LIKE '%.%' ORDER BY id`, []string{"1", "2"}},
		{`SELECT id FROM j WHERE doc->'$.n' REGEXP '0$' ORDER BY id`, []string{"1", "2"}},
		{`SELECT GROUP_CONCAT(doc->'$.n' ORDER BY id) FROM j`, []string{"100.0,1.50"}},
		{`SELECT JSON_ARRAYAGG(doc->'$.n'), JSON_OBJECTAGG(id, doc->'$.n') FROM j`,
			[]string{`[100.0, 1.50],{"1": 100.0, "2": 1.50}`}},
		{`SELECT id, JSON_ARRAYAGG(doc->'$.n') OVER (ORDER BY id) FROM j ORDER BY id`,
			[]string{`1,[100.0]`, `2,[100.0, 1.50]`}},
		{`SELECT JSON_ARRAYAGG(id), JSON_OBJECTAGG(id, 1) FROM j WHERE id > 5`, []string{`NULL,NULL`}},
	} {
		wantRows(t, db, c.query, c.want...)
	}
}
