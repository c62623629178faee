package server

import (
	"strings"
	"testing"
)

// TestJSONPathsAsMySQL: JSON_EXTRACT, -> / ->> and JSON_CONTAINS_PATH read
// paths as MySQL does: an array leg on a non-array reads it as an array of
// one, a member leg on a non-object finds nothing (GMS's JSONPath library
// failed with "object is not Slice" or answered [] and "found"), wildcard
// and range legs wrap their matches in an array. The lookups are the ones
// Django's JSONField writes (has_key, key transforms, isnull).
func TestJSONPathsAsMySQL(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE j")
	db := ts.connectWith("j", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE m (id INT PRIMARY KEY, value JSON)")
	mustExec(t, db, `INSERT INTO m VALUES (1, '{"a": "b", "c": 14}'), (2, '[1, [2]]'),
		(3, '{"k": {"l": "m"}}'), (4, '"plain"'), (5, '{"d": ["e", {"f": "g"}]}'), (6, NULL)`)
	wantRows(t, db, `SELECT id FROM m WHERE JSON_CONTAINS_PATH(value, 'one', '$[0]') ORDER BY id`,
		"1", "2", "3", "4", "5")
	wantRows(t, db, `SELECT id FROM m WHERE JSON_CONTAINS_PATH(value, 'one', '$."a"') ORDER BY id`, "1")
	wantRows(t, db, `SELECT id FROM m WHERE JSON_CONTAINS_PATH(value, 'all', '$."a"', '$."c"') ORDER BY id`, "1")
	wantRows(t, db, `SELECT id, JSON_EXTRACT(value, '$[1][0]') FROM m ORDER BY id`,
		"1,NULL", "2,2", "3,NULL", "4,NULL", "5,NULL", "6,NULL")
	wantRows(t, db, `SELECT id, value->>'$."d"[1]."f"' FROM m WHERE value->'$.d[0]' IS NOT NULL`, "5,g")
	wantRows(t, db, `SELECT id FROM m WHERE JSON_EXTRACT(value, '$."k"."l"') = JSON_EXTRACT('"m"', '$')`, "3")
	wantRows(t, db, `SELECT JSON_EXTRACT('{"a": 1, "bb": [2, 3], "c": {"a": 4}}', '$**.a'),
		JSON_EXTRACT('[1, 2, 3, 4]', '$[1 to 2]'), JSON_EXTRACT('[1, 2, 3, 4]', '$[last-1]'),
		JSON_EXTRACT('{"a": 1, "b": 2}', '$.a', '$.b', '$.z'), JSON_EXTRACT('{"a": 1}', '$[0]')`,
		`[1, 4],[2, 3],3,[1, 2],{"a": 1}`)
	if _, err := db.Exec(`SELECT JSON_EXTRACT('{"a": 1}', '$.')`); err == nil || !strings.Contains(err.Error(), "3143") {
		t.Fatalf("invalid path: %v", err)
	}
	if _, err := db.Exec(`SELECT JSON_CONTAINS_PATH('{"a": 1}', 'some', '$.a')`); err == nil || !strings.Contains(err.Error(), "3154") {
		t.Fatalf("bad one_or_all: %v", err)
	}
}
