package server

import (
	"context"
	"database/sql/driver"
	"encoding/binary"
	"errors"
	"io"
	"math/rand"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// rawConn is a client connection that go-sql-driver authenticated; the test
// then speaks the protocol itself on the socket.
type rawConn struct {
	t *testing.T
	net.Conn
	wait time.Duration // how long recv waits for a packet (10 s if 0)
}

// rawSession connects and authenticates as root, then hands over the socket.
func (ts *testServer) rawSession(t *testing.T) *rawConn {
	return ts.rawSessionFlags(t, 0)
}

// rawSessionFlags is rawSession for a client that also announces the
// capability flags extra (which go-sql-driver cannot be asked to send).
func (ts *testServer) rawSessionFlags(t *testing.T, extra uint32) *rawConn {
	t.Helper()
	var sock net.Conn
	cfg := ts.clientConfig(extra)
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		sock = c
		return c, err
	}
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	dc, err := conn.Connect(context.Background())
	if err != nil {
		t.Fatalf("handshake: %v", err)
	}
	if err := dc.(driver.Pinger).Ping(context.Background()); err != nil {
		t.Fatalf("ping: %v", err)
	}
	rc := &rawConn{t: t, Conn: sock}
	t.Cleanup(func() { sock.Close() })
	return rc
}

// clientConfig is root's go-sql-driver configuration; a client whose
// handshake response announces the capability flags extra as well.
func (ts *testServer) clientConfig(extra uint32) *mysql.Config {
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "tcp", ts.srv.Addr().String()
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		if err != nil || extra == 0 {
			return c, err
		}
		return &flagConn{Conn: c, extra: extra}, nil
	}
	return cfg
}

// flagConn adds capability flags to the handshake response, the first
// packet the client writes (sequence 1, flags in its first 4 bytes).
type flagConn struct {
	net.Conn
	extra uint32
	done  bool
}

func (c *flagConn) Write(p []byte) (int, error) {
	if !c.done && len(p) >= 8 && p[3] == 1 {
		c.done = true
		p = append([]byte(nil), p...)
		flags := binary.LittleEndian.Uint32(p[4:]) | c.extra
		binary.LittleEndian.PutUint32(p[4:], flags)
	}
	return c.Conn.Write(p)
}

// send writes one packet.
func (c *rawConn) send(seq byte, payload []byte) {
	c.t.Helper()
	n := len(payload)
	if _, err := c.Write(append([]byte{byte(n), byte(n >> 8), byte(n >> 16), seq}, payload...)); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// recv reads one packet, failing the test on EOF or a stall.
func (c *rawConn) recv() (seq byte, payload []byte) {
	c.t.Helper()
	seq, payload, err := c.tryRecv()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return seq, payload
}

func (c *rawConn) tryRecv() (byte, []byte, error) {
	wait := c.wait
	if wait == 0 {
		wait = 10 * time.Second
	}
	c.SetReadDeadline(time.Now().Add(wait))
	var h [4]byte
	if _, err := io.ReadFull(c, h[:]); err != nil {
		return 0, nil, err
	}
	payload := make([]byte, int(h[0])|int(h[1])<<8|int(h[2])<<16)
	if _, err := io.ReadFull(c, payload); err != nil {
		return 0, nil, err
	}
	return h[3], payload, nil
}

// expectErr reads an ERR packet and checks its number, SQLSTATE and message.
func (c *rawConn) expectErr(code int, state, msg string) {
	c.t.Helper()
	_, p := c.recv()
	if len(p) < 9 || p[0] != 0xff {
		c.t.Fatalf("want ERR %d, got packet %q", code, p)
	}
	gotCode := int(binary.LittleEndian.Uint16(p[1:]))
	gotState, gotMsg := string(p[4:9]), string(p[9:])
	if gotCode != code || gotState != state || gotMsg != msg {
		c.t.Fatalf("got ERR %d (%s) %q, want %d (%s) %q", gotCode, gotState, gotMsg, code, state, msg)
	}
}

// ping checks the connection still answers commands.
func (c *rawConn) ping() {
	c.t.Helper()
	c.send(0, []byte{0x0e})
	for {
		_, p := c.recv()
		if len(p) > 0 && p[0] == 0x00 {
			return
		}
		if len(p) == 0 || p[0] != 0xfe { // leftover EOF packets are skipped
			c.t.Fatalf("COM_PING answered %q", p)
		}
	}
}

// expectClosed checks the server closes the connection (possibly after
// error packets) instead of waiting forever.
func (c *rawConn) expectClosed() {
	c.t.Helper()
	for {
		_, p, err := c.tryRecv()
		if err == nil {
			if len(p) == 0 || p[0] != 0xff {
				c.t.Fatalf("server answered %q before closing", p)
			}
			continue
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			c.t.Fatal("server kept the connection open")
		}
		return
	}
}

// canary is committed before the bad input; every case checks that a new
// client is served and the row is unchanged.
func setupCanary(t *testing.T, ts *testServer) {
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE canary")
	mustExec(t, db, "CREATE TABLE canary.t (id int PRIMARY KEY, v varchar(20))")
	mustExec(t, db, "INSERT INTO canary.t VALUES (1, 'committed')")
}

func checkCanary(t *testing.T, ts *testServer) {
	t.Helper()
	db := ts.connectWith("", "timeout=10s")
	got := queryRows(t, db, "SELECT id, v FROM canary.t")
	if len(got) != 1 || got[0][0] != "1" || got[0][1] != "committed" {
		t.Fatalf("canary rows after bad input: %v", got)
	}
	db.Close()
}

// TestProtocolBadInput sends malformed and hostile protocol input; after
// each, the server answers new clients and committed data is unchanged.
func TestProtocolBadInput(t *testing.T) {
	ts := startServer(t, t.TempDir())
	setupCanary(t, ts)
	addr := ts.srv.Addr().String()

	t.Run("truncated header before auth", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		rc := &rawConn{t: t, Conn: c}
		if _, p := rc.recv(); len(p) == 0 || p[0] != 10 {
			t.Fatalf("greeting: %q", p)
		}
		c.Write([]byte{0x20, 0x00})
		c.Close()
		checkCanary(t, ts)
	})

	t.Run("truncated header after auth", func(t *testing.T) {
		rc := ts.rawSession(t)
		rc.Write([]byte{0x05, 0x00})
		rc.Close()
		checkCanary(t, ts)
	})

	t.Run("length field beyond the bytes sent", func(t *testing.T) {
		rc := ts.rawSession(t)
		q := append([]byte{0x03}, "DELETE FROM canary.t"...)
		rc.Write(append([]byte{200, 0, 0, 0}, q...))
		rc.Conn.(*net.TCPConn).CloseWrite()
		rc.expectClosed()
		checkCanary(t, ts)
	})

	t.Run("garbage after auth", func(t *testing.T) {
		r := rand.New(rand.NewSource(4))
		for i := 0; i < 8; i++ {
			rc := ts.rawSession(t)
			junk := make([]byte, 1+r.Intn(8192))
			r.Read(junk)
			rc.Write(junk)
			rc.Conn.(*net.TCPConn).CloseWrite()
			rc.expectClosed()
		}
		checkCanary(t, ts)
	})

	t.Run("garbage before auth", func(t *testing.T) {
		r := rand.New(rand.NewSource(5))
		for i := 0; i < 8; i++ {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			rc := &rawConn{t: t, Conn: c}
			rc.recv()
			junk := make([]byte, 4+r.Intn(512))
			r.Read(junk)
			junk[3] = 1 // the handshake response's sequence number
			rc.Write(junk)
			c.(*net.TCPConn).CloseWrite()
			rc.expectClosed()
			c.Close()
		}
		checkCanary(t, ts)
	})

	t.Run("unknown command", func(t *testing.T) {
		rc := ts.rawSession(t)
		for _, cmd := range []byte{0x00, 0x7f, 0xff} {
			rc.send(0, []byte{cmd, 1, 2, 3})
			rc.expectErr(1047, "08S01", "Unknown command")
			rc.ping()
		}
		checkCanary(t, ts)
	})

	t.Run("COM_STMT_EXECUTE with an unknown statement id", func(t *testing.T) {
		rc := ts.rawSession(t)
		rc.send(0, []byte{0x17, 0xe7, 0x03, 0, 0, 0, 1, 0, 0, 0})
		rc.expectErr(1243, "HY000", "Unknown prepared statement handler (999) given to mysqld_stmt_execute")
		rc.ping()
		checkCanary(t, ts)
	})

	t.Run("malformed COM_STMT_EXECUTE parameters", func(t *testing.T) {
		rc := ts.rawSession(t)
		rc.send(0, append([]byte{0x16}, "SELECT v FROM canary.t WHERE id = ?"...))
		_, ok := rc.recv()
		if len(ok) < 12 || ok[0] != 0 {
			t.Fatalf("COM_STMT_PREPARE answered %q", ok)
		}
		id := ok[1:5]
		cols, params := binary.LittleEndian.Uint16(ok[5:]), binary.LittleEndian.Uint16(ok[7:])
		if params != 1 {
			t.Fatalf("prepared statement has %d parameters", params)
		}
		for i := 0; i < int(cols+params); i++ {
			rc.recv()
		}
		rc.ping() // also consumes EOF packets of clients without DEPRECATE_EOF
		head := append(append([]byte{0x17}, id...), 0, 1, 0, 0, 0)
		for name, p := range map[string][]byte{
			"no NULL bitmap":         head,
			"value missing":          append(append([]byte{}, head...), 0x00, 0x01, 0x08, 0x00),
			"value cut short":        append(append([]byte{}, head...), 0x00, 0x01, 0x08, 0x00, 1, 0, 0),
			"string length past end": append(append([]byte{}, head...), 0x00, 0x01, 0xfd, 0x00, 0xfc, 0xff, 0x7f, 'x'),
			"statement id cut short": {0x17, 1},
			"unknown parameter type": append(append([]byte{}, head...), 0x00, 0x01, 0xe0, 0x00, 1),
		} {
			t.Run(name, func(t *testing.T) {
				rc.t = t
				rc.send(0, p)
				rc.expectErr(1835, "HY000", "Malformed communication packet.")
				rc.ping()
			})
		}
		rc.t = t
		// The statement still executes with well-formed parameters.
		rc.send(0, append(append([]byte{}, head...), 0x00, 0x01, 0x08, 0x00, 1, 0, 0, 0, 0, 0, 0, 0))
		_, p := rc.recv()
		if len(p) != 1 || p[0] != 1 {
			t.Fatalf("execute: want a one-column result set, got %q", p)
		}
		checkCanary(t, ts)
	})

	t.Run("COM_QUERY over max_allowed_packet", func(t *testing.T) {
		db := ts.connect("")
		setGlobal(t, db, "max_allowed_packet", "1048576")
		rc := ts.rawSession(t)
		q := "INSERT INTO canary.t VALUES (2, '" + strings.Repeat("x", 2<<20) + "')"
		payload := append([]byte{0x03}, q...)
		n := len(payload)
		go rc.Write(append([]byte{byte(n), byte(n >> 8), byte(n >> 16), 0}, payload...))
		rc.expectErr(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes")
		rc.expectClosed()
		// A packet of exactly max_allowed_packet bytes is read and executed.
		small := ts.rawSession(t)
		q = "SELECT '" + strings.Repeat("y", 1048576-1-len("SELECT '' = ''")) + "' = ''"
		small.send(0, append([]byte{0x03}, q...))
		if _, p := small.recv(); len(p) != 1 || p[0] != 1 {
			t.Fatalf("query at the limit: %q", p)
		}
		checkCanary(t, ts)
	})
}
