package sqlfunc

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// The wrappers must keep answering CollationCoercibility: embedding numeric
// beside a helper that also declared it would drop the method silently.
var _ = []sql.CollationCoercible{
	(*neg)(nil), (*bitNot)(nil), (*negDecimal)(nil), (*hexNumber)(nil),
	(*checkDivZero)(nil), (*checkZeroDate)(nil), (*checkRange)(nil), (*wideDecimal)(nil),
	(*fromUnixFrac)(nil), (*jsonStorageSize)(nil), (*toDouble)(nil), (*temporalNum)(nil),
	(*branchDecimal)(nil), (*branchTemporal)(nil), (*signFunc)(nil), (*ceilFloor)(nil),
	(*timeAs)(nil), (*timeTo)(nil), (*timeText)(nil), (*numText)(nil), (*assignVar)(nil),
	(*dateArith)(nil),
}

func TestWithChildKeepsFields(t *testing.T) {
	a := expression.NewLiteral(int64(1), types.Int64)
	b := expression.NewLiteral("2020-01-01", types.LongText)
	orig := &checkZeroDate{transparent: transparent{unary{a}}, col: "d", typ: types.Date, mode: zeroDateWarn}
	got, err := orig.WithChildren(b)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := got.(*checkZeroDate)
	if !ok {
		t.Fatalf("WithChildren gave %T", got)
	}
	if c == orig || c.child != b || c.col != "d" || c.typ != types.Date || c.mode != zeroDateWarn {
		t.Fatalf("WithChildren gave %+v", c)
	}
	if orig.child != a {
		t.Fatal("WithChildren changed the original's child")
	}
	if c.Type() != b.Type() || c.String() != b.String() || !c.Resolved() {
		t.Fatalf("copy does not read as its new child: %s %s", c.Type(), c)
	}
	if _, err := orig.WithChildren(a, b); !sql.ErrInvalidChildrenNumber.Is(err) {
		t.Fatalf("two children: %v", err)
	}
	if _, err := orig.WithChildren(); !sql.ErrInvalidChildrenNumber.Is(err) {
		t.Fatalf("no children: %v", err)
	}
	n, err := (&neg{unary: unary{a}}).WithChildren(b)
	if err != nil || n.String() != "-'2020-01-01'" {
		t.Fatalf("neg: %v %v", n, err)
	}
}
