package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// myriadBin is the binary under test, built once by TestMain.
var myriadBin string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	flag.Parse()
	// The driver logs every connection a killed server drops; the tests
	// check the errors they care about themselves.
	mysql.SetLogger(log.New(io.Discard, "", 0))
	if bin := os.Getenv("MYRIAD_E2E_BIN"); bin != "" {
		myriadBin = bin
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "myriad-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: module root:", err)
		return 1
	}
	myriadBin = filepath.Join(dir, "myriad")
	start := time.Now()
	cmd := exec.Command(goTool(), "build", "-o", myriadBin, "./cmd/myriad")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: go build ./cmd/myriad: %v\n%s", err, out)
		return 1
	}
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "e2e: built %s in %s\n", myriadBin, time.Since(start).Round(time.Millisecond))
	}
	return m.Run()
}

// goTool is the go command (go test puts GOROOT/bin first on PATH).
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(os.Getenv("GOROOT"), "bin", "go")
}

// moduleRoot is the directory holding go.mod, found from the working
// directory (go test runs in the package directory).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// requireTool returns the path of the first of names found on PATH; when none
// is, the test fails: the README's test command (scripts/test) installs every
// tool these tests drive, so a missing one is a broken setup, not a reason to
// skip.
func requireTool(t *testing.T, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	missing(t, "none of %v found on PATH", names)
	return ""
}

// missing fails t for a missing external tool, naming the command that
// installs it.
func missing(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Fatalf("%s: run the tests with scripts/test, which installs the tools they drive "+
		"(apt-get install mariadb-client mariadb-server sysbench python3-pymysql)", fmt.Sprintf(format, args...))
}

// Server is one myriad process on its own loopback port and data directory.
// It can be stopped and started again on the same directory.
type Server struct {
	t       *testing.T
	DataDir string
	// Flags are extra `myriad serve` flags, e.g. --durability sync.
	Flags   []string
	Port    int
	logPath string

	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
	// state after exit (valid once done is closed)
	exitErr error
	starts  int
}

// NewServer prepares (does not start) a server over a fresh data directory.
func NewServer(t *testing.T, flags ...string) *Server {
	t.Helper()
	base := t.TempDir()
	s := &Server{t: t, DataDir: filepath.Join(base, "data"), Flags: flags,
		logPath: filepath.Join(base, "server.log")}
	t.Cleanup(func() {
		if s.running() {
			s.signal(syscall.SIGKILL)
			s.waitExit(30 * time.Second)
		}
		if t.Failed() {
			t.Logf("server log (%s), last lines:\n%s", s.logPath, tail(s.Log(), 60))
		}
	})
	return s
}

// StartServer is NewServer followed by Start.
func StartServer(t *testing.T, flags ...string) *Server {
	t.Helper()
	s := NewServer(t, flags...)
	s.Start()
	return s
}

// Log returns everything the server wrote to stderr/stdout over all its runs.
func (s *Server) Log() string {
	b, _ := os.ReadFile(s.logPath)
	return string(b)
}

func (s *Server) running() bool {
	if s.cmd == nil {
		return false
	}
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

// Start runs the binary on a free loopback port and returns once a client
// can connect. It retries with another port if the chosen one was taken.
func (s *Server) Start() {
	s.t.Helper()
	if s.running() {
		s.t.Fatal("server already running")
	}
	for attempt := 0; ; attempt++ {
		err := s.startOnce()
		if err == nil {
			return
		}
		if attempt < 20 && strings.Contains(err.Error(), "address already in use") {
			continue
		}
		s.t.Fatalf("start server: %v\nlog:\n%s", err, tail(s.Log(), 40))
	}
}

func (s *Server) startOnce() error {
	port, err := freePort()
	if err != nil {
		return err
	}
	logf, err := os.OpenFile(s.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close() // the child keeps its own descriptor
	s.starts++
	fmt.Fprintf(logf, "=== e2e: start #%d on port %d\n", s.starts, port)
	args := append([]string{"serve", "--data-dir", s.DataDir, "--host", "127.0.0.1",
		"--port", strconv.Itoa(port)}, s.Flags...)
	cmd := exec.Command(myriadBin, args...)
	cmd.Stdout = logf
	cmd.Stderr = logf
	setDeathSignal(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd, s.Port, s.done, s.exitErr = cmd, port, make(chan struct{}), nil
	done := s.done
	go func() {
		s.exitErr = cmd.Wait()
		close(done)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-done:
			log := s.Log()
			if strings.Contains(log[strings.LastIndex(log, "=== e2e: start"):], "address already in use") {
				return errors.New("address already in use")
			}
			return fmt.Errorf("server exited before accepting connections: %v", s.exitErr)
		default:
		}
		if err := s.ping(); err == nil && s.readyLogged() {
			return nil
		} else if time.Now().After(deadline) {
			s.signal(syscall.SIGKILL)
			s.waitExit(10 * time.Second)
			return fmt.Errorf("server not ready after 30s: %v", err)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// readyLogged: this start's server logged that it listens. A ping alone can
// reach another process that took the port between freePort's check and
// this server's bind (this server then exits with "address already in
// use"). With --log-level above info there is no such line to wait for.
func (s *Server) readyLogged() bool {
	for _, f := range s.Flags {
		if strings.HasPrefix(f, "--log-level") {
			return true
		}
	}
	log := s.Log()
	return strings.Contains(log[strings.LastIndex(log, "=== e2e: start"):], "myriad ready")
}

func (s *Server) ping() error {
	db, err := sql.Open("mysql", s.DSN("", "timeout=1s"))
	if err != nil {
		return err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return db.PingContext(ctx)
}

func (s *Server) signal(sig syscall.Signal) {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(sig)
	}
}

func (s *Server) waitExit(d time.Duration) bool {
	select {
	case <-s.done:
		return true
	case <-time.After(d):
		return false
	}
}

// Stop sends SIGTERM and waits (bounded) for a clean exit; it returns the
// exit code (-1 when killed by a signal).
func (s *Server) Stop() int {
	s.t.Helper()
	if !s.running() {
		s.t.Fatal("Stop: server not running")
	}
	s.signal(syscall.SIGTERM)
	if !s.waitExit(60 * time.Second) {
		s.signal(syscall.SIGKILL)
		s.waitExit(10 * time.Second)
		s.t.Fatalf("server did not exit within 60s of SIGTERM")
	}
	return s.cmd.ProcessState.ExitCode()
}

// Kill sends SIGKILL and waits for the process to be gone.
func (s *Server) Kill() {
	s.t.Helper()
	if !s.running() {
		s.t.Fatal("Kill: server not running")
	}
	s.signal(syscall.SIGKILL)
	if !s.waitExit(30 * time.Second) {
		s.t.Fatal("server did not die within 30s of SIGKILL")
	}
}

// Restart is Stop (which must exit 0) followed by Start.
func (s *Server) Restart() {
	s.t.Helper()
	if code := s.Stop(); code != 0 {
		s.t.Fatalf("server exited with code %d on SIGTERM, want 0", code)
	}
	s.Start()
}

// Addr is host:port of the running server.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.Port)) }

// DSN is a go-sql-driver/mysql DSN for root on database db with extra
// parameters params ("a=b&c=d").
func (s *Server) DSN(db, params string) string {
	dsn := fmt.Sprintf("root@tcp(%s)/%s", s.Addr(), db)
	if params != "" {
		dsn += "?" + params
	}
	return dsn
}

// RunTool runs a MySQL client program (mariadb, mariadb-dump) against the
// server as root over TCP with stdin, failing t on an error or after 60 s,
// and returns its output.
func (s *Server) RunTool(t *testing.T, stdin []byte, name string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args = append([]string{"--no-defaults", "--protocol=TCP", "-h", "127.0.0.1", "-P", strconv.Itoa(s.Port), "-u", "root"}, args...)
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, errb.String())
	}
	return out.Bytes()
}

// DB opens a pool on database db, closed at test end. Values are read as
// the server's text (no parseTime).
func (s *Server) DB(db string) *sql.DB {
	s.t.Helper()
	return s.DBWith(db, "timeout=5s")
}

// DBWith opens a pool with explicit DSN parameters, closed at test end.
func (s *Server) DBWith(db, params string) *sql.DB {
	s.t.Helper()
	c, err := sql.Open("mysql", s.DSN(db, params))
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.PingContext(ctx); err != nil {
		s.t.Fatalf("ping: %v", err)
	}
	return c
}

// freePort picks an unused loopback port below the kernel's ephemeral range
// (ip_local_port_range, 32768-60999 by default), at random in 20000-32000
// or in MYRIAD_E2E_PORTS (e.g. 23100-23114). A port the kernel hands out
// (port 0) could be taken, between this check and the server's bind, by the
// source port of any outgoing connection on the machine, the tests' own
// clients included; ports outside that range are only ever taken by another
// listener, which Server.Start retries around.
func freePort() (int, error) {
	lo, hi, err := portRange()
	if err != nil {
		return 0, err
	}
	var last error
	for range 200 {
		port := lo + rand.IntN(hi-lo+1)
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			last = err
			continue
		}
		l.Close()
		return port, nil
	}
	return 0, fmt.Errorf("no free port in %d-%d: %w", lo, hi, last)
}

// portRange is MYRIAD_E2E_PORTS, or 20000-32000 capped below the low end of
// the kernel's ephemeral range.
func portRange() (lo, hi int, err error) {
	if r := os.Getenv("MYRIAD_E2E_PORTS"); r != "" {
		a, b, ok := strings.Cut(r, "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || lo < 1 || hi > 65535 || lo > hi {
			return 0, 0, fmt.Errorf("MYRIAD_E2E_PORTS=%q: want LOW-HIGH", r)
		}
		return lo, hi, nil
	}
	lo, hi = 20000, 32000
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			if eph, err := strconv.Atoi(f[0]); err == nil && eph <= hi {
				hi = eph - 1
			}
		}
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("the ephemeral port range starts at %d, below %d: set MYRIAD_E2E_PORTS", hi+1, lo)
	}
	return lo, hi, nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// mysqlErrNo is the MySQL error number of err, or 0.
func mysqlErrNo(err error) uint16 {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}

type execer interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

func mustExec(t *testing.T, db execer, q string, args ...any) sql.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := db.ExecContext(ctx, q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return r
}

type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// queryRows returns all rows as strings, NULL as "NULL".
func queryRows(t *testing.T, db querier, q string, args ...any) [][]string {
	t.Helper()
	rows, err := queryStrings(db, q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return rows
}

func queryStrings(db querier, q string, args ...any) ([][]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]string
	for rows.Next() {
		vals := make([]sql.RawBytes, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			if v == nil {
				row[i] = "NULL"
			} else {
				row[i] = string(v)
			}
		}
		out = append(out, row)
	}
	return out, rows.Err()
}

// formatRows renders rows one per line, values tab-separated.
func formatRows(rows [][]string) string {
	var b bytes.Buffer
	for _, r := range rows {
		b.WriteString(strings.Join(r, "\t"))
		b.WriteByte('\n')
	}
	return b.String()
}

// checkRows fails t when q's rows differ from want (one row per line,
// values tab-separated).
func checkRows(t *testing.T, db querier, q string, want string, args ...any) {
	t.Helper()
	got := formatRows(queryRows(t, db, q, args...))
	want = strings.TrimLeft(want, "\n")
	if got != want {
		t.Errorf("%s:\ngot:\n%swant:\n%s", q, got, want)
	}
}

// TestFreePort: servers' ports stay below the kernel's ephemeral range (where
// outgoing connections take their source ports), or inside MYRIAD_E2E_PORTS
// when it is set.
func TestFreePort(t *testing.T) {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		t.Skipf("no ephemeral port range to check against: %v", err)
	}
	eph, err := strconv.Atoi(strings.Fields(string(b))[0])
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := 20000, min(32000, eph-1)
	if env := os.Getenv("MYRIAD_E2E_PORTS"); env != "" {
		if _, err := fmt.Sscanf(env, "%d-%d", &lo, &hi); err != nil {
			t.Fatalf("MYRIAD_E2E_PORTS=%q: %v", env, err)
		}
	}
	for range 50 {
		p, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		if p < lo || p > hi || p >= eph {
			t.Fatalf("port %d, want %d-%d (ephemeral range from %d)", p, lo, hi, eph)
		}
	}
	t.Setenv("MYRIAD_E2E_PORTS", "9-x")
	if _, err := freePort(); err == nil {
		t.Fatal("a malformed MYRIAD_E2E_PORTS was accepted")
	}
}
