package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/vfs"
)

// Disk-full scenario sizes: a 96 MiB tmpfs, a 16 MiB reserve
// (--min-free-space), and a filler that leaves diskFullHeadroom above the
// reserve for the test's inserts to use up.
const (
	diskFullFSSize   = 96 << 20
	diskFullReserve  = 16 << 20
	diskFullHeadroom = 12 << 20
)

// mountTmpfs mounts a tmpfs of size bytes on a fresh directory, unmounted at
// the end of the test (after every cleanup registered later, such as the
// server's). Without root or mount(8) the test is skipped, or failed in CI.
func mountTmpfs(t *testing.T, size int64) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+strconv.FormatInt(size, 10), "tmpfs", dir).CombinedOutput()
	if err != nil {
		missing(t, "cannot mount a tmpfs (needs root and mount(8)): %v: %s", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
			_ = exec.Command("umount", "-l", dir).Run()
		}
	})
	return dir
}

// freeSampler records the least free space on a filesystem, measured every
// millisecond from its start until stop: what the guard must keep above
// the reserve at every moment, not only once the writers are refused.
type freeSampler struct {
	least atomic.Int64
	stop  chan struct{}
	done  chan struct{}
}

func sampleFree(t *testing.T, dir string) *freeSampler {
	s := &freeSampler{stop: make(chan struct{}), done: make(chan struct{})}
	s.least.Store(availBytes(t, dir))
	go func() {
		defer close(s.done)
		for {
			if du, err := vfs.Default.GetDiskUsage(dir); err == nil && int64(du.AvailBytes) < s.least.Load() {
				s.least.Store(int64(du.AvailBytes))
			}
			select {
			case <-s.stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return s
}

// end stops the sampler and returns the least free space it saw.
func (s *freeSampler) end() int64 {
	close(s.stop)
	<-s.done
	return s.least.Load()
}

// guardAvailable is the server's disk space estimate, read from its
// Prometheus endpoint (myriad_disk_available_bytes). The endpoint may start
// listening a little after the SQL port: callers retry on errors.
func guardAvailable(metricsAddr string) (int64, error) {
	resp, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, "myriad_disk_available_bytes "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int64(f), err
		}
	}
	return 0, fmt.Errorf("no myriad_disk_available_bytes in the metrics:\n%s", body)
}

func availBytes(t *testing.T, dir string) int64 {
	t.Helper()
	du, err := vfs.Default.GetDiskUsage(dir)
	if err != nil {
		t.Fatal(err)
	}
	return int64(du.AvailBytes)
}

// fill writes a file of n bytes (real blocks: tmpfs does not back holes).
func fill(t *testing.T, path string, n int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 1<<20)
	for n > 0 {
		w := min(n, int64(len(chunk)))
		if _, err := f.Write(chunk[:w]); err != nil {
			t.Fatalf("filler: %v", err)
		}
		n -= w
	}
}

// TestDiskFull: on a filesystem that fills up, writes fail with error 1114
// before Pebble ever meets ENOSPC, reads and the server go on, deleting rows
// still works, writes resume once space is freed, and every acknowledged row
// survives a restart.
func TestDiskFull(t *testing.T) {
	mnt := mountTmpfs(t, diskFullFSSize)
	mport, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := "127.0.0.1:" + strconv.Itoa(mport)
	s := NewServer(t, "--durability", "sync", "--min-free-space", strconv.Itoa(diskFullReserve),
		"--metrics-addr", metricsAddr)
	s.DataDir = filepath.Join(mnt, "data")
	s.Start()
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE df")
	mustExec(t, db, "CREATE TABLE df.t (id INT PRIMARY KEY, k INT NOT NULL, pad VARCHAR(4000) NOT NULL, KEY (k))")

	// Random payload: sstables are compressed, and the test must use up
	// space at the rate the guard estimates, not slower.
	payload := func() string {
		b := make([]byte, 1500)
		rand.Read(b)
		return hex.EncodeToString(b)
	}
	var mu sync.Mutex
	acked := map[int]bool{}
	insert := func(ctx context.Context, id int) error {
		_, err := db.ExecContext(ctx, "INSERT INTO df.t VALUES (?, ?, ?)", id, id%97, payload())
		if err == nil {
			mu.Lock()
			acked[id] = true
			mu.Unlock()
		}
		return err
	}
	ctx := context.Background()
	for id := 0; id < 100; id++ {
		if err := insert(ctx, id); err != nil {
			t.Fatal(err)
		}
	}

	filler := filepath.Join(mnt, "filler")
	fill(t, filler, availBytes(t, mnt)-diskFullReserve-diskFullHeadroom)
	filled := availBytes(t, mnt)
	t.Logf("filler written: %d MiB available", filled>>20)
	least := sampleFree(t, mnt)
	// The filler appeared between two of the guard's measurements (every
	// 500 ms), like a file another program writes; no estimate can foresee
	// that, only the next measurement sees it. Wait for it, so that what
	// follows tests the guard's accounting of its own writes, not the
	// polling interval.
	for deadline := time.Now().Add(15 * time.Second); ; {
		est, err := guardAvailable(metricsAddr)
		if err == nil && est <= filled {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server's disk space estimate is %d bytes (%v), %d available after the filler", est, err, filled)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Eight writers insert as fast as they can until the server refuses
	// them for a whole second (before that, the guard may refuse a commit
	// on its estimate and admit the next after measuring); any error other
	// than 1114 fails the test. (Four writers pausing 10 ms after each
	// refusal passed here and failed on a faster CI machine, where the old
	// guard let Pebble's WAL preallocations run the disk down to 3.3 MiB.)
	const writers = 8
	var wg sync.WaitGroup
	results := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var refusedSince time.Time
			var last error
			for i := 0; i < 50000; i++ {
				err := insert(ctx, 1000+w*100000+i)
				switch {
				case err == nil:
					refusedSince = time.Time{}
					continue
				case mysqlErrNo(err) != 1114 || !strings.Contains(err.Error(), "disk full"):
					results <- fmt.Errorf("insert on a filling disk: %w, want error 1114 (disk full)", err)
					return
				}
				last = err
				if refusedSince.IsZero() {
					refusedSince = time.Now()
				} else if time.Since(refusedSince) > time.Second {
					results <- last
					return
				}
				time.Sleep(time.Millisecond)
			}
			results <- errors.New("the server never refused writes")
		}(w)
	}
	wg.Wait()
	close(results)
	for err := range results {
		if mysqlErrNo(err) != 1114 {
			t.Fatal(err)
		}
		t.Logf("refused: %v", err)
	}
	nAcked := len(acked)
	t.Logf("%d rows acknowledged; %.1f MiB available, least seen while writing %.1f MiB",
		nAcked, float64(availBytes(t, mnt))/(1<<20), float64(least.least.Load())/(1<<20))
	if avail := availBytes(t, mnt); avail < diskFullReserve/2 {
		t.Fatalf("only %d bytes left on the filesystem: the reserve was used", avail)
	}

	// The server is up and reads work: every acknowledged row, through the
	// primary key and through the secondary index.
	count := func(q string) int {
		t.Helper()
		n, err := strconv.Atoi(queryRows(t, db, q)[0][0])
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count("SELECT COUNT(*) FROM df.t"); n != nAcked {
		t.Fatalf("%d rows while full, %d acknowledged", n, nAcked)
	}
	if n := count("SELECT COUNT(*) FROM df.t FORCE INDEX (k) WHERE k >= 0"); n != nAcked {
		t.Fatalf("%d rows through the secondary index while full, %d acknowledged", n, nAcked)
	}
	checkRows(t, db, "SELECT id, k FROM df.t WHERE id = 42", "42\t42\n")

	// Writes of every kind are refused with 1114; a read-only transaction
	// commits.
	for _, q := range []string{
		"UPDATE df.t SET k = k + 1 WHERE id = 1",
		"CREATE TABLE df.u (id INT PRIMARY KEY)",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1114 {
			t.Fatalf("%s while full: %v, want error 1114", q, err)
		}
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mustExec(t, conn, "BEGIN")
	queryRows(t, conn, "SELECT COUNT(*) FROM df.t")
	mustExec(t, conn, "COMMIT")
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "INSERT INTO df.t VALUES (-1, 0, 'x')")
	if _, err := conn.ExecContext(ctx, "COMMIT"); mysqlErrNo(err) != 1114 {
		t.Fatalf("COMMIT of a writing transaction while full: %v, want error 1114", err)
	}
	conn.Close()
	// Deleting is how an operator frees space from SQL: admitted.
	mustExec(t, db, "DELETE FROM df.t WHERE id < 10")
	for id := 0; id < 10; id++ {
		delete(acked, id)
	}

	// At no moment while the disk was full did Pebble get into the reserve.
	if m := least.end(); m < diskFullReserve/2 {
		t.Fatalf("free space fell to %d bytes while the disk was full: the reserve was used", m)
	} else {
		t.Logf("least free space while full: %.1f MiB", float64(m)/(1<<20))
	}

	// Free the space: writes resume without a restart.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	next := 5000000
	for {
		err := insert(ctx, next)
		if err == nil {
			break
		}
		if mysqlErrNo(err) != 1114 || time.Now().After(deadline) {
			t.Fatalf("insert after freeing space: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for i := 1; i < 50; i++ {
		if err := insert(ctx, next+i); err != nil {
			t.Fatalf("insert after resuming: %v", err)
		}
	}
	mustExec(t, db, "CREATE TABLE df.u (id INT PRIMARY KEY)")

	// Every acknowledged row survives a restart, and nothing else is there.
	s.Restart()
	db = s.DB("")
	want := make([]int, 0, len(acked))
	for id := range acked {
		want = append(want, id)
	}
	sort.Ints(want)
	var got []int
	for _, r := range queryRows(t, db, "SELECT id FROM df.t ORDER BY id") {
		id, _ := strconv.Atoi(r[0])
		got = append(got, id)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after restart: %d rows, want the %d acknowledged ones", len(got), len(want))
	}
	if n := count("SELECT COUNT(*) FROM df.t FORCE INDEX (k) WHERE k >= 0"); n != len(want) {
		t.Fatalf("secondary index after restart: %d rows, want %d", n, len(want))
	}
	if code := s.Stop(); code != 0 {
		t.Fatalf("server exit code %d", code)
	}
	if log := s.Log(); strings.Contains(log, "no space left on device") {
		t.Fatalf("Pebble met ENOSPC:\n%s", tail(log, 40))
	}
	t.Logf("myriad check:\n%s", s.MustCheck("after the disk-full run"))
}
