package server

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/binary"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawTLSSession logs in as root over TLS, speaking the handshake itself
// (go-sql-driver keeps its TLS connection to itself), and returns the TLS
// connection for the test to send packets on.
func (ts *testServer) rawTLSSession(t *testing.T) *rawConn {
	t.Helper()
	sock, err := net.Dial("tcp", ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sock.Close() })
	plain := &rawConn{t: t, Conn: sock}
	_, greeting := plain.recv()
	if len(greeting) == 0 || greeting[0] != 10 {
		t.Fatalf("greeting: %q", greeting)
	}
	// CLIENT_LONG_PASSWORD, PROTOCOL_41, SSL, TRANSACTIONS,
	// SECURE_CONNECTION, PLUGIN_AUTH.
	const flags = 0x1 | 0x200 | 0x800 | 0x2000 | 0x8000 | 0x80000
	head := binary.LittleEndian.AppendUint32(nil, flags)
	head = binary.LittleEndian.AppendUint32(head, 1<<24)
	head = append(head, 45) // utf8mb4_general_ci
	head = append(head, make([]byte, 23)...)
	plain.send(1, head)
	tc := tls.Client(sock, &tls.Config{InsecureSkipVerify: true})
	if err := tc.Handshake(); err != nil {
		t.Fatalf("TLS handshake: %v", err)
	}
	rc := &rawConn{t: t, Conn: tc}
	resp := append(append([]byte(nil), head...), "root\x00"...)
	resp = append(resp, 0) // empty password
	resp = append(resp, "mysql_native_password\x00"...)
	rc.send(2, resp)
	for {
		seq, p := rc.recv()
		switch {
		case len(p) > 0 && p[0] == 0x00:
			return rc
		case len(p) > 0 && p[0] == 0xfe: // auth switch: still no password
			rc.send(seq+1, nil)
		default:
			t.Fatalf("login over TLS answered %q", p)
		}
	}
}

// TestWireGuardOverTLS: every correction the wire guard (wire.go) makes
// reaches TLS clients too, the guard reading the plaintext above TLS
// (guardAboveTLS): MySQL's error numbers for unknown commands, unknown and
// malformed COM_STMT_EXECUTE, COM_STMT_PREPARE syntax errors, DO and
// locking clauses the library's parser refuses, max_allowed_packet,
// COM_PROCESS_KILL, and a text PREPARE's OK packet as the mariadb CLI
// reads it. (A prepared CALL's result sets: TestCallPreparedOverTLS.)
func TestWireGuardOverTLS(t *testing.T) {
	certFile, keyFile, _ := testCert(t, t.TempDir())
	ts := startTLSServer(t, t.TempDir(), certFile, keyFile, false)
	setupCanary(t, ts)

	t.Run("go-sql-driver", func(t *testing.T) {
		db := ts.mustLogin("root", "", "canary", "tls=skip-verify")
		// The connection's first command is a prepared statement: the
		// session is built while the guard holds the reply path, and
		// still reports its TLS cipher.
		if r := queryRows(t, db, "SELECT ?", 1); len(r) != 1 || r[0][0] != "1" {
			t.Fatalf("SELECT ? over TLS: %v", r)
		}
		var n, cipher string
		if err := db.QueryRow("SHOW STATUS LIKE 'Ssl_cipher'").Scan(&n, &cipher); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(cipher, "TLS_") {
			t.Fatalf("Ssl_cipher %q: not a TLS session", cipher)
		}
		mustExec(t, db, "DO GET_LOCK(?, 0)", "tlslock")
		wantRows(t, ts.connect(""), "SELECT IS_FREE_LOCK('tlslock')", "0")
		ids, err := queryInts(t, db, "SELECT id FROM t WHERE id > ? FOR SHARE SKIP LOCKED", 0)
		if err != nil || len(ids) != 1 || ids[0] != 1 {
			t.Fatalf("prepared FOR SHARE SKIP LOCKED over TLS: %v %v", ids, err)
		}
		_, err = db.Prepare("SELECT v FORM t WHERE id = ?")
		wantError(t, "prepared syntax error over TLS", err, 1064,
			"You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 't WHERE id = ?' at line 1")
	})

	t.Run("raw protocol", func(t *testing.T) {
		rc := ts.rawTLSSession(t)
		for _, cmd := range []byte{0x00, 0x7f, 0xff} {
			rc.send(0, []byte{cmd, 1, 2, 3})
			rc.expectErr(1047, "08S01", "Unknown command")
			rc.ping()
		}
		rc.send(0, []byte{0x17, 0xe7, 0x03, 0, 0, 0, 1, 0, 0, 0})
		rc.expectErr(1243, "HY000", "Unknown prepared statement handler (999) given to mysqld_stmt_execute")
		rc.ping()
		rc.send(0, []byte{0x17, 1})
		rc.expectErr(1835, "HY000", "Malformed communication packet.")
		rc.ping()
	})

	t.Run("COM_PROCESS_KILL", func(t *testing.T) {
		// One connection, which database/sql must not replace.
		victim, err := ts.mustLogin("root", "", "", "tls=skip-verify").Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer victim.Close()
		var id uint32
		if err := victim.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
			t.Fatal(err)
		}
		rc := ts.rawTLSSession(t)
		rc.send(0, binary.LittleEndian.AppendUint32([]byte{0x0c}, id))
		if _, p := rc.recv(); len(p) == 0 || p[0] != 0x00 {
			t.Fatalf("COM_PROCESS_KILL over TLS answered %q", p)
		}
		rc.ping()
		if err := victim.QueryRowContext(context.Background(), "SELECT 1").Scan(new(int)); err == nil {
			t.Fatal("the killed connection still answers")
		}
	})

	t.Run("max_allowed_packet", func(t *testing.T) {
		setGlobal(t, ts.connect(""), "max_allowed_packet", "1048576")
		rc := ts.rawTLSSession(t)
		q := "INSERT INTO canary.t VALUES (2, '" + strings.Repeat("x", 2<<20) + "')"
		payload := append([]byte{0x03}, q...)
		n := len(payload)
		go rc.Write(append([]byte{byte(n), byte(n >> 8), byte(n >> 16), 0}, payload...))
		rc.expectErr(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes")
		rc.expectClosed()
		small := ts.rawTLSSession(t)
		q = "SELECT '" + strings.Repeat("y", 1048576-1-len("SELECT '' = ''")) + "' = ''"
		small.send(0, append([]byte{0x03}, q...))
		if _, p := small.recv(); len(p) != 1 || p[0] != 1 {
			t.Fatalf("query at the limit over TLS: %q", p)
		}
		checkCanary(t, ts)
	})

	t.Run("mariadb CLI", func(t *testing.T) {
		out := cliRunArgs(t, ts, "--ssl", "-Dcanary", "-e",
			"SHOW STATUS LIKE 'Ssl_version'; PREPARE s FROM 'SELECT v FROM t WHERE id = ?'; SET @i = 1; EXECUTE s USING @i; DEALLOCATE PREPARE s")
		if !strings.Contains(out, "Ssl_version\tTLSv1.") || !strings.HasSuffix(out, "committed\n") {
			t.Fatalf("mariadb --ssl printed %q", out)
		}
	})
}

// cliRunArgs runs the mariadb CLI (batch mode, no column names) with args
// against ts and returns its output.
func cliRunArgs(t *testing.T, ts *testServer, args ...string) string {
	t.Helper()
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := strconv.Atoi(port); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "mariadb", append([]string{"--no-defaults", "--protocol=tcp", "-h" + host, "-P" + port, "-uroot",
		"--batch", "--skip-column-names"}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("mariadb: %v\n%s%s", err, out.String(), errOut.String())
	}
	return out.String()
}
