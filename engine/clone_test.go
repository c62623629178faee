package engine_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keys"
)

// A clone that fails midway (after some tables' rows were copied) leaves
// nothing: no schema, no copied keys, a store the checker finds clean;
// through SQL and through the offline path.
func TestCloneFailsAtomically(t *testing.T) {
	s := newStore(t)
	for i := 0; i < 3; i++ {
		s.exec(fmt.Sprintf("CREATE TABLE t%d (id INT PRIMARY KEY, v VARCHAR(10), KEY v (v))", i),
			fmt.Sprintf("INSERT INTO t%d VALUES (1, 'a'), (2, 'b'), (3, 'c')", i))
	}
	dataLo, _ := keys.DataSpan()
	before := s.span(dataLo[:1])
	boom := errors.New("injected")
	engine.SetCloneFault(func(n int) error {
		if n == 2 {
			return boom
		}
		return nil
	})
	defer engine.SetCloneFault(nil)

	done := s.eng.PrepareClone(1, "db", true)
	_, err := s.run("CREATE DATABASE c")
	done()
	if !errors.Is(err, boom) {
		t.Fatalf("clone: %v, want the injected failure", err)
	}
	if err := s.eng.CloneSchema("db", []string{"c2"}, true, nil); !errors.Is(err, boom) {
		t.Fatalf("offline clone: %v, want the injected failure", err)
	}
	s.want("SHOW DATABASES LIKE 'c%'")
	if after := s.span(dataLo[:1]); after != before {
		t.Fatalf("%d data keys after the failed clones, %d before", after, before)
	}
	rep, err := check.DB(s.kv, check.Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("check: %v %v", err, rep)
	}

	// Without the fault the same statements work.
	engine.SetCloneFault(nil)
	done = s.eng.PrepareClone(1, "db", true)
	s.exec("CREATE DATABASE c")
	done()
	if err := s.eng.CloneSchema("db", []string{"c2", "c3"}, false, nil); err != nil {
		t.Fatal(err)
	}
	s.want("SELECT COUNT(*) FROM c.t1 WHERE v = 'b'", "1")
	s.want("SELECT COUNT(*) FROM c3.t2", "0")
	s.reopen()
	s.want("SELECT id FROM c.t2 ORDER BY id", "1", "2", "3")
	s.consistent("t0", 3)
}
