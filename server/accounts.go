package server

// Accounts: GMS keeps accounts and grants in its mysql_db tables; this file
// makes them durable through the catalog's accounts record (the server never
// touches its key), creates root on a fresh data directory, and runs the
// account statement GMS's parser lacks (SET PASSWORD). Authentication is
// auth.go's, privilege checks privileges.go's.

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
)

// accountPersister hands GMS's whole account blob to the catalog on every
// account change (CREATE/DROP USER, GRANT, REVOKE, SET PASSWORD).
type accountPersister struct{ cat *catalog.Catalog }

func (p accountPersister) Persist(_ *sql.Context, data []byte) error {
	return p.cat.SaveAccounts(data)
}

var _ mysql_db.MySQLDbPersistence = accountPersister{}

// loadUsers restores accounts, or creates root on a fresh data directory.
func (s *Server) loadUsers() error {
	mdb := s.sqle.Analyzer.Catalog.MySQLDb
	ctx := sql.NewContext(context.Background())
	data, ok, err := s.cat.LoadAccounts()
	if err != nil {
		return err
	}
	mdb.SetPersister(accountPersister{cat: s.cat})
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

// hostTracker forgets a connection's host when it closes, and runs SET
// PASSWORD as the statement GMS can execute.
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
	if plainDML(query) {
		// Not SET PASSWORD; the regular expression costs ~1% of an INSERT.
		return query, false
	}
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
