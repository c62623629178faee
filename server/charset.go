package server

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"google.golang.org/protobuf/proto"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/sqltext"
)

// handshakeCollation gives a new session the collation its client named in
// the handshake, as MySQL and MariaDB do: character_set_client,
// character_set_connection and character_set_results become the
// collation's character set and collation_connection the collation itself
// (what SET NAMES cs COLLATE coll does). Drivers choose their encoding by
// it (go-sql-driver's collation=, PyMySQL's charset=, the mariadb CLI's
// --default-character-set) and decode results by it; the server's default
// would hand a latin1 client utf8mb4 bytes. A number MySQL does not know
// (or 0) leaves the server's defaults, as in MySQL; so does a collation GMS
// refuses to set (the connection must not fail for it).
func handshakeCollation(ctx *sql.Context, sess sql.Session, c *mysql.Conn) {
	id := sql.CollationID(c.CharacterSet)
	if id == 0 || id.Name() == "" {
		return
	}
	cs := id.CharacterSet().Name()
	for _, v := range [...][2]string{
		{"character_set_client", cs},
		{"character_set_connection", cs},
		{"character_set_results", cs},
		// Last: setting character_set_connection resets it to the
		// character set's default collation.
		{"collation_connection", id.Name()},
	} {
		if err := sess.SetSessionVariable(ctx, v[0], v[1]); err != nil {
			return
		}
	}
}

// sessionOf is the connection's session, nil before it has one.
func (h *handler) sessionOf(c *mysql.Conn) *sql.Context {
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return nil
	}
	return v.(*wireConn).sess.Load()
}

// resultsCharset is the session's character_set_results when results in
// it are converted here (engine.LossyResults), else 0.
func resultsCharset(ctx *sql.Context) sql.CharacterSetID {
	if ctx == nil {
		return 0
	}
	s, ok := ctx.Session.(interface{ ResultsCharset() sql.CharacterSetID })
	if !ok {
		return 0
	}
	if cs := s.ResultsCharset(); engine.LossyResults(cs) && cs.Encoder() != nil {
		return cs
	}
	return 0
}

// transcode converts a result's strings from utf8mb4 (what GMS produced,
// see engine.Session.GetCharacterSetResults) to cs, with '?' for every
// character cs lacks, as MySQL does, and labels its string columns with
// cs. Fields and rows are copied: the plan cache shares fields between
// connections.
func transcode(res *sqltypes.Result, cs sql.CharacterSetID) *sqltypes.Result {
	if res == nil || cs == 0 {
		return res
	}
	var cols []int
	for i, f := range res.Fields {
		if f != nil && f.Charset != binaryCharset && stringType(f.Type) {
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 {
		return res
	}
	out := *res
	out.Fields = make([]*querypb.Field, len(res.Fields))
	copy(out.Fields, res.Fields)
	for _, i := range cols {
		f := proto.Clone(res.Fields[i]).(*querypb.Field)
		f.Charset = uint32(cs.DefaultCollation())
		out.Fields[i] = f
	}
	enc := cs.Encoder()
	out.Rows = make([][]sqltypes.Value, len(res.Rows))
	for r, row := range res.Rows {
		nr := make([]sqltypes.Value, len(row))
		copy(nr, row)
		for _, i := range cols {
			if i < len(nr) && !nr[i].IsNull() {
				nr[i] = sqltypes.MakeTrusted(nr[i].Type(), enc.EncodeReplaceUnknown(nr[i].Raw()))
			}
		}
		out.Rows[r] = nr
	}
	return &out
}

func stringType(t querypb.Type) bool {
	switch t {
	case querypb.Type_VARCHAR, querypb.Type_CHAR, querypb.Type_TEXT, querypb.Type_ENUM, querypb.Type_SET:
		return true
	}
	return false
}

// charsetCallback wraps a text-protocol result callback with transcode and
// sessionStatus.
func (h *handler) charsetCallback(c *mysql.Conn, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		ctx := h.sessionOf(c)
		sessionStatus(ctx, c)
		return cb(transcode(res, resultsCharset(ctx)), more)
	}
}

// stmtCharsetCallback wraps a binary-protocol result callback with transcode
// and sessionStatus.
func (h *handler) stmtCharsetCallback(c *mysql.Conn, cb func(*sqltypes.Result) error) func(*sqltypes.Result) error {
	return func(res *sqltypes.Result) error {
		ctx := h.sessionOf(c)
		sessionStatus(ctx, c)
		return cb(transcode(res, resultsCharset(ctx)))
	}
}

// serverStatusNoBackslashEscapes is SERVER_STATUS_NO_BACKSLASH_ESCAPES.
const serverStatusNoBackslashEscapes = 0x0200

// sessionStatus sets the status flag MySQL reports with every OK and EOF
// packet while sql_mode holds NO_BACKSLASH_ESCAPES: client libraries
// (PyMySQL's escape, libmysqlclient's mysql_real_escape_string) choose how to
// quote strings by it, and would otherwise escape a quote with a backslash
// the server then takes literally.
func sessionStatus(ctx *sql.Context, c *mysql.Conn) {
	if ctx == nil {
		return
	}
	on, ok := engine.NoBackslashEscapes(ctx)
	if !ok {
		v, _ := ctx.Session.GetSessionVariable(ctx, "sql_mode")
		m, _ := v.(string)
		on = hasModeFold(m, "NO_BACKSLASH_ESCAPES")
	}
	if on {
		c.StatusFlags |= serverStatusNoBackslashEscapes
	} else {
		c.StatusFlags &^= serverStatusNoBackslashEscapes
	}
}

// hasModeFold reports whether sql_mode value m contains mode (upper-case
// ASCII) in any letter case (engine.ModeHasFold). It runs for every OK and
// EOF packet of a session that is not Myriad's, where upper-casing a copy
// of sql_mode was ~1.4% of the server's CPU under sysbench's
// oltp_write_only.
func hasModeFold(m, mode string) bool {
	return engine.ModeHasFold(m, mode)
}

// isASCII reports whether q has no byte >= 0x80, testing eight bytes at
// once: a byte at a time it was ~1.3% of the server's instructions under
// sysbench's oltp_insert (docs/PROFILES.md "perf27").
func isASCII(q string) bool {
	i := 0
	for ; i+8 <= len(q); i += 8 {
		// One 8-byte load: the compiler combines the byte loads.
		c := q[i : i+8]
		w := uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
			uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(q); i++ {
		if q[i] >= 0x80 {
			return false
		}
	}
	return true
}

// clientText converts a statement's text from the connection's
// character_set_client to utf8mb4, which the parser reads: a latin1 client
// sends 'é' as the byte E9. String literals with the _binary introducer
// (how drivers send bytes) keep their bytes; the character set is
// utf8mb4, utf8mb3, ascii or binary needs no conversion. Then non-ASCII
// identifiers are quoted (quoteNonASCIIIdents). Text that is all ASCII is
// returned as it is.
func (h *handler) clientText(c *mysql.Conn, q string) string {
	if isASCII(q) {
		return q
	}
	cs := sql.CharacterSet_utf8mb4
	if ctx := h.sessionOf(c); ctx != nil {
		if name, err := ctx.Session.GetSessionVariable(ctx, "character_set_client"); err == nil {
			s, _ := name.(string)
			if id, err := sql.ParseCharacterSet(s); err == nil {
				cs = id
			}
		}
	}
	switch cs {
	case sql.CharacterSet_utf8mb4, sql.CharacterSet_utf8mb3, sql.CharacterSet_ascii, sql.CharacterSet_binary:
	default:
		if cs.Encoder() != nil {
			q = decodeText(q, cs.Encoder())
		}
	}
	return quoteNonASCIIIdents(q)
}

// decodeText decodes q with enc, except _binary string literals.
func decodeText(q string, enc interface{ Decode([]byte) ([]byte, bool) }) string {
	var out []byte
	from := 0 // start of the text not yet decoded
	flush := func(to int) {
		if d, ok := enc.Decode([]byte(q[from:to])); ok {
			out = append(out, d...)
		} else {
			out = append(out, q[from:to]...)
		}
	}
	for i := 0; i < len(q); {
		switch q[i] {
		case '\'', '"':
			end := sqltext.SkipString(q, i)
			if binaryIntroducer(q[:i]) {
				flush(i)
				out = append(out, q[i:end]...)
				from = end
			}
			i = end
		default:
			i++
		}
	}
	flush(len(q))
	return string(out)
}

// binaryIntroducer: the text before a string literal ends in _binary.
func binaryIntroducer(before string) bool {
	j := len(before)
	for j > 0 && (before[j-1] == ' ' || before[j-1] == '\t' || before[j-1] == '\n' || before[j-1] == '\r') {
		j--
	}
	const intro = "_binary"
	if j < len(intro) || !strings.EqualFold(before[j-len(intro):j], intro) {
		return false
	}
	if k := j - len(intro); k > 0 {
		c := before[k-1]
		if c == '_' || c == '$' || (c|0x20) >= 'a' && (c|0x20) <= 'z' || c >= '0' && c <= '9' {
			return false
		}
	}
	return true
}

// noBackslashText makes the parser read a statement sent under
// NO_BACKSLASH_ESCAPES as MySQL does: a backslash in a string literal is
// itself, and only a doubled quote escapes the quote. GMS's lexer always
// takes backslash escapes, so each backslash inside a literal is doubled
// here. Text without a backslash, or a session without the mode, is
// returned as it is.
func noBackslashText(ctx *sql.Context, q string) string {
	if ctx == nil || !strings.Contains(q, `\`) {
		return q
	}
	v, _ := ctx.Session.GetSessionVariable(ctx, "sql_mode")
	m, _ := v.(string)
	m = strings.ToUpper(m)
	if !strings.Contains(m, "NO_BACKSLASH_ESCAPES") {
		return q
	}
	return doubleBackslashes(q, strings.Contains(m, "ANSI_QUOTES"))
}

// doubleBackslashes doubles the backslashes inside q's string literals
// (quotes escaped by doubling only); identifiers and comments are copied.
func doubleBackslashes(q string, ansiQuotes bool) string {
	var b strings.Builder
	b.Grow(len(q) + 8)
	skipTo := func(i int, end string) int {
		if k := strings.Index(q[i:], end); k >= 0 {
			return i + k + len(end)
		}
		return len(q)
	}
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"' && !ansiQuotes:
			b.WriteByte(c)
			j := i + 1
			for j < len(q) {
				if q[j] == c {
					if j+1 < len(q) && q[j+1] == c {
						b.WriteString(q[j : j+2])
						j += 2
						continue
					}
					break
				}
				if q[j] == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(q[j])
				j++
			}
			if j < len(q) {
				b.WriteByte(c)
				j++
			}
			i = j
		case c == '`' || c == '"':
			j := i + 1
			for j < len(q) && q[j] != c {
				j++
			}
			j = min(j+1, len(q))
			b.WriteString(q[i:j])
			i = j
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- "):
			j := skipTo(i, "\n")
			b.WriteString(q[i:j])
			i = j
		case c == '/' && strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			j := skipTo(i+2, "*/")
			b.WriteString(q[i:j])
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// quoteNonASCIIIdents puts backticks around unquoted identifiers with
// characters outside ASCII (CREATE TABLE heiße ...), which MySQL accepts
// and the protocol library's lexer refuses with 1064. No keyword, number or
// operator has such a character, so every such word outside literals,
// comments and quoted identifiers is an identifier.
func quoteNonASCIIIdents(q string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			j := sqltext.SkipString(q, i)
			b.WriteString(q[i:j])
			i = j
		case c == '`':
			j := i + 1
			for j < len(q) && q[j] != '`' {
				j++
			}
			j = min(j+1, len(q))
			b.WriteString(q[i:j])
			i = j
		case c == '#' || c == '-' && strings.HasPrefix(q[i:], "-- ") ||
			c == '/' && strings.HasPrefix(q[i:], "/*") && !strings.HasPrefix(q[i:], "/*!"):
			end := "\n"
			if c == '/' {
				end = "*/"
			}
			j := len(q)
			if k := strings.Index(q[i+1:], end); k >= 0 {
				j = i + 1 + k + len(end)
			}
			b.WriteString(q[i:j])
			i = j
		case identByte(c):
			j := i
			wide := false
			for j < len(q) && identByte(q[j]) {
				wide = wide || q[j] >= 0x80
				j++
			}
			// A user variable (@vä) is left as it is: the library's
			// lexer takes no quoted name after @.
			if wide && (i == 0 || q[i-1] != '@') {
				b.WriteByte('`')
				b.WriteString(q[i:j])
				b.WriteByte('`')
				quoted = true
			} else {
				b.WriteString(q[i:j])
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	if !quoted {
		return q
	}
	return b.String()
}

func identByte(c byte) bool {
	return c >= 0x80 || c == '_' || c == '$' || c >= '0' && c <= '9' || (c|0x20) >= 'a' && (c|0x20) <= 'z'
}
