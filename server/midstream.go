package server

import (
	"errors"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// An error raised after a result set's column definitions went to the
// protocol library (a 1690 on row 5,000, a subquery's 1242, KILL QUERY, a
// lock wait timeout of a locking read) cannot be answered by the library:
// it writes an ERR packet only in place of a whole reply, and otherwise
// returns the error from its command loop, which closes the connection
// (the client sees 2013 and loses its session, an open transaction with
// it). MySQL sends the ERR packet in place of the next row and the session
// goes on.
//
// The handler answers such an error itself, through the wire guard the
// command's replies pass through (route, wire.go): it flushes the rows the
// library buffered, tells the guard the error, and reports success to the
// library, which then ends the result set with its EOF (or OK-as-EOF)
// packet. The guard writes the ERR packet in that packet's place, with its
// sequence number: the library keeps numbering the packets, so nothing here
// has to follow the framing of the rows. Holding rows back until the
// statement ends instead would cost memory and first-row latency on every
// large result to cover a rare error, and could still not stop at a bound.

// streamWatch follows what the library wrote of one statement's reply.
type streamWatch struct {
	h  *handler
	c  *mysql.Conn
	cb mysql.ResultSpoolFn
	// started: the library's first result had columns, so it wrote their
	// definitions and may have sent rows; broken: a write of the library
	// failed (the client is gone, nothing more can reach it).
	called, started, broken bool
}

// watchStream wraps the library's callback for one statement. The
// library's writes for this command were bound, when it began, to the
// connection the wire guard routed them to (route); the handler gives
// go-mysql-server the bare socket back, which it needs to notice a client
// that leaves during a long query.
func (h *handler) watchStream(c *mysql.Conn, cb mysql.ResultSpoolFn) *streamWatch {
	if w, ok := c.Conn.(*wireConn); ok && !w.rewrites() {
		c.Conn = w.Conn
	}
	return &streamWatch{h: h, c: c, cb: cb}
}

func (s *streamWatch) spool(r *sqltypes.Result, more bool) error {
	first := !s.called
	s.called = true
	if r != nil && len(r.Fields) == 0 {
		s.h.okRowCount(s.c, r)
	}
	err := s.cb(r, more)
	switch {
	case err != nil:
		s.broken = true
	case first && r != nil && len(r.Fields) > 0:
		s.started = true
	}
	return err
}

// spoolBinary is spool for COM_STMT_EXECUTE's callback.
func (s *streamWatch) spoolBinary(cb func(*sqltypes.Result) error) func(*sqltypes.Result) error {
	s.cb = func(r *sqltypes.Result, _ bool) error { return cb(r) }
	return func(r *sqltypes.Result) error { return s.spool(r, false) }
}

// end returns err, or nil when the guard will send err as the ERR packet
// that ends the result set the library started.
func (s *streamWatch) end(err error) error {
	if err == nil || !s.started || s.broken {
		return err
	}
	v, ok := s.h.wires.Load(s.c.ConnectionID)
	if !ok {
		return err
	}
	w := v.(*wireConn)
	if !w.replyVia || w.cmd != mysql.ComQuery && w.cmd != mysql.ComStmtExecute {
		// The library writes past the guard (a TLS connection whose
		// guard stayed below TLS): the old answer, a closed connection.
		return err
	}
	// The library's own rendering of an error (writeErrorPacketFromError).
	var pkt midErr
	var se *mysql.SQLError
	if errors.As(err, &se) {
		pkt = midErr{code: uint16(se.Num), state: se.State, msg: se.Message}
	} else {
		pkt = midErr{code: mysql.ERUnknownError, msg: "unknown error: " + err.Error()}
	}
	if len(pkt.state) != 5 {
		pkt.state = mysql.SSUnknownSQLState
	}
	// The rows still in the library's buffer go out first, so that the
	// next write is the end packet alone.
	if s.c.FlushBuffer() != nil {
		return err
	}
	w.midErr = &pkt
	return nil
}

// cursorExec: the COM_STMT_EXECUTE being answered opens a cursor (its
// flags byte is not CURSOR_TYPE_NO_CURSOR).
func (c *wireConn) cursorExec() bool {
	return c.cmd == mysql.ComStmtExecute && c.prefN >= 6 && c.prefix[5] != 0
}

// midErr is an error the guard sends in place of a result set's end packet.
type midErr struct {
	code       uint16
	state, msg string
}

// writeMidErr writes the pending midErr in place of p, which must be the
// one end packet of a result set (0xFE, shorter than 9 bytes: an EOF, or
// an OK under CLIENT_DEPRECATE_EOF). Anything else means the library wrote
// what this file does not expect; the connection is closed then, as the
// library would have closed it, rather than let the client take the result
// set as complete.
func (c *wireConn) writeMidErr(p []byte) (int, error) {
	e := c.midErr
	c.midErr = nil
	if len(p) < 5 || len(p) >= 4+9 || p[4] != 0xfe || int(p[0])|int(p[1])<<8|int(p[2])<<16 != len(p)-4 {
		return 0, errors.New("an error after a result set's first rows: unexpected end of the result set")
	}
	if _, err := c.out(errPacket(p[3], e.code, e.state, e.msg)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// okRowCount makes ROW_COUNT() the affected-row count of the statement
// whose OK packet r is, as MySQL defines it (mysql_affected_rows: 0 after
// SET, DO, BEGIN, USE or DDL). GMS sets it from its DML accumulator, but a
// table's partition iterator that closes after it (an UPDATE or DELETE
// ... LIMIT that stopped before the end of a table scan, INSERT ...
// SELECT ... LIMIT) reset it to -1 as for a SELECT (plan.TrackedRowIter
// without a node counts as a query), and statements without an
// accumulator (SET, DO, BEGIN) left -1 once their iterator closed, which
// is after the OK packet went out. So the count is also kept on the
// connection and set again when its next statement starts (carryRowCount).
func (h *handler) okRowCount(c *mysql.Conn, r *sqltypes.Result) {
	h.keepRowCount(c, int64(r.RowsAffected))
}

// keepRowCount makes n ROW_COUNT() now and for the connection's next
// statement (carryRowCount).
func (h *handler) keepRowCount(c *mysql.Conn, n int64) {
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return
	}
	w := v.(*wireConn)
	w.okRows, w.okRowsSet = n, true
	if s := w.sess.Load(); s != nil {
		s.SetLastQueryInfoInt(sql.RowCount, n)
	}
}

// errRowCount makes ROW_COUNT() -1 after a statement that failed, as
// MySQL's (a failed statement sends no OK packet; its row count is -1):
// an INSERT refused with 1062 left the previous statement's count, a
// statement refused with 1442 left 0.
func (h *handler) errRowCount(c *mysql.Conn) { h.keepRowCount(c, -1) }

// carryRowCount gives the statement about to run the ROW_COUNT() of the
// last OK packet (see okRowCount).
func (h *handler) carryRowCount(c *mysql.Conn) {
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return
	}
	w := v.(*wireConn)
	if !w.okRowsSet {
		return
	}
	w.okRowsSet = false
	if s := w.sess.Load(); s != nil {
		s.SetLastQueryInfoInt(sql.RowCount, w.okRows)
	}
}
