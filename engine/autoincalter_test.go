package engine_test

import (
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// ALTER TABLE ... AUTO_INCREMENT = n sets the next value to n, or past the
// largest stored value when n is not above it, as MySQL 8.0 does, and the
// value holds across a restart and a sweep evicting the sequence (mysql-test
// innodb autoinc_persist, scenario 8: AUTO_INCREMENT=120 after deleting the
// rows above 120 gives 120 after a restart). A value below the counter's
// high-water mark went back to the mark after a restart or an eviction:
// the persisted counter only grew.
func TestAlterAutoIncrementPersists(t *testing.T) {
	const setup = "CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, v INT)"
	const ten = "INSERT INTO a (v) VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)"
	cases := []struct {
		name  string
		alter []string
		next  string // the next value, and the id the insert after it gets
	}{
		{"below the mark, above the stored maximum", []string{"DELETE FROM a WHERE id > 5", "ALTER TABLE a AUTO_INCREMENT = 7"}, "7"},
		{"below the stored maximum", []string{"DELETE FROM a WHERE id > 5", "ALTER TABLE a AUTO_INCREMENT = 3"}, "6"},
		{"above the mark", []string{"ALTER TABLE a AUTO_INCREMENT = 100"}, "100"},
		{"lowered after raised", []string{"ALTER TABLE a AUTO_INCREMENT = 100", "ALTER TABLE a AUTO_INCREMENT = 50"}, "50"},
		{"with a copying change", []string{"DELETE FROM a WHERE id > 5", "ALTER TABLE a AUTO_INCREMENT = 7, ADD COLUMN x INT"}, "7"},
	}
	for _, tc := range cases {
		for _, after := range []string{"nothing", "restart", "eviction"} {
			t.Run(tc.name+"/"+after, func(t *testing.T) {
				s := newStore(t)
				s.exec(setup, ten)
				s.exec(tc.alter...)
				s.want(nextAutoInc, tc.next)
				switch after {
				case "restart":
					s.reopen()
				case "eviction":
					// The sweep's first pass clears the use bits, its
					// second evicts; an insert into another table between
					// makes a as idle as any.
					s.exec("CREATE TABLE b (id INT AUTO_INCREMENT PRIMARY KEY)", "INSERT INTO b VALUES (NULL)")
					engine.SetAutoIncCap(s.eng, 1)
					for i := 0; i < 4; i++ {
						engine.SweepAutoInc(s.eng)
					}
				}
				s.want(nextAutoInc, tc.next)
				s.exec("INSERT INTO a (v) VALUES (11)")
				s.want("SELECT MAX(id) FROM a", tc.next)
				// Many inserts later the sequence still runs on from it.
				for i := 0; i < 20; i++ {
					s.exec("INSERT INTO a (v) VALUES (12)")
				}
				s.reopen()
				s.exec("INSERT INTO a (v) VALUES (13)")
				s.want("SELECT COUNT(DISTINCT id) = COUNT(*), MAX(id) - "+tc.next+" FROM a", "1|21")
			})
		}
	}
}
