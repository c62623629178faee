package server

import (
	"strings"
	"testing"
)

// TestParenthesizedQuery: a statement that is one parenthesized query,
// alone or before ORDER BY / LIMIT, runs as in MySQL 8 (it was 1064), in
// both protocols and in a multi-statement text. Django sends it for a set
// operation whose other sides are empty: queries' test_union_with_empty_qs,
// test_difference_with_empty_qs, test_difference_with_values.
func TestParenthesizedQuery(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE pq")
	db = ts.connectWith("pq", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE n (id INT PRIMARY KEY, num INT)")
	mustExec(t, db, "INSERT INTO n VALUES (1, 10), (2, 20), (3, 30)")
	join := func(rows [][]string) string {
		var s []string
		for _, r := range rows {
			s = append(s, strings.Join(r, ","))
		}
		return strings.Join(s, ";")
	}
	for q, want := range map[string]string{
		"(SELECT `n`.`id` AS `col1`, `n`.`num` AS `col2` FROM `n`)":       "1,10;2,20;3,30",
		"((SELECT id FROM n WHERE num > 15))":                             "2;3",
		"(SELECT id, num FROM n) ORDER BY num DESC LIMIT 2":               "3,30;2,20",
		"/* django */ (SELECT id FROM n WHERE id IN (SELECT 1)) LIMIT 21": "1",
	} {
		if got := join(queryRows(t, db, q)); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	// Prepared (COM_STMT_PREPARE): the text keeps its length.
	if got := join(queryRows(t, db, "(SELECT id FROM n WHERE num > ?) ORDER BY id LIMIT 1", 15)); got != "2" {
		t.Errorf("prepared: %s", got)
	}
	// In a multi-statement text, each statement.
	rows, err := db.Query("(SELECT 1); (SELECT 2)")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		if !rows.NextResultSet() {
			break
		}
	}
	rows.Close()
	if strings.Join(got, ",") != "1,2" {
		t.Errorf("multi-statement: %v", got)
	}
}
