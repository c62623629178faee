package sqlfunc

import (
	"encoding/hex"
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// IntroducedFunc is the call an introducer's literal under a COLLATE is
// wrapped in (see introducedCollate).
const IntroducedFunc = "myriad_introduced"

// introducedCollate rewrites `_cs 'x' COLLATE c` into `(_cs 'x') COLLATE
// c` with the literal in IntroducedFunc. The parser hangs the COLLATE
// below the introducer, and GMS's planner folds both into one literal
// typed c: a literal is COERCIBLE, and one typed with its character set's
// default collation or the connection's cannot tell it was named, so `c =
// _utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci` compared under the column's
// collation and COERCIBILITY() was 4. MySQL's COLLATE makes it EXPLICIT
// (0) whichever collation it names. GMS's COLLATE over an expression is
// EXPLICIT; over a bare literal its planner would check c against the
// connection's character set instead of the introducer's, which the call
// avoids. A COLLATE of another character set than the introducer's is
// left to GMS's planner, which refuses it (MySQL: 1253).
func introducedCollate(e ast.Expr, changed *bool) (ast.Expr, bool) {
	u, ok := e.(*ast.UnaryExpr)
	if !ok {
		return e, false
	}
	op := strings.ToLower(strings.TrimSpace(u.Operator))
	if !strings.HasPrefix(op, "_") {
		return e, false
	}
	ce, ok := u.Expr.(*ast.CollateExpr)
	if !ok {
		return e, false
	}
	if _, isVal := ce.Expr.(*ast.SQLVal); !isVal {
		return e, false
	}
	cs, err := sql.ParseCharacterSet(op[1:])
	if err != nil || cs == sql.CharacterSet_binary || cs.Encoder() == nil {
		return e, false
	}
	coll, err := sql.ParseCollation("", ce.Collation, false)
	if err != nil || coll.CharacterSet() != cs {
		return e, false
	}
	*changed = true
	lit := &ast.UnaryExpr{Operator: u.Operator, Expr: ce.Expr}
	return &ast.CollateExpr{Expr: &ast.FuncExpr{Name: ast.NewColIdent(IntroducedFunc),
		Exprs: ast.SelectExprs{&ast.AliasedExpr{Expr: lit}}}, Collation: ce.Collation}, true
}

// introducedBytes makes a hex or bit literal under a character set
// introducer (`_latin1 x'E9'`, `_latin1 0xE9`, `_latin1 b'11101001'`,
// also under a COLLATE) a string literal of the same bytes. GMS's planner
// decodes such a literal into its internal UTF-8 but keeps the result as
// []byte, which its string functions read as raw bytes: HEX(_latin1
// x'E9') was C3A9 where MySQL, like for the column the value is stored in,
// answers E9. A string literal's bytes are decoded the same way into a
// string. _binary's literal stays bytes.
func introducedBytes(e ast.Expr, changed *bool) {
	u, ok := e.(*ast.UnaryExpr)
	if !ok {
		return
	}
	op := strings.ToLower(strings.TrimSpace(u.Operator))
	if !strings.HasPrefix(op, "_") {
		return
	}
	cs, err := sql.ParseCharacterSet(op[1:])
	if err != nil || cs == sql.CharacterSet_binary || cs.Encoder() == nil {
		return
	}
	target := u.Expr
	if ce, ok := target.(*ast.CollateExpr); ok {
		target = ce.Expr
	}
	v, ok := target.(*ast.SQLVal)
	if !ok {
		return
	}
	var digits string
	switch v.Type {
	case ast.HexVal:
		digits = string(v.Val)
	case ast.HexNum:
		digits = strings.TrimPrefix(strings.ToLower(string(v.Val)), "0x")
	case ast.BitVal:
		digits = string(bitsToHex(v.Val))
	default:
		return
	}
	if len(digits)%2 == 1 {
		digits = "0" + digits
	}
	raw, err := hex.DecodeString(digits)
	if err != nil {
		return
	}
	v.Type, v.Val = ast.StrVal, raw
	*changed = true
}

// definitionIntroducers applies introducedCollate to a view definition's
// query and to a trigger's, procedure's or event's body (CREATE, and the
// definition GMS parses again when a query reads the view or the body
// runs), which fixOperators leaves alone. The definition's stored text is
// the text as written.
func definitionIntroducers(stmt ast.Statement) {
	ddl, ok := stmt.(*ast.DDL)
	if !ok {
		return
	}
	var parts []any
	if ddl.ViewSpec != nil {
		parts = append(parts, ddl.ViewSpec)
	}
	if ddl.TriggerSpec != nil {
		parts = append(parts, ddl.TriggerSpec)
	}
	if ddl.ProcedureSpec != nil {
		parts = append(parts, ddl.ProcedureSpec)
	}
	if ddl.EventSpec != nil {
		parts = append(parts, ddl.EventSpec)
	}
	changed := false
	for _, p := range parts {
		replaceExprs(reflect.ValueOf(p), func(e ast.Expr) (ast.Expr, bool) {
			introducedBytes(e, &changed)
			return introducedCollate(e, &changed)
		})
	}
}

// introducedLiteral is the literal of an introducer under a COLLATE: the
// literal itself, hidden from GMS's planner behind a call.
type introducedLiteral struct{ transparent }

func newIntroduced(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 1 {
		return nil, sql.ErrInvalidArgumentNumber.New(IntroducedFunc, 1, len(args))
	}
	return &introducedLiteral{transparent{unary{args[0]}}}, nil
}

func (l *introducedLiteral) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return l.child.Eval(ctx, row)
}

func (l *introducedLiteral) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(l, children)
}

func init() {
	functions[IntroducedFunc] = sql.FunctionN{Name: IntroducedFunc, Fn: newIntroduced}
}
