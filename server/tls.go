package server

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// tlsConfig loads --tls-cert/--tls-key, or the data directory's
// auto-generated pair (Config.AutoTLS, autocert.go; serve's default). With
// Config.NoTLS (--skip-ssl), or without any pair, the server offers no
// TLS (the greeting does not advertise CLIENT_SSL), as MySQL built without
// certificates; --require-secure-transport then could never be satisfied,
// so that combination is refused at startup.
func tlsConfig(cfg Config) (*tls.Config, error) {
	if cfg.NoTLS {
		if cfg.TLSCert != "" || cfg.TLSKey != "" || cfg.RequireSecureTransport {
			return nil, errors.New("--skip-ssl cannot be combined with --tls-cert, --tls-key or --require-secure-transport")
		}
		return nil, nil
	}
	if cfg.TLSCert == "" && cfg.TLSKey == "" && cfg.AutoTLS {
		cert, key, err := autoCertPaths(cfg.DataDir)
		if err != nil {
			return nil, fmt.Errorf("auto-generated certificate: %w", err)
		}
		cfg.TLSCert, cfg.TLSKey = cert, key
	}
	if cfg.TLSCert == "" && cfg.TLSKey == "" {
		if cfg.RequireSecureTransport {
			return nil, errors.New("--require-secure-transport needs --tls-cert and --tls-key")
		}
		return nil, nil
	}
	if cfg.TLSCert == "" || cfg.TLSKey == "" {
		return nil, errors.New("--tls-cert and --tls-key must be given together")
	}
	cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate: %w", err)
	}
	// MySQL 8 accepts TLS 1.2 and 1.3 by default.
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// protocolListener is GMS's MySQL protocol listener with Myriad's
// authentication (users.go) in place of GMS's. Secure transport is enforced
// there too, not by the protocol library, which sends its refusal but then
// lets the handshake continue.
func (s *Server) protocolListener(cfg gmsserver.Config, lc mysql.ListenerConfig, sel gmsserver.ServerEventListener) (gmsserver.ProtocolListener, error) {
	lc.AuthServer = s.auth
	cfg.RequireSecureTransport = false
	return gmsserver.MySQLProtocolListenerFactory(cfg, lc, sel)
}

// tlsStatus sets the session's Ssl_cipher and Ssl_version when its
// connection is TLS (the handshake upgraded it before the first command,
// which builds the session); GMS left them empty. Cipher names are Go's
// (IANA) names, MySQL prints OpenSSL's (the same for TLS 1.3).
func tlsStatus(ctx *sql.Context, sess sql.Session, c *mysql.Conn) {
	tc, ok := tlsConnOf(c)
	if !ok {
		return
	}
	st := tc.ConnectionState()
	version := map[uint16]string{tls.VersionTLS12: "TLSv1.2", tls.VersionTLS13: "TLSv1.3"}[st.Version]
	_ = sess.SetStatusVariable(ctx, "Ssl_cipher", tls.CipherSuiteName(st.CipherSuite))
	_ = sess.SetStatusVariable(ctx, "Ssl_version", version)
}

// tlsConnOf is the connection's TLS layer, if it has one: the library's
// connection is either the TLS connection or the wire guard above it.
func tlsConnOf(c *mysql.Conn) (*tls.Conn, bool) {
	conn := c.Conn
	if w, ok := conn.(*wireConn); ok {
		conn = w.Conn
	}
	tc, ok := conn.(*tls.Conn)
	return tc, ok
}

// guardAboveTLS puts the wire guard (wire.go) above a connection's TLS
// layer once the handshake has upgraded it and the client has logged in.
// The protocol library makes the TLS connection over the socket the guard
// wrapped and reads its packets from a buffered reader over the TLS
// connection, so the guard would see only TLS records: every correction
// it makes (DO ?, a prepared statement's locking clause, max_allowed_packet,
// COM_PROCESS_KILL, a prepared CALL's result sets, MySQL's error numbers)
// would be lost to TLS clients. Here the guard takes the TLS connection as
// its own and the library's reader reads through the guard. Runs on the
// connection's goroutine, before the library sends the login's OK, so the
// client has sent nothing the reader could hold; if it has (a client
// pipelining its first command), the guard stays below TLS for that
// connection rather than lose those bytes.
func guardAboveTLS(c *mysql.Conn, w *wireConn) {
	tc, ok := c.Conn.(*tls.Conn)
	if !ok || w.overTLS {
		return
	}
	r := libReader(c)
	if r == nil || r.Buffered() > 0 {
		return
	}
	w.Conn = tc
	w.overTLS = true
	r.Reset(w)
}

// libReader is the library's buffered packet reader (mysql.Conn keeps it
// unexported; nil if the library's layout changed, and then the guard stays
// below TLS, which TestWireGuardOverTLS would notice).
func libReader(c *mysql.Conn) *bufio.Reader {
	f := reflect.ValueOf(c).Elem().FieldByName("bufferedReader")
	if !f.IsValid() || f.Type() != reflect.TypeOf((*bufio.Reader)(nil)) {
		return nil
	}
	r, _ := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().(*bufio.Reader)
	return r
}
