package engine_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keys"
)

// Export and import in one store: the copy answers like the source
// (secondary indexes, AUTO_INCREMENT, a view, a trigger); a damaged file and
// an import failing midway leave no schema and no keys; an existing name is
// 1007.
func TestExportImportSchema(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(20), n INT, KEY v (v), UNIQUE KEY n (n))",
		"CREATE TABLE b (x INT, y TEXT)",
		"CREATE TABLE log (msg VARCHAR(40))",
		"CREATE VIEW av AS SELECT v, n FROM a WHERE n > 10",
		"CREATE TRIGGER tr AFTER INSERT ON b FOR EACH ROW INSERT INTO log VALUES (CONCAT('b', NEW.x))")
	for i := 0; i < 2000; i++ {
		s.exec(fmt.Sprintf("INSERT INTO a (v, n) VALUES ('%s', %d)", strings.Repeat("x", i%20), i))
	}
	s.exec("INSERT INTO b VALUES (1, 'one'), (1, 'one'), (NULL, NULL)", "DELETE FROM a WHERE id > 1990")

	var file bytes.Buffer
	st, err := s.eng.ExportSchema("db", &file, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows != 1990+3+3 || st.Tables != 3 {
		t.Fatalf("export: %+v", st)
	}
	dataLo, _ := keys.DataSpan()
	before := s.span(dataLo[:1])

	// Damaged files: nothing is created.
	flipped := bytes.Clone(file.Bytes())
	flipped[len(flipped)/2] ^= 1
	for name, b := range map[string][]byte{"flipped": flipped, "truncated": file.Bytes()[:file.Len()-10]} {
		if _, err := s.eng.ImportSchema(bytes.NewReader(b), "c", nil); err == nil {
			t.Fatalf("%s file imported", name)
		}
	}
	boom := errors.New("injected")
	engine.SetImportFault(func(n int) error {
		if n == 3 {
			return boom
		}
		return nil
	})
	_, err = s.eng.ImportSchema(bytes.NewReader(file.Bytes()), "c", nil)
	engine.SetImportFault(nil)
	if !errors.Is(err, boom) {
		t.Fatalf("import with a fault: %v", err)
	}
	s.want("SHOW DATABASES LIKE 'c'")
	if after := s.span(dataLo[:1]); after != before {
		t.Fatalf("%d data keys after the failed imports, %d before", after, before)
	}
	if _, err := s.eng.ImportSchema(bytes.NewReader(file.Bytes()), "db", nil); err == nil || !strings.Contains(err.Error(), "database exists") {
		t.Fatalf("import onto db: %v", err)
	}

	st2, err := s.eng.ImportSchema(bytes.NewReader(file.Bytes()), "c", nil)
	if err != nil {
		t.Fatal(err)
	}
	if st2.Rows != st.Rows || st2.Bytes != int64(file.Len()) {
		t.Fatalf("import %+v, export %+v", st2, st)
	}
	for _, q := range []string{
		"SELECT COUNT(*), SUM(n), MAX(id) FROM %s.a",
		"SELECT id FROM %s.a WHERE v = 'xxxxx' ORDER BY id LIMIT 3",
		"SELECT id FROM %s.a WHERE n = 1500",
		"SELECT * FROM %s.b ORDER BY x, y",
		"SELECT COUNT(*) FROM %s.av",
		"SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%s' ORDER BY 1",
	} {
		s.want(fmt.Sprintf(q, "c"), s.query(fmt.Sprintf(q, "db"))...)
	}
	s.exec("INSERT INTO c.a (v, n) VALUES ('new', -1)")
	s.want("SELECT id FROM c.a WHERE n = -1", "2001")
	s.fails("INSERT INTO c.a (v, n) VALUES ('dup', 5)", 1062)
	// GMS resolves a trigger body's unqualified names in the session's
	// current database (MySQL: the trigger's), as for any schema.
	s.db = "c"
	s.exec("INSERT INTO c.b VALUES (7, 'seven')")
	s.db = "db"
	s.want("SELECT (SELECT COUNT(*) FROM c.log WHERE msg = 'b7'), (SELECT COUNT(*) FROM db.log WHERE msg = 'b7')", "1|0")
	s.reopen()
	s.want("SELECT COUNT(*) FROM c.a WHERE v = ''", "100")
	rep, err := check.DB(s.kv, check.Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("check: %v %v", err, rep)
	}
}
