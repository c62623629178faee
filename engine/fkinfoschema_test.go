package engine_test

import (
	"fmt"
	"testing"
)

// TestConstraintInfoSchemaScoped: information_schema's constraint tables
// answer a query for one schema from that schema's tables only (GMS's
// readers load every table of every schema), with the same rows.
func TestConstraintInfoSchemaScoped(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE DATABASE s1", "CREATE DATABASE s2",
		"CREATE TABLE s1.p (id INT PRIMARY KEY)",
		"CREATE TABLE s1.c (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES s1.p (id) ON DELETE CASCADE, CHECK (id > 0))")
	for i := 0; i < 40; i++ {
		s.exec(fmt.Sprintf("CREATE TABLE s2.t%d (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES s1.p (id))", i))
	}
	queries := map[string][]string{
		"SELECT CONSTRAINT_NAME, TABLE_NAME, REFERENCED_TABLE_NAME, DELETE_RULE FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 's1'": {
			"fk_c|c|p|CASCADE"},
		"SELECT kc.CONSTRAINT_NAME, kc.COLUMN_NAME, kc.REFERENCED_TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE AS kc WHERE kc.TABLE_SCHEMA = 's1' AND kc.TABLE_NAME = 'c' ORDER BY 1": {
			"fk_c|pid|p", "PRIMARY|id|NULL"},
		"SELECT CONSTRAINT_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = 's1' AND TABLE_NAME = 'c' ORDER BY 1": {
			"c_chk_1|CHECK", "fk_c|FOREIGN KEY", "PRIMARY|PRIMARY KEY"},
		"SELECT CONSTRAINT_NAME FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 's1'": {"c_chk_1"},
		"SELECT COUNT(*) FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA IN ('s1', 's2')":    {"84"},
	}
	for q, want := range queries {
		s.want(q, want...)
	}
	for q, want := range queries {
		if len(want) == 1 && want[0] == "84" {
			continue // reads s2 on purpose
		}
		s.reopen()
		before := s.cat.Stats().Loads.Load()
		s.want(q, want...)
		if n := s.cat.Stats().Loads.Load() - before; n > 4 {
			t.Errorf("%s: loaded %d definitions, want those of s1 only", q, n)
		}
	}
	// DATABASE() is the usual ORM predicate.
	s.db = "s1"
	s.reopen()
	before := s.cat.Stats().Loads.Load()
	s.want("SELECT CONSTRAINT_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()", "fk_c")
	if n := s.cat.Stats().Loads.Load() - before; n > 4 {
		t.Errorf("DATABASE(): loaded %d definitions", n)
	}
}
