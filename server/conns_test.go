package server

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/myriaddb/myriad/kv"
)

// The 10,000-connection test needs a file descriptor per socket on both
// ends; one process may not hold 20,000, so the server runs in a child: this
// test binary, re-executed with connsServerEnv naming its data directory.
const connsServerEnv = "MYRIAD_TEST_CONNS_SERVER_DIR"

func init() {
	if dir := os.Getenv(connsServerEnv); dir != "" {
		os.Exit(runConnsServer(dir))
	}
}

// runConnsServer serves until stdin closes; each "mem" line on stdin is
// answered with the bytes of heap and goroutine stacks in use after a GC.
func runConnsServer(dir string) int {
	raiseFileLimit()
	srv, err := Open(Config{DataDir: dir, Port: 0, Durability: kv.Async,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	go srv.Serve()
	fmt.Println(srv.Addr().String())
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if in.Text() == "mem" {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			fmt.Println(ms.HeapInuse + ms.StackInuse)
		}
	}
	srv.Close()
	return 0
}

// raiseFileLimit lifts the soft descriptor limit to the hard one.
func raiseFileLimit() uint64 {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) != nil {
		return 0
	}
	lim.Cur = lim.Max
	syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	return lim.Cur
}

type connsServer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func (s *connsServer) line(t *testing.T) string {
	t.Helper()
	if !s.out.Scan() {
		t.Fatalf("server process: %v", s.out.Err())
	}
	return s.out.Text()
}

// memInUse is the server's heap + stack bytes in use after a GC.
func (s *connsServer) memInUse(t *testing.T) int64 {
	t.Helper()
	fmt.Fprintln(s.in, "mem")
	n, err := strconv.ParseInt(s.line(t), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestTenThousandConnections: 10,000 concurrent clients connect and each runs
// queries (reads and a committed insert); all succeed within the time bound,
// and the server's memory per idle connection stays under a generous bound.
func TestTenThousandConnections(t *testing.T) {
	const n = 10_000
	if got := raiseFileLimit(); got < n+1000 {
		t.Fatalf("RLIMIT_NOFILE hard limit is %d; this test needs %d descriptors", got, n+1000)
	}
	start := time.Now()
	// Generous: on a quiet 2-core machine the whole test takes ~40 s, but
	// CI boxes shared with other work took 60 s just to connect.
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()

	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), connsServerEnv+"="+t.TempDir())
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	srv := &connsServer{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	addr := srv.line(t)
	if strings.HasPrefix(addr, "error") {
		t.Fatal(addr)
	}

	db, err := sql.Open("mysql", "root@tcp("+addr+")/?timeout=30s")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxIdleConns(n)
	mustExec(t, db, "CREATE DATABASE conns")
	mustExec(t, db, "CREATE TABLE conns.t (id int PRIMARY KEY, conn bigint)")
	// One connection is open: the baseline includes everything shared.
	base := srv.memInUse(t)
	cpu0 := processCPU(t, cmd.Process.Pid)

	// Connect all clients, a few hundred handshakes at a time (the kernel's
	// accept backlog is finite; a SYN beyond it is retried after a second).
	conns := make([]*sql.Conn, n)
	var failed atomic.Int64
	var firstErr sync.Once
	fail := func(err error) {
		failed.Add(1)
		firstErr.Do(func() { t.Errorf("first failure: %v", err) })
	}
	sem := make(chan struct{}, 200)
	var wg sync.WaitGroup
	for i := range conns {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := db.Conn(ctx)
			if err == nil {
				err = c.PingContext(ctx)
			}
			if err != nil {
				fail(err)
				return
			}
			conns[i] = c
		}(i)
	}
	wg.Wait()
	if failed.Load() > 0 {
		t.Fatalf("%d of %d connections failed", failed.Load(), n)
	}
	connected := time.Since(start)
	idle := srv.memInUse(t)
	perConn := (idle - base) / n
	t.Logf("%d connections open after %s; server heap+stack in use %d MiB -> %d MiB: %d KiB per idle connection",
		n, connected.Round(time.Millisecond), base>>20, idle>>20, perConn>>10)
	// Measured: ~104 KiB: the session (a copy of every system and status
	// variable, made when the connection is accepted, as MySQL makes a
	// connection's THD; ~78 KiB), the protocol library's 16 KiB read
	// buffer, the connection's goroutine. The bound catches a new
	// per-connection buffer or goroutine without tracking small changes.
	if perConn > 192<<10 {
		t.Errorf("%d KiB per idle connection, want at most 192 KiB", perConn>>10)
	}

	// Every connection runs its queries at the same time.
	ready := make(chan struct{})
	for i, c := range conns {
		wg.Add(1)
		go func(i int, c *sql.Conn) {
			defer wg.Done()
			<-ready
			var id int
			if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
				fail(err)
				return
			}
			if _, err := c.ExecContext(ctx, "INSERT INTO conns.t VALUES (?, ?)", i, id); err != nil {
				fail(err)
				return
			}
			var got int
			if err := c.QueryRowContext(ctx, "SELECT conn FROM conns.t WHERE id = ?", i).Scan(&got); err != nil || got != id {
				fail(fmt.Errorf("read back row %d: %d, %v (want %d)", i, got, err, id))
			}
		}(i, c)
	}
	close(ready)
	wg.Wait()
	if failed.Load() > 0 {
		t.Fatalf("%d of %d connections failed their queries", failed.Load(), n)
	}
	var rows, distinct int
	if err := conns[0].QueryRowContext(ctx, "SELECT COUNT(*), COUNT(DISTINCT conn) FROM conns.t").Scan(&rows, &distinct); err != nil {
		t.Fatal(err)
	}
	if rows != n || distinct != n {
		t.Fatalf("%d rows from %d distinct connections, want %d from %d", rows, distinct, n, n)
	}
	for _, c := range conns {
		c.Close()
	}
	cpu := processCPU(t, cmd.Process.Pid) - cpu0
	t.Logf("total %s; server CPU %s, %s per connection", time.Since(start).Round(time.Millisecond),
		cpu.Round(time.Millisecond), (cpu / n).Round(time.Microsecond))
	// The bound is on the server's CPU, not on wall time: this machine's
	// CI shares its 2 cores with other test packages, which made a
	// 2-minute wall-clock bound fail at load 25 with the same work done.
	// Measured: about 11 s of server CPU (1.1 ms per connection for the
	// handshake, three statements and the close); the bound catches work
	// that grows with the number of connections (a scan of every session
	// per statement would cost minutes), and the context's deadline a hang.
	if cpu > 60*time.Second {
		t.Errorf("server CPU %s for %d connections, want at most 60s", cpu, n)
	}
}

// processCPU is the user+system CPU time process pid has used so far
// (/proc/<pid>/stat, in clock ticks of 1/100 s).
func processCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("/proc/%d/stat: %q", pid, b)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
