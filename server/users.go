package server

// Accounts, authentication and authorization.
//
// GMS keeps accounts and grants in its mysql_db tables; this file makes them
// durable (one catalog record), authenticates clients against them the way
// MySQL 8 does (mysql_native_password and caching_sha2_password, error 1045
// in MySQL's words, --require-secure-transport), and corrects the places
// where GMS's privilege checks differ from MySQL's in ways a tenant could
// notice or exploit: table access is reported as 1142 before the table is
// resolved (so a missing schema and a forbidden one look the same), and
// CREATE/DROP DATABASE are checked against the named schema rather than the
// session's current one.

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/kv"
)

// usersKey is where GMS's account tables are persisted, in the catalog span.
var usersKey = catalog.UserKey("mysql_db")

// userPersister writes the whole account blob on every account change
// (CREATE/DROP USER, GRANT, REVOKE, SET PASSWORD): accounts are few and
// change rarely, and one record keeps startup a single read.
type userPersister struct{ db *kv.DB }

func (p userPersister) Persist(ctx *sql.Context, data []byte) error {
	b := kv.NewWriteBatch()
	b.Set(usersKey, data)
	return p.db.Apply(b)
}

var _ mysql_db.MySQLDbPersistence = userPersister{}

// loadUsers restores accounts, or creates root on a fresh data directory.
func (s *Server) loadUsers() error {
	mdb := s.sqle.Analyzer.Catalog.MySQLDb
	ctx := sql.NewContext(context.Background())
	data, ok, err := s.db.Get(usersKey)
	if err != nil {
		return err
	}
	mdb.SetPersister(userPersister{db: s.db})
	if ok {
		if err := mdb.LoadData(ctx, data); err != nil {
			return fmt.Errorf("load accounts: %w", err)
		}
		mdb.SetEnabled(true)
		return nil
	}
	ed := mdb.Editor()
	mdb.AddSuperUser(ed, "root", "localhost", s.cfg.RootPassword)
	defer ed.Close()
	if err := mdb.Persist(ctx, ed); err != nil {
		return fmt.Errorf("persist accounts: %w", err)
	}
	return nil
}

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

// erTableAccessDenied is ER_TABLEACCESS_DENIED_ERROR.
const erTableAccessDenied = 1142

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
	} else {
		if se, ok := err.(*mysql.SQLError); !ok || se.Num != mysql.ERAccessDeniedError || !strings.HasPrefix(se.Message, "Access denied for user '"+user+"'@") {
			// The protocol library's own refusals in MySQL's words. The
			// one expected here: caching_sha2_password needs a full
			// authentication (the account is not in the cache yet) on a
			// connection without TLS, where MySQL would exchange the
			// password under the server's RSA key; the protocol library
			// cannot, so the client must log in once over TLS.
			m.a.log.Warn("authentication refused", "user", user, "plugin", string(m.plugin), "tls", c.TLSEnabled(), "reason", err.Error())
			return nil, accessDenied(user, clientHost(addr), len(clientData) > 0 && !(len(clientData) == 1 && clientData[0] == 0))
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

type nativeStorage struct{ a *authServer }

func (s nativeStorage) UserEntryWithHash(_ []*x509.Certificate, salt []byte, user string, reply []byte, addr net.Addr) (mysql.Getter, error) {
	u, host := s.a.lookup(user, addr)
	if u == nil || u.Plugin != string(mysql.MysqlNativePassword) {
		return nil, accessDenied(user, host, len(reply) > 0)
	}
	if u.AuthString == "" {
		if len(reply) > 0 {
			return nil, accessDenied(user, host, true)
		}
		return connectionUser(u, host), nil
	}
	stored, err := mysql.DecodeMysqlNativePasswordHex(u.AuthString)
	if err != nil || !mysql.VerifyHashedMysqlNativePassword(reply, salt, stored) {
		return nil, accessDenied(user, host, len(reply) > 0)
	}
	return connectionUser(u, host), nil
}

// sha2Storage serves caching_sha2_password: the fast path from the cache,
// the full path (the clear password, which the protocol library only
// accepts over TLS) against the stored salted SHA-256 crypt string.
type sha2Storage struct{ a *authServer }

func (s sha2Storage) UserEntryWithCacheHash(_ []*x509.Certificate, salt []byte, user string, reply []byte, addr net.Addr) (mysql.Getter, mysql.CacheState, error) {
	u, host := s.a.lookup(user, addr)
	empty := len(reply) == 0 || (len(reply) == 1 && reply[0] == 0)
	if u == nil || u.Plugin != string(mysql.CachingSha2Password) {
		return nil, mysql.AuthRejected, accessDenied(user, host, !empty)
	}
	if u.AuthString == "" || empty {
		if u.AuthString == "" && empty {
			return connectionUser(u, host), mysql.AuthAccepted, nil
		}
		return nil, mysql.AuthRejected, accessDenied(user, host, !empty)
	}
	s.a.mu.Lock()
	e, ok := s.a.sha2Cache[mysql_db.UserPrimaryKey{User: u.User, Host: u.Host}]
	s.a.mu.Unlock()
	if ok && e.authString == u.AuthString && mysql.VerifyHashedCachingSha2Password(reply, salt, e.hash) {
		return connectionUser(u, host), mysql.AuthAccepted, nil
	}
	// Not cached, or cached for another password: full authentication,
	// as MySQL does when the fast path fails.
	return nil, mysql.AuthNeedMoreData, nil
}

func (s sha2Storage) UserEntryWithPassword(_ []*x509.Certificate, user, password string, addr net.Addr) (mysql.Getter, error) {
	u, host := s.a.lookup(user, addr)
	if u == nil || u.Plugin != string(mysql.CachingSha2Password) {
		return nil, accessDenied(user, host, password != "")
	}
	if u.AuthString == "" {
		if password != "" {
			return nil, accessDenied(user, host, true)
		}
		return connectionUser(u, host), nil
	}
	digest, iterations, salt, _, err := mysql.DeserializeCachingSha2PasswordAuthString([]byte(u.AuthString))
	if err != nil || digest != "SHA256" {
		return nil, accessDenied(user, host, true)
	}
	want, err := mysql.SerializeCachingSha2PasswordAuthString(password, salt, iterations)
	if err != nil || subtle.ConstantTimeCompare(want, []byte(u.AuthString)) != 1 {
		return nil, accessDenied(user, host, password != "")
	}
	h1 := sha256.Sum256([]byte(password))
	h2 := sha256.Sum256(h1[:])
	s.a.mu.Lock()
	s.a.sha2Cache[mysql_db.UserPrimaryKey{User: u.User, Host: u.Host}] = sha2Entry{authString: u.AuthString, hash: h2[:]}
	s.a.mu.Unlock()
	return connectionUser(u, host), nil
}

// authzHandler wraps GMS's authorization handler (installed per catalog, so
// it sees every statement GMS plans).
type authzHandler struct {
	sql.AuthorizationHandler
	mdb *mysql_db.MySQLDb
	a   *authServer
}

func (s *Server) installAuthorization() {
	a := s.sqle.Analyzer
	c := a.Catalog
	c.AuthHandler = authzHandler{AuthorizationHandler: c.AuthHandler, mdb: c.MySQLDb, a: s.auth}
}

func hideMySQL(mdb *mysql_db.MySQLDb) analyzer.RuleFunc {
	return func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		sd, ok := n.(*plan.ShowDatabases)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, done := sd.Catalog.(mysqlHidingCatalog); done || !mdb.Enabled() {
			return n, transform.SameTree, nil
		}
		return &plan.ShowDatabases{Catalog: mysqlHidingCatalog{Catalog: sd.Catalog, mdb: mdb}}, transform.NewTree, nil
	}
}

// mysqlHidingCatalog answers SHOW DATABASES' question "is mysql visible"
// with the user's privileges.
type mysqlHidingCatalog struct {
	sql.Catalog
	mdb *mysql_db.MySQLDb
}

func (c mysqlHidingCatalog) Database(ctx *sql.Context, name string) (sql.Database, error) {
	if strings.EqualFold(name, "mysql") {
		ps := c.mdb.UserActivePrivilegeSet(ctx)
		if ps.Count() == 0 && !ps.Database("mysql").HasPrivileges() {
			return nil, sql.ErrDatabaseNotFound.New(name)
		}
	}
	return c.Catalog.Database(ctx, name)
}

// tablePrivileges are the privileges a table-level statement needs, in the
// order MySQL names the first one missing.
var tablePrivileges = map[string][]sql.PrivilegeType{
	ast.AuthType_SELECT:  {sql.PrivilegeType_Select},
	ast.AuthType_INSERT:  {sql.PrivilegeType_Insert},
	ast.AuthType_UPDATE:  {sql.PrivilegeType_Update},
	ast.AuthType_DELETE:  {sql.PrivilegeType_Delete},
	ast.AuthType_REPLACE: {sql.PrivilegeType_Insert, sql.PrivilegeType_Delete},
	ast.AuthType_CREATE:  {sql.PrivilegeType_Create},
	ast.AuthType_DROP:    {sql.PrivilegeType_Drop},
	ast.AuthType_ALTER:   {sql.PrivilegeType_Alter},
	ast.AuthType_INDEX:   {sql.PrivilegeType_Index},
	ast.AuthType_TRIGGER: {sql.PrivilegeType_Trigger},
	ast.AuthType_LOCK:    {sql.PrivilegeType_Select, sql.PrivilegeType_LockTables},
}

func (h authzHandler) HandleAuth(ctx *sql.Context, state sql.AuthorizationQueryState, auth ast.AuthInformation) error {
	if h.mdb.Enabled() {
		if err := h.check(ctx, auth); err != nil {
			return err
		}
	}
	err := h.AuthorizationHandler.HandleAuth(ctx, state, auth)
	if priv, ok := globalPrivileges[auth.AuthType]; ok && sql.ErrPrivilegeCheckFailed.Is(err) {
		return mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, "42000",
			"Access denied; you need (at least one of) the %s privilege(s) for this operation", priv)
	}
	return err
}

// globalPrivileges are the statements that need a global privilege, which
// MySQL names in ER_SPECIFIC_ACCESS_DENIED_ERROR (1227).
var globalPrivileges = map[string]string{
	ast.AuthType_CREATE_USER:        "CREATE USER",
	ast.AuthType_PROCESS:            "PROCESS",
	ast.AuthType_RELOAD:             "RELOAD",
	ast.AuthType_SUPER:              "SUPER",
	ast.AuthType_FILE:               "FILE",
	ast.AuthType_REPLICATION_CLIENT: "REPLICATION CLIENT",
}

func (h authzHandler) check(ctx *sql.Context, auth ast.AuthInformation) error {
	switch auth.TargetType {
	case ast.AuthTargetType_SingleTableIdentifier, ast.AuthTargetType_MultipleTableIdentifiers:
		privs, ok := tablePrivileges[auth.AuthType]
		if !ok {
			return nil
		}
		// TargetNames are (database, table) pairs.
		for i := 0; i+1 < len(auth.TargetNames); i += 2 {
			db, table := auth.TargetNames[i], auth.TargetNames[i+1]
			if db == "" {
				db = ctx.GetCurrentDatabase()
			}
			if db == "" || strings.EqualFold(db, sql.InformationSchemaDatabaseName) {
				continue // 1046 or always readable: GMS decides
			}
			ps := h.mdb.UserActivePrivilegeSet(ctx)
			for _, p := range privs {
				if !ps.Has(p) && !ps.Database(db).Has(p) && !ps.Database(db).Table(table).Has(p) {
					// Checked before the table is resolved, as in MySQL:
					// whether db or table exists is not revealed.
					return mysql.NewSQLError(erTableAccessDenied, "42000",
						"%s command denied to user '%s'@'%s' for table '%s'", p.String(), ctx.Session.Client().User, sessionHost(ctx, h.a), table)
				}
			}
		}
	case ast.AuthTargetType_Global:
		// GMS checks CREATE/DROP DATABASE against the current database;
		// MySQL against the database named.
		var p sql.PrivilegeType
		switch auth.AuthType {
		case ast.AuthType_CREATE:
			p = sql.PrivilegeType_Create
		case ast.AuthType_DROP:
			p = sql.PrivilegeType_Drop
		default:
			return nil
		}
		stmt, _, err := ast.ParseOne(ctx, ctx.Query())
		if err != nil {
			return nil // GMS reports the syntax error
		}
		ddl, ok := stmt.(*ast.DBDDL)
		if !ok {
			return nil
		}
		ps := h.mdb.UserActivePrivilegeSet(ctx)
		if !ps.Has(p) && !ps.Database(ddl.DBName).Has(p) {
			return mysql.NewSQLError(mysql.ERDBAccessDenied, "42000",
				"Access denied for user %s to database '%s'", h.account(ctx), ddl.DBName)
		}
	}
	return nil
}

// account is the session's account as MySQL's 1044 names it ('u'@'%').
func (h authzHandler) account(ctx *sql.Context) string {
	client := ctx.Session.Client()
	rd := h.mdb.Reader()
	defer rd.Close()
	if u := h.mdb.GetUser(rd, client.User, client.Address, false); u != nil {
		return u.UserHostToString("'")
	}
	return mysql_db.User{User: client.User, Host: client.Address}.UserHostToString("'")
}

// sessionHost is the client's host as MySQL's 1142 names it (the session
// itself only knows its account).
func sessionHost(ctx *sql.Context, a *authServer) string {
	if h, ok := a.hosts.Load(ctx.Session.ID()); ok {
		return h.(string)
	}
	return ctx.Session.Client().Address
}

// hostTracker forgets a connection's host when it closes.
type hostTracker struct {
	mysql.Handler
	a *authServer
}

// setPasswordRe matches MySQL's SET PASSWORD [FOR account] = 'auth',
// which GMS's parser lacks.
var setPasswordRe = regexp.MustCompile(`(?is)^\s*SET\s+PASSWORD\s*(?:FOR\s+(.+?))?\s*=\s*('(?:[^'\\]|\\.|'')*')\s*;?\s*$`)

var accountRe = regexp.MustCompile("^\\s*(?:'((?:[^']|'')*)'|`((?:[^`]|``)*)`|\"([^\"]*)\"|([^@\\s'`\"]+))\\s*(?:@\\s*(?:'((?:[^']|'')*)'|`((?:[^`]|``)*)`|\"([^\"]*)\"|([^\\s'`\"]+)))?\\s*$")

// setPassword rewrites SET PASSWORD as the ALTER USER that GMS executes,
// keeping the account's plugin as MySQL does (ALTER USER ... IDENTIFIED BY
// alone would switch it to the default plugin).
func (h hostTracker) setPassword(c *mysql.Conn, query string) (string, bool) {
	m := setPasswordRe.FindStringSubmatch(query)
	if m == nil {
		return query, false
	}
	var user, host string
	if m[1] == "" {
		u, _ := h.a.lookup(c.User, c.RemoteAddr())
		if u == nil {
			return query, false
		}
		user, host = u.User, u.Host
	} else {
		a := accountRe.FindStringSubmatch(m[1])
		if a == nil {
			return query, false
		}
		user = a[1] + a[2] + a[3] + a[4]
		host = a[5] + a[6] + a[7] + a[8]
		if host == "" {
			host = "%"
		}
		user = strings.ReplaceAll(strings.ReplaceAll(user, "''", "'"), "``", "`")
		host = strings.ReplaceAll(strings.ReplaceAll(host, "''", "'"), "``", "`")
	}
	plugin := string(mysql_db.DefaultAuthMethod)
	rd := h.a.mdb.Reader()
	if u, ok := rd.GetUser(mysql_db.UserPrimaryKey{User: user, Host: host}); ok && u.Plugin != "" {
		plugin = u.Plugin
	}
	rd.Close()
	acct := mysql_db.User{User: user, Host: host}.UserHostToString("'")
	return fmt.Sprintf("ALTER USER %s IDENTIFIED WITH %s BY %s", acct, plugin, m[2]), true
}

func (h hostTracker) ComQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) error {
	query, _ = h.setPassword(c, query)
	return h.Handler.ComQuery(ctx, c, query, cb)
}

func (h hostTracker) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (string, error) {
	if q, ok := h.setPassword(c, query); ok {
		return "", h.Handler.ComQuery(ctx, c, q, cb)
	}
	return h.Handler.ComMultiQuery(ctx, c, query, cb)
}

func (h hostTracker) ConnectionClosed(c *mysql.Conn) {
	h.a.hosts.Delete(c.ConnectionID)
	h.Handler.ConnectionClosed(c)
}

// wrapHandlers adds the host tracker around the error-translating handler.
func (s *Server) wrapHandlers(h mysql.Handler) (mysql.Handler, error) {
	h, err := s.wrapHandler(h)
	if err != nil {
		return nil, err
	}
	return hostTracker{Handler: h, a: s.auth}, nil
}
