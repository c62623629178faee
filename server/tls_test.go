package server

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"database/sql"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/kv"
)

// testCert writes a self-signed certificate for 127.0.0.1 and its key as
// PEM files in dir and returns their paths and the certificate.
func testCert(t *testing.T, dir string) (certFile, keyFile string, cert *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "myriad-test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err = x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile, cert
}

func startTLSServer(t *testing.T, dir, certFile, keyFile string, require bool) *testServer {
	t.Helper()
	srv, err := Open(Config{
		DataDir: dir, Port: 0, Durability: kv.Async, TLSCert: certFile, TLSKey: keyFile,
		RequireSecureTransport: require, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatalf("open server: %v", err)
	}
	go srv.Serve()
	t.Cleanup(func() { srv.Close() })
	return &testServer{t: t, srv: srv, dir: dir}
}

// registerTLS registers a client TLS configuration trusting only cert and
// counts the handshakes that verified it.
func registerTLS(t *testing.T, name string, cert *x509.Certificate) *atomic.Int64 {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	var n atomic.Int64
	err := mysql.RegisterTLSConfig(name, &tls.Config{
		RootCAs: pool, ServerName: "127.0.0.1",
		VerifyConnection: func(cs tls.ConnectionState) error {
			if len(cs.PeerCertificates) > 0 && cs.PeerCertificates[0].Equal(cert) {
				n.Add(1)
			}
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mysql.DeregisterTLSConfig(name) })
	return &n
}

// TestTLS: with --tls-cert/--tls-key, clients connect over TLS with the
// configured certificate, plain clients still may; caching_sha2_password
// authenticates fully over TLS, then by its fast path (the cache) over plain
// TCP, and a password change invalidates the cache. Accounts persist.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, cert := testCert(t, t.TempDir())
	handshakes := registerTLS(t, "myriad-tls-test", cert)
	ts := startTLSServer(t, dir, certFile, keyFile, false)

	root := ts.mustLogin("root", "", "", "tls=myriad-tls-test")
	if handshakes.Load() == 0 {
		t.Fatal("TLS connection did not verify the server's certificate")
	}
	mustExec(t, root, "CREATE USER 's'@'%' IDENTIFIED WITH caching_sha2_password BY 'sx'")
	ts.mustLogin("root", "", "", "") // TLS is optional

	// Not cached yet: full authentication needs TLS (MySQL would use RSA).
	_, err := ts.login("s", "sx", "", "")
	wantError(t, "sha2 over plain TCP before any TLS login", err, 1045, "Access denied for user 's'@'localhost' (using password: YES)")
	_, err = ts.login("s", "bad", "", "tls=myriad-tls-test")
	wantError(t, "sha2 wrong password over TLS", err, 1045, "Access denied for user 's'@'localhost' (using password: YES)")
	before := handshakes.Load()
	s := ts.mustLogin("s", "sx", "", "tls=myriad-tls-test")
	if handshakes.Load() == before {
		t.Fatal("sha2 login did not use TLS")
	}
	var one int
	if err := s.QueryRow("SELECT 1").Scan(&one); err != nil {
		t.Fatal(err)
	}
	// Cached: the fast path works without TLS, for the right password only.
	ts.mustLogin("s", "sx", "", "")
	_, err = ts.login("s", "bad", "", "")
	wantError(t, "sha2 wrong password, plain TCP", err, 1045, "Access denied for user 's'@'localhost' (using password: YES)")

	mustExec(t, root, "SET PASSWORD FOR 's'@'%' = 'sy'")
	_, err = ts.login("s", "sx", "", "")
	wantError(t, "old password from the cache", err, 1045, "Access denied for user 's'@'localhost' (using password: YES)")
	_, err = ts.login("s", "sy", "", "")
	wantError(t, "new password before a TLS login", err, 1045, "Access denied for user 's'@'localhost' (using password: YES)")
	ts.mustLogin("s", "sy", "", "tls=myriad-tls-test")
	ts.mustLogin("s", "sy", "", "")

	if err := ts.srv.Close(); err != nil {
		t.Fatal(err)
	}
	ts = startTLSServer(t, dir, certFile, keyFile, false)
	plugin := queryRows(t, ts.mustLogin("root", "", "", "tls=myriad-tls-test"), "SELECT plugin FROM mysql.user WHERE user = 's'")
	if len(plugin) != 1 || plugin[0][0] != "caching_sha2_password" {
		t.Fatalf("plugin after restart: %v", plugin)
	}
	ts.mustLogin("s", "sy", "", "tls=myriad-tls-test")
	_, err = ts.login("s", "sx", "", "tls=myriad-tls-test")
	wantError(t, "old password after restart", err, 1045, "Access denied for user 's'@'localhost' (using password: YES)")
}

// TestRequireSecureTransport: plain clients are refused with 3159 before
// any authentication; TLS clients are served.
func TestRequireSecureTransport(t *testing.T) {
	certFile, keyFile, cert := testCert(t, t.TempDir())
	registerTLS(t, "myriad-require-test", cert)
	ts := startTLSServer(t, t.TempDir(), certFile, keyFile, true)
	msg := "Connections using insecure transport are prohibited while --require_secure_transport=ON."
	_, err := ts.login("root", "", "", "")
	wantError(t, "plain root", err, 3159, msg)
	_, err = ts.login("nobody", "x", "", "")
	wantError(t, "plain unknown user", err, 3159, msg)
	root := ts.mustLogin("root", "", "", "tls=myriad-require-test")
	mustExec(t, root, "CREATE DATABASE d")

	_, err = Open(Config{DataDir: t.TempDir(), Port: 0, RequireSecureTransport: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err == nil || !strings.Contains(err.Error(), "--tls-cert") {
		t.Fatalf("--require-secure-transport without a certificate: %v", err)
	}
}

// TestAutoCertsAndSslCipher: with Config.AutoTLS (serve
// --auto-generate-certs) a server without --tls-cert/--tls-key makes a
// self-signed pair in its data directory, offers TLS with it, and reuses it
// after a restart; a TLS session's Ssl_cipher and Ssl_version name the
// cipher suite and version (go-sql-driver's TestTLS needs Ssl_cipher), a
// plain session's are empty.
func TestAutoCertsAndSslCipher(t *testing.T) {
	dir := t.TempDir()
	start := func() *testServer {
		srv, err := Open(Config{DataDir: dir, Port: 0, Durability: kv.Async, AutoTLS: true,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatalf("open server: %v", err)
		}
		go srv.Serve()
		t.Cleanup(func() { srv.Close() })
		return &testServer{t: t, srv: srv, dir: dir}
	}
	ts := start()
	certPEM, err := os.ReadFile(filepath.Join(dir, "server-cert.pem"))
	if err != nil {
		t.Fatal(err)
	}
	status := func(db interface {
		QueryRow(string, ...any) *sql.Row
	}, name string) string {
		var n, v string
		if err := db.QueryRow("SHOW STATUS LIKE '"+name+"'").Scan(&n, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	secure := ts.connectWith("", "tls=skip-verify")
	if c, v := status(secure, "Ssl_cipher"), status(secure, "Ssl_version"); !strings.HasPrefix(c, "TLS_") || !strings.HasPrefix(v, "TLSv1.") {
		t.Errorf("TLS session: Ssl_cipher %q, Ssl_version %q", c, v)
	}
	plain := ts.connectWith("", "tls=false")
	if c := status(plain, "Ssl_cipher"); c != "" {
		t.Errorf("plain session: Ssl_cipher %q", c)
	}
	ts.srv.Close()
	ts = start()
	again, err := os.ReadFile(filepath.Join(dir, "server-cert.pem"))
	if err != nil || string(again) != string(certPEM) {
		t.Fatalf("certificate not reused after a restart (%v)", err)
	}
	if c := status(ts.connectWith("", "tls=skip-verify"), "Ssl_cipher"); c == "" {
		t.Error("no Ssl_cipher after a restart")
	}
}
