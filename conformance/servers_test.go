package conformance

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/server"
)

// startMyriad runs an in-process Myriad over a fresh data directory and
// returns its address.
func startMyriad(t testing.TB) string {
	t.Helper()
	srv, err := server.Open(server.Config{
		DataDir: t.TempDir(), Host: "127.0.0.1", Port: 0, Durability: kv.Async,
		// Small caches and no free-space guard: CI runs many of these on small disks.
		BlockCacheBytes: 32 << 20, CatalogCacheBytes: 8 << 20, MinFreeSpace: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatalf("open myriad: %v", err)
	}
	go srv.Serve()
	t.Cleanup(func() { srv.Close() })
	return srv.Addr().String()
}

// myriadDSN is the go-sql-driver DSN for database db on a Myriad at addr.
//
// The connection asks for MySQL 8.0's default collation: the server takes
// the collation a client names in its handshake (as MySQL does), and
// go-sql-driver names utf8mb4_general_ci unless told; the corpus's
// expectations are MySQL 8.0's with its default.
func myriadDSN(addr, db string) string {
	return fmt.Sprintf("root@tcp(%s)/%s?collation=utf8mb4_0900_ai_ci", addr, db)
}

// mysqlDefaultSQLMode is MySQL 8.0's default sql_mode; MariaDB runs with it
// so that both servers are asked the same question.
const mysqlDefaultSQLMode = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"

// startMariaDB runs a throwaway mariadbd on a temporary data directory,
// reachable only through a unix socket (no port to collide on), and returns
// the DSN prefix "root@unix(<socket>)/". A missing mariadbd is a failure,
// not a skip: the differential test is only worth something when it runs.
func startMariaDB(t testing.TB) string {
	t.Helper()
	mariadbd, err := exec.LookPath("mariadbd")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/mariadbd"); serr == nil {
			mariadbd = "/usr/sbin/mariadbd"
		} else {
			t.Fatalf("mariadbd not found (the differential test needs MariaDB 10.11 as its reference): " +
				"apt-get install -y mariadb-server mariadb-client")
		}
	}
	installDB, err := exec.LookPath("mariadb-install-db")
	if err != nil {
		t.Fatalf("mariadb-install-db not found: apt-get install -y mariadb-server mariadb-client")
	}
	// A short directory: unix socket paths are limited to ~107 bytes.
	dir, err := os.MkdirTemp("", "myriad-conf-maria")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	data := filepath.Join(dir, "data")
	sock := filepath.Join(dir, "s.sock")
	out, err := exec.Command(installDB, "--no-defaults", "--datadir="+data, "--user=root",
		"--auth-root-authentication-method=normal", "--skip-test-db").CombinedOutput()
	if err != nil {
		t.Fatalf("mariadb-install-db: %v\n%s", err, out)
	}
	logf, err := os.Create(filepath.Join(dir, "mariadb.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mariadbd, "--no-defaults", "--user=root", "--datadir="+data,
		"--socket="+sock, "--skip-networking", "--skip-log-bin",
		"--innodb-buffer-pool-size=64M", "--innodb-log-file-size=48M",
		"--innodb-flush-log-at-trx-commit=0", "--default-time-zone=+00:00",
		"--sql-mode="+mysqlDefaultSQLMode,
		"--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
		"--pid-file="+filepath.Join(dir, "m.pid"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("start mariadbd: %v", err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		logf.Close()
	})
	dsn := fmt.Sprintf("root@unix(%s)/", sock)
	deadline := time.Now().Add(60 * time.Second)
	for {
		db, err := sql.Open("mysql", dsn)
		if err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			err = db.PingContext(ctx)
			cancel()
			db.Close()
			if err == nil {
				loadZones(t, sock)
				return dsn
			}
		}
		select {
		case <-done:
			log, _ := os.ReadFile(filepath.Join(dir, "mariadb.log"))
			t.Fatalf("mariadbd exited: %s", log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("mariadbd did not answer within 60s: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// corpusZones are the named time zones the corpus sets (the DST cases of
// 208_tzrepeat.sql); a fresh MariaDB has no time zone tables and refuses
// every name with 1298, as MySQL without them does.
var corpusZones = []string{"America/New_York", "Europe/Berlin"}

// loadZones fills the reference MariaDB's time zone tables for
// corpusZones from the host's zoneinfo (the data Go's time/tzdata also
// carries), with mariadb-tzinfo-to-sql.
func loadZones(t testing.TB, sock string) {
	t.Helper()
	for _, z := range corpusZones {
		sqlText, err := exec.Command("mariadb-tzinfo-to-sql", filepath.Join("/usr/share/zoneinfo", z), z).Output()
		if err != nil {
			t.Fatalf("mariadb-tzinfo-to-sql %s: %v", z, err)
		}
		cmd := exec.Command("mariadb", "--no-defaults", "-S", sock, "-uroot", "mysql")
		cmd.Stdin = bytes.NewReader(sqlText)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("loading time zone %s: %v\n%s", z, err, out)
		}
	}
}
