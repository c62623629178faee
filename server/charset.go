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
// (or 0) leaves the server's defaults, as in MySQL.
func handshakeCollation(ctx *sql.Context, sess sql.Session, c *mysql.Conn) error {
	id := sql.CollationID(c.CharacterSet)
	if id == 0 || id.Name() == "" {
		return nil
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
			return err
		}
	}
	return nil
}

// resultsCharset is the connection's character_set_results when results in
// it are converted here (engine.LossyResults), else 0.
func (h *handler) resultsCharset(c *mysql.Conn) sql.CharacterSetID {
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return 0
	}
	ctx := v.(*wireConn).sess.Load()
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

// charsetCallback wraps a text-protocol result callback with transcode.
func (h *handler) charsetCallback(c *mysql.Conn, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		return cb(transcode(res, h.resultsCharset(c)), more)
	}
}

// stmtCharsetCallback wraps a binary-protocol result callback with transcode.
func (h *handler) stmtCharsetCallback(c *mysql.Conn, cb func(*sqltypes.Result) error) func(*sqltypes.Result) error {
	return func(res *sqltypes.Result) error {
		return cb(transcode(res, h.resultsCharset(c)))
	}
}

// clientText converts a statement's text from the connection's
// character_set_client to utf8mb4, which the parser reads: a latin1 client
// sends 'é' as the byte E9. String literals with the _binary introducer
// (how drivers send bytes) keep their bytes. Text that is all ASCII, or
// from a client whose character set is utf8mb4, utf8mb3, ascii or binary,
// is returned as it is.
func (h *handler) clientText(c *mysql.Conn, q string) string {
	ascii := true
	for i := 0; i < len(q); i++ {
		if q[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return q
	}
	v, ok := h.wires.Load(c.ConnectionID)
	if !ok {
		return q
	}
	ctx := v.(*wireConn).sess.Load()
	if ctx == nil {
		return q
	}
	name, err := ctx.Session.GetSessionVariable(ctx, "character_set_client")
	if err != nil {
		return q
	}
	s, _ := name.(string)
	cs, err := sql.ParseCharacterSet(s)
	if err != nil {
		return q
	}
	switch cs {
	case sql.CharacterSet_utf8mb4, sql.CharacterSet_utf8mb3, sql.CharacterSet_ascii, sql.CharacterSet_binary:
		return q
	}
	if cs.Encoder() == nil {
		return q
	}
	return decodeText(q, cs.Encoder())
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
