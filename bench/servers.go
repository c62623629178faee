package bench

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// Server is a database server process a side-by-side run started on a
// throwaway data directory: Myriad (this binary's `serve`) or MariaDB
// from Debian (mariadbd). Both listen on loopback only.
type Server struct {
	Name   string
	Target Target
	cmd    *exec.Cmd
	log    *os.File
	exited chan struct{} // closed when the process has ended
}

// freePort asks the kernel for a loopback port nobody listens on.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// StartMyriad runs `bin serve` on a new data directory under dir with the
// given --durability (sync or async) and extra flags, and waits until it
// answers.
func StartMyriad(ctx context.Context, bin, dir, durability string, extra ...string) (*Server, error) {
	return StartMyriadOn(ctx, bin, dir, durability, 0, extra...)
}

// StartMyriadOn is StartMyriad listening on port (0: a free one).
func StartMyriadOn(ctx context.Context, bin, dir, durability string, port int, extra ...string) (*Server, error) {
	port, err := portOr(port)
	if err != nil {
		return nil, err
	}
	args := append([]string{"serve", "--data-dir", filepath.Join(dir, "myriad-"+durability),
		"--port", strconv.Itoa(port), "--durability", durability, "--log-level", "warn"}, extra...)
	return startServer(ctx, "myriad", dir, port, exec.Command(bin, args...))
}

// StartMariaDB initializes a MariaDB data directory under dir
// (mariadb-install-db) and runs mariadbd on it with
// innodb_flush_log_at_trx_commit = flush (0: a write per second, as
// Myriad's async; 1: fsync per commit, as its sync) and the reference
// configuration of ../shared/REFERENCE.md (1 GiB buffer pool, binlog off).
// root may connect over TCP from loopback without a password.
func StartMariaDB(ctx context.Context, mariadbd, dir string, flush int) (*Server, error) {
	return StartMariaDBOn(ctx, mariadbd, dir, flush, 0)
}

// StartMariaDBOn is StartMariaDB listening on port (0: a free one), with
// extra mariadbd options after the reference ones (a later option wins).
func StartMariaDBOn(ctx context.Context, mariadbd, dir string, flush, port int, extra ...string) (*Server, error) {
	data := filepath.Join(dir, "mariadb-"+strconv.Itoa(flush))
	sock := data + ".sock"
	user := []string{}
	if os.Geteuid() == 0 {
		user = []string{"--user=root"}
	}
	install := exec.CommandContext(ctx, "mariadb-install-db",
		append([]string{"--no-defaults", "--datadir=" + data, "--auth-root-authentication-method=normal"}, user...)...)
	if out, err := install.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mariadb-install-db: %v\n%s", err, out)
	}
	port, err := portOr(port)
	if err != nil {
		return nil, err
	}
	args := append([]string{"--no-defaults"}, user...)
	args = append(args, "--datadir="+data, "--socket="+sock, "--port="+strconv.Itoa(port),
		"--bind-address=127.0.0.1", "--skip-log-bin", "--innodb-buffer-pool-size=1G",
		"--innodb-flush-log-at-trx-commit="+strconv.Itoa(flush), "--max-connections=1000",
		// root@localhost is a socket account; sysbench comes over TCP.
		"--skip-grant-tables")
	args = append(args, extra...)
	return startServer(ctx, "mariadb", dir, port, exec.Command(mariadbd, args...))
}

// portOr is port, or a free one when port is 0.
func portOr(port int) (int, error) {
	if port != 0 {
		return port, nil
	}
	return freePort()
}

// PID is the server's process id (for its RSS in /proc).
func (s *Server) PID() int { return s.cmd.Process.Pid }

func startServer(ctx context.Context, name, dir string, port int, cmd *exec.Cmd) (*Server, error) {
	log, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s-%d.log", name, port)))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	s := &Server{Name: name, Target: Target{Host: "127.0.0.1", Port: port, User: "root"}, cmd: cmd, log: log,
		exited: make(chan struct{})}
	go func() { cmd.Wait(); close(s.exited) }()
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.exited: // a server that dies at start-up fails the wait at once
			cancel()
		case <-wctx.Done():
		}
	}()
	if _, err := s.Target.WaitReady(wctx, "SELECT 1", 2*time.Minute); err != nil {
		s.Stop()
		return nil, fmt.Errorf("%s did not start (log %s): %w", name, log.Name(), err)
	}
	return s, nil
}

// Stop ends the server (SIGTERM, then SIGKILL after 30 s) and waits for it.
func (s *Server) Stop() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-s.exited
	}
	s.log.Close()
}
