package engine_test

import (
	"testing"

	"github.com/myriaddb/myriad/keyenc"
)

// A store written before keyenc.KeyFormat 1 ('ß' and "ss" encoded apart
// under the UCA collations): its tables with such key columns are refused
// (1459) until UpgradeKeyFormat rebuilds them, then answer as MySQL; a
// table whose rebuild finds 'ß' and 'ss' in one UNIQUE key stays refused
// but can be dropped; other old tables are only stamped.
func TestOldKeyFormat(t *testing.T) {
	s := newStore(t)
	keyenc.SetKeyFormatForTest(0)
	defer keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	s.exec(
		"CREATE TABLE ix (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, KEY (c))",
		"INSERT INTO ix VALUES (1, 'ß'), (2, 'ss'), (3, 'st'), (4, 'Æ'), (5, 'ae')",
		"CREATE TABLE pk (c VARCHAR(20) COLLATE utf8mb4_unicode_ci PRIMARY KEY, n INT)",
		"INSERT INTO pk VALUES ('Straße', 1), ('x', 2)",
		"CREATE TABLE dup (c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY (c))",
		"INSERT INTO dup VALUES ('ß'), ('ss')",
		"CREATE TABLE other (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_general_ci, KEY (c))",
		"INSERT INTO other VALUES (1, 'ß')",
	)
	// What the old Myriad answered: its keys and comparisons agree.
	s.want("SELECT id FROM ix WHERE c = 'ss' ORDER BY id", "2")
	for _, name := range []string{"ix", "pk", "dup", "other"} {
		if f := s.table(name).KeyFormat; f != 0 {
			t.Fatalf("%s written in format %d", name, f)
		}
	}

	keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	s.reopen()
	s.fails("SELECT id FROM ix WHERE c = 'ss'", 1459)
	s.fails("INSERT INTO pk VALUES ('strasse', 3)", 1459)
	s.want("SELECT id FROM other WHERE c = 'ß'", "1")

	n, failed, err := s.eng.UpgradeKeyFormat()
	if err != nil || n != 2 || len(failed) != 1 || failed[0] != "db.dup" {
		t.Fatalf("UpgradeKeyFormat: rebuilt %d, failed %v, %v", n, failed, err)
	}
	check := func() {
		t.Helper()
		s.want("SELECT id FROM ix WHERE c = 'ss' ORDER BY id", "1", "2")
		s.want("SELECT id FROM ix IGNORE INDEX (c) WHERE c = 'ss' ORDER BY id", "1", "2")
		s.want("SELECT id FROM ix WHERE c = 'ae' ORDER BY id", "4", "5")
		s.want("SELECT id FROM ix WHERE c > 'ss' ORDER BY id", "3")
		s.want("SELECT n FROM pk WHERE c = 'STRASSE'", "1")
		s.fails("INSERT INTO pk VALUES ('strasse', 3)", 1062)
		s.fails("SELECT * FROM dup", 1459)
		for _, name := range []string{"ix", "pk", "other"} {
			if f := s.table(name).KeyFormat; int(f) != keyenc.KeyFormat {
				t.Fatalf("%s in format %d after the upgrade", name, f)
			}
		}
	}
	check()
	s.reopen()
	check()
	s.exec("DROP TABLE dup")
	// The next start finds nothing left: the marker is written now.
	if n, failed, err := s.eng.UpgradeKeyFormat(); err != nil || n != 0 || len(failed) != 0 {
		t.Fatalf("second UpgradeKeyFormat: rebuilt %d, failed %v, %v", n, failed, err)
	}
	s.exec("CREATE TABLE fresh (c VARCHAR(20) PRIMARY KEY)", "INSERT INTO fresh VALUES ('ß')")
	s.fails("INSERT INTO fresh VALUES ('SS')", 1062)
	if f := s.table("fresh").KeyFormat; int(f) != keyenc.KeyFormat {
		t.Fatalf("a new table in format %d", f)
	}
}

// A store written in key format 1 (expansions, but ignorable characters
// weighing and Hangul syllables one character): tables with keys under the
// UCA collations are rebuilt, after which 'a\0' = 'a' and '가' equals its
// jamo in index lookups as in scans; a UNIQUE key holding both 'x' and
// 'x\0' cannot be rebuilt and stays refused.
func TestOldKeyFormat1(t *testing.T) {
	s := newStore(t)
	keyenc.SetKeyFormatForTest(1)
	defer keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	s.exec(
		"CREATE TABLE ix (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, KEY (c))",
		"INSERT INTO ix VALUES (1, 'a'), (2, 'a\\0'), (3, 'a\u200d'), (4, '가'), (5, '\u1100\u1161'), (6, 'ß')",
		"CREATE TABLE pk (c VARCHAR(20) COLLATE utf8mb4_unicode_ci PRIMARY KEY, n INT)",
		"INSERT INTO pk VALUES ('e\u0301te', 1)",
		"CREATE TABLE dup (c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY (c))",
		"INSERT INTO dup VALUES ('x'), ('x\u00ad')",
	)
	s.want("SELECT HEX(c) FROM ix WHERE id = 2", "6100")
	s.want("SELECT id FROM ix WHERE c = 'a' ORDER BY id", "1")
	s.want("SELECT id FROM ix WHERE c = 'ss' ORDER BY id", "6")
	for _, name := range []string{"ix", "pk", "dup"} {
		if f := s.table(name).KeyFormat; f != 1 {
			t.Fatalf("%s written in format %d", name, f)
		}
	}

	keyenc.SetKeyFormatForTest(keyenc.KeyFormat)
	s.reopen()
	s.fails("SELECT id FROM ix WHERE c = 'a'", 1459)
	n, failed, err := s.eng.UpgradeKeyFormat()
	if err != nil || n != 2 || len(failed) != 1 || failed[0] != "db.dup" {
		t.Fatalf("UpgradeKeyFormat: rebuilt %d, failed %v, %v", n, failed, err)
	}
	s.want("SELECT id FROM ix WHERE c = 'a' ORDER BY id", "1", "2", "3")
	s.want("SELECT id FROM ix IGNORE INDEX (c) WHERE c = 'a' ORDER BY id", "1", "2", "3")
	s.want("SELECT id FROM ix WHERE c = '가' ORDER BY id", "4", "5")
	s.want("SELECT id FROM ix WHERE c = 'ss' ORDER BY id", "6")
	s.want("SELECT n FROM pk WHERE c = 'ETE'", "1")
	s.fails("INSERT INTO pk VALUES ('ete', 2)", 1062)
	s.fails("SELECT * FROM dup", 1459)
}
