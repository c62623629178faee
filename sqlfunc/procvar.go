package sqlfunc

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// GMS v0.20's procedure interpreter keeps the value a `SET v = expr`
// computed as it came, whatever v's declared type, and puts it into the
// statements after as the text fmt's %s makes of it (InterpreterVariable
// .ToAST): a DATETIME v set from NOW() read back as
// `2026-11-28 01:02:50 +0000 UTC`, a DECIMAL(5,2) set from 1 as
// `%!s(int8=1)`, and a JSON v took a temporal value (MySQL: 3140, the
// variable is a Field_json). ProcVarFunc, which the engine puts around the
// value of such a SET, stores the variable's value as MySQL would hold it
// (converted to the declared type) in the text MySQL prints for it, which
// is what the interpreter's text literal then carries.

// ProcVarFunc is the name of the wrapper: ProcVarFunc(expr, 'type', 'v').
const ProcVarFunc = "myriad_procvar"

func init() {
	functions[ProcVarFunc] = sql.FunctionN{Name: ProcVarFunc, Fn: newProcVar}
	functions[ProcValFunc] = sql.FunctionN{Name: ProcValFunc, Fn: newProcVal}
	functions[ProcBindFunc] = sql.FunctionN{Name: ProcBindFunc, Fn: newProcBind}
	functions[ProcScopeFunc] = sql.FunctionN{Name: ProcScopeFunc, Fn: newProcScope}
}

type procVar struct {
	unary
	typ  sql.Type
	text string // the declared type as written
	name string
}

var procVarTypes sync.Map // declared type text -> sql.Type

// ProcVarType is the sql.Type of a procedure variable declared as text.
func ProcVarType(text string) (sql.Type, error) {
	if t, ok := procVarTypes.Load(text); ok {
		return t.(sql.Type), nil
	}
	stmt, err := ast.Parse("CREATE TABLE t (c " + text + ")")
	if err != nil {
		return nil, err
	}
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.TableSpec == nil || len(ddl.TableSpec.Columns) != 1 {
		return nil, fmt.Errorf("myriad: no type in %q", text)
	}
	t, err := types.ColumnTypeToType(&ddl.TableSpec.Columns[0].Type)
	if err != nil {
		return nil, err
	}
	procVarTypes.Store(text, t)
	return t, nil
}

func newProcVar(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 3 {
		return nil, sql.ErrInvalidArgumentNumber.New(ProcVarFunc, 3, len(args))
	}
	text, ok1 := stringLiteral(args[1])
	name, ok2 := stringLiteral(args[2])
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("myriad: %s needs literal type and name", ProcVarFunc)
	}
	t, err := ProcVarType(text)
	if err != nil {
		return nil, err
	}
	return &procVar{unary: unary{args[0]}, typ: t, text: text, name: name}, nil
}

// Type: an integer or floating-point variable's own type, as the
// interpreter prints those values itself (%d; float64 only — a FLOAT's
// float32 made it panic); any other's value is its text.
func (p *procVar) Type() sql.Type {
	if types.IsInteger(p.typ) || types.IsFloat(p.typ) {
		return p.typ
	}
	return types.LongText
}

func (p *procVar) String() string {
	return fmt.Sprintf("%s(%s, '%s', '%s')", ProcVarFunc, p.child, p.text, p.name)
}

func (p *procVar) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 1)
	}
	np := *p
	np.child = children[0]
	return &np, nil
}

func (p *procVar) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := p.child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	return procVarValue(ctx, p.typ, p.name, v)
}

// procVarValue is v stored into the variable or parameter name of type
// typ as MySQL stores it (sp_rcontext::set_variable stores into a Field of
// the declared type, so the rules of a column apply): rounded to an
// integer, 1264 out of range, 1406 too long for a CHAR/VARCHAR (strict;
// otherwise cut with warning 1265), 1366 for text that is no number, 3140
// for a temporal or a text that is no JSON into JSON. The result is what
// the interpreter can print back into a statement: an integer as it is, a
// float as float64, anything else as MySQL's text of the value.
func procVarValue(ctx *sql.Context, typ sql.Type, name string, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if types.IsJSON(typ) && temporalValue(v) {
		return nil, errNotJSONText(name)
	}
	cv, inRange, err := typ.Convert(ctx, v)
	if err != nil {
		switch {
		case types.IsJSON(typ):
			return nil, errNotJSONText(name)
		case types.ErrLengthBeyondLimit.Is(err):
			if strictMode(ctx) {
				return nil, mysql.NewSQLError(mysql.ERDataTooLong, "22001", "Data too long for column '%s' at row 1", name)
			}
			if cv, err = truncateToType(ctx, typ, v); err != nil {
				return nil, err
			}
			ctx.Warn(1265, "Data truncated for column '%s' at row 1", name)
		case types.ErrConvertToDecimalLimit.Is(err):
			return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row 1", name)
		case types.IsNumber(typ):
			return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, "HY000",
				"Incorrect %s value: '%v' for column '%s' at row 1", typeWord(typ), v, name)
		default:
			return nil, err
		}
	}
	if inRange != sql.InRange {
		if strictMode(ctx) || cv == nil {
			return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row 1", name)
		}
		ctx.Warn(mysql.ERWarnDataOutOfRange, "Out of range value for column '%s' at row 1", name)
	}
	if cv == nil {
		return nil, nil
	}
	switch {
	case types.IsInteger(typ):
		return cv, nil
	case types.IsFloat(typ):
		f, _, err := types.Float64.Convert(ctx, cv)
		return f, err
	}
	sv, err := typ.SQL(ctx, nil, cv)
	if err != nil {
		return nil, err
	}
	return sv.ToString(), nil
}

// truncateToType cuts v's text to the character (or byte) length of the
// string type typ, as a non-strict store into the column does.
func truncateToType(ctx *sql.Context, typ sql.Type, v any) (any, error) {
	st, ok := typ.(sql.StringType)
	if !ok {
		return nil, fmt.Errorf("myriad: cannot cut a value to %s", typ)
	}
	s, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	text, _ := s.(string)
	n := st.MaxCharacterLength()
	if types.IsBinaryType(typ) {
		if int64(len(text)) > n {
			text = text[:n]
		}
	} else if r := []rune(text); int64(len(r)) > n {
		text = string(r[:n])
	}
	cv, _, err := typ.Convert(ctx, text)
	return cv, err
}

// typeWord is the word MySQL's 1366 names a numeric type by.
func typeWord(typ sql.Type) string {
	switch {
	case types.IsInteger(typ):
		return "integer"
	case types.IsDecimal(typ):
		return "decimal"
	}
	return "double"
}

// ProcValFunc is the name of the reader: ProcValFunc(v, 'type') is the
// variable v (which the interpreter replaces by its text) as a value of its
// declared type, so `SELECT v` of a DATETIME variable is a DATETIME column
// and `v + 1`, `v = '1.5'`, comparisons and INSERTs see the type MySQL's
// Item_splocal has, not a string literal.
const ProcValFunc = "myriad_procval"

type procVal struct {
	unary
	typ  sql.Type
	text string
}

func newProcVal(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New(ProcValFunc, 2, len(args))
	}
	l, ok := args[1].(*expression.Literal)
	text, ok2 := "", false
	if ok {
		text, ok2 = l.Value().(string)
	}
	if !ok2 {
		return nil, fmt.Errorf("myriad: %s needs a literal type", ProcValFunc)
	}
	t, err := ProcVarType(text)
	if err != nil {
		return nil, err
	}
	return &procVal{unary: unary{args[0]}, typ: t, text: text}, nil
}

func (p *procVal) Type() sql.Type   { return p.typ }
func (p *procVal) IsNullable() bool { return true }
func (p *procVal) String() string {
	return fmt.Sprintf("%s(%s, '%s')", ProcValFunc, p.child, p.text)
}

func (p *procVal) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if st, ok := p.typ.(sql.StringType); ok {
		return st.Collation(), 2 // an SP variable is implicit, as a column
	}
	return sql.Collation_binary, 5
}

func (p *procVal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 1)
	}
	np := *p
	np.child = children[0]
	return &np, nil
}

func (p *procVal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := p.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	cv, _, err := p.typ.Convert(ctx, v)
	return cv, err
}

// ProcParamType is a procedure parameter's type t as CALL binds it: the
// argument stored as procVarValue stores it (GMS's bind converted without
// MySQL's checks — 'abcdef' into VARCHAR(3) was kept whole by a text
// argument's path — and kept a time.Time the interpreter then printed as
// Go text), and an OUT parameter starting NULL whatever the caller's
// variable holds (MySQL: an OUT parameter's initial value is NULL).
//
// GMS keeps a session's parameters by name across CALLs
// (BaseSession.NewStoredProcParam returns the one already there), with the
// type of the first procedure that used the name and the caller it was
// last bound to: `CALL p(IN x DATETIME)` then `CALL q(IN x INT)` printed
// q's 3 as DATETIME text and failed. The bind sets the parameter's type
// again, and cuts an IN parameter from the caller's variable (GMS wrote
// the callee's assignments to an IN parameter back into it; MySQL passes
// IN by value).
type ProcParamType struct {
	paramBase
	name string
	dir  ProcParamDir
}

// ProcParamDir is a parameter's direction.
type ProcParamDir byte

// The directions.
const (
	ProcParamIn ProcParamDir = iota
	ProcParamOut
	ProcParamInout
)

// paramBase names the embedded type: sql.Type has a method Type.
type paramBase = sql.Type

// NewProcParamType is the binding type of parameter name of type t.
func NewProcParamType(t sql.Type, name string, dir ProcParamDir) *ProcParamType {
	return &ProcParamType{paramBase: t, name: name, dir: dir}
}

// Convert implements sql.Type for the bind only.
func (t *ProcParamType) Convert(ctx context.Context, v any) (any, sql.ConvertInRange, error) {
	sctx, ok := ctx.(*sql.Context)
	if !ok || sctx.Session == nil {
		return t.paramBase.Convert(ctx, v)
	}
	if spp := sctx.Session.GetStoredProcParam(t.name); spp != nil {
		spp.Type = t.paramBase
		spp.HasBeenSet = false
		if t.dir == ProcParamIn {
			spp.Reference = spp // the bind's loop stops at a self-reference
		}
	}
	if t.dir == ProcParamOut {
		return nil, sql.InRange, nil
	}
	cv, err := procVarValue(sctx, t.paramBase, t.name, v)
	return cv, sql.InRange, err
}

// ProcBindFunc is the name of the refresh GMS's nested CALL needs:
// ProcBindFunc('v', 'type', v) sets the session's parameter record named v
// to v's current value and type, and is true. The interpreter passes a
// caller's variable v to a CALL through that record, but reuses one left
// by an earlier CALL with its old value and type instead of v's
// (NewStoredProcParam keeps what is there): `CALL pa(7)` with a parameter
// a, then a procedure passing its DATETIME variable a to another, passed 7.
const ProcBindFunc = "myriad_procbind"

type procBind struct {
	unary
	typ  sql.Type
	name string
}

func newProcBind(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 3 {
		return nil, sql.ErrInvalidArgumentNumber.New(ProcBindFunc, 3, len(args))
	}
	name, ok1 := stringLiteral(args[0])
	text, ok2 := stringLiteral(args[1])
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("myriad: %s needs literal name and type", ProcBindFunc)
	}
	t, err := ProcVarType(text)
	if err != nil {
		return nil, err
	}
	return &procBind{unary: unary{args[2]}, typ: t, name: name}, nil
}

func (p *procBind) Type() sql.Type   { return types.Boolean }
func (p *procBind) IsNullable() bool { return false }
func (p *procBind) String() string {
	return fmt.Sprintf("%s('%s', '%s', %s)", ProcBindFunc, p.name, p.typ, p.child)
}

func (p *procBind) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 1)
	}
	np := *p
	np.child = children[0]
	return &np, nil
}

func (p *procBind) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := p.child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	// NewStoredProcParam: the record the CALL will take (an old one, or
	// this), which the session shows from now on.
	spp := ctx.Session.NewStoredProcParam(p.name, &sql.StoredProcParam{})
	spp.Type, spp.Value, spp.HasBeenSet, spp.Reference = p.typ, v, false, nil
	return true, nil
}

// ProcVarNeedsValue reports whether a variable of type t needs ProcVarFunc
// around its SET: every type but the unchecked TEXT/BLOB families and
// ENUM/SET/BIT/geometry, whose values the interpreter already keeps as
// MySQL would (strings without a length limit) or which it cannot print.
func ProcVarNeedsValue(t sql.Type) bool {
	return types.IsJSON(t) || types.IsNumber(t) || types.IsTime(t) || types.IsDateType(t) ||
		types.IsTimespan(t) || types.IsText(t) || types.IsYear(t)
}

// ProcScopeFunc is the name of ProcScopeFunc('p1', 'p2', ...): the session
// shows the running procedure the parameter records p1, p2, ... only (see
// engine/procparams.go), and it is true.
const ProcScopeFunc = "myriad_procscope"

// ProcParamScoper is a session that can show a procedure its own
// parameters only.
type ProcParamScoper interface{ ScopeProcParams(names []string) }

type procScope struct{ names []string }

func newProcScope(args ...sql.Expression) (sql.Expression, error) {
	p := &procScope{}
	for _, a := range args {
		l, ok := a.(*expression.Literal)
		if !ok {
			return nil, fmt.Errorf("myriad: %s needs literal names", ProcScopeFunc)
		}
		s, ok := l.Value().(string)
		if !ok {
			return nil, fmt.Errorf("myriad: %s needs literal names", ProcScopeFunc)
		}
		p.names = append(p.names, s)
	}
	return p, nil
}

func (p *procScope) Resolved() bool             { return true }
func (p *procScope) IsNullable() bool           { return false }
func (p *procScope) Type() sql.Type             { return types.Boolean }
func (p *procScope) Children() []sql.Expression { return nil }
func (p *procScope) String() string             { return ProcScopeFunc + "(" + strings.Join(p.names, ", ") + ")" }
func (p *procScope) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 0)
	}
	return p, nil
}

func (p *procScope) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	if s, ok := ctx.Session.(ProcParamScoper); ok {
		s.ScopeProcParams(p.names)
	}
	return true, nil
}

// stringLiteral is the text of a string literal argument (the declared type
// and name the engine hands ProcVarFunc and ProcBindFunc).
func stringLiteral(e sql.Expression) (string, bool) {
	l, ok := e.(*expression.Literal)
	if !ok {
		return "", false
	}
	s, ok := l.Value().(string)
	return s, ok
}
