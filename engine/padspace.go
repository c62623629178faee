package engine

import (
	"context"
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/sqlfunc"
)

// MySQL's PAD SPACE collations (all but binary and the _0900_ ones) compare
// strings as if the shorter were padded with spaces: 'a' = 'a ', and
// 'a\t' < 'a'. GMS v0.20.0 never pads: its StringType.Compare and its
// grouping/distinct hashes treat trailing spaces as significant, and its
// DISTINCT, COUNT(DISTINCT) and hash-join keys even ignore the collation.
// Myriad's keys (keyenc) already order strings the MySQL way, so PadSpace
// rewrites the places where GMS compares, groups or hashes collated strings
// to operate on collKey(x): the key encoding of x under the collation that
// MySQL's coercibility rules pick, typed as a binary string. Two collKeys are
// equal exactly when MySQL calls the strings equal and order like them.
// Values returned to the client are untouched (they keep their spaces).
//
// Rewritten: = <=> < > <= >= BETWEEN IN, GROUP BY keys, ORDER BY keys,
// COUNT(DISTINCT), SELECT DISTINCT (as a GROUP BY on keys), hash-join keys,
// MIN/MAX. The same rewrites also apply where GMS would compare in another
// collation than MySQL's under any collation (comparisonCollation decides
// for comparisons, typeCollation for keys): a CONCAT's type is not of its
// collation.
// MIN/MAX return a stored value, so their argument keeps its values and gets
// a type whose Compare pads (padTyped). Window definitions: PARTITION BY and
// ORDER BY keys (windowOnKeys). Not rewritten: LIKE (MySQL does not pad it).
func PadSpace(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch nn := n.(type) {
		case *plan.Distinct:
			return distinctOnKeys(ctx, nn.Child, n)
		case *plan.OrderedDistinct:
			return distinctOnKeys(ctx, nn.Child, n)
		case *plan.SetOp:
			if nn.SetOpType != plan.UnionType {
				if out, id, err := setOpOnKeys(ctx, nn); err != nil || id == transform.NewTree {
					return out, id, err
				}
			}
			if len(nn.SortFields) > 0 {
				return setOpSortOnKeys(ctx, nn)
			}
			return unionOnKeys(ctx, nn)
		case *plan.Filter:
			// GMS pushes a derived table's WHERE down onto its UNION
			// with the fields of the union's first side; re-point them
			// at the union's (or its rewrite's) own columns.
			if f, ok := filterOverSetOp(nn); ok {
				return f, transform.NewTree, nil
			}
		case *plan.GroupBy:
			keys, changed := wrapKeys(ctx, nn.GroupByExprs)
			sel, selChanged, err := wrapExprs(ctx, nn.SelectedExprs)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if !changed && !selChanged {
				return n, transform.SameTree, nil
			}
			return plan.NewGroupBy(sel, keys, nn.Child), transform.NewTree, nil
		case *plan.Sort, *plan.TopN:
			ex := n.(sql.Expressioner)
			keys, changed := wrapSortKeys(ctx, ex.Expressions())
			if !changed {
				break
			}
			nn, err := ex.WithExpressions(keys...)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return wrapNodeExprs(ctx, nn, transform.NewTree)
		case *plan.Window:
			return windowOnKeys(ctx, nn)
		case *plan.HashLookup:
			l, r := nn.LeftProbeKey, nn.RightEntryKey
			nl, nr, changed := hashKeyPair(ctx, l, r)
			if !changed {
				break
			}
			nh, err := nn.WithExpressions(nr, nl)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return nh, transform.NewTree, nil
		}
		return wrapNodeExprs(ctx, n, transform.SameTree)
	})
}

func wrapNodeExprs(ctx *sql.Context, n sql.Node, id transform.TreeIdentity) (sql.Node, transform.TreeIdentity, error) {
	ex, ok := n.(sql.Expressioner)
	if !ok {
		return n, id, nil
	}
	exprs, changed, err := wrapExprs(ctx, ex.Expressions())
	if err != nil {
		return nil, transform.SameTree, err
	}
	if !changed {
		return n, id, nil
	}
	nn, err := ex.WithExpressions(exprs...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return nn, transform.NewTree, nil
}

// wrapExprs rewrites the comparisons inside exprs (and COUNT(DISTINCT)).
func wrapExprs(ctx *sql.Context, exprs []sql.Expression) ([]sql.Expression, bool, error) {
	out := exprs
	changed := false
	for i, e := range exprs {
		ne, same, err := wrapTree(ctx, e)
		if err != nil {
			return nil, false, err
		}
		if same == transform.SameTree {
			continue
		}
		if !changed {
			out = append([]sql.Expression(nil), exprs...)
			changed = true
		}
		out[i] = ne
	}
	return out, changed, nil
}

// isCollatedText: a character string (not binary) expression.
func isCollatedText(e sql.Expression) bool {
	t := e.Type()
	if !types.IsTextOnly(t) {
		return false
	}
	st, ok := t.(sql.StringType)
	return ok && st.Collation() != sql.Collation_binary
}

// wrapKeys replaces every text expression in exprs that GMS would group or
// sort differently from MySQL by its collKey: one whose collation pads, or
// whose type has another collation than the expression (GMS groups and
// sorts by the type's: every CONCAT is a LONGTEXT of utf8mb4_0900_bin, so
// ORDER BY CONCAT(c, '-') under utf8mb4_0900_ai_ci sorted 'B-' < 'b-').
func wrapKeys(ctx *sql.Context, exprs []sql.Expression) ([]sql.Expression, bool) {
	out := exprs
	changed := false
	for i, e := range exprs {
		if _, done := e.(*collKey); done || !isCollatedText(e) {
			continue
		}
		coll, _ := coercibility(ctx, e)
		if !gmsDiffers(coll) && typeCollation(e) == coll {
			continue
		}
		if !changed {
			out = append([]sql.Expression(nil), exprs...)
			changed = true
		}
		out[i] = &collKey{child: e, coll: coll}
	}
	return out, changed
}

// wrapSortKeys is wrapKeys for ORDER BY keys: GMS's sort evaluates its
// keys in every comparison (n log n times), so a PAD SPACE key under its
// own type's collation is sorted by a type whose Compare pads (padTyped,
// keyenc.CompareStrings: the keys' order without building them) instead of
// by its collKey, which cost ~60% of sysbench's read_only under latin1.
func wrapSortKeys(ctx *sql.Context, exprs []sql.Expression) ([]sql.Expression, bool) {
	out, changed := wrapKeys(ctx, exprs)
	if !changed {
		return exprs, false
	}
	for i, e := range out {
		k, ok := e.(*collKey)
		if !ok {
			continue
		}
		st, ok := k.child.Type().(types.StringType)
		if !ok || st.Collation() != k.coll {
			continue
		}
		switch st.Type() {
		case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
			out[i] = &padTyped{child: k.child, typ: padIndexType{st}}
		}
	}
	return out, true
}

// windowOnKeys gives every window definition of w the keys GROUP BY and
// ORDER BY use. GMS sorts a window's rows and splits its partitions with
// the keys' Type().Compare, which neither pads nor expands ('a' and 'a '
// were two partitions under utf8mb4_general_ci, 'ß' and 'ss' two under
// utf8mb4_0900_ai_ci), and finds ORDER BY peers (RANK, DENSE_RANK, the
// frames of CURRENT ROW) by comparing the values with Go's !=, so 'a' and
// 'A' were not peers under any _ci collation. PARTITION BY keys are
// sorted and compared as ORDER BY's keys (wrapSortKeys: a type whose
// Compare pads and expands, or a collKey); ORDER BY keys get a collKey whenever
// their collation calls two different strings equal, which is every
// collation but binary and utf8mb4_0900_bin. The window functions' own
// arguments are untouched, so LAG(s) and FIRST_VALUE(s) return the stored
// values.
func windowOnKeys(ctx *sql.Context, w *plan.Window) (sql.Node, transform.TreeIdentity, error) {
	exprs := w.SelectExprs
	changed := false
	for i, e := range w.SelectExprs {
		ne, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			wa, ok := e.(sql.WindowAdaptableExpression)
			if !ok || wa.Window() == nil {
				return e, transform.SameTree, nil
			}
			win := wa.Window()
			part, pc := win.PartitionBy, false
			if !keyed(part) {
				part, pc = wrapSortKeys(ctx, part)
			}
			order, oc := peerKeys(ctx, win.OrderBy)
			if !pc && !oc {
				return e, transform.SameTree, nil
			}
			nw := *win
			nw.PartitionBy, nw.OrderBy = part, order
			return wa.WithWindow(&nw), transform.NewTree, nil
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		if same == transform.SameTree {
			continue
		}
		if !changed {
			exprs = append([]sql.Expression(nil), w.SelectExprs...)
			changed = true
		}
		exprs[i] = ne
	}
	var n sql.Node = w
	id := transform.SameTree
	if changed {
		n, id = plan.NewWindow(exprs, w.Child), transform.NewTree
	}
	return wrapNodeExprs(ctx, n, id)
}

// keyed: windowOnKeys already rewrote these PARTITION BY keys (a padTyped
// is text again and would get a collKey around it).
func keyed(exprs []sql.Expression) bool {
	for _, e := range exprs {
		switch e.(type) {
		case *collKey, *padTyped:
			return true
		}
	}
	return false
}

// peerKeys wraps a window's ORDER BY keys for windowOnKeys.
func peerKeys(ctx *sql.Context, sfs sql.SortFields) (sql.SortFields, bool) {
	var out sql.SortFields
	for i, sf := range sfs {
		if _, done := sf.Column.(*collKey); done || !isCollatedText(sf.Column) {
			continue
		}
		coll, _ := coercibility(ctx, sf.Column)
		if coll == sql.Collation_binary || coll == sql.Collation_Unspecified ||
			(coll == sql.Collation_utf8mb4_0900_bin && typeCollation(sf.Column) == coll) {
			continue
		}
		if out == nil {
			out = append(sql.SortFields(nil), sfs...)
		}
		out[i].Column, out[i].Column2 = &collKey{child: sf.Column, coll: coll}, nil
	}
	if out == nil {
		return sfs, false
	}
	return out, true
}

// wrapPair wraps both sides of a comparison of two text expressions with
// the collation MySQL resolves for it (coercibility), if that collation
// pads (or, with padOnly false, has any collation at all).
func wrapPair(ctx *sql.Context, l, r sql.Expression, padOnly bool) (sql.Expression, sql.Expression, bool) {
	coll, ok := pairCollation(ctx, padOnly, l, r)
	if !ok {
		return l, r, false
	}
	return &collKey{child: l, coll: coll}, &collKey{child: r, coll: coll}, true
}

// gmsDiffers: GMS's comparison under collation coll is not MySQL's even
// between two values of one type: coll pads (PAD SPACE), or gives some
// characters several weights (keyenc.Expands: 'ß' = 'ss' under the UCA
// collations, where GMS weighs 'ß' once). Everything PadSpace does for
// padding it does for expansions too.
func gmsDiffers(coll sql.CollationID) bool { return keyenc.PadSpace(coll) || keyenc.Expands(coll) }

// comparisonCollation decides, for every comparison of two strings (= <=>
// < > <= >=, and BETWEEN and IN through them), whether GMS's own evaluation
// compares as MySQL does, and if not, the collation MySQL compares the pair
// in: its coercibility rules (a column's IMPLICIT beats a literal's
// COERCIBLE; a CONCAT of a column derives the column's collation), which
// wrapping both sides in collKeys then applies wherever the comparison is
// evaluated (WHERE, select list, CASE, HAVING, ON). GMS differs when
//   - the collation pads: GMS never pads ('a' = 'a '), or expands: GMS
//     weighs 'ß' once, MySQL as "ss" (gmsDiffers);
//   - e is <=>: GMS's compares two string types that differ (a column and a
//     literal) in its binary default collation, not the column's as its =
//     does (c <=> 'é' missed 'e' in a utf8mb4_0900_ai_ci column);
//   - both operands have one type: GMS then compares in that type's
//     collation, not the pair's. Every CONCAT is a LONGTEXT of the default
//     utf8mb4_0900_bin, so CONCAT(c, c) > CONCAT('B', 'B') compared bytes in
//     the select list, while in a WHERE, where the constant CONCAT is folded
//     into a literal of another type, it compared in c's collation.
//   - a scalar subquery's collation (see coercibility) decides the pair.
//
// Otherwise (operands of different types) GMS resolves the pair's
// collation by the same rules, and the comparison is left alone: a column
// compared with a literal keeps GMS's comparison (and, in preIndexRewrite,
// its index).
func comparisonCollation(ctx *sql.Context, e, l, r sql.Expression) (sql.CollationID, bool) {
	coll, ok := pairCollation(ctx, false, l, r)
	if !ok {
		return 0, false
	}
	if _, nullSafe := e.(*expression.NullSafeEquals); nullSafe || gmsDiffers(coll) {
		return coll, true
	}
	gms := typeCollation(l)
	if !types.TypesEqual(l.Type(), r.Type()) {
		lc, lk := sql.GetCoercibility(ctx, l)
		rc, rk := sql.GetCoercibility(ctx, r)
		gms, _ = sql.ResolveCoercibility(lc, lk, rc, rk)
	}
	return coll, gms != coll
}

// typeCollation is the collation of e's string type (GMS's comparisons and
// IN lists compare in it), which is not always e's own collation.
func typeCollation(e sql.Expression) sql.CollationID {
	if st, ok := e.Type().(sql.StringType); ok {
		return st.Collation()
	}
	return sql.Collation_Unspecified
}

func pairCollation(ctx *sql.Context, padOnly bool, exprs ...sql.Expression) (sql.CollationID, bool) {
	var coll sql.CollationID
	var co byte
	for i, e := range exprs {
		if _, done := e.(*collKey); done || !types.IsTextOnly(e.Type()) {
			return 0, false
		}
		c, k := coercibility(ctx, e)
		if i == 0 {
			coll, co = c, k
		} else {
			coll, co = sql.ResolveCoercibility(coll, co, c, k)
		}
	}
	if coll == sql.Collation_binary || coll == sql.Collation_Unspecified {
		return 0, false
	}
	if padOnly && !gmsDiffers(coll) {
		return 0, false
	}
	return coll, true
}

// wrapTree applies wrapComparison bottom-up to e, except inside GMS's rewrite of LIKE 'abc%' (x >= 'abc' AND x <= 'abc\xff'): LIKE
// does not pad, and 'abc\t' must stay in.
func wrapTree(ctx *sql.Context, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	if isLikePrefixRange(e) {
		// The range's own comparisons stay as they are; its operand's
		// inside does not (a CASE WHEN w = c ... LIKE 'a%' compared w and
		// c without padding: the oracles' NoREC finding, seed
		// 1795916938923067366).
		and := e.(*expression.And)
		ge := and.LeftChild.(*expression.GreaterThanOrEqual)
		le := and.RightChild.(*expression.LessThanOrEqual)
		gl, s1, err := wrapTree(ctx, ge.Left())
		if err != nil {
			return nil, transform.SameTree, err
		}
		ll, s2, err := wrapTree(ctx, le.Left())
		if err != nil {
			return nil, transform.SameTree, err
		}
		if s1 == transform.SameTree && s2 == transform.SameTree {
			return e, transform.SameTree, nil
		}
		nge, err := ge.WithChildren(gl, ge.Right())
		if err != nil {
			return nil, transform.SameTree, err
		}
		nle, err := le.WithChildren(ll, le.Right())
		if err != nil {
			return nil, transform.SameTree, err
		}
		return expression.NewAnd(nge, nle), transform.NewTree, nil
	}
	ch := e.Children()
	var nch []sql.Expression
	for i, c := range ch {
		nc, same, err := wrapTree(ctx, c)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if same == transform.NewTree {
			if nch == nil {
				nch = append([]sql.Expression(nil), ch...)
			}
			nch[i] = nc
		}
	}
	id := transform.SameTree
	if nch != nil {
		ne, err := e.WithChildren(nch...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		e, id = ne, transform.NewTree
	}
	ne, same, err := wrapComparison(ctx, e)
	if err != nil {
		return nil, transform.SameTree, err
	}
	if same == transform.NewTree {
		id = transform.NewTree
	}
	return ne, id, nil
}

func isLikePrefixRange(e sql.Expression) bool {
	and, ok := e.(*expression.And)
	if !ok {
		return false
	}
	ge, ok1 := and.LeftChild.(*expression.GreaterThanOrEqual)
	le, ok2 := and.RightChild.(*expression.LessThanOrEqual)
	if !ok1 || !ok2 {
		return false
	}
	lo, ok1 := ge.Right().(*expression.Literal)
	hi, ok2 := le.Right().(*expression.Literal)
	if !ok1 || !ok2 {
		return false
	}
	los, ok1 := lo.Value().(string)
	his, ok2 := hi.Value().(string)
	// GMS appends string(byte(255)), which is "ÿ" (U+00FF).
	return ok1 && ok2 && his == los+"\u00ff"
}

func wrapComparison(ctx *sql.Context, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	// MySQL refuses an operation whose strings' collations do not aggregate
	// (1267: two columns of different collations compared, LIKE'd,
	// searched); GMS picks one of them and answers.
	if err := sqlfunc.CollationMix(ctx, e); err != nil {
		return nil, transform.SameTree, err
	}
	if sqlfunc.IsField(e) {
		return wrapField(ctx, e)
	}
	switch c := e.(type) {
	case *expression.Like:
		// GMS's LIKE resolves its collation from its operands' GMS
		// derivations; MySQL's is Coercibility's, as for '=' (a LIKE over a
		// CONCAT of a COALESCE matched bytes in the select list and in the
		// column's collation in a WHERE, where GMS had folded the
		// COALESCE).
		ne, changed, err := sqlfunc.CollateLike(ctx, c)
		if err != nil || !changed {
			return e, transform.SameTree, err
		}
		return ne, transform.NewTree, nil
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
		ch := c.Children()
		coll, ok := comparisonCollation(ctx, e, ch[0], ch[1])
		if !ok {
			return e, transform.SameTree, nil
		}
		ne, err := e.WithChildren(&collKey{child: ch[0], coll: coll}, &collKey{child: ch[1], coll: coll})
		return ne, transform.NewTree, err
	case *expression.Between:
		coll, ok := pairCollation(ctx, true, c.Val, c.Lower, c.Upper)
		if !ok {
			return e, transform.SameTree, nil
		}
		return expression.NewBetween(&collKey{child: c.Val, coll: coll}, &collKey{child: c.Lower, coll: coll},
			&collKey{child: c.Upper, coll: coll}), transform.NewTree, nil
	case *expression.InTuple:
		return wrapIn(ctx, e, c.Left(), c.Right(), false)
	case *expression.HashInTuple:
		ch := c.Children()
		return wrapIn(ctx, e, ch[0], ch[1], true)
	case *aggregation.Min, *aggregation.Max:
		// They return a stored value, so the child keeps its values and
		// only its type's Compare pads.
		// A CONCAT's type is not of its collation (see wrapKeys): the
		// padding type then takes the expression's.
		x := c.Children()[0]
		st, ok := x.Type().(types.StringType)
		if !ok || !types.IsTextOnly(st) {
			return e, transform.SameTree, nil
		}
		if _, done := x.(*padTyped); done {
			return e, transform.SameTree, nil
		}
		if coll, _ := coercibility(ctx, x); coll != st.Collation() && coll != sql.Collation_binary &&
			coll != sql.Collation_Unspecified && coll.CharacterSet() == st.Collation().CharacterSet() {
			nt, err := types.CreateString(st.Type(), st.Length(), coll)
			ns, ok := nt.(types.StringType)
			if err != nil || !ok {
				return e, transform.SameTree, nil
			}
			st = ns
		} else if !gmsDiffers(st.Collation()) {
			return e, transform.SameTree, nil
		}
		ne, err := e.WithChildren(&padTyped{child: x, typ: padIndexType{st}})
		return ne, transform.NewTree, err
	case *aggregation.GroupConcat:
		return groupConcatOnKeys(ctx, c)
	case *aggregation.CountDistinct:
		// GMS's COUNT(DISTINCT) buffer hashes values without their
		// collation ('a' and 'A' count twice under _ci): count keys.
		ch := c.Children()
		nch := make([]sql.Expression, len(ch))
		changed := false
		for i, x := range ch {
			nch[i] = x
			if _, done := x.(*collKey); done || !isCollatedText(x) {
				continue
			}
			coll, _ := coercibility(ctx, x)
			nch[i] = &collKey{child: x, coll: coll}
			changed = true
		}
		if !changed {
			return e, transform.SameTree, nil
		}
		ne, err := c.WithChildren(nch...)
		return ne, transform.NewTree, err
	}
	return e, transform.SameTree, nil
}

// coercibility is sql.GetCoercibility, except for a scalar subquery: GMS
// resolves one over every node and expression of its plan (the WHERE
// clause's integers make it binary, NUMERIC), so ci = (SELECT bn ...)
// compared under ci's collation; MySQL gives the subquery the collation
// and derivation of its select item. scalarsubquery's wrapper (which
// prints as its subquery) is looked through.
//
// A CASE, IF, IFNULL or COALESCE of strings takes its collation and
// derivation from its result branches, resolved as a comparison's operands
// (MySQL's agg_arg_charsets_for_string_result); GMS derives a CASE's and a
// COALESCE's from its type (every CONCAT branch: utf8mb4_0900_bin,
// COERCIBLE), an IF's from its THEN and an IFNULL's from its first
// argument. `CASE WHEN p THEN NULL ELSE CONCAT('B', 'A') END >= 'a'` compared
// bytes in the select list and in the connection's collation in a WHERE,
// where the CONCAT is folded (TestOracles, NoREC, seed 1795788019228820712).
func coercibility(ctx *sql.Context, e sql.Expression) (sql.CollationID, byte) {
	if _, ok := e.(*plan.Subquery); !ok {
		if c, k := sqlfunc.Coercibility(ctx, e); c != 0 {
			if lc, lk := sql.GetCoercibility(ctx, e); lc != c || lk != k {
				return c, k
			}
		}
	}
	sq, ok := e.(*plan.Subquery)
	if ch := e.Children(); !ok && len(ch) == 1 {
		if s, isSq := ch[0].(*plan.Subquery); isSq && e.String() == s.String() {
			sq, ok = s, true
		}
	}
	if !ok {
		return sql.GetCoercibility(ctx, e)
	}
	for n := sq.Query; n != nil; {
		switch nn := n.(type) {
		case *plan.Project:
			if len(nn.Projections) > 0 {
				return sql.GetCoercibility(ctx, nn.Projections[0])
			}
			n = nil
		case sql.UnaryNode:
			n = nn.Child()
		default:
			n = nil
		}
	}
	if sch := sq.Query.Schema(); len(sch) > 0 {
		if st, ok := sch[0].Type.(sql.StringType); ok {
			return st.Collation(), 2
		}
	}
	return sql.GetCoercibility(ctx, e)
}

// wrapIn gives an IN list of strings the collation MySQL compares it in
// (all operands' collations resolved, as for a comparison). GMS converts
// the elements to the left operand's type and compares (or hashes) in that
// type's collation: CONCAT('a', 'b') IN ('ab ', c2) compared in CONCAT's
// binary LONGTEXT, not in c2's utf8mb4_0900_ai_ci. A list that mixes
// strings and numbers is a disjunction of '=' by now (sqlfunc's inPairs).
func wrapIn(ctx *sql.Context, e, left, right sql.Expression, hashed bool) (sql.Expression, transform.TreeIdentity, error) {
	tup, ok := right.(expression.Tuple)
	if !ok {
		return e, transform.SameTree, nil
	}
	// A NULL in the list takes no part in the collation (MySQL's
	// DERIVATION_IGNORABLE); it stays as it is, so the list keeps its NULL.
	all := []sql.Expression{left}
	for _, x := range tup {
		if x.Type() != types.Null {
			all = append(all, x)
		}
	}
	coll, ok := pairCollation(ctx, false, all...)
	if !ok || (!gmsDiffers(coll) && typeCollation(left) == coll) {
		if hashed {
			return rehashIn(ctx, e, left, right)
		}
		return e, transform.SameTree, nil
	}
	els := make([]sql.Expression, len(tup))
	for i, x := range tup {
		els[i] = x
		if x.Type() != types.Null {
			els[i] = &collKey{child: x, coll: coll}
		}
	}
	nl, nr := &collKey{child: left, coll: coll}, expression.NewTuple(els...)
	if hashed {
		h, err := expression.NewHashInTuple(ctx, nl, nr)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return h, transform.NewTree, nil
	}
	return expression.NewInTuple(nl, nr), transform.NewTree, nil
}

// rehashIn rebuilds a HASH IN whose left operand was replaced after GMS
// built it: HashInTuple.WithChildren keeps the map hashed in the old left
// type's collation, while Eval hashes the value in the new one's, so
// COALESCE(c, 'z') IN ('A', NULL), once sqlfunc gave the COALESCE its
// MySQL collation, found nothing (TestOracles NoREC, seed
// 1795828471855520350).
func rehashIn(ctx *sql.Context, e, left, right sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	h, err := expression.NewHashInTuple(ctx, left, right)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return h, transform.NewTree, nil
}

// distinctOnKeys replaces SELECT DISTINCT over rows with collated string
// columns by a GROUP BY on every column (strings by their collKey) that
// returns each group's first row: GMS's DISTINCT hashes rows as printed
// values, ignoring collations entirely.
func distinctOnKeys(ctx *sql.Context, child, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	sch := child.Schema()
	sel := make([]sql.Expression, len(sch))
	keys := make([]sql.Expression, len(sch))
	changed := false
	proj, _ := child.(*plan.Project)
	for i, c := range sch {
		gf := columnField(child, i, c)
		sel[i], keys[i] = gf, gf
		if isCollatedText(gf) {
			coll := c.Type.(sql.StringType).Collation()
			if proj != nil && i < len(proj.Projections) {
				// A CONCAT's type is not of its collation (see wrapKeys).
				if pc, _ := coercibility(ctx, proj.Projections[i]); pc != sql.Collation_binary &&
					pc != sql.Collation_Unspecified && pc.CharacterSet() == coll.CharacterSet() {
					coll = pc
				}
			}
			keys[i] = &collKey{child: gf, coll: coll}
			changed = true
		}
	}
	if !changed {
		return n, transform.SameTree, nil
	}
	return plan.NewGroupBy(sel, keys, child), transform.NewTree, nil
}

// unionOnKeys makes UNION [DISTINCT] drop duplicates under the collation
// MySQL resolves for each column from its branches ('abc' in a _ci column
// UNION 'ABC' is one row): GMS converts branches of different string types
// to one type of its default collation and dedupes rows by their printed
// values. The union becomes UNION ALL under a GROUP BY on the columns'
// keys, as distinctOnKeys does for DISTINCT. A union's own ORDER BY and
// LIMIT move above the GROUP BY (the dedup comes first), as a Sort, an
// Offset and a Limit in MySQL's order: sorted, then skipped, then cut.
func unionOnKeys(ctx *sql.Context, u *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	if !u.Distinct || u.SetOpType != plan.UnionType {
		return u, transform.SameTree, nil
	}
	sch := u.Schema()
	sel := make([]sql.Expression, len(sch))
	keys := make([]sql.Expression, len(sch))
	changed := false
	for i, c := range sch {
		gf := columnField(u, i, c)
		sel[i], keys[i] = gf, gf
		if !types.IsTextOnly(c.Type) {
			continue
		}
		coll, ok := unionCollation(ctx, u, i)
		if !ok {
			continue
		}
		keys[i] = &collKey{child: gf, coll: coll}
		changed = true
	}
	if !changed {
		return u, transform.SameTree, nil
	}
	all := *u
	all.Distinct, all.SortFields, all.Limit, all.Offset = false, nil, nil, nil
	var out sql.Node = plan.NewGroupBy(sel, keys, &all)
	tail := *u
	tail.SortFields = sortFieldsOver(u, u.SortFields, sel)
	out, err := setOpTail(ctx, &tail, out)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// setOpTail puts u's own ORDER BY (under collation sort keys), OFFSET and
// LIMIT above out, the node that replaced u's rows.
func setOpTail(ctx *sql.Context, u *plan.SetOp, out sql.Node) (sql.Node, error) {
	if len(u.SortFields) > 0 {
		// Built here, after transform.Node passed the Sort case: its keys
		// get that case's collation keys now.
		var sort sql.Node = plan.NewSort(u.SortFields, out)
		ex := sort.(sql.Expressioner)
		if ks, ok := wrapSortKeys(ctx, ex.Expressions()); ok {
			var err error
			if sort, err = ex.WithExpressions(ks...); err != nil {
				return nil, err
			}
		}
		out = sort
	}
	if u.Offset != nil {
		out = plan.NewOffset(u.Offset, out)
	}
	if u.Limit != nil {
		out = plan.NewLimit(u.Limit, out)
	}
	return out, nil
}

// unionCollation is the collation of column i of a union: its branches'
// select items (under GMS's conversion to a common type) resolved by
// MySQL's coercibility rules.
func unionCollation(ctx *sql.Context, n sql.Node, i int) (sql.CollationID, bool) {
	coll, _, ok := branchCoercibility(ctx, n, i)
	if !ok || coll == sql.Collation_binary || coll == sql.Collation_Unspecified {
		return 0, false
	}
	return coll, true
}

func branchCoercibility(ctx *sql.Context, n sql.Node, i int) (sql.CollationID, byte, bool) {
	switch nn := n.(type) {
	case *plan.SetOp:
		lc, lk, ok1 := branchCoercibility(ctx, nn.Left(), i)
		rc, rk, ok2 := branchCoercibility(ctx, nn.Right(), i)
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		c, k := sql.ResolveCoercibility(lc, lk, rc, rk)
		return c, k, true
	case *plan.GroupBy:
		return branchCoercibility(ctx, nn.Child, i)
	case *plan.Project:
		if i >= len(nn.Projections) {
			return 0, 0, false
		}
		e := nn.Projections[i]
		if a, ok := e.(*expression.Alias); ok {
			e = a.Child
		}
		if cv, ok := e.(*expression.Convert); ok {
			// GMS's conversion of the branches to one type: the value
			// keeps its own collation and derivation.
			inner := cv.Child
			if a, ok := inner.(*expression.Alias); ok {
				inner = a.Child
			}
			if ip, ok := nn.Child.(*plan.Project); ok {
				if gf, ok := inner.(*expression.GetField); ok {
					if j := ip.Schema().IndexOfColName(gf.Name()); j == i {
						return branchCoercibility(ctx, ip, i)
					}
				}
			}
			if inner.Type() == types.Null {
				return sql.Collation_Unspecified, 6, true
			}
			if !types.IsTextOnly(inner.Type()) {
				return 0, 0, false
			}
			c, k := coercibility(ctx, inner)
			return c, k, true
		}
		if e.Type() == types.Null {
			// A NULL arm is IGNORABLE (6): the other arms decide, as in
			// MySQL; it kept the whole union out of the rewrite, so
			// UNION deduplicated 'a' and 'A' as two rows.
			return sql.Collation_Unspecified, 6, true
		}
		if !types.IsTextOnly(e.Type()) {
			return 0, 0, false
		}
		c, k := coercibility(ctx, e)
		return c, k, true
	case sql.UnaryNode:
		return branchCoercibility(ctx, nn.Child(), i)
	}
	sch := n.Schema()
	if i >= len(sch) {
		return 0, 0, false
	}
	st, ok := sch[i].Type.(sql.StringType)
	if !ok || !types.IsTextOnly(st) {
		return 0, 0, false
	}
	return st.Collation(), 2, true
}

// collKey evaluates to the key encoding of its child under coll, in hex (a
// binary string; NULL stays NULL).
type collKey struct {
	child sql.Expression
	coll  sql.CollationID
}

var _ sql.Expression = (*collKey)(nil)
var _ sql.CollationCoercible = (*collKey)(nil)

func (k *collKey) Resolved() bool             { return k.child.Resolved() }
func (k *collKey) IsNullable() bool           { return k.child.IsNullable() }
func (k *collKey) Type() sql.Type             { return types.LongBlob }
func (k *collKey) Children() []sql.Expression { return []sql.Expression{k.child} }
func (k *collKey) String() string             { return k.child.String() }
func (k *collKey) DebugString() string {
	return fmt.Sprintf("collKey(%s, %s)", sql.DebugString(k.child), k.coll)
}
func (k *collKey) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 2
}

// KeyedColumn and KeyedValue let plans' cached range recipes see through
// the key of a column compared under its own collation (plans.CollationKey).
func (k *collKey) KeyedColumn() sql.Expression {
	if typeCollation(k.child) != k.coll {
		return nil
	}
	return k.child
}

func (k *collKey) KeyedValue() sql.Expression { return k.child }

func (k *collKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(k, len(children), 1)
	}
	return &collKey{child: children[0], coll: k.coll}, nil
}

func (k *collKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := k.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	v, err = sql.UnwrapAny(ctx, v)
	if err != nil {
		return nil, err
	}
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		cv, err := types.ConvertToString(ctx, v, types.LongText, nil)
		if err != nil {
			return nil, err
		}
		s = cv
	}
	// Hex keeps the byte order and is valid UTF-8, which GMS's COUNT
	// (DISTINCT) buffer insists on (it converts values to TEXT).
	return hex.EncodeToString(keyenc.StringKey(k.coll, s)), nil
}

// GMS builds an index's ranges (and drops the ones it finds empty, e.g.
// BETWEEN 'a ' AND 'a') with the index's column types, whose Compare does not
// pad. For PAD SPACE string columns the index reports padIndexType instead,
// which compares as the keys do; everything else is the column's type.
func indexColumnType(t sql.Type) sql.Type {
	st, ok := t.(types.StringType)
	if !ok || !types.IsTextOnly(st) || !gmsDiffers(st.Collation()) {
		return t
	}
	return padIndexType{st}
}

type padIndexType struct{ types.StringType }

func (p padIndexType) Compare(ctx context.Context, a, b any) (int, error) {
	return keyenc.Compare(ctx, p.StringType, a, b)
}

// Promote keeps the padded comparison (GMS promotes string index types
// before building ranges).
func (p padIndexType) Promote() sql.Type {
	if st, ok := p.StringType.Promote().(types.StringType); ok {
		return padIndexType{st}
	}
	return p.StringType.Promote()
}

func (p padIndexType) Equals(o sql.Type) bool {
	q, ok := o.(padIndexType)
	return ok && p.StringType.Equals(q.StringType)
}

// padTyped is its child with a padding string type (see MIN/MAX above).
type padTyped struct {
	child sql.Expression
	typ   padIndexType
}

var _ sql.Expression = (*padTyped)(nil)

func (p *padTyped) Resolved() bool                                  { return p.child.Resolved() }
func (p *padTyped) IsNullable() bool                                { return p.child.IsNullable() }
func (p *padTyped) Type() sql.Type                                  { return p.typ }
func (p *padTyped) Children() []sql.Expression                      { return []sql.Expression{p.child} }
func (p *padTyped) String() string                                  { return p.child.String() }
func (p *padTyped) Eval(ctx *sql.Context, row sql.Row) (any, error) { return p.child.Eval(ctx, row) }
func (p *padTyped) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, p.child)
}

func (p *padTyped) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 1)
	}
	return &padTyped{child: children[0], typ: p.typ}, nil
}

// preIndexRewrite runs before GMS chooses indexes (before simplifyFilters):
//
//   - it stops simplifyFilters from turning x LIKE 'abc' (no wildcard) into
//     x = 'abc' when x's collation pads: LIKE compares trailing spaces
//     ('a ' LIKE 'a' is false) and PadSpace pads every '='. A LIKE with an
//     ESCAPE clause is left alone by that rule, so the default escape is made
//     explicit (also for the other cases likeMustStay lists);
//   - a comparison of a column under a collation other than its own (n =
//     'x' COLLATE utf8mb4_general_ci on a utf8mb4_0900_ai_ci column) cannot
//     use the column's index, whose order is the column's collation (MySQL
//     does not use it either), but GMS would: such comparisons get their
//     collKeys now, which no index matches;
//   - a comparison of constants only ('a' = 'a ' under a PAD SPACE
//     connection collation) is folded by simplifyFilters with GMS's
//     comparison, which does not pad: a WHERE disagreed with the same
//     comparison in the select list. It gets its collKeys now, so the
//     folding pads as MySQL.
//
// It reaches through opaque nodes: GMS analyzes a UNION's branches again from
// the default rules on (finalizeUnions), never through this batch, so a
// branch's `bin_col <=> general_ci_col` kept its bare columns and became a
// lookup into the general_ci index (twice the rows of the same join outside
// a UNION, found by TestOracles). Its rewrites are idempotent (a collKey is
// not wrapped again, a LIKE with an explicit escape is left alone), so a
// derived table analyzed once more through this batch is unchanged.
func preIndexRewrite(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch e.(type) {
		case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
			*expression.LessThanOrEqual, *expression.GreaterThanOrEqual, *expression.Between, *expression.InTuple:
			if constantOnly(e) {
				return wrapComparison(ctx, e)
			}
		}
		switch c := e.(type) {
		case *expression.Like:
			// Refused before simplifyFilters makes a prefix LIKE a range.
			if err := sqlfunc.CollationMix(ctx, c); err != nil {
				return nil, transform.SameTree, err
			}
			return keepExactLike(ctx, c)
		case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
			*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
			if err := sqlfunc.CollationMix(ctx, e); err != nil {
				return nil, transform.SameTree, err
			}
			ch := e.Children()
			coll, ok := pairCollation(ctx, false, ch[0], ch[1])
			if !ok || (!foreignColumn(ch[0], coll) && !foreignColumn(ch[1], coll)) {
				return e, transform.SameTree, nil
			}
			ne, err := e.WithChildren(&collKey{child: ch[0], coll: coll}, &collKey{child: ch[1], coll: coll})
			return ne, transform.NewTree, err
		}
		return e, transform.SameTree, nil
	})
}

// preIndexBeforeFold moves preIndexRewrite, in a's once-before batch, to
// just before sqlfunc's FoldConstants (which sqlfunc.Install puts near the
// batch's start): FoldConstants evaluates a WHERE's constant comparisons
// into literals with GMS's comparison, so they must have their collKeys by
// then. `'a' BETWEEN 'a ' AND c` (c utf8mb4_general_ci) became
// `'a' >= 'a '` in c's collation (sqlfunc's collatedBetween) and was folded
// to false without padding: no row in a WHERE, 13 in the select list (found
// by TestOracles, NoREC, seed 1795784008614836356).
func preIndexBeforeFold(a *analyzer.Analyzer) {
	b := batch(a, "once-before")
	if b == nil {
		return
	}
	var pre *analyzer.Rule
	rest := make([]analyzer.Rule, 0, len(b.Rules))
	for _, r := range b.Rules {
		if r.Id == preIndexRewriteID {
			r := r
			pre = &r
			continue
		}
		rest = append(rest, r)
	}
	if pre == nil {
		return
	}
	out := make([]analyzer.Rule, 0, len(b.Rules))
	placed := false
	for _, r := range rest {
		if r.Id == sqlfunc.FoldRuleID && !placed {
			out, placed = append(out, *pre), true
		}
		out = append(out, r)
	}
	if !placed {
		return
	}
	b.Rules = out
}

// constantOnly: e reads no column, variable or subquery (only literals
// and functions of them).
func constantOnly(e sql.Expression) bool {
	only := true
	transform.InspectExpr(e, func(x sql.Expression) bool {
		switch x.(type) {
		case *expression.Literal, *collKey:
			return false
		}
		if len(x.Children()) == 0 {
			only = false // a column, variable, bind variable, ...
			return true
		}
		if _, ok := x.(sql.NonDeterministicExpression); ok {
			only = false
			return true
		}
		return false
	})
	return only
}

// foreignColumn: e is a column whose collation is not coll.
func foreignColumn(e sql.Expression, coll sql.CollationID) bool {
	gf, ok := e.(*expression.GetField)
	if !ok {
		return false
	}
	st, ok := gf.Type().(sql.StringType)
	return ok && st.Collation() != coll
}

func keepExactLike(ctx *sql.Context, l *expression.Like) (sql.Expression, transform.TreeIdentity, error) {
	if l.Escape == nil && !types.IsText(l.LeftChild.Type()) && l.LeftChild.Type() != types.Null {
		// simplifyFilters' x = pat compares a number as a number (MySQL's
		// LIKE matches its text): WHERE (2 LIKE 'A') LIKE 'A' became
		// 0 = 'A', true for every row (oracle3's D2).
		return expression.NewLike(l.LeftChild, l.RightChild, expression.NewLiteral("\\", types.LongText)), transform.NewTree, nil
	}
	if l.Escape != nil || !isCollatedText(l.LeftChild) {
		return l, transform.SameTree, nil
	}
	if binaryPattern(ctx, l) {
		// MySQL compares bytes when the pattern is a binary string at least
		// as strong as the column (x LIKE BINARY 'jack%', Django's
		// case-sensitive lookups); GMS takes the column's collation when the
		// coercibilities tie. Both sides binary make it bytes.
		return expression.NewLike(expression.NewBinary(l.LeftChild), l.RightChild, expression.NewLiteral("\\", types.LongText)), transform.NewTree, nil
	}
	lit, ok := l.RightChild.(*expression.Literal)
	if !ok {
		return l, transform.SameTree, nil
	}
	var pat string
	switch v := lit.Value().(type) {
	case string:
		pat = v
	case []byte:
		pat = string(v)
	default:
		return l, transform.SameTree, nil
	}
	if !likeMustStay(ctx, l, pat) {
		return l, transform.SameTree, nil
	}
	return expression.NewLike(l.LeftChild, l.RightChild, expression.NewLiteral("\\", types.LongText)), transform.NewTree, nil
}

// binaryPattern: l's pattern is a binary string (BINARY x, CAST(x AS
// BINARY)) whose coercibility is not weaker than the text it is matched
// against, which makes the match binary in MySQL.
func binaryPattern(ctx *sql.Context, l *expression.Like) bool {
	lc, lco := sql.GetCoercibility(ctx, l.LeftChild)
	rc, rco := sql.GetCoercibility(ctx, l.RightChild)
	return lc != sql.Collation_binary && rc == sql.Collation_binary && rco <= lco
}

// likeMustStay: simplifyFilters' '=' or prefix range for x LIKE pat would
// not answer as the LIKE does. Besides PAD SPACE (above):
//   - a pattern without wildcards becomes x = pat, and a plan cached with
//     that '=' is later bound with the next statement's pattern: after
//     x LIKE 'abc', x LIKE 'ab%' compared x = 'ab%';
//   - the rule leaves escapes in its operands (x LIKE 'a\_b' became
//     x = 'a\_b', which no row equals; Django escapes every pattern it
//     builds from a value);
//   - the '=' and the range compare under x's collation, not the LIKE's:
//     x LIKE BINARY 'jack%' matched 'Jackson'.
func likeMustStay(ctx *sql.Context, l *expression.Like, pat string) bool {
	if strings.ContainsRune(pat, '\\') || !strings.ContainsAny(pat, "%_") {
		return true
	}
	// The collation MySQL matches in (a CONCAT's is its arguments', not
	// its type's).
	like, _, err := sqlfunc.LikeCollation(ctx, l)
	return err != nil || like != typeCollation(l.LeftChild)
}

// hashKeyPair is wrapPair for a hash join's probe and entry keys, pair by
// pair when they are tuples (a join on several equalities): a tuple is no
// string, so wrapPair left it alone and the hash compared its strings
// bytewise ('a' and 'A' under utf8mb4_general_ci missed each other in
// `a.s = b.s AND a.t = b.t`; the oracle's NoREC finding, seed
// 1795812567466181469).
func hashKeyPair(ctx *sql.Context, l, r sql.Expression) (sql.Expression, sql.Expression, bool) {
	lt, lok := l.(expression.Tuple)
	rt, rok := r.(expression.Tuple)
	if !lok || !rok || len(lt) != len(rt) {
		return wrapPair(ctx, l, r, false)
	}
	nl, nr := make([]sql.Expression, len(lt)), make([]sql.Expression, len(rt))
	changed := false
	for i := range lt {
		a, b, c := wrapPair(ctx, lt[i], rt[i], false)
		nl[i], nr[i] = a, b
		changed = changed || c
	}
	if !changed {
		return l, r, false
	}
	return expression.NewTuple(nl...), expression.NewTuple(nr...), true
}

// groupConcatOnKeys gives GROUP_CONCAT's ORDER BY the keys a statement's
// ORDER BY gets (wrapSortKeys): GMS sorts a group's values with the sort
// fields' Type().Compare, which neither pads nor expands, so under
// utf8mb4_0900_ai_ci GROUP_CONCAT(id ORDER BY c) put 'ß' after 'st'
// (MySQL: 'ß' = 'ss' < 'st'), and under utf8mb4_general_ci 'a\t' after
// 'a'. Its children are the sort fields, then the arguments; GMS exports
// no count of the sort fields, so it is read (a length only) from the
// unexported field, and the rewrite is skipped if GMS ever renames it.
func groupConcatOnKeys(ctx *sql.Context, g *aggregation.GroupConcat) (sql.Expression, transform.TreeIdentity, error) {
	f := reflect.ValueOf(g).Elem().FieldByName("sf")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return g, transform.SameTree, nil
	}
	ch := g.Children()
	n := f.Len()
	if n > len(ch) || keyed(ch[:n]) {
		return g, transform.SameTree, nil
	}
	keys, changed := wrapSortKeys(ctx, ch[:n])
	if !changed {
		return distinctGroupConcat(ctx, g, transform.SameTree)
	}
	nch := append(append([]sql.Expression(nil), keys...), ch[n:]...)
	ne, err := g.WithChildren(nch...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	// GMS's WithChildren drops the column id and the window definition.
	ngc := ne.(*aggregation.GroupConcat)
	ngc = ngc.WithId(g.Id()).(*aggregation.GroupConcat)
	if w := g.Window(); w != nil {
		ngc = ngc.WithWindow(w).(*aggregation.GroupConcat)
	}
	return distinctGroupConcat(ctx, ngc, transform.NewTree)
}

// distinctGroupConcat makes GROUP_CONCAT(DISTINCT s) drop the values its
// collation calls equal: GMS's buffer drops only byte-equal ones, so under
// utf8mb4_general_ci it kept 'a ' and 'A' (MySQL keeps the first). Only
// for one argument (several are refused, see sqlfunc.groupConcatArgs).
func distinctGroupConcat(ctx *sql.Context, g *aggregation.GroupConcat, id transform.TreeIdentity) (sql.Expression, transform.TreeIdentity, error) {
	d := reflect.ValueOf(g).Elem().FieldByName("distinct")
	if !d.IsValid() || d.Kind() != reflect.String || d.String() == "" {
		return g, id, nil
	}
	ch := g.Children()
	arg := ch[len(ch)-1]
	if !isCollatedText(arg) {
		return g, id, nil
	}
	coll, _ := coercibility(ctx, arg)
	if coll == sql.Collation_binary || coll == sql.Collation_Unspecified ||
		(coll == sql.Collation_utf8mb4_0900_bin && typeCollation(arg) == coll) {
		return g, id, nil
	}
	return &collGroupConcat{GroupConcat: g, coll: coll}, transform.NewTree, nil
}

// collGroupConcat is a GROUP_CONCAT whose buffer finishes GMS's cut
// (cutBuffer) and, for a DISTINCT under coll (unspecified: none, see
// groupConcatCut), drops a value whose collation key it has seen before
// GMS's buffer sees it.
type collGroupConcat struct {
	*aggregation.GroupConcat
	coll sql.CollationID
}

var _ sql.Aggregation = (*collGroupConcat)(nil)

func (c *collGroupConcat) key() *collKey {
	ch := c.GroupConcat.Children()
	return &collKey{child: ch[len(ch)-1], coll: c.coll}
}

func (c *collGroupConcat) NewBuffer() (sql.AggregationBuffer, error) {
	b, err := c.GroupConcat.NewBuffer()
	if err != nil {
		return nil, err
	}
	if c.coll != sql.Collation_Unspecified {
		b = &collGroupConcatBuffer{AggregationBuffer: b, key: c.key(), seen: map[string]struct{}{}}
	}
	ch := c.GroupConcat.Children()
	return &cutBuffer{AggregationBuffer: b, gc: c.GroupConcat, oneByte: oneByteText(ch[len(ch)-1])}, nil
}

func (c *collGroupConcat) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	ne, err := c.GroupConcat.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	g := ne.(*aggregation.GroupConcat).WithId(c.Id()).(*aggregation.GroupConcat)
	if w := c.Window(); w != nil {
		g = g.WithWindow(w).(*aggregation.GroupConcat)
	}
	return &collGroupConcat{GroupConcat: g, coll: c.coll}, nil
}

func (c *collGroupConcat) WithId(id sql.ColumnId) sql.IdExpression {
	return &collGroupConcat{GroupConcat: c.GroupConcat.WithId(id).(*aggregation.GroupConcat), coll: c.coll}
}

func (c *collGroupConcat) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &collGroupConcat{GroupConcat: c.GroupConcat.WithWindow(w).(*aggregation.GroupConcat), coll: c.coll}
}

type collGroupConcatBuffer struct {
	sql.AggregationBuffer
	key  *collKey
	seen map[string]struct{}
}

func (b *collGroupConcatBuffer) Update(ctx *sql.Context, row sql.Row) error {
	k, err := b.key.Eval(ctx, row)
	if err != nil {
		return err
	}
	if ks, ok := k.(string); ok {
		if _, dup := b.seen[ks]; dup {
			return nil
		}
		b.seen[ks] = struct{}{}
	}
	return b.AggregationBuffer.Update(ctx, row)
}

// setOpSortOnKeys gives a set operation's own ORDER BY ((SELECT ...) UNION
// (SELECT ...) ORDER BY c, which GMS keeps in the SetOp rather than in a
// Sort above it) the keys of a statement's ORDER BY: GMS sorted it by the
// type's Compare ('ß' after 'Sz' under utf8mb4_0900_ai_ci).
func setOpSortOnKeys(ctx *sql.Context, u *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	exprs := u.SortFields.ToExpressions()
	if keyed(exprs) {
		return u, transform.SameTree, nil
	}
	keys, changed := wrapSortKeys(ctx, exprs)
	sfs := u.SortFields.FromExpressions(keys...)
	if u.Distinct && u.SetOpType == plan.UnionType {
		// UNION DISTINCT drops duplicates under the collation too
		// (unionOnKeys), which must happen before the sort and the LIMIT:
		// GroupBy on keys, then Sort, OFFSET and LIMIT above it.
		inner := *u
		inner.SortFields, inner.Limit, inner.Offset = nil, nil, nil
		g, id, err := unionOnKeys(ctx, &inner)
		if err != nil {
			return nil, transform.SameTree, err
		}
		if id == transform.NewTree {
			if gb, ok := g.(*plan.GroupBy); ok {
				sfs = sortFieldsOver(u, sfs, gb.SelectedExprs)
			}
			var n sql.Node = plan.NewSort(sfs, g)
			if u.Offset != nil {
				n = plan.NewOffset(u.Offset, n)
			}
			if u.Limit != nil {
				n = plan.NewLimit(u.Limit, n)
			}
			return n, transform.NewTree, nil
		}
	}
	if !changed {
		return u, transform.SameTree, nil
	}
	nu := *u
	nu.SortFields = sfs
	return &nu, transform.NewTree, nil
}

// wrapField compares every pair of FIELD(key, a, b, ...) in the one
// collation MySQL aggregates over all its arguments
// (Item_func_field::resolve_type); each pair alone resolved its own, so
// FIELD('a', ci_col, bin_col) found 'A' in ci_col, where MySQL compares
// both columns in utf8mb4_bin, and FIELD('a', general_ci_col,
// unicode_ci_col) answered where MySQL refuses (1270).
func wrapField(ctx *sql.Context, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	unkey := func(x sql.Expression) sql.Expression {
		if k, ok := x.(*collKey); ok {
			return k.child
		}
		return x
	}
	eqs := e.Children()
	args := make([]sql.Expression, 0, len(eqs)+1)
	for i, eq := range eqs {
		ch := eq.Children()
		if i == 0 {
			args = append(args, unkey(ch[0]))
		}
		args = append(args, unkey(ch[1]))
	}
	coll, ok, err := sqlfunc.ComparisonCollation(ctx, "field", args)
	if err != nil || !ok {
		return e, transform.SameTree, err
	}
	out := make([]sql.Expression, len(eqs))
	for i, eq := range eqs {
		ne, err := eq.WithChildren(&collKey{child: args[0], coll: coll}, &collKey{child: args[i+1], coll: coll})
		if err != nil {
			return nil, transform.SameTree, err
		}
		out[i] = ne
	}
	ne, err := e.WithChildren(out...)
	return ne, transform.NewTree, err
}
