package joinorder_test

import (
	"os"
	"runtime/pprof"
	"strconv"
	"testing"
	"time"
)

// TestSLTProfile loads the statements of MYRIAD_SLT_FILES' first file and
// CPU-profiles the query record at line MYRIAD_SLT_LINE into
// $TMPDIR/joinorder.pprof. Skipped by default.
func TestSLTProfile(t *testing.T) {
	line, _ := strconv.Atoi(os.Getenv("MYRIAD_SLT_LINE"))
	files := os.Getenv("MYRIAD_SLT_FILES")
	if line == 0 || files == "" {
		t.Skip("MYRIAD_SLT_LINE/MYRIAD_SLT_FILES not set")
	}
	db := startDB(t)
	for _, r := range parseSLT(t, files) {
		if r.statement {
			_ = r.run(db)
			continue
		}
		if r.line != line {
			continue
		}
		if rows, err := db.Query("EXPLAIN FORMAT=TREE " + r.sql); err == nil {
			for rows.Next() {
				var s string
				rows.Scan(&s)
				t.Log(s)
			}
			rows.Close()
		}
		f, err := os.Create(os.TempDir() + "/joinorder.pprof")
		if err != nil {
			t.Fatal(err)
		}
		pprof.StartCPUProfile(f)
		start := time.Now()
		err = r.run(db)
		pprof.StopCPUProfile()
		f.Close()
		t.Logf("line %d: %v, err %v", line, time.Since(start), err)
	}
}
