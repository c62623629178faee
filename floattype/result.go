package floattype

import (
	"slices"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// NotFixed is MySQL's "decimals not fixed" (NOT_FIXED_DEC): a FLOAT or
// DOUBLE without a declared scale.
const NotFixed = 31

// Column is what a result column of a SELECT derives from FLOAT(M,D) and
// DOUBLE(M,D) columns: D is the decimals MySQL reports for it; Bare marks a
// select expression that is the column itself (under an alias or a table
// alias), whose length is the column's M as well.
type Column struct {
	M, D uint8
	Bare bool
	OK   bool
}

// Lookup reports the declared (M,D) of column db.table.column; ok is false
// for any other column (not FLOAT(M,D)/DOUBLE(M,D), or unknown). With ok
// false, m may say what the lookup knows of the column: Present (it exists)
// or Absent (the table is known and has no such column); a join's
// unqualified columns are resolved only where every table's answer is
// known (tableRef.owner).
type Lookup func(db, table, column string) (m, d uint8, ok bool)

// Present and Absent are a Lookup's m for a column that is not scaled.
const (
	Present = 255
	Absent  = 254
)

// ResultColumns derives, from a SELECT's syntax, the decimals of each of
// its result columns that MySQL computes from a FLOAT(M,D) or DOUBLE(M,D)
// column: the column under an alias or read through a table alias keeps
// its D; + - * and unary minus take the largest D of their operands, / and
// AVG add incr (the session's div_precision_increment); SUM, MIN, MAX, ABS, COALESCE, IFNULL,
// GREATEST, LEAST, IF and CASE keep their arguments' largest D; ROUND and TRUNCATE
// take their literal second argument. GMS's float types keep no scale, so
// the server asks here where the result field names no declared column.
//
// Only a SELECT (db is the session's database, for an unqualified table)
// whose select list maps one to one to the result columns is read, its
// FROM one table, a derived table or a join of them; anything else gives
// nil. An expression over anything
// else (a column of another type, a function not listed, a subquery) is
// not OK: its column keeps NOT_FIXED_DEC.
func ResultColumns(stmt ast.Statement, db string, incr int, lookup Lookup) []Column {
	return resultColumns(stmt, db, incr, lookup, nil)
}

// resultColumns is ResultColumns of a LATERAL derived table's SELECT,
// whose columns may be those of outer, the tables before it.
func resultColumns(stmt ast.Statement, db string, incr int, lookup Lookup, outer []tableRef) []Column {
	sel, from, ok := singleTable(stmt, db)
	if !ok {
		return nil
	}
	from.incr, from.defaultDB, from.outer = incr, db, outer
	out := make([]Column, len(sel.SelectExprs))
	for i, se := range sel.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return nil // a * expands to columns the select list does not show
		}
		if cn, isCol := ae.Expr.(*ast.ColName); isCol {
			if m, d, ok := from.column(cn, lookup); ok {
				out[i] = Column{M: m, D: d, Bare: m > 0, OK: true}
			}
			continue
		}
		if sq, isSub := ae.Expr.(*ast.Subquery); isSub {
			// A scalar subquery: its column's decimals and length.
			if c, ok := from.scalar(sq, lookup); ok {
				out[i] = c
			}
			continue
		}
		// Only expressions over a declared column: GMS types some
		// expressions of literals alone (AVG(1)) as DOUBLE where MySQL's
		// are DECIMAL, which this package does not decide.
		if d, ok := from.scale(ae.Expr, lookup); ok && d < NotFixed && from.reads(ae.Expr, lookup) {
			out[i] = Column{D: uint8(d), OK: true}
		}
	}
	return out
}

// singleTable is stmt as a SELECT with its FROM: one table or derived
// table, or a join of them (tableRef.members).
func singleTable(stmt ast.Statement, db string) (*ast.Select, tableRef, bool) {
	sel, ok := stmt.(*ast.Select)
	if !ok || sel.Into != nil {
		return nil, tableRef{}, false
	}
	if sel.With != nil {
		if sel = withCTEs(sel); sel == nil {
			return nil, tableRef{}, false
		}
	}
	if len(sel.From) == 0 {
		// No table: expressions of literals and PI() only.
		return sel, tableRef{}, true
	}
	if _, isJoin := sel.From[0].(*ast.JoinTableExpr); isJoin || len(sel.From) > 1 {
		// A join, or tables separated by commas.
		j := tableRef{db: db}
		tree, ok := joinMembers(&ast.ParenTableExpr{Exprs: sel.From}, db, &j)
		if !ok {
			return nil, tableRef{}, false
		}
		j.tree = tree
		return sel, j, true
	}
	from, ok := fromTable(sel.From[0], db)
	return sel, from, ok
}

// withCTEs is sel with each FROM reference to one of its WITH clause's
// common table expressions replaced by that expression as a derived table
// (MySQL materializes a CTE as it does a derived table, whose columns keep
// their FLOAT(M,D) decimals and ZEROFILL); nil for a recursive WITH, whose
// columns' types come from its anchor and recursive parts together. sel
// itself is not changed: parsed statements are shared (server
// parsedSelects).
func withCTEs(sel *ast.Select) *ast.Select {
	if sel.With.Recursive {
		return nil
	}
	ctes := map[string]*ast.CommonTableExpr{}
	for _, c := range sel.With.Ctes {
		if c == nil || c.AliasedTableExpr == nil {
			return nil
		}
		if _, ok := c.Expr.(*ast.Subquery); !ok {
			return nil
		}
		ctes[strings.ToLower(c.As.String())] = c
	}
	var sub func(te ast.TableExpr) ast.TableExpr
	sub = func(te ast.TableExpr) ast.TableExpr {
		switch x := te.(type) {
		case *ast.AliasedTableExpr:
			tn, ok := x.Expr.(ast.TableName)
			if !ok || !tn.DbQualifier.IsEmpty() {
				return te
			}
			c, ok := ctes[strings.ToLower(tn.Name.String())]
			if !ok {
				return te
			}
			as := x.As
			if as.IsEmpty() {
				as = ast.NewTableIdent(tn.Name.String())
			}
			sq := *c.Expr.(*ast.Subquery)
			if len(c.Columns) > 0 {
				sq.Columns = c.Columns
			}
			return &ast.AliasedTableExpr{Expr: &sq, As: as}
		case *ast.JoinTableExpr:
			j := *x
			j.LeftExpr, j.RightExpr = sub(x.LeftExpr), sub(x.RightExpr)
			return &j
		case *ast.ParenTableExpr:
			p := *x
			p.Exprs = make(ast.TableExprs, len(x.Exprs))
			for i, e := range x.Exprs {
				p.Exprs[i] = sub(e)
			}
			return &p
		}
		return te
	}
	cp := *sel
	cp.With = nil
	cp.From = make(ast.TableExprs, len(sel.From))
	for i, te := range sel.From {
		cp.From[i] = sub(te)
	}
	return &cp
}

// joinMembers lists the tables and derived tables of a join in
// out.members. USING merges the columns it names (out.using), NATURAL
// the columns its sides share (out.natural): such a column, named without
// its table, is the leftmost table's that has it (tableRef.owner). A
// LATERAL derived table sees the members before it (its outer). The join's
// shape is returned for the merged columns of RIGHT joins (joinNode).
func joinMembers(te ast.TableExpr, db string, out *tableRef) (*joinNode, bool) {
	switch x := te.(type) {
	case *ast.JoinTableExpr:
		kind := strings.ToLower(x.Join)
		n := &joinNode{leaf: -1, natural: strings.Contains(kind, "natural"), rightJoin: strings.Contains(kind, "right")}
		out.natural = out.natural || n.natural
		out.right = out.right || n.rightJoin
		for _, c := range x.Condition.Using {
			out.using = append(out.using, c.String())
			n.using = append(n.using, c.String())
		}
		var ok bool
		if n.left, ok = joinMembers(x.LeftExpr, db, out); !ok {
			return nil, false
		}
		n.right, ok = joinMembers(x.RightExpr, db, out)
		return n, ok
	case *ast.ParenTableExpr:
		// Tables separated by commas: cross joins, which merge nothing.
		var n *joinNode
		for _, e := range x.Exprs {
			c, ok := joinMembers(e, db, out)
			if !ok {
				return nil, false
			}
			if n == nil {
				n = c
			} else {
				n = &joinNode{leaf: -1, left: n, right: c}
			}
		}
		return n, n != nil
	}
	t, ok := fromTable(te, db)
	if !ok {
		return nil, false
	}
	if t.lateral {
		t.outer = append([]tableRef(nil), out.members...)
	}
	out.members = append(out.members, t)
	return &joinNode{leaf: len(out.members) - 1}, true
}

// joinNode is one table of a join (leaf, its index in the join's members)
// or a join of two (leaf -1) with its USING columns and kind.
type joinNode struct {
	leaf               int
	left, right        *joinNode
	using              []string
	natural, rightJoin bool
}

// owner is the member whose column an unqualified name is, as MySQL
// resolves it over the join's tree: a column a join merges (USING, or
// NATURAL where both sides have it) is its left operand's, a RIGHT join's
// its right operand's (MySQL turns `a RIGHT JOIN b` into `b LEFT JOIN a`),
// at every level; a column one side has is that side's. known is false
// where a member's columns cannot be told or the name is ambiguous (1052);
// found is false where no member has it.
func (n *joinNode) owner(name string, members []tableRef, lookup Lookup) (at int, found, known bool) {
	if n.leaf >= 0 {
		if n.leaf >= len(members) {
			return -1, false, false
		}
		has, known := members[n.leaf].has(name, lookup)
		return n.leaf, has, known
	}
	l, lfound, lknown := n.left.owner(name, members, lookup)
	r, rfound, rknown := n.right.owner(name, members, lookup)
	if !lknown || !rknown {
		return -1, false, false
	}
	merged := slices.ContainsFunc(n.using, func(u string) bool { return strings.EqualFold(u, name) }) ||
		(n.natural && lfound && rfound)
	switch {
	case merged && n.rightJoin:
		return r, rfound, rfound
	case merged:
		return l, lfound, lfound
	case lfound && rfound:
		return -1, false, false
	case lfound:
		return l, true, true
	case rfound:
		return r, true, true
	}
	return -1, false, true
}

// fromTable is one table or derived table of a FROM.
func fromTable(t ast.TableExpr, db string) (tableRef, bool) {
	te, ok := t.(*ast.AliasedTableExpr)
	if !ok {
		return tableRef{}, false
	}
	if sq, isSub := te.Expr.(*ast.Subquery); isSub && !te.As.IsEmpty() {
		// A derived table: its columns are its select list's (derived.go).
		return tableRef{db: db, name: te.As.String(), alias: te.As.String(), sub: sq.Select, subCols: sq.Columns, lateral: te.Lateral}, true
	}
	tn, ok := te.Expr.(ast.TableName)
	if !ok {
		return tableRef{}, false
	}
	from := tableRef{db: tn.DbQualifier.String(), name: tn.Name.String(), alias: te.As.String()}
	if from.db == "" {
		from.db = db
	}
	if from.alias == "" {
		from.alias = from.name
	}
	return from, true
}

// Origin is the table column a result column is (DB empty: none).
type Origin struct{ DB, Table, Column string }

// Origins is, for each result column of a single-table SELECT, the table
// column it is under an alias or read through a table alias: GMS's result
// fields then name the alias (`SELECT z AS x`, `FROM t AS a`), where the
// server looks a column's declaration up by the table and column a field
// names. nil where the statement is not such a SELECT or has a *. lookup
// tells which table of a join has an unqualified column (Present/Absent).
func Origins(stmt ast.Statement, db string, lookup Lookup) []Origin {
	return origins(stmt, db, lookup, nil)
}

// origins is Origins of a LATERAL derived table's SELECT, whose columns
// may be those of outer, the tables before it.
func origins(stmt ast.Statement, db string, lookup Lookup, outer []tableRef) []Origin {
	sel, from, ok := singleTable(stmt, db)
	if !ok {
		return nil
	}
	from.outer = outer
	if len(from.members) == 0 && len(outer) == 0 && (from.name == "" || (from.sub == nil && from.db == "")) {
		return nil
	}
	out := make([]Origin, len(sel.SelectExprs))
	for i, se := range sel.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return nil
		}
		cn, isCol := ae.Expr.(*ast.ColName)
		if !isCol {
			continue
		}
		t, _, ok := from.owner(cn, lookup)
		switch {
		case !ok || t.name == "" || !t.owns(cn):
		case t.sub != nil:
			out[i] = subOrigin(t.sub, t.subCols, cn.Name.String(), db, lookup, t.outer)
		case t.db != "":
			out[i] = Origin{DB: t.db, Table: t.name, Column: cn.Name.String()}
		}
	}
	return out
}

type tableRef struct {
	db, name, alias string
	incr            int // div_precision_increment
	// sub is a derived table's SELECT (name is its alias), subCols its
	// column list.
	sub     ast.SelectStatement
	subCols ast.Columns
	// defaultDB is the session's database, for a scalar subquery's tables.
	defaultDB string
	// members are a join's tables (the other fields then name none),
	// using the columns its USING clauses merge, natural whether a NATURAL
	// join merges those its sides share, right whether it has a RIGHT
	// join (whose merged columns are its right side's).
	members []tableRef
	using   []string
	natural bool
	right   bool
	tree    *joinNode
	// lateral marks a LATERAL derived table; outer is what a LATERAL
	// derived table's SELECT sees besides its own FROM.
	lateral bool
	outer   []tableRef
}

// merges reports whether join t merges the columns named name.
func (t tableRef) merges(name string) bool {
	return t.natural || slices.ContainsFunc(t.using, func(u string) bool { return strings.EqualFold(u, name) })
}

// has reports whether t has a column name; known is false when the
// lookup (or a derived table's select list) cannot tell.
func (t tableRef) has(name string, lookup Lookup) (has, known bool) {
	switch {
	case len(t.members) > 0:
		// A join (a derived `SELECT *` over one) has the columns of its
		// members.
		known := true
		for _, m := range t.members {
			switch h, k := m.has(name, lookup); {
			case h:
				return true, true
			case !k:
				known = false
			}
		}
		return false, known
	case t.sub != nil:
		names := ResultNames(t.sub, t.subCols)
		if names == nil {
			if st, ok := starTable(t.sub, t.db); ok {
				return st.has(name, lookup)
			}
			return false, false
		}
		for _, n := range names {
			if strings.EqualFold(n, name) {
				return true, true
			}
		}
		// An expression's name is its text, which ResultNames leaves "".
		return false, !slices.Contains(names, "")
	case t.db == "" || t.name == "":
		return false, false
	}
	m, _, ok := lookup(t.db, t.name, name)
	switch {
	case ok || m == Present:
		return true, true
	case m == Absent:
		return false, true
	}
	return false, false
}

// owner is the table (or derived table) of t whose column cn is: t itself
// outside a join; in a join the one that the qualifier names, or for an
// unqualified name the one member that has it, or, for a column USING or
// NATURAL merges, the leftmost that has it (MySQL's merged column is the
// left side's column for an inner or LEFT join, the right side's for a
// RIGHT join of two tables; in a larger join with a RIGHT join it is not
// decided here). A column t does not have may be its outer tables'
// (LATERAL). ok is false where it cannot be told.
// self reports that the owner is t itself (not a join, not an outer table).
func (t tableRef) owner(cn *ast.ColName, lookup Lookup) (owner tableRef, self, ok bool) {
	if len(t.members) == 0 {
		if t.name != "" && t.owns(cn) {
			if !cn.Qualifier.IsEmpty() || len(t.outer) == 0 {
				return t, true, true
			}
			if has, known := t.has(cn.Name.String(), lookup); !known {
				return tableRef{}, false, false
			} else if has {
				return t, true, true
			}
		}
		return t.outerOwner(cn, lookup)
	}
	if !cn.Qualifier.IsEmpty() {
		for _, m := range t.members {
			if m.owns(cn) {
				return m, false, true
			}
		}
		return t.outerOwner(cn, lookup)
	}
	name := cn.Name.String()
	merged := t.merges(name)
	members := t.members
	if t.right {
		// MySQL makes `a RIGHT JOIN b` a LEFT join of b and a, whose
		// merged column is b's, at each level of the join (joinNode).
		if t.tree == nil {
			return tableRef{}, false, false
		}
		at, found, known := t.tree.owner(name, members, lookup)
		switch {
		case !known:
			return tableRef{}, false, false
		case !found:
			return t.outerOwner(cn, lookup)
		}
		return members[at], false, true
	}
	var found []tableRef
	for _, m := range members {
		has, known := m.has(name, lookup)
		if !known {
			return tableRef{}, false, false
		}
		if has {
			found = append(found, m)
		}
	}
	switch {
	case len(found) == 0:
		return t.outerOwner(cn, lookup)
	case len(found) > 1 && !merged:
		return tableRef{}, false, false // ambiguous: MySQL's 1052
	}
	return found[0], false, true
}

// outerOwner is owner among the tables a LATERAL derived table sees.
func (t tableRef) outerOwner(cn *ast.ColName, lookup Lookup) (tableRef, bool, bool) {
	var o tableRef
	switch len(t.outer) {
	case 0:
		return tableRef{}, false, false
	case 1:
		o = t.outer[0]
	default:
		o = tableRef{db: t.db, members: t.outer}
	}
	mb, self, ok := o.owner(cn, lookup)
	if ok && self {
		mb = o
	}
	return mb, false, ok
}

// column resolves a column reference to the FROM table.
func (t tableRef) column(cn *ast.ColName, lookup Lookup) (m, d uint8, ok bool) {
	if len(t.members) > 0 || len(t.outer) > 0 {
		if mb, self, found := t.owner(cn, lookup); found && !self {
			mb.incr = t.incr
			return mb.column(cn, lookup)
		}
	}
	return t.ownColumn(cn, lookup)
}

// ownColumn is column without owner's resolution (a lookup that cannot
// tell which table has a column).
func (t tableRef) ownColumn(cn *ast.ColName, lookup Lookup) (m, d uint8, ok bool) {
	if len(t.members) > 0 {
		// The one member that has the column: an unqualified name two
		// members have is ambiguous (1052), so one match is the column.
		if cn.Qualifier.IsEmpty() && t.merges(cn.Name.String()) {
			// owner could not tell which table has it.
			return 0, 0, false
		}
		found := 0
		for _, mb := range t.members {
			mb.incr = t.incr
			if mm, md, mok := mb.column(cn, lookup); mok {
				m, d, found = mm, md, found+1
			}
		}
		return m, d, found == 1
	}
	if !t.owns(cn) {
		return 0, 0, false
	}
	if t.sub != nil {
		c := subColumn(t.sub, t.subCols, cn.Name.String(), t.db, t.incr, lookup, t.outer)
		return c.M, c.D, c.OK
	}
	if t.db == "" {
		return 0, 0, false
	}
	return lookup(t.db, t.name, cn.Name.String())
}

// owns: cn's qualifier, if any, names t.
func (t tableRef) owns(cn *ast.ColName) bool {
	q := cn.Qualifier
	if q.IsEmpty() {
		return true
	}
	if q.DbQualifier.String() != "" {
		// db.table.column names an unaliased table only.
		return strings.EqualFold(q.DbQualifier.String(), t.db) && strings.EqualFold(q.Name.String(), t.name) && t.alias == t.name
	}
	return strings.EqualFold(q.Name.String(), t.alias)
}

// reads reports whether e reads a FLOAT(M,D)/DOUBLE(M,D) column of t (or
// calls PI()).
func (t tableRef) reads(e ast.Expr, lookup Lookup) bool {
	found := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch x := n.(type) {
		case *ast.ColName:
			if _, _, ok := t.column(x, lookup); ok {
				found = true
			}
		case *ast.FuncExpr:
			// PI() has 6 decimals (Item_func_pi), which MySQL prints, and
			// so has ROUND(x, 6) whatever x is (roundPlaces).
			found = x.Name.Lowered() == "pi" && len(x.Exprs) == 0 || fixesPlaces(x)
		case *ast.Subquery:
			_, found = t.scalar(x, lookup)
			return false, nil
		}
		return !found, nil
	}, e)
	return found
}

// scale is the decimals MySQL gives e, when they follow from declared
// scales and literals only.
func (t tableRef) scale(e ast.Expr, lookup Lookup) (int, bool) {
	switch e := e.(type) {
	case *ast.ColName:
		_, d, ok := t.column(e, lookup)
		return int(d), ok
	case *ast.ParenExpr:
		return t.scale(e.Expr, lookup)
	case *ast.SQLVal:
		return literalScale(e)
	case *ast.UnaryExpr:
		if e.Operator == ast.UMinusStr || e.Operator == ast.UPlusStr {
			return t.scale(e.Expr, lookup)
		}
	case *ast.BinaryExpr:
		l, okL := t.scale(e.Left, lookup)
		r, okR := t.scale(e.Right, lookup)
		if !okL || !okR {
			return 0, false
		}
		switch e.Operator {
		case ast.PlusStr, ast.MinusStr, ast.MultStr:
			return max(l, r), true
		case ast.DivStr:
			return min(max(l, r)+t.incr, NotFixed), true
		}
	case *ast.NullVal:
		// NULL's decimals are 0 (Item_null): IF(c, f, NULL) keeps f's.
		return 0, true
	case *ast.CaseExpr:
		// Item_func_case::resolve_type aggregates its THEN and ELSE
		// values' decimals as COALESCE does.
		vals := make([]ast.Expr, 0, len(e.Whens)+1)
		for _, w := range e.Whens {
			vals = append(vals, w.Val)
		}
		if e.Else != nil {
			vals = append(vals, e.Else)
		}
		return t.widest(vals, lookup)
	case *ast.FuncExpr:
		return t.funcScale(e, lookup)
	case *ast.Subquery:
		if c, ok := t.scalar(e, lookup); ok {
			return int(c.D), true
		}
	}
	return 0, false
}

// scalar is the Column of a scalar subquery's one result column.
func (t tableRef) scalar(sq *ast.Subquery, lookup Lookup) (Column, bool) {
	rc := StatementColumns(sq.Select, t.defaultDB, t.incr, lookup)
	if len(rc) != 1 || !rc[0].OK {
		return Column{}, false
	}
	return rc[0], true
}

// widest is the largest decimals of args, when all follow from declared
// scales and literals.
func (t tableRef) widest(args []ast.Expr, lookup Lookup) (int, bool) {
	d := 0
	for _, a := range args {
		s, ok := t.scale(a, lookup)
		if !ok {
			return 0, false
		}
		d = max(d, s)
	}
	return d, len(args) > 0
}

func (t tableRef) funcScale(f *ast.FuncExpr, lookup Lookup) (int, bool) {
	if f.Over != nil || !f.Qualifier.IsEmpty() {
		return 0, false
	}
	args := make([]ast.Expr, 0, len(f.Exprs))
	for _, se := range f.Exprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return 0, false
		}
		args = append(args, ae.Expr)
	}
	widest := func(args []ast.Expr) (int, bool) { return t.widest(args, lookup) }
	switch strings.ToLower(f.Name.String()) {
	case "pi":
		if len(args) == 0 {
			return 6, true
		}
	case "sum", "min", "max":
		if len(args) == 1 {
			return widest(args)
		}
	case "avg":
		if d, ok := widest(args); ok && len(args) == 1 {
			return min(d+t.incr, NotFixed), true
		}
	case "abs":
		if len(args) == 1 {
			return widest(args)
		}
	case "coalesce", "ifnull", "greatest", "least":
		return widest(args)
	case "if":
		// Item_func_if aggregates its second and third arguments.
		if len(args) == 3 {
			return widest(args[1:])
		}
	case "round", "truncate":
		if d, ok := roundPlaces(args); ok {
			return d, true
		}
	}
	return 0, false
}

// roundPlaces is the decimals of ROUND(x, D) or TRUNCATE(x, D) with a
// literal D, whatever x: MySQL's Item_func_round::resolve_type gives a
// REAL or string argument's result min(D, 31) decimals (0 for a negative D
// or none), which the text protocol prints with my_fcvt (ROUND(f, 2) of a
// DOUBLE 2.5 is "2.50"; 31 is not fixed). An INT or DECIMAL argument's
// result is BIGINT or DECIMAL, which the field's type tells apart: callers
// apply these decimals to FLOAT/DOUBLE fields only.
func roundPlaces(args []ast.Expr) (int, bool) {
	switch len(args) {
	case 1:
		return 0, true
	case 2:
		switch v := args[1].(type) {
		case *ast.SQLVal:
			if v.Type != ast.IntVal {
				return 0, false
			}
			if len(v.Val) > 0 && v.Val[0] == '-' {
				return 0, true
			}
			n := 0
			for _, c := range v.Val {
				if c < '0' || c > '9' {
					return 0, false
				}
				n = min(n*10+int(c-'0'), NotFixed)
			}
			return n, true
		case *ast.UnaryExpr:
			if iv, ok := v.Expr.(*ast.SQLVal); ok && iv.Type == ast.IntVal && v.Operator == ast.UMinusStr {
				return 0, true
			}
		}
	}
	return 0, false
}

// fixesPlaces reports whether f is a ROUND or TRUNCATE whose decimals
// roundPlaces knows.
func fixesPlaces(f *ast.FuncExpr) bool {
	if f.Over != nil || !f.Qualifier.IsEmpty() {
		return false
	}
	switch f.Name.Lowered() {
	case "round", "truncate":
	default:
		return false
	}
	args := make([]ast.Expr, 0, len(f.Exprs))
	for _, se := range f.Exprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return false
		}
		args = append(args, ae.Expr)
	}
	_, ok := roundPlaces(args)
	return ok
}

// literalScale: an integer literal has no decimals, a decimal literal
// (1.50) as many as it spells; a float literal (1e3) has none fixed.
func literalScale(v *ast.SQLVal) (int, bool) {
	switch v.Type {
	case ast.IntVal:
		return 0, true
	case ast.FloatVal:
		s := string(v.Val)
		if strings.ContainsAny(s, "eE") {
			return NotFixed, true
		}
		if i := strings.IndexByte(s, '.'); i >= 0 {
			return min(len(s)-i-1, NotFixed), true
		}
		return 0, true
	}
	return 0, false
}
