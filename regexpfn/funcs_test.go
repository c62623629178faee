package regexpfn

import (
	"fmt"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/go-mysql-server/sql/variables"
)

// lit is a literal argument; nil is SQL NULL.
func lit(v any) sql.Expression {
	switch x := v.(type) {
	case nil:
		return expression.NewLiteral(nil, types.Null)
	case int:
		return expression.NewLiteral(int64(x), types.Int64)
	case string:
		return expression.NewLiteral(x, types.LongText)
	}
	panic(fmt.Sprintf("lit %T", v))
}

func outcome(v any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("%#v", v)
}

// TestSameAsGMS evaluates GMS's node and this package's on the same
// argument edge cases (NULL in each place, positions and occurrences at and
// past the ends, return options, match types, bad patterns): every answer
// and error message must agree. The literals are case-sensitive, so the one
// deliberate difference (a match type keeping a _ci collation's
// case-insensitivity) does not arise.
func TestSameAsGMS(t *testing.T) {
	variables.InitSystemVariables()
	ctx := sql.NewEmptyContext()
	texts := []any{nil, "", "a1b22c333", "é1ü22\nx"}
	pats := []any{nil, "", "[0-9]+", "(", "^x", "ü"}
	ints := []any{nil, -1, 0, 2, 9, 10}
	flags := []any{nil, "", "i", "c", "ic", "m", "n", "u", "q"}
	n := 0
	check := func(name string, args []any, gms func(...sql.Expression) (sql.Expression, error), mine func(sql.Expression) sql.Expression) {
		exprs := make([]sql.Expression, len(args))
		for i, a := range args {
			exprs[i] = lit(a)
		}
		g, err := gms(exprs...)
		if err != nil {
			t.Fatal(err)
		}
		m := mine(g)
		want := outcome(g.Eval(ctx, nil))
		got := outcome(m.Eval(ctx, nil))
		// Each node evaluated twice: the second run uses what was compiled.
		got2 := outcome(m.Eval(ctx, nil))
		if got != want || got2 != want {
			t.Errorf("%s%q: got %s then %s, GMS %s", name, args, got, got2, want)
		}
		m.(sql.Disposable).Dispose()
		if d, ok := g.(sql.Disposable); ok {
			d.Dispose()
		}
		n++
	}
	replace := func(e sql.Expression) sql.Expression { return &Replace{RegexpReplace: e.(*function.RegexpReplace)} }
	instr := func(e sql.Expression) sql.Expression { return &Instr{RegexpInstr: e.(*function.RegexpInstr)} }
	substr := func(e sql.Expression) sql.Expression { return &Substr{RegexpSubstr: e.(*function.RegexpSubstr)} }
	gmsReplace := func(a ...sql.Expression) (sql.Expression, error) { return function.NewRegexpReplace(a...) }
	for _, tx := range texts {
		for _, p := range pats {
			check("REGEXP_INSTR", []any{tx, p}, function.NewRegexpInstr, instr)
			check("REGEXP_SUBSTR", []any{tx, p}, function.NewRegexpSubstr, substr)
			check("REGEXP_REPLACE", []any{tx, p, "<$0>"}, gmsReplace, replace)
			check("REGEXP_REPLACE", []any{tx, p, nil}, gmsReplace, replace)
			for _, pos := range ints {
				check("REGEXP_INSTR", []any{tx, p, pos}, function.NewRegexpInstr, instr)
				check("REGEXP_SUBSTR", []any{tx, p, pos}, function.NewRegexpSubstr, substr)
				check("REGEXP_REPLACE", []any{tx, p, "#", pos}, gmsReplace, replace)
			}
			for _, pos := range []any{1, 3} {
				for _, occ := range ints {
					check("REGEXP_SUBSTR", []any{tx, p, pos, occ}, function.NewRegexpSubstr, substr)
					check("REGEXP_REPLACE", []any{tx, p, "#", pos, occ}, gmsReplace, replace)
					for _, ret := range []any{nil, 1, 2} {
						check("REGEXP_INSTR", []any{tx, p, pos, occ, ret}, function.NewRegexpInstr, instr)
					}
				}
			}
			for _, f := range flags {
				check("REGEXP_INSTR", []any{tx, p, 1, 1, 0, f}, function.NewRegexpInstr, instr)
				check("REGEXP_SUBSTR", []any{tx, p, 1, 2, f}, function.NewRegexpSubstr, substr)
				check("REGEXP_REPLACE", []any{tx, p, "#", 1, 0, f}, gmsReplace, replace)
			}
		}
	}
	t.Logf("%d cases", n)
}
