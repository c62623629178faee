package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTLSByDefault: `myriad serve` offers TLS with a certificate it makes in
// the data directory on the first start (MySQL 8's auto_generate_certs),
// without requiring it; the mariadb client takes it as offered and the
// wire guard's corrections still reach it (here a text PREPARE's OK packet,
// which the client could not read without them; the rest in
// server.TestWireGuardOverTLS); go-sql-driver's default stays plain text.
// `--skip-ssl` offers none, and refuses to start with a certificate.
func TestTLSByDefault(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	for _, f := range []string{"server-cert.pem", "server-key.pem"} {
		if _, err := os.Stat(filepath.Join(s.DataDir, f)); err != nil {
			t.Fatalf("auto-generated %s: %v", f, err)
		}
	}
	out := mariadbQuery(t, s, "SHOW STATUS LIKE 'Ssl_version'; PREPARE p FROM 'SELECT 1 + ?'; SET @a = 41; EXECUTE p USING @a")
	if !strings.Contains(out, "Ssl_version\tTLSv1.") || !strings.Contains(out, "\n42\n") {
		t.Fatalf("mariadb client against a default server printed %q", out)
	}
	plain := s.RunTool(t, nil, "mariadb", "--skip-ssl", "-N", "-e", "SHOW STATUS LIKE 'Ssl_cipher'")
	if strings.TrimSpace(string(plain)) != "Ssl_cipher" {
		t.Fatalf("mariadb --skip-ssl: %q, want an empty Ssl_cipher", plain)
	}
	var name, cipher string
	if err := s.DB("").QueryRow("SHOW STATUS LIKE 'Ssl_cipher'").Scan(&name, &cipher); err != nil || cipher != "" {
		t.Fatalf("go-sql-driver's default connection: Ssl_cipher %q (%v), want plain text", cipher, err)
	}

	off := StartServer(t, "--durability", "async", "--skip-ssl")
	out = mariadbQuery(t, off, "SHOW STATUS LIKE 'Ssl_cipher'")
	if strings.Contains(out, "TLS_") {
		t.Fatalf("--skip-ssl server: %q", out)
	}
	if _, err := os.Stat(filepath.Join(off.DataDir, "server-cert.pem")); !os.IsNotExist(err) {
		t.Fatalf("--skip-ssl made a certificate (%v)", err)
	}
	code, _, stderr := runMyriad(t, "serve", "--data-dir", t.TempDir(), "--port", "0", "--skip-ssl",
		"--tls-cert", filepath.Join(s.DataDir, "server-cert.pem"), "--tls-key", filepath.Join(s.DataDir, "server-key.pem"))
	if code == 0 || !strings.Contains(stderr, "--skip-ssl cannot be combined") {
		t.Fatalf("--skip-ssl with --tls-cert: exit %d, %q", code, stderr)
	}
}
