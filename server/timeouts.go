package server

// Connection timeouts, enforced on the socket as MySQL does: connect_timeout
// bounds the whole handshake from accept to a successful login (a client that
// sends half a handshake, or nothing, is dropped instead of holding a
// connection forever); wait_timeout bounds the wait for the next command and
// closes an idle session with ER_CLIENT_INTERACTION_TIMEOUT (4031), the
// session's value starting from interactive_timeout for clients that say they
// are interactive; net_read_timeout bounds the rest of a packet once it has
// begun. The protocol library only knows fixed per-read timeouts, so the wire
// guard (wire.go), which knows where the client is in the protocol, sets the
// read deadline before every read of the socket.

import (
	"context"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"net"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// clientInteractive is CLIENT_INTERACTIVE, which the protocol library drops
// from the capabilities it keeps.
const clientInteractive = 0x400

// erClientInteractionTimeout is MySQL 8's ER_CLIENT_INTERACTION_TIMEOUT,
// sent (since 8.0.24) before closing a session idle past wait_timeout.
// MariaDB closes without a word; MySQL's behaviour is the target.
const erClientInteractionTimeout = 4031

// maxWaitTimeout is wait_timeout's upper bound (one year).
const maxWaitTimeout = 31536000

var errIdleTimeout = errPacket(0, erClientInteractionTimeout, "HY000",
	"The client was disconnected by the server because of inactivity. See wait_timeout and interactive_timeout for configuring this behavior.")

// connTimeouts is a connection's deadline state. Except for sess, it is used
// only on the connection's goroutine (reads, authentication).
type connTimeouts struct {
	connectBy   time.Time // accept + connect_timeout
	authed      bool      // login succeeded: commands, not the handshake
	hello       [8]byte   // the first packet's header and capability flags
	helloN      int
	interactive bool

	// sess is the session's context once GMS built the session (its first
	// command), for the session's wait_timeout and net_read_timeout.
	sess atomic.Pointer[sql.Context]
}

func (t *connTimeouts) start(now time.Time) {
	t.connectBy = now.Add(time.Duration(globalInt("connect_timeout", 10)) * time.Second)
}

// readDeadline is when the next read of the socket gives up; idle means the
// read waits for a new packet rather than the rest of one.
func (t *connTimeouts) readDeadline(idle bool) time.Time {
	if !t.authed {
		return t.connectBy
	}
	if idle {
		return time.Now().Add(t.waitTimeout())
	}
	return time.Now().Add(t.sessionInt("net_read_timeout", 30))
}

// waitTimeout is the session's wait_timeout; before the session exists, the
// value it will start with.
func (t *connTimeouts) waitTimeout() time.Duration {
	if t.sess.Load() != nil {
		return t.sessionInt("wait_timeout", 28800)
	}
	if t.interactive {
		return time.Duration(globalInt("interactive_timeout", 28800)) * time.Second
	}
	return time.Duration(globalInt("wait_timeout", 28800)) * time.Second
}

// sessionInt reads a whole-seconds session variable (the global value until
// the session exists).
func (t *connTimeouts) sessionInt(name string, def int64) time.Duration {
	if ctx := t.sess.Load(); ctx != nil {
		if v, err := ctx.Session.GetSessionVariable(ctx, name); err == nil {
			if n, ok := intValue(v); ok {
				return time.Duration(n) * time.Second
			}
		}
	}
	return time.Duration(globalInt(name, def)) * time.Second
}

// noteHello records the client's capability flags from the first bytes it
// sends: the handshake response (or the SSL request, which carries the same
// flags), whose 4-byte header the protocol library reads straight from the
// socket, as it does the payload.
func (t *connTimeouts) noteHello(b []byte) {
	if t.helloN == len(t.hello) {
		return
	}
	t.helloN += copy(t.hello[t.helloN:], b)
	if t.helloN == len(t.hello) {
		t.interactive = binary.LittleEndian.Uint32(t.hello[4:])&clientInteractive != 0
	}
}

// idleExpired tells the client why an idle session ends, on reply (the
// connection's writer, TLS or not), when err is the wait_timeout deadline.
func (t *connTimeouts) idleExpired(err error, idle bool, reply net.Conn) {
	var ne net.Error
	if !t.authed || !idle || reply == nil || !errors.As(err, &ne) || !ne.Timeout() {
		return
	}
	reply.SetWriteDeadline(time.Now().Add(time.Second))
	reply.Write(errIdleTimeout)
}

// globalInt reads an integer global system variable.
func globalInt(name string, def int64) int64 {
	if _, v, ok := sql.SystemVariables.GetGlobal(name); ok {
		if n, ok := intValue(v); ok {
			return n
		}
	}
	return def
}

func intValue(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case uint64:
		return int64(n), true
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case uint32:
		return int64(n), true
	}
	return 0, false
}

// sockConn is the socket as the protocol library sees it during the
// handshake (it reads the first packet straight from it, past the wire
// guard, and makes its TLS connection over it): its reads get the
// connection's deadline until the login, when the guard moves above TLS
// (guardAboveTLS) and sets them itself. Without TLS, the first command hands the library
// the bare socket again (wireConn.route).
type sockConn struct {
	net.Conn
	w *wireConn
}

func (s sockConn) Read(p []byte) (int, error) {
	if s.w.overTLS {
		// The guard above TLS (guardAboveTLS) sets the deadlines: it
		// sees the packets.
		return s.Conn.Read(p)
	}
	// Below TLS the packet framing is not visible here: every read is
	// treated as a wait for the next command.
	s.Conn.SetReadDeadline(s.w.readDeadline(true))
	n, err := s.Conn.Read(p)
	s.w.noteHello(p[:n])
	if n == 0 && s.w.mc != nil {
		s.w.idleExpired(err, true, s.w.mc.Conn) // the TLS connection
	}
	return n, err
}

// wireOf finds the wire guard of a connection during or right after its
// handshake (nil if it has none).
func wireOf(c *mysql.Conn) *wireConn {
	conn := c.Conn
	if t, ok := conn.(*tls.Conn); ok {
		conn = t.NetConn()
	}
	switch w := conn.(type) {
	case sockConn:
		return w.w
	case *wireConn:
		return w
	}
	return nil
}

// authenticated switches the connection from connect_timeout to the
// command-phase timeouts.
func authenticated(c *mysql.Conn) {
	if w := wireOf(c); w != nil {
		w.authed = true
		guardAboveTLS(c, w)
	}
}

// sessionBuilder wraps the engine's: a new session (first command, or
// COM_RESET_CONNECTION) starts its wait_timeout from interactive_timeout for
// interactive clients, as in MySQL, and is what the wire guard reads its
// timeouts from.
func (s *Server) sessionBuilder() func(context.Context, *mysql.Conn, string) (sql.Session, error) {
	build := s.eng.NewSessionBuilder(func(id uint32) *sql.BaseSession {
		if v, ok := s.preSessions.LoadAndDelete(id); ok {
			return v.(*sql.BaseSession)
		}
		return nil
	})
	return func(ctx context.Context, c *mysql.Conn, addr string) (sql.Session, error) {
		sess, err := build(ctx, c, addr)
		if err != nil {
			return nil, err
		}
		// GMS names the connection's user in the process list only when
		// a database is chosen (COM_INIT_DB or the handshake's): a client
		// connecting without one stayed "unauthenticated user" in SHOW
		// PROCESSLIST for its whole life.
		s.sqle.ProcessList.ConnectionReady(sess)
		sctx := sql.NewContext(context.Background(), sql.WithSession(sess))
		handshakeCollation(sctx, sess, c)
		tlsStatus(sctx, sess, c)
		v, ok := s.wires.Load(c.ConnectionID)
		if !ok {
			return sess, nil
		}
		w := v.(*wireConn)
		if w.interactive {
			// interactive_timeout may exceed wait_timeout's range; MySQL
			// clamps such a value to the range's end.
			v := min(globalInt("interactive_timeout", 28800), maxWaitTimeout)
			if err := sess.SetSessionVariable(sctx, "wait_timeout", v); err != nil {
				return nil, err
			}
		}
		w.sess.Store(sctx)
		return sess, nil
	}
}
