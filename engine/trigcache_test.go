package engine_test

import (
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// Which tables of a schema have triggers is parsed once per version of the
// schema's triggers, not by every statement that asks (a multi-table
// UPDATE's targets, a DELETE with a subquery): before, each such statement
// parsed all the schema's triggers. CREATE and DROP TRIGGER make the next
// statement parse again, and it sees the change.
func TestTriggerIndexCached(t *testing.T) {
	s := newStore(t)
	s.exec(
		"CREATE TABLE a (id INT PRIMARY KEY, n INT)",
		"CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT)",
		"CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(20))",
		"CREATE TABLE x (id INT PRIMARY KEY)",
		"INSERT INTO a VALUES (1, 10), (2, 20)",
		"INSERT INTO b VALUES (1, 1, 0), (2, 2, 0)",
		// A trigger on another table: the schema has triggers to parse.
		"CREATE TRIGGER xi AFTER INSERT ON x FOR EACH ROW INSERT INTO lg (what) VALUES ('x')",
	)
	const upd = "UPDATE a JOIN b ON a.id = b.aid SET b.m = b.m + 1"
	s.exec(upd)
	before := engine.TriggerIndexParses()
	for i := 0; i < 3; i++ {
		s.exec(upd, "DELETE FROM x WHERE id IN (SELECT id FROM a)")
	}
	if n := engine.TriggerIndexParses() - before; n != 0 {
		t.Errorf("6 statements parsed the triggers %d times, want 0 (parsed once before)", n)
	}
	s.exec("CREATE TRIGGER bu AFTER UPDATE ON b FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('b', NEW.id))")
	s.exec(upd)
	s.want("SELECT what FROM lg ORDER BY what", "b1", "b2")
	s.exec("DROP TRIGGER bu", upd)
	s.want("SELECT COUNT(*) FROM lg", "2")
	s.want("SELECT m FROM b ORDER BY id", "6", "6")
}
