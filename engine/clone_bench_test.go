package engine_test

import (
	"fmt"
	"testing"
)

// BenchmarkClone100Tables clones a 100-table sysbench template (no rows),
// one transaction and commit per clone (the offline path; the SQL path adds
// the round trip and GMS's statement handling).
func BenchmarkClone100Tables(b *testing.B) {
	s := newStore(&testing.T{})
	defer s.close()
	for i := 1; i <= 100; i++ {
		s.exec(fmt.Sprintf("CREATE TABLE sbtest%d (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, "+
			"c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_%d (k))", i, i))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.eng.CloneSchema("db", []string{fmt.Sprintf("c%d", i)}, false, nil); err != nil {
			b.Fatal(err)
		}
	}
}
