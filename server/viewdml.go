package server

import (
	"context"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/engine/infoschema"
	"github.com/myriaddb/myriad/sqlfunc"
)

// viewCheckClause readies a CREATE VIEW ... WITH [CASCADED | LOCAL] CHECK
// OPTION for GMS's planner, which refused LOCAL (1105 unsupported syntax)
// and ignores the clause otherwise: the clause is dropped from the parsed
// statement (the stored text keeps it; information_schema.VIEWS and the
// DML through the view read it from there), and the body, whose end the
// parser placed after the look-ahead WITH, ends at the SELECT's end (GMS
// stored `select ... where a < 3 with` as the view's definition).
func viewCheckClause(stmt ast.Statement, text string) {
	d, ok := stmt.(*ast.DDL)
	if !ok || d.ViewSpec == nil || d.ViewSpec.CheckOption == ast.ViewCheckOptionUnspecified {
		return
	}
	d.ViewSpec.CheckOption = ast.ViewCheckOptionUnspecified
	s, e := d.SubStatementPositionStart, d.SubStatementPositionEnd
	if d.SubStatementStr != "" || s < 0 || e <= s || e > len(text) {
		return
	}
	body := strings.TrimRightFunc(text[s:e], unicode.IsSpace)
	if n := len(body); n > 4 && strings.EqualFold(body[n-4:], "with") && !isIdentByte(body[n-5]) {
		d.SubStatementPositionEnd = s + len(strings.TrimRightFunc(body[:n-4], unicode.IsSpace))
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b == '`' || b >= 0x80 || ('0' <= b && b <= '9') || ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z')
}

// UPDATE and DELETE through a view. GMS plans a view as a derived table,
// which it cannot write (1105 "table doesn't support UPDATE"). viewDML
// rewrites a single-table UPDATE or DELETE whose target is an updatable
// view over one table (or over such a view, level by level) into the same
// statement on the view's table: the view's column names become the
// expressions they stand for, the view's WHERE is ANDed to the statement's,
// and a SET of a column that is no plain column of the table is 1348. An
// UPDATE through a view WITH CHECK OPTION (and through views under one with
// CASCADED, or with their own option) gets one more assignment of its last
// assigned column, to itself through sqlfunc.ViewCheckFunc over the views'
// WHERE clauses: it sees the row's new values and fails with 1369 when the
// row would leave the view. It runs in the global parser, so prepared
// statements and stored bodies are rewritten too. What it does not handle
// is refused (1288 for a view MySQL cannot update, 1395 for DELETE of a
// join view, 1235 otherwise), never run against the view's rows by guess.

// viewDML rewrites stmt in place when it writes through a view.
func viewDML(ctx context.Context, stmt ast.Statement) error {
	sctx, ok := ctx.(*sql.Context)
	if !ok || sctx == nil || stmt == nil {
		return nil
	}
	s, ok := sctx.Session.(*engine.Session)
	if !ok || s == nil {
		return nil
	}
	var (
		ate  *ast.AliasedTableExpr
		verb string
	)
	switch st := stmt.(type) {
	case *ast.Insert:
		ate, verb = &ast.AliasedTableExpr{Expr: st.Table}, "INSERT"
	case *ast.Update:
		if len(st.TableExprs) != 1 {
			return nil
		}
		ate, _ = st.TableExprs[0].(*ast.AliasedTableExpr)
		verb = "UPDATE"
	case *ast.Delete:
		if len(st.Targets) != 0 || len(st.TableExprs) != 1 {
			return nil
		}
		ate, _ = st.TableExprs[0].(*ast.AliasedTableExpr)
		verb = "DELETE"
	default:
		return nil
	}
	if ate == nil {
		return nil
	}
	tn, ok := ate.Expr.(ast.TableName)
	if !ok {
		return nil
	}
	db := tn.DbQualifier.String()
	if db == "" {
		db = sctx.GetCurrentDatabase()
	}
	if _, isView := s.ViewCreate(db, tn.Name.String()); !isView {
		return nil
	}
	viewWriters.Store(sctx.Session.ID(), struct{}{})
	w := &viewWrite{s: s, verb: verb, topDB: db, topName: tn.Name.String()}
	var err error
	switch st := stmt.(type) {
	case *ast.Insert:
		err = w.insert(st, ate)
		st.Comments = append(st.Comments, w.deps...)
	case *ast.Update:
		err = w.update(st, ate)
		st.Comments = append(st.Comments, w.deps...)
	case *ast.Delete:
		err = w.delete(st, ate)
		st.Comments = append(st.Comments, w.deps...)
	}
	return err
}

// A prepared statement keeps the statement parsed (and rewritten) at
// PREPARE, and GMS binds it again at each EXECUTE: a view redefined in
// between would be written through its old definition. The rewritten
// statement carries, as comments, each view it went through with a digest
// of its CREATE text; EXECUTE of a statement whose views changed is 1615
// (staleViewWrite).
const viewDepPrefix = "/*myriad_view "

func viewDep(db, name, create string) []byte {
	h := fnv.New64a()
	h.Write([]byte(create))
	return []byte(fmt.Sprintf("%s%s %s %x*/", viewDepPrefix, hex.EncodeToString([]byte(db)), hex.EncodeToString([]byte(name)), h.Sum64()))
}

// staleViewWrite is 1615 when stmt went through a view whose definition
// is no longer the one it was rewritten with.
func staleViewWrite(s *engine.Session, stmt ast.Statement) error {
	var cs ast.Comments
	switch st := stmt.(type) {
	case *ast.Insert:
		cs = st.Comments
	case *ast.Update:
		cs = st.Comments
	case *ast.Delete:
		cs = st.Comments
	}
	for _, c := range cs {
		if !strings.HasPrefix(string(c), viewDepPrefix) {
			continue
		}
		f := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(string(c), viewDepPrefix), "*/"))
		if len(f) != 3 {
			continue
		}
		db, err1 := hex.DecodeString(f[0])
		name, err2 := hex.DecodeString(f[1])
		create, ok := s.ViewCreate(string(db), string(name))
		if err1 != nil || err2 != nil || !ok || string(viewDep(string(db), string(name), create)) != string(c) {
			return mysql.NewSQLError(1615, "HY000", "Prepared statement needs to be re-prepared")
		}
	}
	return nil
}

// maxViewChain bounds the views followed below a statement's target.
const maxViewChain = 32

type viewWrite struct {
	s               *engine.Session
	deps            ast.Comments // viewDep of each view gone through
	verb            string
	topDB, topName  string
	checks          []ast.Expr // view WHERE clauses an UPDATE's rows must keep satisfying
	cascade, anyOpt bool
}

// level is one view of the chain: the names its columns go by and what
// they stand for over its FROM table, named as from names it.
type level struct {
	db, name string
	qual     string // the name the statement's columns may be qualified by
	cols     map[string]ast.Expr
	names    []string // the view's column names in order
	where    ast.Expr
	opt      string
	from     *ast.AliasedTableExpr // with its schema
}

func (w *viewWrite) errNotUpdatable(name string) error {
	if w.verb == "INSERT" {
		return mysql.NewSQLError(1471, "HY000", "The target table %s of the INSERT is not insertable-into", name)
	}
	return mysql.NewSQLError(1288, "HY000", "The target table %s of the %s is not updatable", name, w.verb)
}

func errViewUnsupported(what string) error {
	return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000", "This version of MySQL doesn't yet support '%s'", what)
}

// open reads the view ate names (in schema db) as a level; ok false: ate
// is no view.
func (w *viewWrite) open(ate *ast.AliasedTableExpr, db string, depth int) (*level, bool, error) {
	tn := ate.Expr.(ast.TableName)
	if q := tn.DbQualifier.String(); q != "" {
		db = q
	}
	create, isView := w.s.ViewCreate(db, tn.Name.String())
	if !isView {
		return nil, false, nil
	}
	name := tn.Name.String()
	w.deps = append(w.deps, viewDep(db, name, create))
	spec, ok := infoschema.ParseView(create)
	if !ok {
		return nil, true, errViewUnsupported(w.verb + " through a view whose definition cannot be read")
	}
	look := func(schema, n string) (string, bool) { return w.s.ViewCreate(schema, n) }
	if !infoschema.ViewUpdatable(spec, db, look) {
		return nil, true, w.errNotUpdatable(name)
	}
	sel, ok := spec.ViewExpr.(*ast.Select)
	for p, isParen := spec.ViewExpr.(*ast.ParenSelect); isParen; p, isParen = p.Select.(*ast.ParenSelect) {
		sel, ok = p.Select.(*ast.Select)
		if !ok {
			break
		}
	}
	if !ok {
		return nil, true, w.errNotUpdatable(name)
	}
	var from *ast.AliasedTableExpr
	if len(sel.From) == 1 {
		if a, isAliased := sel.From[0].(*ast.AliasedTableExpr); isAliased {
			if ftn, isName := a.Expr.(ast.TableName); isName {
				if ftn.DbQualifier.IsEmpty() {
					ftn.DbQualifier = ast.NewTableIdent(db)
				}
				from = &ast.AliasedTableExpr{Expr: ftn, As: a.As}
			}
		}
	}
	if from == nil {
		if w.verb == "DELETE" {
			return nil, true, mysql.NewSQLError(1395, "HY000", "Can not delete from join view '%s.%s'", db, name)
		}
		return nil, true, errViewUnsupported(w.verb + " through a view of a join or derived table")
	}
	lv := &level{db: db, name: name, qual: name, cols: map[string]ast.Expr{}, from: from, opt: infoschema.ViewCheckOption(create)}
	if !ate.As.IsEmpty() {
		lv.qual = ate.As.String()
	}
	if sel.Where != nil {
		lv.where = sel.Where.Expr
	}
	var names []string
	var exprs []ast.Expr
	for _, se := range sel.SelectExprs {
		switch se := se.(type) {
		case *ast.StarExpr:
			ftn := from.Expr.(ast.TableName)
			cols, known := w.s.TableColumns(ftn.DbQualifier.String(), ftn.Name.String())
			if !known && depth < maxViewChain {
				// A view: its names, read as the next level reads them.
				if under, isView, err := w.open(&ast.AliasedTableExpr{Expr: ftn}, ftn.DbQualifier.String(), depth+1); err == nil && isView {
					cols, known = under.names, true
				}
			}
			if !known {
				return nil, true, errViewUnsupported(w.verb + " through a view of * over columns that cannot be read")
			}
			for _, c := range cols {
				names = append(names, c)
				exprs = append(exprs, &ast.ColName{Name: ast.NewColIdent(c)})
			}
		case *ast.AliasedExpr:
			n := se.As.String()
			if n == "" {
				if c, isCol := se.Expr.(*ast.ColName); isCol {
					n = c.Name.String()
				} else {
					n = se.InputExpression
				}
			}
			names = append(names, n)
			exprs = append(exprs, se.Expr)
		default:
			return nil, true, w.errNotUpdatable(name)
		}
	}
	if len(spec.Columns) > 0 {
		if len(spec.Columns) != len(names) {
			return nil, true, errViewUnsupported(w.verb + " through a view whose column list does not match its select list")
		}
		for i, c := range spec.Columns {
			names[i] = c.String()
		}
	}
	lv.names = names
	for i, n := range names {
		lv.cols[strings.ToLower(n)] = exprs[i]
	}
	return lv, true, nil
}

// mapExpr is e with the level's columns replaced by what they stand for,
// parsed again from its text (every column goes through the formatter, so
// none is left naming the view's column by mistake).
func (lv *level) mapExpr(e ast.Expr, clause string) (ast.Expr, error) {
	if e == nil {
		return nil, nil
	}
	var ferr error
	buf := ast.NewTrackedBuffer(func(buf *ast.TrackedBuffer, node ast.SQLNode) {
		switch n := node.(type) {
		case *ast.ColName:
			m, err := lv.column(n, clause)
			if err != nil {
				if ferr == nil {
					ferr = err
				}
				return
			}
			buf.WriteString("(" + ast.String(m) + ")")
			return
		case *ast.Subquery, *ast.ExistsExpr:
			if ferr == nil {
				ferr = errViewUnsupported("a subquery in UPDATE or DELETE through a view")
			}
			return
		case *ast.Default:
			// DEFAULT(col) names its column by text, out of the
			// formatter's reach.
			if n.ColName != "" {
				if ferr == nil {
					ferr = errViewUnsupported("DEFAULT(col) in a write through a view")
				}
				return
			}
		case *ast.FuncExpr:
			if n.Name.EqualString(sqlfunc.DefaultOfFunc) {
				if ferr == nil {
					ferr = errViewUnsupported("DEFAULT(col) in a write through a view")
				}
				return
			}
		}
		node.Format(buf)
	})
	buf.Myprintf("%v", e)
	if ferr != nil {
		return nil, ferr
	}
	return parseExpr(buf.String())
}

// column is what the statement's column c stands for at this level.
func (lv *level) column(c *ast.ColName, clause string) (ast.Expr, error) {
	q := c.Qualifier.Name.String()
	if (q == "" || strings.EqualFold(q, lv.qual)) && (c.Qualifier.DbQualifier.IsEmpty() || strings.EqualFold(c.Qualifier.DbQualifier.String(), lv.db)) {
		if m, ok := lv.cols[strings.ToLower(c.Name.String())]; ok {
			return m, nil
		}
	}
	name := c.Name.String()
	if q != "" {
		name = q + "." + name
	}
	return nil, mysql.NewSQLError(1054, "42S22", "Unknown column '%s' in '%s'", name, clause)
}

func parseExpr(text string) (ast.Expr, error) {
	stmt, err := ast.Parse("select " + text)
	if err != nil {
		return nil, err
	}
	if sel, ok := stmt.(*ast.Select); ok && len(sel.SelectExprs) == 1 {
		if ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr); ok {
			return ae.Expr, nil
		}
	}
	return nil, errViewUnsupported("an expression of UPDATE or DELETE through a view")
}

// levels runs f over each view from ate down to its base table, and
// leaves ate naming the base table.
func (w *viewWrite) levels(ate *ast.AliasedTableExpr, f func(lv *level) error) error {
	db := w.topDB
	for depth := 0; ; depth++ {
		lv, isView, err := w.open(ate, db, depth)
		if err != nil {
			return err
		}
		if !isView {
			return nil
		}
		if depth > maxViewChain {
			return errViewUnsupported(w.verb + " through more than 32 views")
		}
		if err := f(lv); err != nil {
			return err
		}
		// This view's check option covers its own WHERE, and with
		// CASCADED the WHERE of every view below it.
		if lv.where != nil && (w.cascade || lv.opt != "NONE") {
			c, err := parseExpr(ast.String(lv.where))
			if err != nil {
				return err
			}
			w.checks = append(w.checks, c)
		}
		w.anyOpt = w.anyOpt || lv.opt != "NONE"
		w.cascade = w.cascade || lv.opt == "CASCADED"
		ate.Expr, ate.As = lv.from.Expr, lv.from.As
		db = lv.db
	}
}

// and is the conjunction of a statement's WHERE and a view's.
func and(a, b ast.Expr) ast.Expr {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &ast.AndExpr{Left: &ast.ParenExpr{Expr: a}, Right: &ast.ParenExpr{Expr: b}}
}

func (w *viewWrite) mapChecks(lv *level) error {
	for i, c := range w.checks {
		m, err := lv.mapExpr(c, "where clause")
		if err != nil {
			return err
		}
		w.checks[i] = m
	}
	return nil
}

func (w *viewWrite) update(st *ast.Update, ate *ast.AliasedTableExpr) error {
	if len(st.Returning) > 0 {
		return errViewUnsupported("UPDATE ... RETURNING through a view")
	}
	err := w.levels(ate, func(lv *level) error {
		if err := w.mapChecks(lv); err != nil {
			return err
		}
		for _, ue := range st.Exprs {
			m, err := lv.column(ue.Name, "field list")
			if err != nil {
				return err
			}
			c, isCol := m.(*ast.ColName)
			if !isCol {
				return mysql.NewSQLError(1348, "HY000", "Column '%s' is not updatable", ue.Name.Name.String())
			}
			if ue.Expr, err = lv.mapExpr(ue.Expr, "field list"); err != nil {
				return err
			}
			ue.Name = &ast.ColName{Name: c.Name, Qualifier: c.Qualifier}
		}
		return w.mapWhereOrder(lv, &st.Where, st.OrderBy)
	})
	if err != nil || len(w.checks) == 0 || len(st.Exprs) == 0 {
		return err
	}
	if st.Ignore != "" {
		return errViewUnsupported("UPDATE IGNORE through a view WITH CHECK OPTION")
	}
	if base := ate.Expr.(ast.TableName); w.s.HasBeforeTrigger(base.DbQualifier.String(), base.Name.String(), ast.UpdateStr) {
		return errViewUnsupported("UPDATE through a view WITH CHECK OPTION of a table with a BEFORE UPDATE trigger")
	}
	var cond ast.Expr
	for _, c := range w.checks {
		cond = and(cond, c)
	}
	last := st.Exprs[len(st.Exprs)-1].Name
	col := &ast.ColName{Name: last.Name, Qualifier: last.Qualifier}
	st.Exprs = append(st.Exprs, &ast.AssignmentExpr{
		Name: &ast.ColName{Name: last.Name, Qualifier: last.Qualifier},
		Expr: &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ViewCheckFunc), Exprs: ast.SelectExprs{
			&ast.AliasedExpr{Expr: cond},
			&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(w.topDB))},
			&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(w.topName))},
			&ast.AliasedExpr{Expr: col},
		}},
	})
	return nil
}

func (w *viewWrite) delete(st *ast.Delete, ate *ast.AliasedTableExpr) error {
	if len(st.Returning) > 0 || len(st.Partitions) > 0 {
		return errViewUnsupported("DELETE ... RETURNING or PARTITION through a view")
	}
	return w.levels(ate, func(lv *level) error {
		return w.mapWhereOrder(lv, &st.Where, st.OrderBy)
	})
}

// mapWhereOrder maps a statement's WHERE and ORDER BY through lv and ANDs
// the view's WHERE in.
func (w *viewWrite) mapWhereOrder(lv *level, where **ast.Where, order ast.OrderBy) error {
	var cond ast.Expr
	if *where != nil {
		m, err := lv.mapExpr((*where).Expr, "where clause")
		if err != nil {
			return err
		}
		cond = m
	}
	if cond = and(cond, lv.where); cond != nil {
		*where = &ast.Where{Type: ast.WhereStr, Expr: cond}
	}
	for _, o := range order {
		m, err := lv.mapExpr(o.Expr, "order clause")
		if err != nil {
			return err
		}
		o.Expr = m
	}
	return nil
}

// insert maps an INSERT's column list through the views (a view whose
// columns are not all distinct plain columns is not insertable-into, 1471)
// onto the base table, whose other columns take their defaults. With a
// check option, each VALUES row's first value is wrapped in
// sqlfunc.ViewCheckFunc over the views' WHERE clauses with the row's values
// in place of the columns: only rows of constants are served so (a value
// is not evaluated twice), and a WHERE reading a column the INSERT does not
// give is refused (1235) rather than guessed from its default.
func (w *viewWrite) insert(st *ast.Insert, ate *ast.AliasedTableExpr) error {
	if len(st.OnDup) > 0 || len(st.Returning) > 0 || len(st.Partitions) > 0 {
		return errViewUnsupported("INSERT ... ON DUPLICATE KEY UPDATE, RETURNING or PARTITION through a view")
	}
	cols := st.Columns
	err := w.levels(ate, func(lv *level) error {
		seen := map[string]bool{}
		for _, n := range lv.names {
			c, isCol := lv.cols[strings.ToLower(n)].(*ast.ColName)
			if !isCol || seen[c.Name.Lowered()] {
				return w.errNotUpdatable(lv.name)
			}
			seen[c.Name.Lowered()] = true
		}
		if len(cols) == 0 {
			for _, n := range lv.names {
				cols = append(cols, ast.NewColIdent(n))
			}
		}
		next := make(ast.Columns, len(cols))
		for i, c := range cols {
			m, err := lv.column(&ast.ColName{Name: c}, "field list")
			if err != nil {
				return err
			}
			next[i] = m.(*ast.ColName).Name
		}
		cols = next
		return w.mapChecks(lv)
	})
	if err != nil {
		return err
	}
	base := ate.Expr.(ast.TableName)
	st.Table, st.Columns = base, cols
	if len(w.checks) == 0 {
		return nil
	}
	var rows ast.Values
	switch r := st.Rows.(type) {
	case ast.Values:
		rows = r
	case *ast.AliasedValues:
		rows = r.Values
	}
	if rows == nil {
		return errViewUnsupported("INSERT ... SELECT through a view WITH CHECK OPTION")
	}
	if st.Ignore != "" {
		return errViewUnsupported("INSERT IGNORE through a view WITH CHECK OPTION")
	}
	if w.s.HasBeforeTrigger(base.DbQualifier.String(), base.Name.String(), ast.InsertStr) {
		return errViewUnsupported("INSERT through a view WITH CHECK OPTION of a table with a BEFORE INSERT trigger")
	}
	var cond ast.Expr
	for _, c := range w.checks {
		cond = and(cond, c)
	}
	qual := base.Name.String()
	if !ate.As.IsEmpty() {
		qual = ate.As.String()
	}
	for _, row := range rows {
		if len(row) != len(cols) || len(row) == 0 {
			return nil // GMS answers 1136
		}
		byCol := &level{db: base.DbQualifier.String(), qual: qual, cols: map[string]ast.Expr{}}
		for i, c := range cols {
			if !constantValue(row[i]) {
				return errViewUnsupported("INSERT through a view WITH CHECK OPTION of values other than constants")
			}
			byCol.cols[c.Lowered()] = row[i]
		}
		rc, err := byCol.mapExpr(cond, "where clause")
		if err != nil {
			return errViewUnsupported("INSERT through a view WITH CHECK OPTION that leaves a column its WHERE reads to its default")
		}
		row[0] = &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ViewCheckFunc), Exprs: ast.SelectExprs{
			&ast.AliasedExpr{Expr: rc},
			&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(w.topDB))},
			&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(w.topName))},
			&ast.AliasedExpr{Expr: row[0]},
		}}
	}
	return nil
}

// constantValue: e is a literal, a parameter, NULL or a sign on one.
func constantValue(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.SQLVal, *ast.NullVal, ast.BoolVal:
		return true
	case *ast.UnaryExpr:
		return constantValue(e.Expr)
	case *ast.ParenExpr:
		return constantValue(e.Expr)
	}
	return false
}

// staleExecute is 1615 for `EXECUTE name` (query) or a COM_STMT_EXECUTE
// of prepared (its text) when the prepared statement writes through a
// view redefined since it was prepared.
func (h *handler) staleExecute(c *mysql.Conn, query, prepared string) error {
	// Only a connection that wrote through a view can hold such a
	// statement: every other EXECUTE skips GMS's PreparedDataCache, whose
	// one mutex all connections share.
	if _, wrote := viewWriters.Load(c.ConnectionID); !wrote || h.srv.sqle == nil {
		return nil
	}
	sctx := h.sessionOf(c)
	if sctx == nil {
		return nil
	}
	s, ok := sctx.Session.(*engine.Session)
	if !ok {
		return nil
	}
	key := prepared
	if key == "" {
		q := strings.TrimLeft(query, " \t\r\n")
		if len(q) < 8 || !strings.EqualFold(q[:7], "execute") {
			return nil
		}
		stmt, err := ast.Parse(q)
		ex, isExec := stmt.(*ast.Execute)
		if err != nil || !isExec {
			return nil
		}
		key = ex.Name
	}
	prep, ok := h.srv.sqle.PreparedDataCache.GetCachedStmt(c.ConnectionID, key)
	if !ok {
		return nil
	}
	return staleViewWrite(s, prep)
}

// viewWriters are the connections (by ID) whose statements viewDML
// rewrote through a view, the only ones staleExecute must check; a
// connection leaves it when it closes (handler.ConnectionClosed).
var viewWriters sync.Map
