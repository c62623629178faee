package planfix

import (
	"fmt"
	"hash/fnv"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/sqlfunc"
)

// protectInSubqueries keeps [NOT] IN (subquery), and NOT of a comparison
// with a subquery, away from GMS's wrong paths:
//
//   - NOT (x IN (subquery)) or NOT (x = (subquery)) as a WHERE conjunct is
//     unnested by unnestInSubqueries into an anti join whose NULL handling
//     probes one arbitrary hash bucket, so a NULL among the subquery's
//     values is missed (rows come back where MySQL returns none).
//   - InSubquery.Eval looks the left value up by a hash of its %v text: a
//     NULL element of a row (a, b) yields FALSE instead of NULL, and 'a'
//     does not find 'A' under a case-insensitive collation.
//
// Every IN (subquery) therefore becomes rowIn, evaluated per row against a
// collation-aware hash of the subquery's values (built once while the
// subquery's own result cache holds), and NOT of a comparison becomes notIn;
// GMS's unnester recognizes neither. The exception is an uncorrelated IN that
// is a whole WHERE conjunct: GMS turns it into a semi join, which compares
// with the join's own (correct) equality and where NULL and FALSE both reject
// the row.
//
// unnest is the ID of GMS's unnestInSubqueries rule, which is asked of the
// rule selector: where it does not run (an INSERT's source) nothing becomes a
// semi join either.
func protectInSubqueries(unnest analyzer.RuleId) analyzer.RuleFunc {
	return func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		sel analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		// unnestInSubqueries also leaves INSERT and DELETE alone.
		semi := sel == nil || sel(unnest)
		switch n.(type) {
		case *plan.InsertInto, *plan.DeleteFrom:
			semi = false
		}
		return protectIn(n, semi)
	}
}

func protectIn(n sql.Node, semi bool) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if f, ok := n.(*plan.Filter); ok {
			conj := expression.SplitConjunction(f.Expression)
			same := transform.SameTree
			for i, c := range conj {
				if in, ok := c.(*plan.InSubquery); ok && semi {
					// Not a number against strings: the semi join then looks
					// 0 up as '0' in the strings' index ('é' = 0 is TRUE).
					// Nor strings of two collations: the semi join, made an
					// inner join against the DISTINCT values of the
					// subquery, takes them distinct in the subquery's
					// collation ('a', 'a ' under utf8mb4_0900_ai_ci) and
					// equal in the comparison's (under utf8mb4_bin), so an
					// outer row came back once per match.
					if sq, ok := in.RightChild.(*plan.Subquery); ok && sq.CanCacheResults() &&
						!numberVsString(in.LeftChild.Type(), sq.Type()) &&
						!fractionalMix(in.LeftChild.Type(), sq.Type()) &&
						!collationsDiffer(in.LeftChild.Type(), sq.Type()) {
						continue // becomes a semi join
					}
				}
				nc, csame, err := rewriteInTree(c)
				if err != nil {
					return nil, transform.SameTree, err
				}
				if !csame {
					conj[i], same = nc, transform.NewTree
				}
			}
			if same {
				return n, transform.SameTree, nil
			}
			return plan.NewFilter(expression.JoinAnd(conj...), f.Child), transform.NewTree, nil
		}
		return MapNodeExprs(n, rewriteInTree)
	})
}

// rewriteInTree applies rewriteIn bottom-up, but not inside an expression it
// already rewrote (whose InSubquery would be wrapped again on every pass of
// the analyzer's fixed-point batch).
func rewriteInTree(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch e.(type) {
	case *rowIn, *notIn, *asIs:
		return e, transform.SameTree, nil
	}
	children := e.Children()
	var nc []sql.Expression
	for i, c := range children {
		c2, same, err := rewriteInTree(c)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !same {
			if nc == nil {
				nc = append([]sql.Expression(nil), children...)
			}
			nc[i] = c2
		}
	}
	same := transform.SameTree
	if nc != nil {
		var err error
		if e, err = e.WithChildren(nc...); err != nil {
			return nil, transform.SameTree, err
		}
		same = transform.NewTree
	}
	ne, rsame, err := rewriteIn(e)
	return ne, same && rsame, err
}

func rewriteIn(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch e := e.(type) {
	case *plan.InSubquery:
		if _, ok := e.RightChild.(*plan.Subquery); ok {
			return &rowIn{in: e}, transform.NewTree, nil
		}
	case *expression.Not:
		switch c := e.Child.(type) {
		case expression.Comparer:
			if _, ok := c.Right().(*plan.Subquery); ok {
				return &notIn{in: c}, transform.NewTree, nil
			}
		}
	case expression.Comparer:
		if sq, ok := e.Right().(*plan.Subquery); ok && hasEmptyTable(sq.Query) {
			return &asIs{e}, transform.NewTree, nil
		}
	}
	return e, transform.SameTree, nil
}

func hasEmptyTable(n sql.Node) bool {
	return transform.InspectUp(n, func(n sql.Node) bool {
		_, ok := n.(*plan.EmptyTable)
		return ok
	})
}

// asIs hides a comparison with a subquery that GMS has folded to an empty
// table from unnestInSubqueries, whose semi join over it makes the join
// planner panic ("vertex not found"); evaluated per row it is simply NULL.
type asIs struct{ sql.Expression }

func (a *asIs) Children() []sql.Expression { return []sql.Expression{a.Expression} }
func (a *asIs) String() string             { return a.Expression.String() }

func (a *asIs) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	return &asIs{children[0]}, nil
}

// notIn is NOT (x IN (subquery)) or NOT (x <op> (subquery)) under a type
// unnestInSubqueries does not match; it evaluates exactly as Not does.
type notIn struct{ in sql.Expression }

var _ sql.Expression = (*notIn)(nil)

func (n *notIn) Resolved() bool             { return n.in.Resolved() }
func (n *notIn) IsNullable() bool           { return true }
func (n *notIn) Type() sql.Type             { return types.Boolean }
func (n *notIn) Children() []sql.Expression { return []sql.Expression{n.in} }
func (n *notIn) String() string             { return fmt.Sprintf("(NOT(%s))", n.in) }
func (n *notIn) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (n *notIn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 1)
	}
	return &notIn{in: children[0]}, nil
}

func (n *notIn) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	v, err := n.in.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return !sql.IsTrue(v), nil
}

// rowIn is x IN (subquery) or (a, b, ...) IN (subquery) with SQL's
// semantics: TRUE if some subquery row equals the left side, else NULL if
// some comparison was NULL (for rows: a NULL element where the others are
// equal), else FALSE; an empty subquery gives FALSE even for a NULL left side.
// It keeps the InSubquery as its only child so that GMS's rules still see
// (and validate, index and finalize) the operands and the subquery.
type rowIn struct {
	in *plan.InSubquery

	mu    sync.Mutex
	index *valueIndex
	// coll is the collation two strings compare in, once known (collSet).
	coll    sql.CollationID
	collErr error
	collSet bool
}

var _ sql.Expression = (*rowIn)(nil)

func (r *rowIn) Resolved() bool             { return r.in.Resolved() }
func (r *rowIn) IsNullable() bool           { return true }
func (r *rowIn) Type() sql.Type             { return types.Boolean }
func (r *rowIn) Children() []sql.Expression { return []sql.Expression{r.in} }
func (r *rowIn) String() string             { return r.in.String() }
func (r *rowIn) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (r *rowIn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	in, ok := children[0].(*plan.InSubquery)
	if len(children) != 1 || !ok {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	return &rowIn{in: in}, nil
}

func (r *rowIn) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	sq, ok := r.in.RightChild.(*plan.Subquery)
	if !ok {
		return nil, fmt.Errorf("myriad: IN over %T", r.in.RightChild)
	}
	ltyp, rtyp := r.in.LeftChild.Type(), sq.Type()
	n := types.NumColumns(ltyp)
	if n != types.NumColumns(rtyp) {
		return nil, sql.ErrInvalidOperandColumns.New(n, types.NumColumns(rtyp))
	}
	if n == 1 {
		// before the subquery runs: an empty one is refused too
		if err := r.resolveCollation(ctx); err != nil {
			return nil, err
		}
	}
	lv, err := r.in.LeftChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	rows, err := sq.EvalMultiple(ctx, row)
	if err != nil || len(rows) == 0 {
		return false, err
	}
	if n == 1 {
		return r.evalValue(ctx, lv, rtyp, rows)
	}
	return evalRow(ctx, lv, n, ltyp, rtyp, rows)
}

func (r *rowIn) resolveCollation(ctx *sql.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.collSet {
		r.coll, r.collErr = stringsCollation(ctx, r.in)
		r.collSet = true
	}
	return r.collErr
}

// evalValue looks lv up in an index of the subquery's values, rebuilt
// whenever the subquery hands back a different result (a correlated one
// does for every row).
func (r *rowIn) evalValue(ctx *sql.Context, lv any, rtyp sql.Type, rows []any) (any, error) {
	if lv == nil {
		return nil, nil
	}
	r.mu.Lock()
	idx := r.index
	if idx == nil || !idx.builtFrom(rows) {
		var err error
		if idx, err = newValueIndex(ctx, rtyp, r.coll, rows); err != nil {
			r.mu.Unlock()
			return nil, err
		}
		r.index = idx
	}
	r.mu.Unlock()
	// As InSubquery.Eval: the left value is taken in the subquery's type,
	// but exactly (0.5 is no INT: GMS's conversion made it 1 or 0).
	ltyp := r.in.LeftChild.Type()
	if numberVsString(ltyp, rtyp) {
		return numberInStrings(ctx, lv, rows)
	}
	if dateVsString(ltyp, rtyp) {
		return dateInStrings(ctx, lv, rows)
	}
	var v any
	if idx.coll != 0 {
		v = lv // a string compared by its key (valueIndex.key)
	} else if exactInto(ltyp, rtyp) {
		var err error
		if v, _, err = rtyp.Convert(ctx, lv); err != nil {
			if idx.hasNull {
				return nil, nil
			}
			return false, nil
		}
	} else if v = exactValue(ctx, asComparedWith(lv, ltyp, rtyp), rtyp); v == nil {
		if idx.hasNull {
			return nil, nil
		}
		return false, nil
	}
	key, err := idx.key(ctx, v)
	if err != nil {
		return nil, err
	}
	for _, cand := range idx.buckets[key] {
		eq, err := idx.equal(ctx, v, cand)
		if err != nil {
			return nil, err
		}
		if eq {
			return true, nil
		}
	}
	if idx.hasNull {
		return nil, nil
	}
	return false, nil
}

// numberVsString: MySQL compares values of types a and b as DOUBLE, a
// string with a number; a hash of either's own form cannot find equals.
// collationsDiffer: a and b are strings of two collations.
func collationsDiffer(a, b sql.Type) bool {
	sa, ok1 := a.(sql.StringType)
	sb, ok2 := b.(sql.StringType)
	return ok1 && ok2 && types.IsText(a) && types.IsText(b) && sa.Collation() != sb.Collation()
}

// fractionalMix: numbers of two types, one of them not an integer (0.1
// against an INT column). Where GMS does not make such an IN a semi join
// (above a derived table), its InSubquery.Eval converts the left value to
// the subquery column's type, and 0.1 IN (SELECT int_col) found the row
// holding 0; rowIn compares the values as they are.
func fractionalMix(a, b sql.Type) bool {
	if !types.IsNumber(a) || !types.IsNumber(b) || types.IsInteger(a) && types.IsInteger(b) {
		return false
	}
	return !a.Equals(b)
}

func numberVsString(a, b sql.Type) bool {
	return types.IsNumber(a) && types.IsText(b) || types.IsText(a) && types.IsNumber(b)
}

// numberInStrings is lv IN (rows) compared as DOUBLE ('abc' IN (0) is TRUE,
// '01' IN (1) too), where one side holds numbers and the other strings.
func numberInStrings(ctx *sql.Context, lv any, rows []any) (any, error) {
	l, ok := floatOf(ctx, lv)
	if !ok {
		return nil, nil
	}
	null := false
	for _, r := range rows {
		if r == nil {
			null = true
			continue
		}
		if bs, ok := r.([]byte); ok {
			r = string(bs)
		}
		if f, ok := floatOf(ctx, r); ok && f == l {
			return true, nil
		}
	}
	if null {
		return nil, nil
	}
	return false, nil
}

// dateVsString: MySQL compares a DATE/DATETIME with a string as DATETIMEs;
// GMS's conversion of the date into the string column's type compared
// text (and failed for a value longer than the column, giving FALSE where
// a NULL among the values makes it NULL).
func dateVsString(a, b sql.Type) bool {
	date := func(t sql.Type) bool {
		return types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t)
	}
	return date(a) && types.IsText(b) || types.IsText(a) && date(b)
}

// dateInStrings is lv IN (rows) compared as DATETIMEs (sqlfunc.DatetimeOf).
func dateInStrings(ctx *sql.Context, lv any, rows []any) (any, error) {
	l, ok := sqlfunc.DatetimeOf(ctx, lv)
	if !ok {
		return nil, nil
	}
	null := false
	for _, r := range rows {
		if r == nil {
			null = true
			continue
		}
		if t, ok := sqlfunc.DatetimeOf(ctx, r); ok && t.Equal(l) {
			return true, nil
		}
	}
	if null {
		return nil, nil
	}
	return false, nil
}

// stringsCollation is the collation MySQL compares x IN (SELECT s ...) in
// when both are strings: the two operands' collations resolved by their
// derivations (sqlfunc.Coercibility), as for x = s. GMS, and rowIn before,
// compared in the subquery column's type and without PAD SPACE, so a
// utf8mb4_general_ci 'a ' was not IN a utf8mb4_bin 'a' (MySQL: _bin wins
// and pads: 1). Operands whose collations do not aggregate are 1267, as
// x = s is (and as the semi join refuses). 0 when either side is not a
// string or no collation results.
func stringsCollation(ctx *sql.Context, in *plan.InSubquery) (sql.CollationID, error) {
	sq, ok := in.RightChild.(*plan.Subquery)
	if !ok || !types.IsTextOnly(in.LeftChild.Type()) || !types.IsTextOnly(sq.Type()) {
		return 0, nil
	}
	lc, lk := sqlfunc.Coercibility(ctx, in.LeftChild)
	rc, rk := sql.Collation_Unspecified, byte(2)
	if st, ok := sq.Type().(sql.StringType); ok {
		rc = st.Collation()
	}
	if p := projected(sq); p != nil {
		if err := sqlfunc.CollationMix(ctx, expression.NewEquals(in.LeftChild, p)); err != nil {
			return 0, err
		}
		rc, rk = sqlfunc.Coercibility(ctx, p)
	}
	c, _ := sql.ResolveCoercibility(lc, lk, rc, rk)
	if c == sql.Collation_Unspecified {
		return 0, nil
	}
	return c, nil
}

// projected is the subquery's single projected expression, if its plan
// shows one (else the column's collation, IMPLICIT, stands for it).
func projected(sq *plan.Subquery) sql.Expression {
	for n := sq.Query; n != nil; {
		switch nn := n.(type) {
		case *plan.Project:
			if len(nn.Projections) == 1 {
				return nn.Projections[0]
			}
			return nil
		case sql.UnaryNode:
			n = nn.Child()
		default:
			return nil
		}
	}
	return nil
}

// valueIndex hashes a subquery's values by their collation weights (strings)
// or their text (other types), so equal values under the column's collation
// share a bucket; candidates are confirmed with the type's Compare. With
// coll set, strings are hashed and compared by their keyenc keys under it.
type valueIndex struct {
	coll    sql.CollationID
	typ     sql.Type
	from    *any // first element of the result it was built from
	n       int
	buckets map[uint64][]any
	hasNull bool
}

func newValueIndex(ctx *sql.Context, typ sql.Type, coll sql.CollationID, rows []any) (*valueIndex, error) {
	idx := &valueIndex{coll: coll, typ: typ, from: &rows[0], n: len(rows), buckets: make(map[uint64][]any, len(rows))}
	for _, v := range rows {
		if v == nil {
			idx.hasNull = true
			continue
		}
		k, err := idx.key(ctx, v)
		if err != nil {
			return nil, err
		}
		idx.buckets[k] = append(idx.buckets[k], v)
	}
	return idx, nil
}

func (idx *valueIndex) builtFrom(rows []any) bool {
	return len(rows) == idx.n && &rows[0] == idx.from
}

func (idx *valueIndex) key(ctx *sql.Context, v any) (uint64, error) {
	if idx.coll != 0 {
		s, err := types.ConvertToString(ctx, v, types.LongText, nil)
		if err != nil {
			return 0, err
		}
		h := fnv.New64a()
		h.Write(keyenc.StringKey(idx.coll, s))
		return h.Sum64(), nil
	}
	if st, ok := idx.typ.(sql.StringType); ok {
		s, err := types.ConvertToString(ctx, v, st, nil)
		if err != nil {
			return 0, err
		}
		h := fnv.New64a()
		if err := st.Collation().WriteWeightString(h, s); err != nil {
			return 0, err
		}
		return h.Sum64(), nil
	}
	if f, ok := v.(float64); ok && f == 0 {
		v = float64(0) // -0 = 0
	}
	return sql.HashOf(ctx, sql.NewRow(v))
}

func (idx *valueIndex) equal(ctx *sql.Context, a, b any) (bool, error) {
	if idx.coll == 0 {
		c, err := idx.typ.Compare(ctx, a, b)
		return c == 0, err
	}
	as, err := types.ConvertToString(ctx, a, types.LongText, nil)
	if err != nil {
		return false, err
	}
	bs, err := types.ConvertToString(ctx, b, types.LongText, nil)
	if err != nil {
		return false, err
	}
	return keyenc.CompareStrings(idx.coll, as, bs) == 0, nil
}

// evalRow compares a row element-wise with each subquery row.
func evalRow(ctx *sql.Context, lv any, n int, ltyp, rtyp sql.Type, rows []any) (any, error) {
	left, ok := lv.([]interface{})
	if !ok || len(left) != n {
		return nil, fmt.Errorf("myriad: row IN: left side is %T", lv)
	}
	ltypes, rtypes := elemTypes(ltyp, n), elemTypes(rtyp, n)
	sawNull := false
	for _, rv := range rows {
		right, ok := rv.([]interface{})
		if !ok || len(right) != n {
			return nil, fmt.Errorf("myriad: row IN: subquery row is %T", rv)
		}
		res := true // TRUE, FALSE or (res && null) NULL, as AND over the elements
		null := false
		for i := range left {
			if left[i] == nil || right[i] == nil {
				null = true
				continue
			}
			eq, err := expression.NewEquals(expression.NewLiteral(left[i], ltypes[i]),
				expression.NewLiteral(right[i], rtypes[i])).Eval(ctx, nil)
			if err != nil {
				return nil, err
			}
			if eq == nil {
				null = true
			} else if !sql.IsTrue(eq) {
				res = false
				break
			}
		}
		switch {
		case res && !null:
			return true, nil
		case res:
			sawNull = true
		}
	}
	if sawNull {
		return nil, nil
	}
	return false, nil
}

func elemTypes(t sql.Type, n int) []sql.Type {
	if tt, ok := t.(types.TupleType); ok && len(tt) == n {
		return tt
	}
	out := make([]sql.Type, n)
	for i := range out {
		out[i] = types.LongText
	}
	return out
}

// MapNodeExprs replaces each expression of n (if it has any) by f's
// result, copying n only when one changes.
func MapNodeExprs(n sql.Node, f func(sql.Expression) (sql.Expression, transform.TreeIdentity, error)) (sql.Node, transform.TreeIdentity, error) {
	ne, ok := n.(sql.Expressioner)
	if !ok {
		return n, transform.SameTree, nil
	}
	exprs := ne.Expressions()
	var nexprs []sql.Expression
	for i, e := range exprs {
		e2, same, err := f(e)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if !same {
			if nexprs == nil {
				nexprs = append([]sql.Expression(nil), exprs...)
			}
			nexprs[i] = e2
		}
	}
	if nexprs == nil {
		return n, transform.SameTree, nil
	}
	nn, err := ne.WithExpressions(nexprs...)
	return nn, transform.NewTree, err
}
