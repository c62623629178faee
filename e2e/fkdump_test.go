package e2e

import (
	"bytes"
	"regexp"
	"testing"
)

// dumpCompleted is the one line of a dump that differs between two dumps
// of the same data (its timestamp).
var dumpCompleted = regexp.MustCompile(`(?m)^-- Dump completed on .*$`)

// TestForeignKeyDumpRoundTrip: mariadb-dump writes tables in name order
// (children before their parents here) under FOREIGN_KEY_CHECKS=0; the dump
// loads back through the mariadb client, dumps back identical, and the
// constraints are enforced afterwards and after a restart.
func TestForeignKeyDumpRoundTrip(t *testing.T) {
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	client := mariadbClient(t)
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	for _, q := range []string{
		"CREATE DATABASE app",
		"CREATE TABLE app.author (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(50) NOT NULL, CHECK (name <> ''))",
		"CREATE TABLE app.book (id INT AUTO_INCREMENT PRIMARY KEY, author_id INT NOT NULL, title VARCHAR(100), " +
			"CONSTRAINT book_author_fk FOREIGN KEY (author_id) REFERENCES app.author (id) ON DELETE CASCADE ON UPDATE CASCADE)",
		"CREATE TABLE app.a_review (id INT PRIMARY KEY, book_id INT, stars INT CHECK (stars BETWEEN 1 AND 5), " +
			"FOREIGN KEY (book_id) REFERENCES app.book (id) ON DELETE SET NULL)",
		"CREATE TABLE app.a_tag (book_id INT, tag VARCHAR(20), PRIMARY KEY (book_id, tag), FOREIGN KEY (book_id) REFERENCES app.book (id))",
		"INSERT INTO app.author (name) VALUES ('Ann'), ('Bob')",
		"INSERT INTO app.book (author_id, title) VALUES (1, 'A1'), (2, 'B1'), (2, 'B2')",
		"INSERT INTO app.a_review VALUES (1, 1, 5), (2, 3, 4), (3, NULL, 1)",
		"INSERT INTO app.a_tag VALUES (1, 'x'), (3, 'y')",
	} {
		mustExec(t, db, q)
	}
	run := func(stdin []byte, name string, args ...string) []byte { return s.RunTool(t, stdin, name, args...) }
	first := run(nil, dump, "--databases", "app")
	if !bytes.Contains(first, []byte("CONSTRAINT `book_author_fk` FOREIGN KEY (`author_id`) REFERENCES `author` (`id`) ON DELETE CASCADE ON UPDATE CASCADE")) {
		t.Fatalf("dump lacks the foreign key:\n%s", first)
	}
	mustExec(t, db, "DROP DATABASE app")
	run(first, client)
	second := run(nil, dump, "--databases", "app")
	if a, b := dumpCompleted.ReplaceAll(first, nil), dumpCompleted.ReplaceAll(second, nil); !bytes.Equal(a, b) {
		t.Fatalf("dump after reload differs:\n--- first\n%s\n--- second\n%s", a, b)
	}

	check := func() {
		t.Helper()
		app := s.DB("app")
		if _, err := app.Exec("INSERT INTO book (author_id, title) VALUES (9, 'orphan')"); mysqlErrNo(err) != 1452 {
			t.Fatalf("orphan book: %v", err)
		}
		if _, err := app.Exec("INSERT INTO a_review VALUES (9, 1, 6)"); mysqlErrNo(err) != 3819 {
			t.Fatalf("check after load: %v", err)
		}
		if _, err := app.Exec("DELETE FROM book WHERE id = 1"); mysqlErrNo(err) != 1451 {
			t.Fatalf("tagged book deleted: %v", err)
		}
	}
	check()
	s.Restart()
	check()
	app := s.DB("app")
	mustExec(t, app, "DELETE FROM a_tag")
	mustExec(t, app, "UPDATE author SET id = 20 WHERE id = 2")
	mustExec(t, app, "DELETE FROM author WHERE id = 1")
	var books, nullReviews int
	if err := app.QueryRow("SELECT COUNT(*) FROM book WHERE author_id = 20").Scan(&books); err != nil || books != 2 {
		t.Fatalf("books moved by ON UPDATE CASCADE: %d %v", books, err)
	}
	if err := app.QueryRow("SELECT COUNT(*) FROM a_review WHERE book_id IS NULL").Scan(&nullReviews); err != nil || nullReviews != 2 {
		t.Fatalf("reviews set to NULL by the cascade: %d %v", nullReviews, err)
	}
}
