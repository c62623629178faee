package bench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Target is the MySQL-protocol server a workload runs against. Nothing here
// is specific to Myriad: the same workload runs against MySQL or MariaDB so
// users can compare.
type Target struct {
	Host     string
	Port     int
	User     string
	Password string
}

// Addr is host:port.
func (t Target) Addr() string { return net.JoinHostPort(t.Host, strconv.Itoa(t.Port)) }

func (t Target) dsn(db string) string {
	c := mysql.NewConfig()
	c.User, c.Passwd, c.Net, c.Addr, c.DBName = t.User, t.Password, "tcp", t.Addr(), db
	// One round trip per statement, as sysbench's --db-ps-mode=disable.
	c.InterpolateParams = true
	c.Timeout = 10 * time.Second
	return c.FormatDSN()
}

// Open returns a pool of at most n connections and checks the server answers,
// so an unreachable target is one clear error instead of n identical ones.
func (t Target) Open(ctx context.Context, n int) (*sql.DB, error) {
	db, err := sql.Open("mysql", t.dsn(""))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot reach a MySQL server at %s as %q: %w", t.Addr(), t.User, err)
	}
	return db, nil
}

// WaitReady polls until the target answers a query or the timeout passes,
// returning how long that took (a server's time to become useful after start).
func (t Target) WaitReady(ctx context.Context, query string, timeout time.Duration) (time.Duration, error) {
	start := time.Now()
	db, err := sql.Open("mysql", t.dsn(""))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	db.SetMaxIdleConns(0)
	deadline := start.Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		qctx, cancel := context.WithTimeout(ctx, time.Second)
		var v any
		last = db.QueryRowContext(qctx, query).Scan(&v)
		cancel()
		if last == nil {
			return time.Since(start), nil
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		time.Sleep(5 * time.Millisecond)
	}
	return 0, fmt.Errorf("%s did not answer %q within %s: %w", t.Addr(), query, timeout, last)
}

// SchemaName is the standard workload's name of schema i (1-based).
func SchemaName(i int) string { return "test_sbtest_" + strconv.Itoa(i) }

// TableDDL is the standard workload's table j (1-based), from
// shared/ARCHITECTURE.md.
func TableDDL(j int) string {
	return "CREATE TABLE sbtest" + strconv.Itoa(j) + " (id int(10) unsigned NOT NULL AUTO_INCREMENT, " +
		"k int(10) unsigned NOT NULL DEFAULT '0', c varchar(120) NOT NULL DEFAULT '', " +
		"pad varchar(60) NOT NULL DEFAULT '', PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB DEFAULT CHARSET=latin1"
}

// mysqlErrNo is the server's error number, or 0 for other errors.
func mysqlErrNo(err error) uint16 {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}
