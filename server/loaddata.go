package server

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// LOAD DATA [LOCAL] INFILE reads its input as MySQL does. GMS v0.20.0 splits
// a line at every field terminator before looking at escapes, and then
// deletes the escape character instead of decoding the sequence (`\t`
// became "t", an escaped terminator split the field, `\\` vanished), and
// reads an enclosed field only when every field is enclosed. The rule below
// (run last, after GMS assigned the SET expressions' indexes) puts
// loadDataNode in place of GMS's node; the iterator reads records byte by
// byte:
//   - ESCAPED BY c (default \): c0 NUL, cb backspace, cn newline, cr
//     return, ct tab, cZ ^Z, cN (the whole field) NULL, c followed by any
//     other byte is that byte (so an escaped terminator, enclosure or c);
//   - ENCLOSED BY q: a field starting with q runs to a q followed by the
//     field or line terminator (or the end); qq inside is one q; an
//     unenclosed field spelled NULL is NULL;
//   - LINES STARTING BY p: the text up to p is skipped, and a line without
//     p is skipped whole; IGNORE n LINES skips n records.
// LOCAL is governed by the global local_infile (OFF by default, as in
// MySQL 8): when it is off the statement fails with MySQL's 3948.

// ruleLoadData: see loadDataRule. From the server's 10_060-10_064 range.
const ruleLoadData analyzer.RuleId = 10_061

// loadDataRule replaces GMS's LOAD DATA source with loadDataNode.
func loadDataRule(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(node sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if ld, ok := node.(*plan.LoadData); ok {
			return &loadDataNode{LoadData: ld}, transform.NewTree, nil
		}
		return node, transform.SameTree, nil
	})
}

// loadDataNode is GMS's LOAD DATA node executed by loadDataIter.
type loadDataNode struct {
	*plan.LoadData
}

var _ sql.ExecSourceRel = (*loadDataNode)(nil)

func (n *loadDataNode) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 0)
	}
	return n, nil
}

// errLocalInfileDisabled is MySQL's ER_CLIENT_LOCAL_FILES_DISABLED.
var errLocalInfileDisabled = mysql.NewSQLError(3948, "42000",
	"Loading local data is disabled; this must be enabled on both the client and server sides")

func (n *loadDataNode) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	var r io.ReadCloser
	if n.Local {
		if _, v, ok := sql.SystemVariables.GetGlobal("local_infile"); !ok || !truthy(v) {
			return nil, errLocalInfileDisabled
		}
		var err error
		if r, err = ctx.LoadInfile(n.File); err != nil {
			return nil, err
		}
	} else {
		_, dir, _ := sql.SystemVariables.GetGlobal("secure_file_priv")
		if err := underSecureDir(dir, n.File); err != nil {
			return nil, err
		}
		f, err := os.Open(n.File)
		if err != nil {
			return nil, sql.ErrLoadDataCannotOpen.New(err.Error())
		}
		r = f
	}
	it := &loadDataIter{n: n.LoadData, closer: r, in: bufio.NewReaderSize(r, 64<<10),
		fieldTerm: n.FieldsTerminatedBy, lineTerm: n.LinesTerminatedBy, lineStart: n.LinesStartingBy}
	if n.FieldsEnclosedBy != "" {
		it.enclosed, it.hasEnclosed = n.FieldsEnclosedBy[0], true
	}
	if n.FieldsEscapedBy != "" {
		it.escape, it.hasEscape = n.FieldsEscapedBy[0], true
	}
	if it.lineTerm == "" {
		it.lineTerm = "\n"
	}
	if it.fieldTerm == "" {
		it.fieldTerm = "\t"
	}
	colNames := n.ColNames
	if len(colNames) == 0 {
		for _, c := range n.Schema() {
			colNames = append(colNames, c.Name)
		}
	}
	sch := n.Schema()
	it.inputs = inputFields(n.LoadData)
	it.fieldCol = make([]int, len(n.UserVars))
	for f, c := 0, 0; f < len(n.UserVars) && c < len(colNames); f++ {
		if n.UserVars[f] != nil {
			it.fieldCol[f] = -1
			continue
		}
		it.fieldCol[f] = sch.IndexOf(colNames[c], sch[0].Source)
		c++
	}
	return it, nil
}

// inputFields is how many fields a record should have: the statement's
// column and variable list, or the table's columns without one. GMS's plan
// pads UserVars to the table's width and appends the columns only a SET
// clause names (to ColNames too); those are taken off again.
func inputFields(n *plan.LoadData) int {
	if len(n.ColNames) == 0 {
		return len(n.DestSch)
	}
	names := len(n.ColNames)
	if len(n.SetExprs) > 0 {
		for names > 0 {
			i := n.DestSch.IndexOfColName(n.ColNames[names-1])
			if i < 0 || i >= len(n.SetExprs) || n.SetExprs[i] == nil {
				break
			}
			names--
		}
	}
	vars := 0
	for _, v := range n.UserVars {
		if v != nil {
			vars++
		}
	}
	return names + vars
}

func truthy(v any) bool {
	b, err := sql.ConvertToBool(nil, v)
	return err == nil && b
}

// underSecureDir applies secure_file_priv ("" allows any file).
func underSecureDir(dir any, file string) error {
	d, _ := dir.(string)
	if d == "" {
		return nil
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	dabs, err := filepath.Abs(d)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(dabs, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return nil
	}
	return sql.ErrSecureFilePriv.New()
}

type loadDataIter struct {
	n      *plan.LoadData
	closer io.Closer
	in     *bufio.Reader

	fieldTerm, lineTerm, lineStart string
	enclosed, escape               byte
	hasEnclosed, hasEscape         bool

	fieldCol []int // per field: its column's index in the schema, -1 for a user variable
	skipped  bool  // IGNORE n LINES done
	eof      bool
	rowNum   int // records read, for the warnings' "at row N"
	inputs   int // fields a record should have (columns and user variables listed)
}

// field is one value read: nil for NULL.
type field = *string

func (it *loadDataIter) Next(ctx *sql.Context) (sql.Row, error) {
	if !it.skipped {
		it.skipped = true
		for i := int64(0); i < it.n.IgnoreNum; i++ {
			if err := it.skipLine(); err != nil {
				return nil, err
			}
		}
	}
	fields, ok, err := it.record()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, io.EOF
	}
	it.rowNum++
	return it.row(ctx, fields)
}

func (it *loadDataIter) Close(*sql.Context) error { return it.closer.Close() }

// at reports whether the input continues with s (without consuming it).
func (it *loadDataIter) at(s string) bool {
	b, _ := it.in.Peek(len(s))
	return len(b) == len(s) && string(b) == s
}

func (it *loadDataIter) skip(n int) { _, _ = it.in.Discard(n) }

// record reads the next record's fields; ok is false at the end of input.
func (it *loadDataIter) record() (fields []field, ok bool, err error) {
	for {
		if it.eof {
			return nil, false, nil
		}
		if _, err := it.in.Peek(1); err != nil {
			it.eof = true
			if err == io.EOF {
				return nil, false, nil
			}
			return nil, false, err
		}
		if it.lineStart == "" {
			break
		}
		// Up to the prefix; a line without it is skipped.
		found, err := it.seekLineStart()
		if err != nil {
			return nil, false, err
		}
		if found {
			break
		}
	}
	for {
		f, end, err := it.field()
		if err != nil {
			return nil, false, err
		}
		fields = append(fields, f)
		if end {
			return fields, true, nil
		}
	}
}

// skipLine consumes a line for IGNORE n LINES: lines, not records, so a
// line without the LINES STARTING BY prefix counts too.
func (it *loadDataIter) skipLine() error {
	for {
		if it.at(it.lineTerm) {
			it.skip(len(it.lineTerm))
			return nil
		}
		c, err := it.in.ReadByte()
		if err != nil {
			if err == io.EOF {
				it.eof = true
				return nil
			}
			return err
		}
		if it.hasEscape && c == it.escape {
			if _, err := it.in.ReadByte(); err == io.EOF {
				it.eof = true
				return nil
			}
		}
	}
}

// seekLineStart consumes input through the next LINES STARTING BY prefix
// (true), or through the end of a line lacking it (false).
func (it *loadDataIter) seekLineStart() (bool, error) {
	for {
		if it.at(it.lineStart) {
			it.skip(len(it.lineStart))
			return true, nil
		}
		if it.at(it.lineTerm) {
			it.skip(len(it.lineTerm))
			return false, nil
		}
		if _, err := it.in.ReadByte(); err != nil {
			it.eof = true
			if err == io.EOF {
				return false, nil
			}
			return false, err
		}
	}
}

// field reads one field and the terminator after it; end is true when that
// ended the record (line terminator or end of input).
func (it *loadDataIter) field() (f field, end bool, err error) {
	var buf bytes.Buffer
	enclosedField := false
	if it.hasEnclosed {
		if c, err := it.in.Peek(1); err == nil && c[0] == it.enclosed {
			it.skip(1)
			enclosedField = true
		}
	}
	// nullMark: the field so far is \N, NULL if nothing follows.
	nullMark := false
	put := func(b byte) {
		if nullMark {
			nullMark = false
			buf.WriteByte('N')
		}
		buf.WriteByte(b)
	}
	done := func(end bool) (field, bool, error) {
		if nullMark {
			return nil, end, nil
		}
		return it.value(&buf, enclosedField), end, nil
	}
	for {
		if !enclosedField {
			if it.at(it.fieldTerm) {
				it.skip(len(it.fieldTerm))
				return done(false)
			}
			if it.at(it.lineTerm) {
				it.skip(len(it.lineTerm))
				return done(true)
			}
		}
		c, err := it.in.ReadByte()
		if err == io.EOF {
			it.eof = true
			return done(true)
		}
		if err != nil {
			return nil, false, err
		}
		switch {
		case it.hasEscape && c == it.escape:
			e, err := it.in.ReadByte()
			if err == io.EOF {
				put(c) // a lone escape at the very end stays
				continue
			}
			if err != nil {
				return nil, false, err
			}
			if e == 'N' && buf.Len() == 0 && !nullMark && !enclosedField {
				nullMark = true
				continue
			}
			put(unescape(e))
		case enclosedField && c == it.enclosed:
			if it.at(string(it.enclosed)) {
				it.skip(1)
				put(c)
				continue
			}
			if it.at(it.fieldTerm) {
				it.skip(len(it.fieldTerm))
				return done(false)
			}
			if it.at(it.lineTerm) {
				it.skip(len(it.lineTerm))
				return done(true)
			}
			if _, err := it.in.Peek(1); err == io.EOF {
				it.eof = true
				return done(true)
			}
			put(c) // a quote inside the field
		default:
			put(c)
		}
	}
}

// value is the field read into buf: an unenclosed NULL is NULL when
// fields may be enclosed.
func (it *loadDataIter) value(buf *bytes.Buffer, enclosed bool) field {
	s := buf.String()
	if it.hasEnclosed && !enclosed && s == "NULL" {
		return nil
	}
	return &s
}

// emptyField is the value of an empty field: the empty string for a string
// column; as in MySQL, 0 with 1366 for a column that reads numbers (a
// warning under LOCAL or a non-strict sql_mode, else the statement's
// error); other types (temporal, ENUM, ...) take their default as before.
func (it *loadDataIter) emptyField(ctx *sql.Context, col *sql.Column) (sql.Expression, error) {
	if _, ok := col.Type.(sql.StringType); ok {
		return expression.NewLiteral("", types.LongText), nil
	}
	kind := ""
	switch {
	case types.IsInteger(col.Type):
		kind = "integer"
	case types.IsDecimal(col.Type):
		kind = "decimal"
	case types.IsFloat(col.Type):
		kind = "double"
	}
	if kind == "" {
		if col.Default != nil {
			return col.Default, nil
		}
		return expression.NewLiteral(nil, types.Null), nil
	}
	if !it.n.Local && strictMode(ctx) {
		return nil, mysql.NewSQLError(1366, "HY000", "Incorrect %s value: '' for column '%s' at row %d", kind, col.Name, it.rowNum)
	}
	ctx.Warn(1366, "Incorrect %s value: '' for column '%s' at row %d", kind, col.Name, it.rowNum)
	return expression.NewLiteral(int64(0), types.Int64), nil
}

// missingValue is what MySQL stores in a column whose field a record lacks:
// the column is reset to its type's zero value, which stays NULL when its
// default is NULL (a nullable column without a default).
func missingValue(col *sql.Column) sql.Expression {
	if col.Nullable && (col.Default == nil || isNullDefault(col.Default)) {
		return expression.NewLiteral(nil, types.Null)
	}
	if _, ok := col.Type.(sql.StringType); ok {
		return expression.NewLiteral("", types.LongText)
	}
	if types.IsNumber(col.Type) {
		return expression.NewLiteral(int64(0), types.Int64)
	}
	if col.Default != nil {
		return col.Default
	}
	return expression.NewLiteral(col.Type.Zero(), col.Type)
}

func isNullDefault(d *sql.ColumnDefaultValue) bool {
	if !d.IsLiteral() {
		return false
	}
	v, err := d.Eval(nil, nil)
	return err == nil && v == nil
}

// strictMode: STRICT_TRANS_TABLES or STRICT_ALL_TABLES is on.
func strictMode(ctx *sql.Context) bool {
	m := sql.LoadSqlMode(ctx)
	return m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES")
}

func unescape(e byte) byte {
	switch e {
	case '0':
		return 0
	case 'b':
		return '\b'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'Z':
		return 26
	}
	return e
}

// row turns a record into the row GMS's insert expects: the values in the
// order of the statement's columns (or the table's), user variables set,
// SET expressions applied, and the defaults of columns the record lacks
// when no column list was given.
func (it *loadDataIter) row(ctx *sql.Context, fields []field) (sql.Row, error) {
	n := it.n
	if len(fields) > it.inputs {
		ctx.Warn(1262, "Row %d was truncated; it contained more data than there were input columns", it.rowNum)
		fields = fields[:it.inputs]
	}
	raw := make(sql.Row, len(fields))
	for i, f := range fields {
		if f != nil {
			raw[i] = *f
		}
	}
	exprs := make([]sql.Expression, len(n.DestSch))
	k := 0
	for i := 0; i < len(fields) && i < len(n.UserVars); i++ {
		if uv := n.UserVars[i]; uv != nil {
			sf := uv.(*expression.SetField)
			v, err := sf.RightChild.Eval(ctx, raw)
			if err != nil {
				return nil, err
			}
			if err := ctx.SetUserVariable(ctx, sf.LeftChild.(*expression.UserVar).Name, v, types.ApproximateTypeFromValue(v)); err != nil {
				return nil, err
			}
			continue
		}
		if k >= len(exprs) {
			continue
		}
		switch f := fields[i]; {
		case f == nil:
			exprs[k] = expression.NewLiteral(nil, types.Null)
		case *f == "":
			col := n.DestSch[it.fieldCol[i]]
			e, err := it.emptyField(ctx, col)
			if err != nil {
				return nil, err
			}
			exprs[k] = e
		default:
			exprs[k] = expression.NewLiteral(*f, types.LongText)
		}
		k++
	}
	// Fields the record lacks: MySQL's 1261 for each, and the column's
	// implicit value (NULL when its default is NULL, else '' / 0 / zero).
	for i := len(fields); i < it.inputs && i < len(n.UserVars); i++ {
		if n.UserVars[i] != nil {
			continue
		}
		if k >= len(exprs) {
			break
		}
		ctx.Warn(1261, "Row %d doesn't contain data for all columns", it.rowNum)
		exprs[k] = missingValue(n.DestSch[it.fieldCol[i]])
		k++
	}
	k = 0
	for i := 0; len(n.SetExprs) > 0 && i < len(it.fieldCol) && k < len(exprs); i++ {
		c := it.fieldCol[i]
		if c == -1 {
			continue
		}
		if se := n.SetExprs[c]; se != nil {
			v, err := se.Eval(ctx, raw)
			if err != nil {
				return nil, err
			}
			exprs[k] = expression.NewLiteral(v, se.Type())
		}
		k++
	}
	if len(n.ColNames) == 0 {
		for i, e := range exprs {
			if e != nil {
				continue
			}
			col := n.DestSch[i]
			if !col.Nullable && col.Default == nil && !col.AutoIncrement {
				return nil, sql.ErrInsertIntoNonNullableDefaultNullColumn.New(col.Name)
			}
			exprs[i] = col.Default
		}
	}
	row := make(sql.Row, len(exprs))
	var later []int
	for i, e := range exprs {
		if e == nil {
			continue
		}
		// A non-literal default may read other columns: evaluated last.
		if d, ok := e.(*sql.ColumnDefaultValue); ok && !d.IsLiteral() {
			later = append(later, i)
			continue
		}
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		row[i] = v
	}
	for _, i := range later {
		v, err := exprs[i].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		row[i] = v
	}
	return row, nil
}
