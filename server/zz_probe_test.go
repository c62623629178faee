package server

import (
	"testing"
)

func TestJSONProbe(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE jp")
	db := ts.connectWith("jp", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON)")
	mustExec(t, db, `INSERT INTO j VALUES (1, '[1, 2.0]'), (2, '[1, 2.0]'), (3, '{"n": 1e2}')`)
	for _, q := range []string{
		`SELECT 1 MEMBER OF (doc), 2 MEMBER OF (doc) FROM j WHERE id = 1`,
		`SELECT DISTINCT doc FROM j ORDER BY doc`,
		`SELECT doc, COUNT(*) FROM j GROUP BY doc ORDER BY doc`,
		`SELECT CAST(doc AS CHAR), CONCAT(doc, '') FROM j WHERE id = 3`,
		`SELECT JSON_PRETTY(doc) FROM j WHERE id = 3`,
		`SELECT doc->'$.n' + 1, CAST(doc->'$.n' AS DECIMAL(10,2)), CAST(doc->'$.n' AS SIGNED) FROM j WHERE id = 3`,
		`SELECT JSON_ARRAYAGG(doc) FROM j`,
		`SELECT JSON_SEARCH(doc, 'one', 'x'), JSON_KEYS(doc), JSON_DEPTH(doc), JSON_LENGTH(doc) FROM j WHERE id = 3`,
		`SELECT JSON_STORAGE_SIZE(doc) FROM j ORDER BY id`,
		`SELECT JSON_VALUE(doc, '$.n') FROM j WHERE id = 3`,
	} {
		t.Logf("%s => %v", q, queryRows(t, db, q))
	}
}
