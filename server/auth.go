package server

// Authentication: who may connect, and with which password, the way MySQL 8
// decides it (mysql_native_password and caching_sha2_password with its
// fast-authentication cache, error 1045 in MySQL's words,
// --require-secure-transport). Privileges once connected are
// privileges.go's; where accounts are stored is accounts.go's.

import (
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"log/slog"
	"net"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/vitess/go/mysql"
)

// clientHost is the host MySQL names a client by in its messages and the
// one GMS matches accounts with: loopback is "localhost".
func clientHost(addr net.Addr) string {
	if addr == nil || addr.Network() == "unix" {
		return "localhost"
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		host = addr.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return "localhost"
	}
	return host
}

// accessDenied is MySQL's ER_ACCESS_DENIED_ERROR. It is the same for an
// unknown user, a locked account and a wrong password, so a client cannot
// probe which accounts exist.
func accessDenied(user, host string, usedPassword bool) error {
	yes := "NO"
	if usedPassword {
		yes = "YES"
	}
	return mysql.NewSQLError(mysql.ERAccessDeniedError, mysql.SSAccessDeniedError,
		"Access denied for user '%s'@'%s' (using password: %s)", user, host, yes)
}

// errInsecureTransport is ER_SECURE_TRANSPORT_REQUIRED (3159).
var errInsecureTransport = mysql.NewSQLError(3159, "HY000",
	"Connections using insecure transport are prohibited while --require_secure_transport=ON.")

// authServer replaces GMS's: GMS answers an unknown user with "No
// authentication methods available" (2012) instead of 1045, words 1045
// differently, offers caching_sha2_password only over TLS and has no
// fast-authentication cache, and the protocol library's
// require_secure_transport sends its error packet but then carries on
// authenticating.
type authServer struct {
	log        *slog.Logger
	mdb        *mysql_db.MySQLDb
	requireTLS bool
	methods    []mysql.AuthMethod

	// sha2Cache is caching_sha2_password's fast-authentication cache:
	// SHA256(SHA256(password)) of accounts that completed a full
	// authentication since startup, as in MySQL. An entry remembers the
	// stored authentication string it was verified against, so changing or
	// dropping the account invalidates it without any hook.
	mu        sync.Mutex
	sha2Cache map[mysql_db.UserPrimaryKey]sha2Entry

	// hosts: connection ID -> client host, for the messages that name it.
	hosts sync.Map
}

type sha2Entry struct {
	authString string
	hash       []byte
}

func newAuthServer(log *slog.Logger, mdb *mysql_db.MySQLDb, requireTLS bool) *authServer {
	a := &authServer{log: log, mdb: mdb, requireTLS: requireTLS, sha2Cache: map[mysql_db.UserPrimaryKey]sha2Entry{}}
	native := mysql.NewMysqlNativeAuthMethod(nativeStorage{a}, validator{a, mysql.MysqlNativePassword})
	sha2 := mysql.NewSha2CachingAuthMethod(sha2Storage{a}, sha2Storage{a}, validator{a, mysql.CachingSha2Password})
	a.methods = []mysql.AuthMethod{
		&authMethod{AuthMethod: native, a: a, plugin: mysql.MysqlNativePassword},
		&authMethod{AuthMethod: sha2, a: a, plugin: mysql.CachingSha2Password},
	}
	return a
}

func (a *authServer) AuthMethods() []mysql.AuthMethod { return a.methods }

// DefaultAuthMethodDescription is what the greeting offers; accounts using
// the other plugin get an auth switch, as from MySQL.
func (a *authServer) DefaultAuthMethodDescription() mysql.AuthMethodDescription {
	return mysql_db.DefaultAuthMethod
}

// lookup finds the account a client authenticates as (nil if none).
func (a *authServer) lookup(user string, addr net.Addr) (*mysql_db.User, string) {
	host := clientHost(addr)
	rd := a.mdb.Reader()
	defer rd.Close()
	u := a.mdb.GetUser(rd, user, host, false)
	if u != nil && u.Locked {
		u = nil
	}
	return u, host
}

// connectionUser names the session by its account ('u'@'%'), as GMS does:
// privilege lookups then find the account directly.
func connectionUser(u *mysql_db.User, _ string) mysql.Getter {
	return sql.MysqlConnectionUser{User: u.User, Host: u.Host}
}

// authMethod adds what MySQL checks before any password: secure transport.
type authMethod struct {
	mysql.AuthMethod
	a      *authServer
	plugin mysql.AuthMethodDescription
}

func (m *authMethod) HandleUser(c *mysql.Conn, user string) bool {
	return validator{m.a, m.plugin}.HandleUser(user, c.RemoteAddr())
}

// AllowClearTextWithoutTLS: neither plugin sends a clear password over
// plain TCP (caching_sha2_password's full authentication is refused there).
func (m *authMethod) AllowClearTextWithoutTLS() bool { return true }

func (m *authMethod) HandleAuthPluginData(c *mysql.Conn, user string, serverData, clientData []byte, addr net.Addr) (mysql.Getter, error) {
	if m.a.requireTLS && !c.TLSEnabled() {
		return nil, errInsecureTransport
	}
	g, err := m.AuthMethod.HandleAuthPluginData(c, user, serverData, clientData, addr)
	if err == nil {
		m.a.hosts.Store(c.ConnectionID, clientHost(addr))
		authenticated(c)
	} else {
		if se, ok := err.(*mysql.SQLError); !ok || se.Num != mysql.ERAccessDeniedError || !strings.HasPrefix(se.Message, "Access denied for user '"+user+"'@") {
			// The protocol library's own refusals in MySQL's words. The
			// one expected here: caching_sha2_password needs a full
			// authentication (the account is not in the cache yet) on a
			// connection without TLS, where MySQL would exchange the
			// password under the server's RSA key; the protocol library
			// cannot, so the client must log in once over TLS.
			m.a.log.Warn("authentication refused", "user", user, "plugin", string(m.plugin), "tls", c.TLSEnabled(), "reason", err.Error())
			return nil, accessDenied(user, clientHost(addr), sentPassword(clientData))
		}
	}
	return g, err
}

// validator decides which plugin authenticates a user: the account's own,
// and for an unknown user mysql_native_password, so that the attempt ends in
// 1045 like a wrong password.
type validator struct {
	a      *authServer
	plugin mysql.AuthMethodDescription
}

func (v validator) HandleUser(user string, addr net.Addr) bool {
	u, _ := v.a.lookup(user, addr)
	if u == nil {
		return v.plugin == mysql.MysqlNativePassword
	}
	return u.Plugin == string(v.plugin)
}

// sentPassword is whether an auth response carries a password: clients
// answer caching_sha2_password's challenge for an empty password with one
// NUL byte.
func sentPassword(reply []byte) bool {
	return len(reply) > 0 && !(len(reply) == 1 && reply[0] == 0)
}

// passwordAccount decides an attempt as far as it can without checking a
// password. It returns the account to check the password against, or, when
// that is nil, the attempt's outcome: 1045 for an unknown account, one of
// another plugin, a password sent to an account without one or none sent to
// an account with one; the session for an account without a password
// reached without one.
func (a *authServer) passwordAccount(user string, addr net.Addr, plugin mysql.AuthMethodDescription, sent bool) (*mysql_db.User, string, mysql.Getter, error) {
	u, host := a.lookup(user, addr)
	switch {
	case u == nil || u.Plugin != string(plugin):
		return nil, host, nil, accessDenied(user, host, sent)
	case u.AuthString == "" && !sent:
		return nil, host, connectionUser(u, host), nil
	case u.AuthString == "" || !sent:
		return nil, host, nil, accessDenied(user, host, sent)
	}
	return u, host, nil, nil
}

type nativeStorage struct{ a *authServer }

func (s nativeStorage) UserEntryWithHash(_ []*x509.Certificate, salt []byte, user string, reply []byte, addr net.Addr) (mysql.Getter, error) {
	u, host, g, err := s.a.passwordAccount(user, addr, mysql.MysqlNativePassword, len(reply) > 0)
	if u == nil {
		return g, err
	}
	stored, err := mysql.DecodeMysqlNativePasswordHex(u.AuthString)
	if err != nil || !mysql.VerifyHashedMysqlNativePassword(reply, salt, stored) {
		return nil, accessDenied(user, host, true)
	}
	return connectionUser(u, host), nil
}

// sha2Storage serves caching_sha2_password: the fast path from the cache,
// the full path (the clear password, which the protocol library only
// accepts over TLS) against the stored salted SHA-256 crypt string.
type sha2Storage struct{ a *authServer }

func (s sha2Storage) UserEntryWithCacheHash(_ []*x509.Certificate, salt []byte, user string, reply []byte, addr net.Addr) (mysql.Getter, mysql.CacheState, error) {
	u, host, g, err := s.a.passwordAccount(user, addr, mysql.CachingSha2Password, sentPassword(reply))
	if u == nil {
		if err != nil {
			return nil, mysql.AuthRejected, err
		}
		return g, mysql.AuthAccepted, nil
	}
	key := mysql_db.UserPrimaryKey{User: u.User, Host: u.Host}
	s.a.mu.Lock()
	e, ok := s.a.sha2Cache[key]
	s.a.mu.Unlock()
	if ok && e.authString == u.AuthString && mysql.VerifyHashedCachingSha2Password(reply, salt, e.hash) {
		return connectionUser(u, host), mysql.AuthAccepted, nil
	}
	// Not cached, or cached for another password: full authentication,
	// as MySQL does when the fast path fails.
	return nil, mysql.AuthNeedMoreData, nil
}

func (s sha2Storage) UserEntryWithPassword(_ []*x509.Certificate, user, password string, addr net.Addr) (mysql.Getter, error) {
	u, host, g, err := s.a.passwordAccount(user, addr, mysql.CachingSha2Password, password != "")
	if u == nil {
		return g, err
	}
	digest, iterations, salt, _, err := mysql.DeserializeCachingSha2PasswordAuthString([]byte(u.AuthString))
	if err != nil || digest != "SHA256" {
		return nil, accessDenied(user, host, true)
	}
	want, err := mysql.SerializeCachingSha2PasswordAuthString(password, salt, iterations)
	if err != nil || subtle.ConstantTimeCompare(want, []byte(u.AuthString)) != 1 {
		return nil, accessDenied(user, host, true)
	}
	h1 := sha256.Sum256([]byte(password))
	h2 := sha256.Sum256(h1[:])
	key := mysql_db.UserPrimaryKey{User: u.User, Host: u.Host}
	s.a.mu.Lock()
	s.a.sha2Cache[key] = sha2Entry{authString: u.AuthString, hash: h2[:]}
	s.a.mu.Unlock()
	return connectionUser(u, host), nil
}
