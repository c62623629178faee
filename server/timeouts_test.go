package server

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// setGlobal sets a numeric global variable for one test and restores its
// value (GMS's SET GLOBAL ... = DEFAULT keeps the current value).
func setGlobal(t *testing.T, db *sql.DB, name, value string) {
	t.Helper()
	var old string
	if err := db.QueryRow("SELECT @@global." + name).Scan(&old); err != nil {
		t.Fatal(err)
	}
	mustExec(t, db, "SET GLOBAL "+name+" = "+value)
	t.Cleanup(func() {
		if _, err := db.Exec("SET GLOBAL " + name + " = " + old); err != nil {
			t.Errorf("restore %s: %v", name, err)
		}
	})
}

// closedWithin waits (up to 10 s) for the server to close c, returning the
// packets it sent first and how long that took; open is set if it did not.
func closedWithin(c *rawConn) (pkts [][]byte, took time.Duration, open bool) {
	start := time.Now()
	for {
		_, p, err := c.tryRecv()
		if err != nil {
			var ne net.Error
			return pkts, time.Since(start), errors.As(err, &ne) && ne.Timeout()
		}
		pkts = append(pkts, p)
	}
}

// closeAll runs closedWithin on every connection at once (so their timeouts
// overlap) and hands each result to check, which may only use t.Error.
func closeAll(conns map[string]*rawConn, check func(name string, pkts [][]byte, took time.Duration, open bool)) {
	var wg sync.WaitGroup
	for name, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pkts, took, open := closedWithin(c)
			check(name, pkts, took, open)
		}()
	}
	wg.Wait()
}

// TestConnectTimeout: a client that stops in the handshake is dropped after
// connect_timeout; a client that logged in is not.
func TestConnectTimeout(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	setGlobal(t, db, "connect_timeout", "2") // its minimum
	addr := ts.srv.Addr().String()

	greeted := func() *rawConn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		rc := &rawConn{t: t, Conn: c}
		if _, p := rc.recv(); len(p) == 0 || p[0] != 10 {
			t.Fatalf("greeting: %q", p)
		}
		return rc
	}
	silent := greeted()
	half := greeted()
	half.Write([]byte{100, 0, 0, 1, 0x8d, 0xa6, 0x0f}) // 3 of 100 bytes
	loggedIn := ts.rawSession(t)

	closeAll(map[string]*rawConn{"nothing sent": silent, "half a handshake": half},
		func(name string, errs [][]byte, took time.Duration, open bool) {
			if open || len(errs) != 0 || took < 1500*time.Millisecond {
				t.Errorf("%s: closed after %v with %d packets; want a silent close after connect_timeout (2s)", name, took, len(errs))
			}
		})
	loggedIn.ping()
}

// TestWaitTimeout: a session idle past its wait_timeout is told so (4031)
// and closed; interactive clients start from interactive_timeout; a packet
// that stops halfway is dropped after net_read_timeout; other sessions are
// untouched.
func TestWaitTimeout(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	setGlobal(t, db, "interactive_timeout", "1")

	// Session value, set by the client.
	short := ts.rawSession(t)
	short.send(0, append([]byte{0x03}, "SET SESSION wait_timeout = 1"...))
	if _, p := short.recv(); len(p) == 0 || p[0] != 0 {
		t.Fatalf("SET wait_timeout answered %q", p)
	}
	// Interactive client, no statement.
	interactive := ts.rawSessionFlags(t, clientInteractive)
	// Neither: global wait_timeout (28800) applies.
	plain := ts.rawSession(t)
	// A packet that stops halfway waits net_read_timeout, not wait_timeout.
	halfway := ts.rawSession(t)
	halfway.send(0, append([]byte{0x03}, "SET SESSION net_read_timeout = 1"...))
	if _, p := halfway.recv(); len(p) == 0 || p[0] != 0 {
		t.Fatalf("SET net_read_timeout answered %q", p)
	}
	halfway.Write([]byte{100, 0, 0, 0, 0x03, 'S', 'E'})

	closeAll(map[string]*rawConn{"SET SESSION wait_timeout = 1": short, "interactive client": interactive, "halfway": halfway},
		func(name string, errs [][]byte, took time.Duration, open bool) {
			if open || took < 900*time.Millisecond {
				t.Errorf("%s: open %v after %v; want closed after 1s", name, open, took)
			}
			if name == "halfway" {
				if len(errs) != 0 {
					t.Errorf("%s: got %q before the close, want a silent close", name, errs)
				}
				return
			}
			if len(errs) != 1 || len(errs[0]) < 9 || errs[0][0] != 0xff {
				t.Errorf("%s: want one ERR packet before the close, got %q", name, errs)
				return
			}
			code, state := binary.LittleEndian.Uint16(errs[0][1:]), string(errs[0][4:9])
			if code != erClientInteractionTimeout || state != "HY000" {
				t.Errorf("%s: got error %d (%s) %q, want 4031 (HY000)", name, code, state, errs[0][9:])
			}
		})
	plain.ping()

	// What the sessions report, through the driver.
	for _, tc := range []struct {
		name  string
		extra uint32
		want  int64
	}{{"interactive", clientInteractive, 1}, {"not interactive", 0, 28800}} {
		conn, err := mysql.NewConnector(ts.clientConfig(tc.extra))
		if err != nil {
			t.Fatal(err)
		}
		cdb := sql.OpenDB(conn)
		var got int64
		err = cdb.QueryRowContext(context.Background(), "SELECT @@session.wait_timeout").Scan(&got)
		cdb.Close()
		if err != nil || got != tc.want {
			t.Errorf("%s client: @@session.wait_timeout = %d, %v; want %d", tc.name, got, err, tc.want)
		}
	}
}

// TestMaxAllowedPacketDefault: MySQL 8's 64 MiB, for the global value and
// the session's.
func TestMaxAllowedPacketDefault(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	want := []string{"67108864", "67108864"}
	q := "SELECT @@global.max_allowed_packet, @@session.max_allowed_packet"
	if got := queryRows(t, db, q); len(got) != 1 || got[0][0] != want[0] || got[0][1] != want[1] {
		t.Fatalf("default: %v, want %v", got, want)
	}
}

// TestWaitTimeoutTLS: the same over TLS, where the protocol library reads
// TLS records from the socket past the wire guard; the 4031 goes out
// encrypted.
func TestWaitTimeoutTLS(t *testing.T) {
	certFile, keyFile, cert := testCert(t, t.TempDir())
	registerTLS(t, "myriad-timeout-test", cert)
	ts := startTLSServer(t, t.TempDir(), certFile, keyFile, false)
	db := ts.mustLogin("root", "", "", "tls=myriad-timeout-test")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "SET SESSION wait_timeout = 1")
	time.Sleep(1500 * time.Millisecond)
	_, err = conn.ExecContext(ctx, "SELECT 1")
	if mysqlErrNo(err) != erClientInteractionTimeout {
		t.Fatalf("query after 1.5 s idle with wait_timeout = 1: %v, want error 4031", err)
	}
}
