package server

import (
	"github.com/myriaddb/myriad/floatfmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	gmssql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/floattype"
)

// Result-set metadata as MySQL sends it, where GMS's differs in ways
// drivers act on:
//   - every column that is not a character string (numbers, temporal types,
//     BIT, YEAR) has the binary character set (63): GMS gives them the
//     connection's, and drivers then decode BIT as text instead of bytes;
//   - FLOAT and DOUBLE without a declared scale have 31 decimals
//     (NOT_FIXED_DEC): drivers read 0 as "exactly 0 decimals"; a column
//     declared FLOAT(M,D)/DOUBLE(M,D) has D, read from its catalog record
//     (GMS's types keep no scale, see package floattype), its length is M,
//     and its values
//     are printed with D digits in the text protocol ("13.3700");
//   - YEAR is UNSIGNED and ZEROFILL;
//   - DATETIME and TIMESTAMP are as long as their text (temporalFields).

// binaryCharset is the character set number of the binary collation.
const binaryCharset = 63

// notFixedDec is MySQL's "decimals not fixed" (FLOAT/DOUBLE without a scale).
const notFixedDec = 31

// floatScales finds the decimals of a statement's FLOAT/DOUBLE result
// columns: column looks up the (M,D) of a FLOAT(M,D)/DOUBLE(M,D) column, or
// the (0,n) of a TIMESTAMP(n) column, by its schema, table and name
// (engine.FloatScale); where the field names no
// such column (an alias, a table alias, an expression over one), byPosition
// gives what the statement's select list derives (floattype.ResultColumns),
// one per field. Either may be nil.
type floatScales struct {
	// A value, not closures: a prepared SELECT executes with one of these
	// and closures over it were ~2 heap allocations per execution (perf20).
	h     *handler // nil: no column is looked up
	c     *mysql.Conn
	query string

	derived bool
	cols    []floattype.Column

	setOpDerived bool
	setOpCols    []floattype.Column

	setOp, setOpKnown bool // isSetOp, once read

	originsDerived bool
	origins        []floattype.Origin

	incr      int // the session's div_precision_increment, once read
	incrKnown bool

	notes      []*engine.ResultNote // the session's note, once read
	notesKnown bool
}

// resultNotes is the session's note of the statement's nullable aggregate
// and GROUP_CONCAT result columns (engine.ResultNotes).
func (s *floatScales) resultNotes() []*engine.ResultNote {
	if !s.notesKnown {
		s.notesKnown = true
		if s.h != nil {
			s.notes = engine.ResultNotes(s.h.sessionOf(s.c))
		}
	}
	return s.notes
}

// resultsCharsetOf is the session's character_set_results (Unspecified:
// NULL, no conversion), into which MySQL converts a string field's length.
func (s *floatScales) resultsCharsetOf() gmssql.CharacterSetID {
	if s.h == nil {
		return gmssql.CharacterSet_utf8mb4
	}
	ctx := s.h.sessionOf(s.c)
	if ctx == nil {
		return gmssql.CharacterSet_utf8mb4
	}
	if s, ok := ctx.Session.(interface{ ResultsCharset() gmssql.CharacterSetID }); ok {
		// GMS's GetCharacterSetResults says utf8mb4 where the server
		// converts the results itself (charset.go).
		return s.ResultsCharset()
	}
	return ctx.GetCharacterSetResults()
}

// groupConcatField gives f, a GROUP_CONCAT's field, the type and length
// Item_func_group_concat::fix_fields gives the item (max_chars =
// group_concat_max_len / mbminlen; a BLOB of max_chars * mbmaxlen bytes
// past CONVERT_IF_BIGGER_TO_BLOB characters, else VARCHAR(max_chars)),
// converted into the results' character set as
// Protocol_classic::send_field_metadata converts it (a BLOB's bytes /
// mbminlen, a VARCHAR's characters, times the results' mbmaxlen). GMS
// sent its TEXT's 262140.
func groupConcatField(f *querypb.Field, g *engine.ResultNote, results gmssql.CharacterSetID) {
	const convertIfBiggerToBlob = 512
	binary := g.Charset == gmssql.CharacterSet_binary
	mbmin, mbmax := int64(1), g.Charset.MaxLength()
	switch g.Charset {
	case gmssql.CharacterSet_ucs2, gmssql.CharacterSet_utf16, gmssql.CharacterSet_utf16le:
		mbmin = 2
	case gmssql.CharacterSet_utf32:
		mbmin = 4
	}
	// Without a results character set (NULL) nothing is converted.
	converted := results != gmssql.CharacterSet_Unspecified && !binary
	chars := g.MaxLen / mbmin
	var length int64
	typ := querypb.Type_VARCHAR
	if chars > convertIfBiggerToBlob {
		length = min(chars*mbmax, math.MaxUint32)
		if converted {
			length = length / mbmin * results.MaxLength()
		}
		typ = querypb.Type_TEXT
		if binary {
			typ = querypb.Type_BLOB
		}
		if g.Derived && f.Flags&uint32(querypb.MySqlFlag_BLOB_FLAG) == 0 {
			f.Flags |= uint32(querypb.MySqlFlag_BLOB_FLAG)
		}
	} else {
		length = chars * mbmax
		if converted {
			length = chars * results.MaxLength()
		}
		if binary {
			typ = querypb.Type_VARBINARY
		}
	}
	// Written only when they change: the plan cache shares fields.
	if f.Type != typ {
		f.Type = typ
	}
	if l := uint32(min(length, math.MaxUint32)); f.ColumnLength != l {
		f.ColumnLength = l
	}
}

// divIncrement is the session's div_precision_increment: a view's column
// that divides adds it to its decimals.
func (s *floatScales) divIncrement() int {
	if !s.incrKnown {
		s.incr, s.incrKnown = divIncrementOf(s.h.sessionOf(s.c)), true
	}
	return s.incr
}

// byOrigin is the table column behind each result column of a
// single-table SELECT (floattype.Origins), for the fields that name an
// alias instead.
func (s *floatScales) byOrigin() []floattype.Origin {
	if !s.originsDerived {
		s.originsDerived = true
		if stmt := parsedSelect(s.query); stmt != nil {
			s.origins = floattype.Origins(stmt, s.h.eng.CurrentDatabase(s.c.ConnectionID), s.scaleOrInteger)
		}
	}
	return s.origins
}

// statementScales is the floatScales of query's results, query's select
// list read only when a float field names no declared column.
func (h *handler) statementScales(c *mysql.Conn, query string) floatScales {
	return floatScales{h: h, c: c, query: query}
}

// column is engine.FloatScale, a view's column under the session's
// div_precision_increment.
func (s *floatScales) column(db, table, column string) (width, scale uint8, ok bool) {
	if !s.h.eng.HasViews(db) {
		return s.h.eng.FloatScale(db, table, column)
	}
	return s.h.eng.FloatScaleAt(db, table, column, s.divIncrement())
}

// byPosition is what the statement's select list derives, parsed at the
// first call.
func (s *floatScales) byPosition() []floattype.Column {
	if !s.derived {
		s.derived = true
		if stmt := parsedSelect(s.query); stmt != nil {
			s.cols = floattype.ResultColumns(stmt, s.h.eng.CurrentDatabase(s.c.ConnectionID), divIncrementOf(s.h.sessionOf(s.c)), s.scaleOrInteger)
		}
	}
	return s.cols
}

// scaleOrInteger is engine.FloatScale, with an integer column's decimals
// 0 (a FLOAT(7,4) plus an INT column printed the DOUBLE's 17 digits).
func (s *floatScales) scaleOrInteger(db, table, column string) (m, d uint8, ok bool) {
	m, d, ok = s.column(db, table, column)
	if ok {
		return m, d, ok
	}
	if s.h.eng.IntegerColumn(db, table, column) {
		return 0, 0, true
	}
	return m, 0, false // floattype.Present or Absent, if known
}

// bySetOp is what a UNION's branches derive for its result columns
// (floattype.SetOpColumns), nil for other statements: the field names the
// first branch's column, whose D is not the UNION's when another branch
// has other decimals.
func (s *floatScales) bySetOp() []floattype.Column {
	if !s.setOpDerived {
		s.setOpDerived = true
		if mayBeSetOp(s.query) {
			if stmt := parsedSelect(s.query); stmt != nil {
				s.setOpCols = floattype.SetOpColumns(stmt, s.h.eng.CurrentDatabase(s.c.ConnectionID), divIncrementOf(s.h.sessionOf(s.c)), s.scaleOrInteger)
			}
		}
	}
	return s.setOpCols
}

// isSetOp reports whether the statement is a UNION, INTERSECT or EXCEPT.
func (s *floatScales) isSetOp() bool {
	if !s.setOpKnown {
		s.setOpKnown = true
		if mayBeSetOp(s.query) {
			_, s.setOp = parsedSelect(s.query).(*sqlparser.SetOp)
		}
	}
	return s.setOp
}

// mayBeSetOp is the cheap test that keeps other statements unparsed.
func mayBeSetOp(q string) bool {
	l := strings.ToLower(q)
	return strings.Contains(l, "union") || strings.Contains(l, "intersect") || strings.Contains(l, "except")
}

// divIncrementOf is the session's div_precision_increment (MySQL's
// default, 4, without a session).
func divIncrementOf(ctx *gmssql.Context) int {
	if ctx != nil {
		if v, err := ctx.Session.GetSessionVariable(ctx, "div_precision_increment"); err == nil {
			if n, ok := v.(int64); ok {
				return int(n)
			}
		}
	}
	return 4
}

// startsWithWith: a SELECT with a WITH clause (its CTEs are read as
// derived tables, floattype.withCTEs).
func startsWithWith(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	return len(q) > 4 && strings.EqualFold(q[:4], "with") && (q[4] == ' ' || q[4] == '\t' || q[4] == '\n' || q[4] == '\r')
}

// parsedSelects memoizes the parse of statements whose float results name
// no declared column (a plain FLOAT column's, too): parsing at every
// execution would cost more than the result. Emptied when full; bounded
// to maxParsedSelects statements of at most maxParsedSelectLen bytes.
var parsedSelects struct {
	sync.Mutex
	m map[string]sqlparser.Statement
}

const (
	maxParsedSelects   = 1024
	maxParsedSelectLen = 4096
)

// parsedSelect is query's SELECT, or nil (not one SELECT, not parsed, or
// longer than maxParsedSelectLen: such a statement's float results keep
// NOT_FIXED_DEC).
func parsedSelect(query string) sqlparser.Statement {
	if len(query) > maxParsedSelectLen || !startsWithSelect(query) && !startsWithWith(query) {
		return nil
	}
	parsedSelects.Lock()
	stmt, ok := parsedSelects.m[query]
	parsedSelects.Unlock()
	if ok {
		return stmt
	}
	stmt, err := sqlparser.Parse(query)
	if err != nil {
		stmt = nil
	}
	parsedSelects.Lock()
	if parsedSelects.m == nil || len(parsedSelects.m) >= maxParsedSelects {
		parsedSelects.m = map[string]sqlparser.Statement{}
	}
	parsedSelects.m[query] = stmt
	parsedSelects.Unlock()
	return stmt
}

// fixFields corrects fields in place.
func fixFields(fields []*querypb.Field, scales *floatScales) {
	for i, f := range fields {
		if f == nil {
			continue
		}
		if notes := scales.resultNotes(); len(notes) == len(fields) && notes[i] != nil && notes[i].Name == f.Name {
			// MIN, MAX, SUM, ... are nullable (engine/resultnotes.go).
			// Written only when they change (see below).
			if f.Flags&uint32(querypb.MySqlFlag_NOT_NULL_FLAG) != 0 {
				f.Flags &^= uint32(querypb.MySqlFlag_NOT_NULL_FLAG)
			}
			if notes[i].GroupConcat && (sqltypes.IsText(f.Type) || sqltypes.IsBinary(f.Type)) {
				groupConcatField(f, notes[i], scales.resultsCharsetOf())
			}
		}
		switch f.Type {
		case querypb.Type_ENUM, querypb.Type_SET:
			// The wire takes the ENUM/SET flag from the type only when a
			// field has no flags of its own: a NOT NULL ENUM (or GROUP BY's
			// MIN of one, misc10) reached clients as a plain CHAR.
			flag := uint32(querypb.MySqlFlag_ENUM_FLAG)
			if f.Type == querypb.Type_SET {
				flag = uint32(querypb.MySqlFlag_SET_FLAG)
			}
			if f.Flags != 0 && f.Flags&flag == 0 {
				f.Flags |= flag
			}
			continue
		case querypb.Type_JSON:
			continue
		}
		if sqltypes.IsText(f.Type) || sqltypes.IsBinary(f.Type) {
			continue
		}
		// Written only when they change: the plan cache reuses fixed
		// fields across connections (spoolSingleRow), which then only
		// read them.
		if f.Charset != binaryCharset {
			f.Charset = binaryCharset
		}
		if f.Type == querypb.Type_TIMESTAMP && f.Decimals == 0 && scales.h != nil {
			// GMS gives only DATETIME its precision as decimals; a
			// TIMESTAMP(n) column's n is read from its catalog record.
			if _, n, ok := scales.column(f.Database, f.OrgTable, f.OrgName); ok {
				f.Decimals = uint32(n)
			} else if cols := scales.bySetOp(); len(cols) == len(fields) && cols[i].OK && cols[i].D <= 6 {
				// A UNION column of TIMESTAMP(m) and TIMESTAMP(n) sides
				// (sqlfunc/unionstamp.go): the larger n, as the sides'
				// records give it (fix24c).
				f.Decimals = uint32(cols[i].D)
			}
		}
		temporalFields(f)
		switch f.Type {
		case querypb.Type_FLOAT32, querypb.Type_FLOAT64:
			if f.Decimals == 0 {
				d := uint32(notFixedDec)
				if scales.h != nil {
					if cols := scales.bySetOp(); len(cols) == len(fields) && cols[i].OK {
						d = uint32(cols[i].D)
					} else if m, s, ok := scales.column(f.Database, f.OrgTable, f.OrgName); ok {
						d = uint32(s)
						if m > 0 {
							// MySQL's column length is M (GMS's is 12 or
							// 22); a view's expression has none.
							f.ColumnLength = uint32(m)
						}
					} else if cols := scales.byPosition(); len(cols) == len(fields) && cols[i].OK {
						d = uint32(cols[i].D)
						if cols[i].Bare {
							f.ColumnLength = uint32(cols[i].M)
						}
					}
				}
				f.Decimals = d
			}
		}
		switch f.Type {
		case querypb.Type_UINT8, querypb.Type_UINT16, querypb.Type_UINT24, querypb.Type_UINT32, querypb.Type_UINT64,
			querypb.Type_DECIMAL, querypb.Type_FLOAT32, querypb.Type_FLOAT64:
			if scales.h != nil && catalog.AnyZerofill() && !scales.isSetOp() {
				// engine.Zerofill: the width the values of a column
				// declared ZEROFILL are padded to. Not a UNION's: its
				// result column is a new field of the aggregated type
				// (Item::tmp_table_field_from_field_type), never ZEROFILL,
				// though the field names the first branch's column.
				w, ok := scales.h.eng.Zerofill(f.Database, f.OrgTable, f.OrgName)
				if !ok {
					// `SELECT z AS x`, `FROM t AS a`: the field names the
					// alias, not the column.
					if o := scales.byOrigin(); len(o) == len(fields) && o[i].DB != "" {
						w, ok = scales.h.eng.Zerofill(o[i].DB, o[i].Table, o[i].Column)
					}
				}
				if ok {
					// MySQL's field of a ZEROFILL column: the flag, and
					// the padded width as its length.
					if want := uint32(querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_ZEROFILL_FLAG); f.Flags&want != want {
						f.Flags |= want
					}
					if f.ColumnLength != uint32(w) {
						f.ColumnLength = uint32(w)
					}
				}
			}
		case querypb.Type_YEAR:
			want := uint32(querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_ZEROFILL_FLAG)
			if !yearIsField(f, i, scales) {
				// An expression's field (Item::init_make_field): unsigned,
				// not ZEROFILL; its text is not padded (yearDigits).
				want = uint32(querypb.MySqlFlag_UNSIGNED_FLAG)
				if f.Flags&uint32(querypb.MySqlFlag_ZEROFILL_FLAG) != 0 {
					f.Flags &^= uint32(querypb.MySqlFlag_ZEROFILL_FLAG)
				}
			}
			if f.Flags&want != want {
				f.Flags |= want
			}
		}
	}
}

// fieldsCallback wraps a text-protocol result callback with fixFields,
// zeroFractions and floatDigits.
func fieldsCallback(cb mysql.ResultSpoolFn, scales floatScales) mysql.ResultSpoolFn {
	var zeros []zeroCol
	var floats, years, zerofills []int
	return func(res *sqltypes.Result, more bool) error {
		if res != nil {
			if res.Fields != nil {
				fixFields(res.Fields, &scales)
				zeros = zeroFractionColumns(res.Fields, zeros[:0])
				floats = scaledFloatColumns(res.Fields, floats[:0])
				years = yearColumns(res.Fields, years[:0])
				zerofills = zerofillColumns(res.Fields, zerofills[:0])
			}
			if len(zeros) > 0 {
				zeroFractions(res, zeros)
			}
			if len(floats) > 0 {
				floatDigits(res, floats)
			}
			if len(zerofills) > 0 {
				// After floatDigits: a FLOAT ZEROFILL pads its
				// printed digits.
				zerofillDigits(res, zerofills)
			}
			if len(years) > 0 {
				yearDigits(res, years)
			}
		}
		return cb(res, more)
	}
}

// zerofillColumns are the positions of columns declared ZEROFILL (fixFields
// marked their fields).
func zerofillColumns(fields []*querypb.Field, out []int) []int {
	for i, f := range fields {
		if f != nil && f.Type != querypb.Type_YEAR && f.Flags&uint32(querypb.MySqlFlag_ZEROFILL_FLAG) != 0 &&
			(sqltypes.IsUnsigned(f.Type) || f.Type == querypb.Type_DECIMAL || sqltypes.IsFloat(f.Type)) && f.ColumnLength > 0 {
			out = append(out, i)
		}
	}
	return out
}

// zerofillDigits pads the values of ZEROFILL columns with zeros to the
// field's length, as MySQL does in the text protocol (Field_num::
// prepend_zeros: 42 in an INT(5) ZEROFILL is 00042, 2.25 in a FLOAT(6,2)
// ZEROFILL 002.25; a DECIMAL(6,2)'s 1.50 is 0001.50); GMS printed 42.
func zerofillDigits(res *sqltypes.Result, cols []int) {
	for _, row := range res.Rows {
		for _, i := range cols {
			if i >= len(row) || row[i].IsNull() {
				continue
			}
			w := int(res.Fields[i].ColumnLength)
			if raw := row[i].Raw(); len(raw) < w {
				padded := make([]byte, w)
				n := copy(padded, strings.Repeat("0", w-len(raw)))
				copy(padded[n:], raw)
				row[i] = sqltypes.MakeTrusted(row[i].Type(), padded)
			}
		}
	}
}

// yearColumns are the positions of YEAR columns that print as a column
// does (fixFields flagged them ZEROFILL, see yearIsField).
func yearColumns(fields []*querypb.Field, out []int) []int {
	for i, f := range fields {
		if f != nil && f.Type == querypb.Type_YEAR && f.Flags&uint32(querypb.MySqlFlag_ZEROFILL_FLAG) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// yearDigits prints YEAR values with four digits, as MySQL does (the
// column is ZEROFILL of width 4: Field_year::val_str): GMS printed YEAR 0
// as "0", MySQL "0000".
func yearDigits(res *sqltypes.Result, cols []int) {
	for _, row := range res.Rows {
		for _, i := range cols {
			if i >= len(row) || row[i].IsNull() {
				continue
			}
			if raw := row[i].Raw(); len(raw) < 4 {
				row[i] = sqltypes.MakeTrusted(row[i].Type(), append([]byte("0000"[len(raw):]), raw...))
			}
		}
	}
}

// scaledFloatColumns are the positions of FLOAT/DOUBLE columns: all of
// them print differently from GMS (see floatDigits).
func scaledFloatColumns(fields []*querypb.Field, out []int) []int {
	for i, f := range fields {
		if f != nil && (f.Type == querypb.Type_FLOAT32 || f.Type == querypb.Type_FLOAT64) {
			out = append(out, i)
		}
	}
	return out
}

// floatDigits prints the values of FLOAT(M,D)/DOUBLE(M,D) columns with
// exactly D digits after the point, as MySQL does (13.37 in a FLOAT(7,4)
// is "13.3700"), those of other FLOAT columns with MySQL's six
// significant digits and of other DOUBLE columns (table columns,
// literals, arithmetic, aggregates alike) with my_gcvt's notation
// (floatfmt); GMS prints Go's 'g' text ("1e+10", "1.5e-05").
func floatDigits(res *sqltypes.Result, cols []int) {
	for _, row := range res.Rows {
		for _, i := range cols {
			if i >= len(row) || row[i].IsNull() {
				continue
			}
			bits := 64
			if res.Fields[i].Type == querypb.Type_FLOAT32 {
				bits = 32
			}
			v, err := strconv.ParseFloat(string(row[i].Raw()), bits)
			if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
				continue
			}
			if res.Fields[i].Decimals >= notFixedDec {
				if bits == 32 {
					row[i] = sqltypes.MakeTrusted(row[i].Type(), floatfmt.AppendFloat(nil, float32(v)))
				} else {
					row[i] = sqltypes.MakeTrusted(row[i].Type(), floatfmt.AppendDouble(nil, v))
				}
				continue
			}
			row[i] = sqltypes.MakeTrusted(row[i].Type(), floatfmt.AppendFixed(nil, v, int(res.Fields[i].Decimals), bits))
		}
	}
}

// zeroCol is a DATETIME(n)/TIMESTAMP(n) column (n > 0): its position, n,
// and the zero datetime as MySQL prints it there.
type zeroCol struct {
	pos  int
	fsp  int
	text []byte
}

// zeroFractionColumns are the DATETIME(n)/TIMESTAMP(n) columns (n > 0):
// table columns, UNION columns and expressions alike (CAST(x AS
// DATETIME(6)), NOW(6)). The expressions GMS typed DATETIME(6) where
// MySQL's type has fewer digits (FROM_UNIXTIME(int), CONVERT_TZ) carry
// MySQL's precision (sqlfunc/timeprecfix.go), so their padding is MySQL's.
func zeroFractionColumns(fields []*querypb.Field, out []zeroCol) []zeroCol {
	for i, f := range fields {
		if f != nil && (f.Type == querypb.Type_DATETIME || f.Type == querypb.Type_TIMESTAMP) && f.Decimals > 0 && f.Decimals <= 6 {
			out = append(out, zeroCol{pos: i, fsp: int(f.Decimals), text: []byte(zeroDatetimeText + "." + strings.Repeat("0", int(f.Decimals)))})
		}
	}
	return out
}

// zeroFractions prints the values of a DATETIME(n)/TIMESTAMP(n) column with
// exactly n fractional digits, as MySQL does: GMS prints the fraction
// without its trailing zeros ('2024-01-01 00:00:00.5' in a DATETIME(3),
// MySQL '.500') and none when it is zero, the zero datetime included
// ('0000-00-00 00:00:00.0', which go-sql-driver's TestDateTime compares).
func zeroFractions(res *sqltypes.Result, cols []zeroCol) {
	for _, row := range res.Rows {
		for _, c := range cols {
			if c.pos >= len(row) || row[c.pos].IsNull() {
				continue
			}
			raw := row[c.pos].Raw()
			if string(raw) == zeroDatetimeText {
				row[c.pos] = sqltypes.MakeTrusted(row[c.pos].Type(), c.text)
				continue
			}
			if padded, ok := padFraction(raw, c.fsp); ok {
				row[c.pos] = sqltypes.MakeTrusted(row[c.pos].Type(), padded)
			}
		}
	}
}

// padFraction is a datetime's text with exactly fsp fractional digits
// (zeros added; digits past fsp, which a value of the column cannot have,
// are left alone); ok is false when raw needs no change.
func padFraction(raw []byte, fsp int) ([]byte, bool) {
	if len(raw) < len(zeroDatetimeText) {
		return nil, false
	}
	dot := len(zeroDatetimeText)
	digits := 0
	if len(raw) > dot {
		if raw[dot] != '.' {
			return nil, false
		}
		digits = len(raw) - dot - 1
	}
	if digits >= fsp || digits == 0 && fsp == 0 {
		return nil, false
	}
	out := make([]byte, 0, dot+1+fsp)
	out = append(out, raw...)
	if digits == 0 && len(raw) == dot {
		out = append(out, '.')
	}
	for ; digits < fsp; digits++ {
		out = append(out, '0')
	}
	return out, true
}

const zeroDatetimeText = "0000-00-00 00:00:00"

// stmtFieldsCallback wraps a binary-protocol result callback with fixFields
// and binaryTemporal.
func stmtFieldsCallback(cb func(*sqltypes.Result) error, scales floatScales) func(*sqltypes.Result) error {
	return func(res *sqltypes.Result) error {
		if res != nil {
			fixFields(res.Fields, &scales)
			binaryTemporal(res)
		}
		return cb(res)
	}
}

// setStatement matches a SET statement (SET @v, SET NAMES, SET SESSION ...,
// SET TRANSACTION ...), after leading blanks and comments.
var setStatement = regexp.MustCompile(`(?is)^(?:\s+|/\*.*?\*/|#[^\n]*\n|--\s[^\n]*\n)*set[\s@]`)

// isSetStatement is setStatement.MatchString(q), without running the
// expression on a text whose first byte after blanks no alternative of it
// can start with: a comment's '/', '#' or '-', or the first letter of SET
// in either case or as 'ſ' (U+017F, whose first byte is 0xC5; (?i) folds
// it to s). Running it for every prepared statement's execution was ~2%
// of the server's instructions under sysbench's oltp_write_only
// (docs/PROFILES.md "perf27").
func isSetStatement(q string) bool {
	i := 0
	for i < len(q) && (q[i] == ' ' || q[i] == '\t' || q[i] == '\n' || q[i] == '\f' || q[i] == '\r') {
		i++
	}
	if i == len(q) {
		return false
	}
	switch q[i] {
	case '/', '#', '-', 's', 'S', 0xC5:
		return setStatement.MatchString(q)
	}
	return false
}

// setCallback wraps cb for a SET statement: MySQL reports 0 affected rows
// for every SET; GMS reports the one empty row its plan returns (1).
func setCallback(query string, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	if !isSetStatement(query) {
		return cb
	}
	return func(res *sqltypes.Result, more bool) error {
		if res != nil && len(res.Fields) == 0 {
			res.RowsAffected = 0
		}
		return cb(res, more)
	}
}

// aliasCallback wraps cb so that a result column's table is spelled as the
// statement spells it: GMS lower-cases table aliases (`FROM t AS A` reports
// table "a"; MySQL reports "A", and go-sql-driver's columnsWithAlias names
// the column "A.one").
func aliasCallback(query string, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	var spelled map[string]string // lower-case identifier -> first spelling
	return func(res *sqltypes.Result, more bool) error {
		if res != nil {
			for _, f := range res.Fields {
				if f == nil || f.Table == "" || strings.ToLower(f.Table) != f.Table {
					continue
				}
				if spelled == nil {
					spelled = identifierSpellings(query)
				}
				if s, ok := spelled[f.Table]; ok && s != f.Table {
					f.Table = s
				}
			}
		}
		return cb(res, more)
	}
}

// identifierSpellings maps each identifier of query (bare or backquoted,
// outside string literals and comments), lower-cased, to its first
// spelling, or to itself when some spelling is already lower-case (the
// lower-cased name is then right as it is).
func identifierSpellings(query string) map[string]string {
	out := map[string]string{}
	add := func(id string) {
		low := strings.ToLower(id)
		if prev, ok := out[low]; !ok || (prev != low && id == low) {
			out[low] = id
		}
	}
	isID := func(c byte) bool {
		return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
	}
	for i := 0; i < len(query); {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(query) && query[j] != c {
				if query[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case c == '`':
			j := strings.IndexByte(query[i+1:], '`')
			if j < 0 {
				return out
			}
			add(query[i+1 : i+1+j])
			i += j + 2
		case c == '/' && i+1 < len(query) && query[i+1] == '*':
			j := strings.Index(query[i+2:], "*/")
			if j < 0 {
				return out
			}
			i += j + 4
		case isID(c):
			j := i
			for j < len(query) && isID(query[j]) {
				j++
			}
			add(query[i:j])
			i = j
		default:
			i++
		}
	}
	return out
}
