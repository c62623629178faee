package conformance

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"

	vmysql "github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/vttls"
	"github.com/go-sql-driver/mysql"
)

// The differential corpus talks to both servers through vitess's MySQL
// client (already a dependency through GMS) rather than go-sql-driver:
// go-sql-driver parses every integer and FLOAT/DOUBLE column of a text
// result with strconv before Scan sees it, so sql.RawBytes holds its own
// re-formatting (0005 becomes 5, 1.50 becomes 1.5, 1e20 and
// 100000000000000000000 are the same), and a difference in the digits a
// server prints is invisible. vitess keeps each value's bytes as the server
// sent them.

// wireConn is one text-protocol connection; broken is set once a statement
// timed out or the connection failed, after which every statement fails
// without being sent (as database/sql does with a bad connection).
type wireConn struct {
	c      *vmysql.Conn
	broken error
}

// wireRowLimit bounds one result; the corpus's largest results are a few
// thousand rows.
const wireRowLimit = 1 << 22

// dialWire connects to the server a go-sql-driver DSN names (tcp or unix
// socket) and names the DSN's collation in its handshake, as go-sql-driver
// does (utf8mb4_general_ci unless the DSN says otherwise).
func dialWire(dsn string) (*wireConn, error) {
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	coll := cfg.Collation
	if coll == "" {
		coll = "utf8mb4_general_ci"
	}
	id, ok := collationIDs[coll]
	if !ok {
		return nil, fmt.Errorf("dsn %q: collation %s not in collationIDs", dsn, coll)
	}
	cs, err := handshakeCharset(id)
	if err != nil {
		return nil, err
	}
	p := &vmysql.ConnParams{Uname: cfg.User, Pass: cfg.Passwd, DbName: cfg.DBName, Charset: cs,
		SslMode: vttls.Disabled}
	switch cfg.Net {
	case "unix":
		p.UnixSocket = cfg.Addr
	case "tcp":
		host, port, err := net.SplitHostPort(cfg.Addr)
		if err != nil {
			return nil, fmt.Errorf("dsn %q: %v", dsn, err)
		}
		p.Host = host
		if p.Port, err = strconv.Atoi(port); err != nil {
			return nil, fmt.Errorf("dsn %q: %v", dsn, err)
		}
	default:
		return nil, fmt.Errorf("dsn %q: network %q", dsn, cfg.Net)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := vmysql.Connect(ctx, p)
	if err != nil {
		return nil, err
	}
	if err := multiStatementsOff(c.Conn); err != nil {
		c.Close()
		return nil, fmt.Errorf("COM_SET_OPTION: %v", err)
	}
	return &wireConn{c: c}, nil
}

// multiStatementsOff sends COM_SET_OPTION MYSQL_OPTION_MULTI_STATEMENTS_OFF
// (mysql_set_server_option in libmysqlclient). vitess's client always asks
// for CLIENT_MULTI_STATEMENTS, which go-sql-driver does not, and a server
// runs a text from such a client through another path (Myriad: GMS's
// ComMultiQuery instead of its ComQuery, without the plan cache), so the
// corpus would test what go-sql-driver applications do not send. vitess
// has no exported call for the command; it is written on the connection
// between commands, where vitess's buffered reader holds nothing, and
// each later command resets vitess's packet sequence.
func multiStatementsOff(c net.Conn) error {
	// A 3-byte payload, sequence 0: COM_SET_OPTION (0x1b), option 1.
	if _, err := c.Write([]byte{3, 0, 0, 0, 0x1b, 1, 0}); err != nil {
		return err
	}
	var hdr [4]byte
	if _, err := io.ReadFull(c, hdr[:]); err != nil {
		return err
	}
	body := make([]byte, int(hdr[0])|int(hdr[1])<<8|int(hdr[2])<<16)
	if _, err := io.ReadFull(c, body); err != nil {
		return err
	}
	if len(body) > 0 && body[0] == vmysql.ErrPacket {
		return vmysql.ParseErrorPacket(body)
	}
	return nil // an EOF or OK packet
}

// collationIDs are the collations the conformance DSNs name.
var collationIDs = map[string]uint8{"utf8mb4_general_ci": 45, "utf8mb4_0900_ai_ci": 255}

// handshakeCharset spells collation id for vitess's ConnParams.Charset,
// which takes a decimal int8 or a name from its CharacterSetMap (where
// "utf8mb4" is 255, utf8mb4_0900_ai_ci).
func handshakeCharset(id uint8) (string, error) {
	if id < 128 {
		return strconv.Itoa(int(id)), nil
	}
	for name, v := range vmysql.CharacterSetMap {
		if v == id {
			return name, nil
		}
	}
	return "", fmt.Errorf("collation id %d has no name in vitess's CharacterSetMap", id)
}

func (w *wireConn) Close() { w.c.Close() }

// run executes q and records the answer the way the corpus compares it: a
// statement returnsRows guesses to be a query keeps its columns and rows
// (each value the exact text the server sent), any other its affected-row
// count. A timeout is an error with errno -1; a failure of the client or
// the connection (not an error the server sent) has errno -2.
func (w *wireConn) run(q string, timeout time.Duration) *answer {
	a := &answer{}
	if w.broken != nil {
		a.errno, a.errmsg = -2, "connection unusable: "+w.broken.Error()
		return a
	}
	start := time.Now()
	w.c.Conn.SetDeadline(start.Add(timeout))
	defer w.c.Conn.SetDeadline(time.Time{})
	fail := func(err error) *answer {
		var se *vmysql.SQLError
		switch {
		case time.Since(start) >= timeout:
			a.errno, a.errmsg = -1, fmt.Sprintf("timed out after %s", timeout)
			w.broken = err
		case errors.As(err, &se) && !isClientError(se.Num):
			a.errno, a.errmsg = se.Num, se.Message
		default:
			a.errno, a.errmsg = -2, err.Error()
			w.broken = err
		}
		return a
	}
	ctx := context.Background()
	res, status, err := w.c.ExecuteFetchMulti(ctx, q, wireRowLimit, true)
	if err != nil {
		return fail(err)
	}
	// Later results (a CALL's) are read and dropped, as go-sql-driver does;
	// an error among them is the statement's.
	for more := status&vmysql.ServerMoreResultsExists != 0; more; {
		_, st, _, err := w.c.ReadQueryResult(ctx, wireRowLimit, false)
		if err != nil {
			return fail(err)
		}
		more = st&vmysql.ServerMoreResultsExists != 0
	}
	if !returnsRows(q) {
		a.hasAffected = true
		if res.Fields == nil {
			a.affected = int64(res.RowsAffected)
		}
		return a
	}
	a.hasRows = true
	a.types = make([]string, len(res.Fields))
	for i, f := range res.Fields {
		a.types[i] = typeName(f)
	}
	for _, r := range res.Rows {
		row := make([]*string, len(r))
		for i, v := range r {
			if !v.IsNull() {
				s := string(v.Raw())
				row[i] = &s
			}
		}
		a.rows = append(a.rows, row)
	}
	return a
}

// isClientError reports whether n is a client library's error number
// (CR_*, 2000-2999), not one a server sent.
func isClientError(n int) bool { return n >= 2000 && n < 3000 }

// binaryCharset is the collation id of the binary character set.
const binaryCharset = 63

// typeName is the column type as go-sql-driver's DatabaseTypeName names it
// (mysql@v1.10.1 fields.go typeDatabaseName), so that expect-types lines and
// the ratchet keep their meaning: binary or text by the column's character
// set, UNSIGNED as part of the integer's name. One loss: vitess folds the
// wire types TINY/MEDIUM/LONG_BLOB into BLOB, so MariaDB's MEDIUMTEXT and
// LONGTEXT (GROUP_CONCAT, REGEXP_REPLACE) read as TEXT. Myriad's fields go
// through the same vitess mapping and never carry those types, and
// typeClass compares the string family as one class, so only
// MYRIAD_DIFF_EXACT_TYPES=1 saw the distinction, where Myriad could not
// match it anyway.
func typeName(f *query.Field) string {
	bin := f.Charset == binaryCharset
	pick := func(text, binary string) string {
		if bin {
			return binary
		}
		return text
	}
	switch f.Type {
	case sqltypes.Int8:
		return "TINYINT"
	case sqltypes.Uint8:
		return "UNSIGNED TINYINT"
	case sqltypes.Int16:
		return "SMALLINT"
	case sqltypes.Uint16:
		return "UNSIGNED SMALLINT"
	case sqltypes.Int24:
		return "MEDIUMINT"
	case sqltypes.Uint24:
		return "UNSIGNED MEDIUMINT"
	case sqltypes.Int32:
		return "INT"
	case sqltypes.Uint32:
		return "UNSIGNED INT"
	case sqltypes.Int64:
		return "BIGINT"
	case sqltypes.Uint64:
		return "UNSIGNED BIGINT"
	case sqltypes.Float32:
		return "FLOAT"
	case sqltypes.Float64:
		return "DOUBLE"
	case sqltypes.Null:
		return "NULL"
	case sqltypes.Timestamp:
		return "TIMESTAMP"
	case sqltypes.Date:
		return "DATE"
	case sqltypes.Time:
		return "TIME"
	case sqltypes.Datetime:
		return "DATETIME"
	case sqltypes.Year:
		return "YEAR"
	case sqltypes.Decimal:
		return "DECIMAL"
	case sqltypes.Text, sqltypes.Blob:
		return pick("TEXT", "BLOB")
	case sqltypes.VarChar, sqltypes.VarBinary:
		return pick("VARCHAR", "VARBINARY")
	case sqltypes.Char, sqltypes.Binary:
		return pick("CHAR", "BINARY")
	case sqltypes.Enum:
		return "ENUM"
	case sqltypes.Set:
		return "SET"
	case sqltypes.Bit:
		return "BIT"
	case sqltypes.TypeJSON:
		return "JSON"
	case sqltypes.Geometry:
		return "GEOMETRY"
	}
	return f.Type.String()
}
