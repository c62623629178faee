package engine

import (
	"context"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// A latin1 (or other one-byte character set) CHAR(n), VARCHAR(n) or TEXT
// column holds n characters (TEXT: its byte limit in characters), each one
// byte. GMS keeps every string as UTF-8 and its StringType.Convert checks a
// one-byte column's limit against the UTF-8 bytes (go-mysql-server
// sql/types/strings.go ConvertToBytes), so 'ééé' into a latin1 VARCHAR(5)
// failed 1406 where MySQL stores it. GMS's insert iterator converts with
// the destination's schema (plan.InsertDestination) and an UPDATE's SET
// with its column reference's type; oneByteLengths gives both, once the
// plan is final, a type that counts characters instead. The table's own
// schema keeps GMS's type (what SHOW, metadata and the analyzer see).

// oneByteLenID is from fix24a's range 11_920-11_929.
const oneByteLenID analyzer.RuleId = 11_920

// installOneByteLengths puts oneByteLengths last in a's after-all batch and
// in OnceAfterAll (the shortcut batches' last): every other rule reads the
// destination's and the columns' GMS types (sqlfunc's non-strict
// adjustments tell a string column by types.IsText, which the new type is
// not).
func installOneByteLengths(a *analyzer.Analyzer) {
	r := analyzer.Rule{Id: oneByteLenID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return oneByteLengths(n)
	}}
	if !hasRuleID(analyzer.OnceAfterAll, oneByteLenID) {
		analyzer.OnceAfterAll = append(analyzer.OnceAfterAll, r)
	}
	if b := batch(a, "after-all"); b != nil && !hasRuleID(b.Rules, oneByteLenID) {
		b.Rules = append(b.Rules, r)
	}
}

func hasRuleID(rs []analyzer.Rule, id analyzer.RuleId) bool {
	for _, r := range rs {
		if r.Id == id {
			return true
		}
	}
	return false
}

// oneByteChars is a one-byte character set's string column type whose
// Convert checks the limit in characters. It converts with a LONGTEXT of
// the same collation, which GMS converts alike (its only other checks are
// the length and the character set's validity) without a length check of
// its own.
type oneByteChars struct {
	types.StringType
	wide  sql.StringType
	limit int64
}

// charsType is t's oneByteChars when t is a one-byte character set's
// CHAR, VARCHAR or TEXT type.
func charsType(t sql.Type) (sql.Type, bool) {
	st, ok := t.(types.StringType)
	if !ok || types.IsBinaryType(st) || st.Collation() == sql.Collation_binary ||
		st.CharacterSet().MaxLength() != 1 {
		return t, false
	}
	limit := st.MaxCharacterLength()
	switch st.Type() {
	case sqltypes.Char, sqltypes.VarChar:
	case sqltypes.Text:
		limit = st.MaxByteLength()
	default:
		return t, false
	}
	return oneByteChars{StringType: st, wide: types.CreateLongText(st.Collation()), limit: limit}, true
}

func (t oneByteChars) Convert(ctx context.Context, v any) (any, sql.ConvertInRange, error) {
	out, inRange, err := t.wide.Convert(ctx, v)
	if err != nil || out == nil {
		return out, inRange, err
	}
	if s, isStr := out.(string); isStr && !utf8.ValidString(s) {
		// Bytes that are no UTF-8 (x'E9E9', a VARBINARY's value) are
		// the column's own character set's, as MySQL stores them
		// (latin1 'éé'); GMS stored them as they were, which its string
		// functions then read past their end (HEX panicked).
		if enc := t.CharacterSet().Encoder(); enc != nil {
			if d, ok := enc.Decode([]byte(s)); ok {
				out = string(d)
			}
		}
	}
	var n int
	switch s := out.(type) {
	case string:
		if int64(len(s)) <= t.limit {
			return out, inRange, nil
		}
		n = utf8.RuneCountInString(s)
	case []byte:
		n = utf8.RuneCount(s)
	default:
		u, err := sql.UnwrapAny(ctx, out)
		if err != nil {
			return nil, sql.OutOfRange, err
		}
		us, ok := u.(string)
		if !ok {
			return out, inRange, nil
		}
		n = utf8.RuneCountInString(us)
	}
	// A byte not valid UTF-8 counts as one character, as a latin1 byte.
	if int64(n) > t.limit {
		return nil, sql.OutOfRange, types.ErrLengthBeyondLimit.New(v, t.String())
	}
	return out, inRange, nil
}

// charsDestination is dest with charsType's types in its schema: GMS's
// InsertDestination, or the engine's REPLACE and ON DUPLICATE KEY UPDATE
// destinations around one. ok is false when nothing changes.
func charsDestination(dest sql.Node) (sql.Node, bool) {
	switch d := dest.(type) {
	case *plan.InsertDestination:
		var sch sql.Schema
		for i, c := range d.Sch {
			t, ok := charsType(c.Type)
			if !ok {
				continue
			}
			if sch == nil {
				sch = d.Sch.Copy()
			}
			sch[i].Type = t
		}
		if sch == nil {
			return dest, false
		}
		nd := *d
		nd.Sch = sch
		return &nd, true
	case *trigReplaceDest:
		inner, ok := charsDestination(d.Node)
		if !ok {
			return dest, false
		}
		nd := *d
		nd.Node = inner
		return &nd, true
	case *trigODKUDest:
		inner, ok := charsDestination(d.Node)
		if !ok {
			return dest, false
		}
		nd := *d
		nd.Node = inner
		return &nd, true
	}
	return dest, false
}

// oneByteLengths is an analyzer rule (the last of OnceAfterAll): it gives
// every INSERT's destination schema, and every SET of a column, the
// character-counting type of their one-byte character set columns.
func oneByteLengths(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	n, same1, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok {
			return n, transform.SameTree, nil
		}
		dest, ok := charsDestination(ins.Destination)
		if !ok {
			return n, transform.SameTree, nil
		}
		out := *ins
		out.Destination = dest
		return &out, transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, same2, err := transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		s, ok := e.(*expression.SetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		gf, ok := s.LeftChild.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		t, ok := charsType(gf.Type())
		if !ok {
			return e, transform.SameTree, nil
		}
		left := expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).
			WithId(gf.Id()).(*expression.GetField)
		return expression.NewSetField(left, s.RightChild), transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return n, same1 && same2, nil
}
