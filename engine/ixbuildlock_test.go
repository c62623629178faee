package engine_test

import "testing"

// Once an index build has ended, a writer holding the table's final
// definition has no state change to wait for and takes no table lock for
// the build (it used to on every write: the check compared definition
// pointers, and the catalog's copy is never the build's); a writer that
// resolved the table before the build still waits for the table and
// switches to the final definition.
func TestWriterAfterIndexBuild(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE t (id INT PRIMARY KEY, k INT)", "INSERT INTO t VALUES (1, 1), (2, 2)")
	before := s.table("t")
	s.exec("CREATE INDEX k_1 ON t (k)")
	s.exec("INSERT INTO t VALUES (3, 3)")
	for _, c := range []struct {
		name             string
		locked, switched bool
	}{
		{"final", false, false},
		{"stale", true, true},
	} {
		def := s.table("t")
		if c.name == "stale" {
			def = before
		}
		locked, switched, err := s.eng.SyncBuildForTest(s.ctx(), "db", def)
		if err != nil || locked != c.locked || switched != c.switched {
			t.Errorf("%s definition: locked %v switched %v err %v, want locked %v switched %v",
				c.name, locked, switched, err, c.locked, c.switched)
		}
	}
}
