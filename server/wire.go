package server

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// wireListener puts a wireConn in front of every client connection. The
// protocol library (vitess) reads a packet of any length into memory and
// answers some malformed commands with client-side error numbers (2014,
// 2027) or its own wording; MySQL clients branch on the numbers MySQL sends,
// so the few places where the two differ are corrected here, on the bytes.
type wireListener struct{ net.Listener }

func (l wireListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	// MySQL fixes a session's max_allowed_packet when it connects.
	w := &wireConn{Conn: c, max: globalInt("max_allowed_packet", defaultMaxAllowedPacket), cmd: noCommand}
	w.start(time.Now())
	return w, nil
}

// defaultMaxAllowedPacket is MySQL 8's max_allowed_packet default; GMS's is
// 1 GiB, which would let every connection make the server buffer a 1 GiB
// packet.
const defaultMaxAllowedPacket = 64 << 20

var packetDefaultOnce sync.Once

// useMySQLPacketDefault gives max_allowed_packet MySQL's default, for the
// global value and for SET ... = DEFAULT. Once per process: the variables are
// process-wide, and a later server must not undo a SET GLOBAL.
func useMySQLPacketDefault() {
	packetDefaultOnce.Do(func() {
		v, _, ok := sql.SystemVariables.GetGlobal("max_allowed_packet")
		msv, isMySQL := v.(*sql.MysqlSystemVariable)
		if !ok || !isMySQL {
			return
		}
		def := *msv
		def.Default = int64(defaultMaxAllowedPacket)
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&def})
	})
}

const noCommand = -1

// comProcessKill is COM_PROCESS_KILL.
const comProcessKill = 0x0c

// wireConn tracks the client's packet framing as the protocol library reads
// it. A Read never returns bytes past the end of the packet being read, so
// when the library asks for the next packet it has finished answering the
// previous command: cmd is the command whose reply is being written.
//
// Replies reach the socket through the wireConn only while they may need a
// correction (see route): the rest of the time the library's connection
// holds the socket itself, because go-mysql-server cancels a query whose
// client went away only when it can see the *net.TCPConn.
type wireConn struct {
	net.Conn
	connTimeouts // read deadlines (timeouts.go)
	max          int64
	mc           *mysql.Conn                 // set by the handler when the library creates the connection
	qctx         atomic.Pointer[sql.Context] // the statement context template (querycontext.go)

	hdr  [4]byte
	hdrN int // header bytes seen of the packet being read
	// hdrAt is where the packet's header starts in the bytes the current
	// Read returns, or -1 when an earlier Read returned part of it.
	hdrAt   int
	left    int   // payload bytes of that packet still to come
	logical int64 // payload of the logical packet so far (0xFFFFFF chunks join)
	more    bool  // the previous chunk was 0xFFFFFF bytes: a continuation follows

	// cmd is the command byte of the current command (noCommand during the
	// handshake); prefix holds its first payload bytes (statement ID, or the
	// start of a COM_QUERY's text).
	cmd     int
	prefix  [9]byte
	prefN   int
	capture bool
	// callSeen: the COM_QUERY's first word was looked at for a CALL;
	// forcedMulti: it was one, from a client without multi-statements,
	// and the library was told the client has them (callresults.go).
	callSeen, forcedMulti bool

	// prep is the payload of the COM_STMT_PREPARE being read (the library
	// parses it before any handler call that sees the text).
	prep []byte
	// prepSeen: the COM_STMT_PREPARE being read was looked at for a
	// locking clause; prepLocking is the clause found (blankPrepareLocking).
	prepSeen    bool
	prepLocking *sqltext.Locking
	// prepText: that COM_STMT_PREPARE's text for the engine, when the
	// library's parser was handed sqltext.ParserText of it instead
	// (takePrepareText).
	prepText string

	// manyPrepared: this connection prepared a statement with more
	// placeholders than the library decodes, so each COM_STMT_EXECUTE is
	// looked at (manyparams.go); execSeen: the current one was; many: the
	// statement it decoded, whose count is hidden from the library.
	manyPrepared, execSeen bool
	many                   *manyExec

	// processKill runs KILL CONNECTION id for a COM_PROCESS_KILL, which the
	// library does not implement (set by the handler, handler.go).
	processKill func(id uint32) error

	// decodedRest: the remainder of a multi-statement COM_QUERY whose text
	// was already converted from character_set_client and for
	// NO_BACKSLASH_ESCAPES (charset.go).
	decodedRest string

	// overTLS: Conn is the connection's TLS layer and the guard reads its
	// plaintext (guardAboveTLS, tls.go); else Conn is the socket.
	overTLS bool

	// replyVia: the library's replies to the current command pass through
	// the guard (route); midErr: the error to send in place of the end
	// packet of the result set being written (midstream.go).
	replyVia bool
	midErr   *midErr

	// okRows is the affected-row count of the last statement answered
	// with an OK packet, for ROW_COUNT() from the next statement on
	// (okRowsSet; midstream.go okRowCount).
	okRows    int64
	okRowsSet bool

	pend []byte // bytes read from the socket past a packet boundary
	held []byte // a reply header waiting for its body (see Write)

	// A CALL's result sets through the binary protocol (callresults.go):
	// exec is the payload of the COM_STMT_EXECUTE being read; replayNext
	// marks that the next command read is its replay, injected here so
	// the library answers with the next queued set; while renumber is on,
	// every reply packet's sequence number continues the first reply's
	// (outN packets sent so far), since the client sees one response.
	exec       []byte
	replayNext bool
	renumber   bool
	outN       int
	outHdr     [4]byte
	outHdrN    int
	outLeft    int
}

// canReplay reports whether the COM_STMT_EXECUTE being answered was kept
// whole (one packet under 16 MiB) and opens no cursor (whose replies the
// library sends from another goroutine, on COM_STMT_FETCH).
func (c *wireConn) canReplay() bool {
	return len(c.exec) > 5 && int64(len(c.exec)) == c.logical && !c.more && c.exec[5] == 0
}

// replayExec makes the library read the current COM_STMT_EXECUTE again as
// its next command, and numbers the replies from here on as one response.
func (c *wireConn) replayExec() {
	if !c.renumber {
		c.renumber, c.outN, c.outHdrN, c.outLeft = true, 0, 0, 0
	}
	pkt := make([]byte, 4, 4+len(c.exec)+len(c.pend))
	pkt[0], pkt[1], pkt[2] = byte(len(c.exec)), byte(len(c.exec)>>8), byte(len(c.exec)>>16)
	pkt = append(append(pkt, c.exec...), c.pend...)
	c.pend = pkt
	c.replayNext = true
}

// out writes reply bytes to the socket, renumbering packet headers while
// renumber is on.
func (c *wireConn) out(p []byte) (int, error) {
	if !c.renumber {
		return c.Conn.Write(p)
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); {
		if c.outLeft == 0 && c.outHdrN < 4 {
			k := copy(c.outHdr[c.outHdrN:], p[i:])
			c.outHdrN += k
			i += k
			if c.outHdrN < 4 {
				break
			}
			c.outN++
			c.outHdr[3] = byte(c.outN)
			b = append(b, c.outHdr[:]...)
			c.outLeft = int(c.outHdr[0]) | int(c.outHdr[1])<<8 | int(c.outHdr[2])<<16
			c.outHdrN = 0
			continue
		}
		k := min(c.outLeft, len(p)-i)
		b = append(b, p[i:i+k]...)
		c.outLeft -= k
		i += k
	}
	if _, err := c.Conn.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (c *wireConn) Read(p []byte) (int, error) {
	var n int
	if len(c.pend) > 0 {
		n = copy(p, c.pend)
		c.pend = c.pend[n:]
	} else {
		var err error
		idle := c.hdrN == 0 && c.left == 0 && !c.more
		c.Conn.SetReadDeadline(c.readDeadline(idle))
		n, err = c.Conn.Read(p)
		if n == 0 {
			c.idleExpired(err, idle, c.Conn)
			return 0, err
		}
	}
	keep, err := c.scan(p[:n])
	if err != nil {
		return 0, err
	}
	if c.cmd == mysql.ComPrepare && !c.prepSeen {
		c.prepSeen = true
		if err := c.blankPrepareLocking(p[:keep]); err != nil {
			return 0, err
		}
	}
	if c.cmd == mysql.ComStmtExecute && c.manyPrepared && !c.execSeen {
		c.execSeen = true
		if err := c.readManyExec(p[:keep]); err != nil {
			return 0, err
		}
	}
	if keep < n {
		rest := make([]byte, 0, n-keep+len(c.pend))
		c.pend = append(append(rest, p[keep:n]...), c.pend...)
	}
	return keep, nil
}

// scan advances the framing over b and returns how many of its bytes belong
// to the packet being read (the rest is the next packet's).
func (c *wireConn) scan(b []byte) (int, error) {
	i := 0
	for i < len(b) {
		if c.hdrN < 4 {
			c.hdrAt = -1
			if c.hdrN == 0 {
				c.hdrAt = i
			}
			k := copy(c.hdr[c.hdrN:], b[i:])
			c.hdrN += k
			i += k
			if c.hdrN < 4 {
				return i, nil
			}
			length := int(c.hdr[0]) | int(c.hdr[1])<<8 | int(c.hdr[2])<<16
			c.capture = false
			if !c.more {
				c.logical = 0
				if c.hdr[3] == 0 {
					c.cmd, c.prefN, c.capture = noCommand, 0, true
					c.replyVia, c.midErr = false, nil
					c.callSeen = false
					c.prep = c.prep[:0]
					c.exec = c.exec[:0]
					if c.replayNext {
						c.replayNext = false
					} else {
						c.renumber = false
					}
					c.prepSeen, c.prepLocking, c.prepText = false, nil, ""
					c.execSeen = false
					c.takeManyExec() // the library refused the last one unseen by the handler
				}
			}
			c.logical += int64(length)
			if c.logical > c.max {
				return 0, c.tooLarge()
			}
			c.left = length
			c.more = length == mysql.MaxPacketSize
			if length == 0 {
				c.hdrN = 0
				return i, nil
			}
			continue
		}
		k := min(c.left, len(b)-i)
		if c.capture {
			for j := 0; j < k && c.prefN < len(c.prefix); j++ {
				c.prefix[c.prefN] = b[i+j]
				c.prefN++
			}
			if c.cmd == noCommand {
				c.cmd = int(c.prefix[0])
				c.route()
			} else if c.cmd == mysql.ComQuery {
				c.route() // once the text's first word is in
			}
		}
		if c.cmd == mysql.ComPrepare {
			c.prep = append(c.prep, b[i:i+k]...)
		} else if c.cmd == mysql.ComStmtExecute && !c.more && c.logical < mysql.MaxPacketSize {
			// Bounded by max_allowed_packet; the library buffers it whole too.
			c.exec = append(c.exec, b[i:i+k]...)
		}
		c.left -= k
		i += k
		if c.left == 0 {
			c.hdrN = 0
			return i, nil
		}
	}
	return i, nil
}

// blankPrepareLocking takes a SELECT's locking clause (FOR SHARE, NOWAIT,
// SKIP LOCKED, ...) out of a COM_STMT_PREPARE before the protocol library
// parses the text itself: its parser rejects most of these clauses with
// 1064, and it parses before any handler call. The clause is overwritten
// with spaces so the packet's length, already framed, stays right, and kept
// for the handler's ComPrepare (which hands it to the engine like the text
// protocol's). got is what this Read returns: the start of the payload,
// after which the rest of the packet is read ahead here (a prepared
// statement's text is bounded by max_allowed_packet and the library would
// buffer it whole anyway) and queued in pend, blanked too.
func (c *wireConn) blankPrepareLocking(got []byte) error {
	if c.more || c.logical != int64(len(c.prep))+int64(c.left) {
		return nil // a multi-chunk packet: left to the library
	}
	rest := make([]byte, 0, c.left)
	fromPend := min(c.left, len(c.pend))
	rest = append(rest, c.pend[:fromPend]...)
	for len(rest) < c.left {
		c.Conn.SetReadDeadline(c.readDeadline(false))
		n, err := c.Conn.Read(rest[len(rest):c.left])
		rest = rest[:len(rest)+n]
		if n == 0 && err != nil {
			return err
		}
	}
	payload := append(append([]byte(nil), c.prep...), rest...)
	if len(payload) < 2 {
		c.pend = append(rest, c.pend[fromPend:]...)
		return nil
	}
	l, ok := sqltext.BlankLockingClause(payload[1:])
	if ok {
		c.prepLocking = &l
	}
	// The text corrections the library's parser needs (sqltext.Rewrite: a
	// column named plan) may lengthen the packet: its header, in this
	// Read's bytes, gets the new length and the framing the rest.
	text := string(payload[1:])
	fixed := sqltext.Rewrite(text, versionID)
	if do, ok := sqltext.Do(fixed); ok {
		fixed = do // the parser knows no DO (do.go)
	}
	// The library's parser reads what the engine's parser hands the
	// grammar (compound INTERVAL units, TRIM(LEADING FROM s), quantified
	// comparisons, ...); the handler's ComPrepare gives the engine, which
	// makes those passes itself, the text before them back.
	c.prepText = ""
	if lib := sqltext.ParserText(fixed); lib != fixed {
		if n := len(text) - len(lib); n > 0 {
			// Shorter (SQL_TSI_HOUR -> HOUR): padded, as the packet's
			// first bytes are framed and handed on already.
			lib += strings.Repeat(" ", n)
		}
		c.prepText, fixed = fixed, lib
	}
	if fixed != text {
		grown := len(fixed) + 1
		at := len(got) - len(c.prep) - 4
		switch {
		case len(fixed)+1 == len(payload):
			copy(payload[1:], fixed)
			ok = true
		case c.hdrAt == at && at >= 0 && grown < mysql.MaxPacketSize && int64(grown-len(payload))+c.logical <= c.max:
			got[at], got[at+1], got[at+2] = byte(grown), byte(grown>>8), byte(grown>>16)
			delta := grown - len(payload)
			c.left += delta
			c.logical += int64(delta)
			c.hdrN = 4 // scan may have closed the packet at its old end
			payload = append(payload[:1], fixed...)
			rest = append(rest[:0], payload[len(c.prep):]...)
			ok = true
		}
	}
	if ok {
		// Bytes of this Read, then of the read-ahead, in packet order.
		copy(got[len(got)-len(c.prep):], payload[:len(c.prep)])
		copy(rest, payload[len(c.prep):])
		copy(c.prep, payload[:len(c.prep)])
	}
	c.pend = append(rest, c.pend[fromPend:]...)
	return nil
}

// takePrepareLocking returns (and forgets) the locking clause blanked out
// of the COM_STMT_PREPARE being handled.
func (c *wireConn) takePrepareLocking() *sqltext.Locking {
	l := c.prepLocking
	c.prepLocking = nil
	return l
}

// takePrepareText returns (and forgets) the engine's text of the
// COM_STMT_PREPARE being handled, "" when the library read it as is.
func (c *wireConn) takePrepareText() string {
	q := c.prepText
	c.prepText = ""
	return q
}

// route sends the library's replies through the wireConn for the commands
// whose error replies it corrects and for COM_QUERY (whose result set may
// need an error in place of its end, midstream.go), and straight to the
// socket otherwise. It runs on the connection's goroutine between commands,
// when nothing else uses mc.Conn; the library binds its reply buffer to
// mc.Conn after reading the command.
func (c *wireConn) route() {
	if c.mc == nil {
		return
	}
	if c.cmd == mysql.ComQuery && !c.callSeen && c.prefN == len(c.prefix) {
		c.callSeen = true
		if c.mc.Capabilities&mysql.CapabilityClientMultiStatements == 0 && isCall(string(c.prefix[1:])) {
			c.mc.Capabilities |= mysql.CapabilityClientMultiStatements
			c.forcedMulti = true
		}
	}
	c.replyVia = c.rewrites() || c.cmd == mysql.ComQuery
	if c.replyVia {
		c.mc.Conn = c
	} else {
		c.mc.Conn = c.Conn
	}
}

// tooLarge answers as MySQL does (ER_NET_PACKET_TOO_LARGE, then disconnect)
// before the packet is read: the library would buffer it whole.
func (c *wireConn) tooLarge() error {
	c.Conn.Write(errPacket(c.hdr[3]+1, mysql.ERNetPacketTooLarge, mysql.SSNetError,
		"Got a packet bigger than 'max_allowed_packet' bytes"))
	c.Conn.Close()
	return fmt.Errorf("packet of %d bytes over max_allowed_packet (%d)", c.logical, c.max)
}

func errPacket(seq byte, code uint16, state, msg string) []byte {
	n := 1 + 2 + 1 + len(state) + len(msg)
	b := []byte{byte(n), byte(n >> 8), byte(n >> 16), seq, 0xff}
	b = binary.LittleEndian.AppendUint16(b, code)
	b = append(b, '#')
	b = append(b, state...)
	return append(b, msg...)
}

// knownCommand: the commands the protocol library implements.
func knownCommand(cmd int) bool {
	switch cmd {
	case mysql.ComQuit, mysql.ComInitDB, mysql.ComQuery, mysql.ComFieldList, mysql.ComPing,
		mysql.ComSetOption, mysql.ComPrepare, mysql.ComStmtExecute, mysql.ComStmtSendLongData,
		mysql.ComStmtClose, mysql.ComStmtReset, mysql.ComStmtFetch, mysql.ComResetConnection,
		mysql.ComBinlogDumpGTID, mysql.ComRegisterReplica:
		return true
	}
	return false
}

// rewrites reports whether a reply to the current command may need
// correcting: an error reply needing MySQL's number (unknown commands,
// COM_STMT_EXECUTE and COM_STMT_PREPARE), or the OK packet of a text
// PREPARE (see fixOKInfo). Other COM_QUERY replies pass through unchanged
// (but for midstream.go's error), and the handler gives GMS the bare
// socket, so that GMS can see a client that goes away mid-query.
func (c *wireConn) rewrites() bool {
	return c.cmd == mysql.ComStmtExecute || c.cmd == mysql.ComPrepare || c.cmd != noCommand && !knownCommand(c.cmd) ||
		c.cmd == mysql.ComQuery && c.textPrepare()
}

// textPrepare: the COM_QUERY being read is a PREPARE ... FROM statement.
func (c *wireConn) textPrepare() bool {
	if c.prefN < len(c.prefix) {
		return false
	}
	switch c.prefix[8] {
	case ' ', '\t', '\n', '\r':
		return strings.EqualFold(string(c.prefix[1:8]), "PREPARE")
	}
	return false
}

func (c *wireConn) Write(p []byte) (int, error) {
	if c.midErr != nil {
		return c.writeMidErr(p)
	}
	if !c.rewrites() && len(c.held) == 0 {
		return c.out(p)
	}
	// Unbuffered replies arrive as a header write then a body write.
	if len(c.held) == 0 && len(p) == 4 {
		if l := int(p[0]) | int(p[1])<<8 | int(p[2])<<16; l > 0 && l < 1024 {
			c.held = append(c.held[:0], p...)
			return 4, nil
		}
	}
	pkt := p
	if len(c.held) > 0 {
		pkt = append(c.held, p...)
		c.held = c.held[:0]
	}
	fixed := c.fixError(pkt)
	if fixed == nil {
		fixed = fixOKInfo(pkt)
	}
	if fixed != nil {
		if _, err := c.out(fixed); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	if _, err := c.out(pkt); err != nil {
		return 0, err
	}
	return len(p), nil
}

// fixError returns MySQL's version of pkt when pkt is exactly one ERR packet
// the library words differently, else nil.
func (c *wireConn) fixError(pkt []byte) []byte {
	if len(pkt) < 13 || pkt[4] != 0xff {
		return nil
	}
	if l := int(pkt[0]) | int(pkt[1])<<8 | int(pkt[2])<<16; l != len(pkt)-4 {
		return nil
	}
	code := binary.LittleEndian.Uint16(pkt[5:])
	msg := string(pkt[13:])
	switch {
	case c.cmd == mysql.ComStmtExecute && code == mysql.CRCommandsOutOfSync && c.prefN >= 5:
		id := binary.LittleEndian.Uint32(c.prefix[1:])
		return errPacket(pkt[3], erUnknownStmtHandler, mysql.SSUnknownSQLState,
			fmt.Sprintf("Unknown prepared statement handler (%d) given to mysqld_stmt_execute", id))
	case c.cmd == mysql.ComStmtExecute && code == mysql.CRMalformedPacket:
		return errPacket(pkt[3], erMalformedPacket, mysql.SSUnknownSQLState, "Malformed communication packet.")
	case c.cmd == mysql.ComPrepare && (code == mysql.ERUnknownError || code == mysql.ERParseError) &&
		strings.HasPrefix(strings.TrimPrefix(msg, invalidArgument), "syntax error at ") && len(c.prep) > 1:
		// The library's own parse of COM_STMT_PREPARE failed; its syntax
		// error would reach the client as 1105, or as 1064 in the parser's
		// words.
		var se *mysql.SQLError
		if errors.As(sqlfunc.GroupConcatWindow(string(c.prep[1:])), &se) {
			return errPacket(pkt[3], uint16(se.Num), se.State, se.Message)
		}
		detail := strings.TrimSpace(strings.TrimPrefix(msg, invalidArgument))
		err := translateError(mysql.NewSQLError(mysql.ERParseError, "42000", "%s", detail), string(c.prep[1:]), "")
		if errors.As(err, &se) && se.Num == mysql.ERParseError {
			return errPacket(pkt[3], uint16(se.Num), se.State, se.Message)
		}
		return nil
	case c.cmd == comProcessKill && code == mysql.ERUnknownComError && c.prefN >= 5 && c.processKill != nil:
		// COM_PROCESS_KILL (PyMySQL's kill(), mysql_kill()) is KILL
		// CONNECTION id; the library refused it as an unknown command.
		if err := c.processKill(binary.LittleEndian.Uint32(c.prefix[1:])); err != nil {
			var se *mysql.SQLError
			if errors.As(err, &se) {
				return errPacket(pkt[3], uint16(se.Num), se.State, se.Message)
			}
			return errPacket(pkt[3], mysql.ERUnknownError, mysql.SSUnknownSQLState, err.Error())
		}
		var status uint16
		if c.mc != nil {
			status = c.mc.StatusFlags
		}
		return []byte{7, 0, 0, pkt[3], 0x00, 0, 0, byte(status), byte(status >> 8), 0, 0}
	case code == mysql.ERUnknownComError && strings.HasPrefix(msg, "command handling not implemented"):
		return errPacket(pkt[3], mysql.ERUnknownComError, mysql.SSNetError, "Unknown command")
	}
	return nil
}

// fixOKInfo returns pkt with its info string length-encoded when pkt is
// exactly one OK packet whose info the library wrote as '#' + text. MySQL
// sends the info as a length-encoded string, and libmariadb/libmysqlclient
// read it so: they took '#' for a length of 35, and a shorter info ("Statement
// prepared", the reply to PREPARE) made the mariadb CLI fail with 2027
// "Received malformed packet".
func fixOKInfo(pkt []byte) []byte {
	if len(pkt) < 12 || pkt[4] != 0x00 {
		return nil
	}
	if l := int(pkt[0]) | int(pkt[1])<<8 | int(pkt[2])<<16; l != len(pkt)-4 {
		return nil
	}
	pos := 5
	for range 2 { // affected rows, last insert ID
		switch b := pkt[pos]; {
		case b < 0xfb:
			pos++
		case b == 0xfc:
			pos += 3
		case b == 0xfd:
			pos += 4
		case b == 0xfe:
			pos += 9
		default:
			return nil
		}
		if pos >= len(pkt) {
			return nil
		}
	}
	pos += 4 // status flags, warnings
	if pos >= len(pkt) || pkt[pos] != '#' {
		return nil
	}
	info := pkt[pos+1:]
	body := append([]byte(nil), pkt[4:pos]...)
	switch n := len(info); {
	case n < 0xfb:
		body = append(body, byte(n))
	case n < 1<<16:
		body = append(body, 0xfc, byte(n), byte(n>>8))
	default:
		return nil
	}
	body = append(body, info...)
	n := len(body)
	return append([]byte{byte(n), byte(n >> 8), byte(n >> 16), pkt[3]}, body...)
}

// invalidArgument prefixes the library's rendering of a parser error it
// could not classify.
const invalidArgument = "unknown error: Code: INVALID_ARGUMENT\n"

// erMalformedPacket is MySQL 8's ER_MALFORMED_PACKET.
const erMalformedPacket = 1835

// erUnknownStmtHandler is ER_UNKNOWN_STMT_HANDLER.
const erUnknownStmtHandler = 1243
