package engine

import (
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// cutBuffer finishes GMS's cut of a GROUP_CONCAT at group_concat_max_len
// the way MySQL's Item_func_group_concat does (item_sum.cc, dump_leaf_key:
// well_formed_len, then report_cut_value_error): GMS cuts at the byte,
// which can split a UTF-8 character (the client then got error 1366 for
// the half character) and warns nothing. A character result drops the
// split character's bytes; every cut adds warning 1260 naming the value,
// counted from 1 in the group's order, whose append went past the limit.
type cutBuffer struct {
	sql.AggregationBuffer
	gc *aggregation.GroupConcat
	// oneByte: the argument is of a one-byte character set (latin1), whose
	// result MySQL cuts at group_concat_max_len bytes of that set, that is
	// characters (GMS: UTF-8 bytes, so four latin1 'é' with a limit of 4
	// kept two).
	oneByte bool
}

// ER_CUT_VALUE_GROUP_CONCAT
const errCutValueGroupConcat = 1260

func (b *cutBuffer) Eval(ctx *sql.Context) (any, error) {
	v, err := b.AggregationBuffer.Eval(ctx)
	if err != nil {
		return nil, err
	}
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	if b.oneByte {
		if out, row, ok := b.charCut(len(s)); ok {
			if row > 0 && ctx != nil && ctx.Session != nil {
				ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: errCutValueGroupConcat,
					Message: fmt.Sprintf("Row %d was cut by GROUP_CONCAT()", row)})
			}
			return out, nil
		}
	}
	row, max, cut := b.cutRow(len(s))
	if !cut {
		return v, nil
	}
	if !types.IsBinaryType(b.gc.Type()) && len(s) <= max {
		// Only the last character can be split: drop at most its
		// leading bytes (utf8mb4 has at most 4).
		for i := 0; i < utf8.UTFMax-1 && len(s) > 0; i++ {
			if r, n := utf8.DecodeLastRuneInString(s); r != utf8.RuneError || n > 1 {
				break
			}
			s = s[:len(s)-1]
		}
	}
	if ctx != nil && ctx.Session != nil {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: errCutValueGroupConcat,
			Message: fmt.Sprintf("Row %d was cut by GROUP_CONCAT()", row)})
	}
	return s, nil
}

// cutRow reads the group's values from GMS's buffer (after its Eval has
// sorted them) and the limit from the GROUP_CONCAT: GMS exports neither, so
// they are read by reflection (lengths only), and a renamed field leaves
// the result as GMS made it. cut is false unless the values and their
// separators are longer than the limit and GMS's result is exactly it.
func (b *cutBuffer) cutRow(got int) (row, max int, cut bool) {
	g := reflect.ValueOf(b.gc).Elem()
	ml, sep := g.FieldByName("maxLen"), g.FieldByName("separator")
	if !ml.IsValid() || ml.Kind() != reflect.Int || !sep.IsValid() || sep.Kind() != reflect.String {
		return 0, 0, false
	}
	max = int(ml.Int())
	if got != max {
		return 0, 0, false
	}
	inner := b.AggregationBuffer
	if c, ok := inner.(*collGroupConcatBuffer); ok {
		inner = c.AggregationBuffer
	}
	bv := reflect.ValueOf(inner)
	if bv.Kind() != reflect.Pointer || bv.Elem().Kind() != reflect.Struct {
		return 0, 0, false
	}
	rows := bv.Elem().FieldByName("rows")
	if !rows.IsValid() || rows.Kind() != reflect.Slice {
		return 0, 0, false
	}
	total := 0
	for i := 0; i < rows.Len(); i++ {
		r := rows.Index(i)
		if r.Kind() != reflect.Slice || r.Len() == 0 {
			return 0, 0, false
		}
		last := r.Index(r.Len() - 1)
		if last.Kind() == reflect.Interface {
			last = last.Elem()
		}
		if last.Kind() != reflect.String {
			return 0, 0, false
		}
		if i > 0 {
			total += sep.Len()
		}
		total += last.Len()
		if total > max {
			return i + 1, max, true
		}
	}
	return 0, 0, false
}

// charCut is the result of a one-byte character set's GROUP_CONCAT, whose
// GMS result was got bytes long, cut at the limit in characters, and the
// row of the value cut (0: none); ok is false when GMS did not reach the
// limit (its result stands) or its buffer could not be read.
func (b *cutBuffer) charCut(got int) (out string, row int, ok bool) {
	max, sep, vals, read := b.values()
	if !read || got < max {
		return "", 0, false
	}
	var sb strings.Builder
	n := 0
	for i, v := range vals {
		if i > 0 {
			v = sep + v
		}
		for _, r := range v {
			if n == max {
				return sb.String(), i + 1, true
			}
			sb.WriteRune(r)
			n++
		}
	}
	return sb.String(), 0, true
}

// values reads the limit, the separator and the group's values (after
// GMS's Eval has sorted them) as cutRow does.
func (b *cutBuffer) values() (max int, sep string, vals []string, ok bool) {
	g := reflect.ValueOf(b.gc).Elem()
	ml, sp := g.FieldByName("maxLen"), g.FieldByName("separator")
	if !ml.IsValid() || ml.Kind() != reflect.Int || !sp.IsValid() || sp.Kind() != reflect.String {
		return 0, "", nil, false
	}
	inner := b.AggregationBuffer
	if c, isColl := inner.(*collGroupConcatBuffer); isColl {
		inner = c.AggregationBuffer
	}
	bv := reflect.ValueOf(inner)
	if bv.Kind() != reflect.Pointer || bv.Elem().Kind() != reflect.Struct {
		return 0, "", nil, false
	}
	rows := bv.Elem().FieldByName("rows")
	if !rows.IsValid() || rows.Kind() != reflect.Slice {
		return 0, "", nil, false
	}
	vals = make([]string, rows.Len())
	for i := range vals {
		r := rows.Index(i)
		if r.Kind() != reflect.Slice || r.Len() == 0 {
			return 0, "", nil, false
		}
		last := r.Index(r.Len() - 1)
		if last.Kind() == reflect.Interface {
			last = last.Elem()
		}
		if last.Kind() != reflect.String {
			return 0, "", nil, false
		}
		vals[i] = last.String()
	}
	return int(ml.Int()), sp.String(), vals, true
}

// oneByteText: e is text of a one-byte character set.
func oneByteText(e sql.Expression) bool {
	st, ok := e.Type().(sql.StringType)
	return ok && types.IsTextOnly(st) && st.Collation() != sql.Collation_binary && st.CharacterSet().MaxLength() == 1
}

// groupConcatCutID is from gconcat22's range 11_860-11_869.
const groupConcatCutID analyzer.RuleId = 11_860

// installGroupConcatCut puts groupConcatCut last in the after-all batch:
// other rules (PadSpace, sqlfunc's TIMESTAMP rewrites) look for GMS's own
// *aggregation.GroupConcat, so the wrap comes after all of them.
func installGroupConcatCut(a *analyzer.Analyzer) {
	b := batch(a, "after-all")
	if b == nil {
		return
	}
	for _, r := range b.Rules {
		if r.Id == groupConcatCutID {
			return
		}
	}
	b.Rules = append(b.Rules, analyzer.Rule{Id: groupConcatCutID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return groupConcatCut(n)
	}})
}

// groupConcatCut gives every GROUP_CONCAT left as GMS made it the cut of
// cutBuffer, through subqueries (their plans hang in expressions).
func groupConcatCut(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *aggregation.GroupConcat:
			return &collGroupConcat{GroupConcat: x}, transform.NewTree, nil
		case *plan.Subquery:
			q, same, err := groupConcatCut(x.Query)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return x.WithQuery(q), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}
