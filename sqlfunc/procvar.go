package sqlfunc

import (
	"fmt"
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

func init() { functions[ProcVarFunc] = sql.FunctionN{Name: ProcVarFunc, Fn: newProcVar} }

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
	lit := func(e sql.Expression) (string, bool) {
		l, ok := e.(*expression.Literal)
		if !ok {
			return "", false
		}
		s, ok := l.Value().(string)
		return s, ok
	}
	text, ok1 := lit(args[1])
	name, ok2 := lit(args[2])
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("myriad: %s needs literal type and name", ProcVarFunc)
	}
	t, err := ProcVarType(text)
	if err != nil {
		return nil, err
	}
	return &procVar{unary: unary{args[0]}, typ: t, text: text, name: name}, nil
}

func (p *procVar) Type() sql.Type { return types.LongText }
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
	if err != nil || v == nil {
		return nil, err
	}
	if types.IsJSON(p.typ) && temporalValue(v) {
		return nil, errNotJSONText(p.name)
	}
	cv, inRange, err := p.typ.Convert(ctx, v)
	if err != nil {
		if types.IsJSON(p.typ) {
			return nil, errNotJSONText(p.name)
		}
		return nil, err
	}
	if inRange != sql.InRange {
		return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row 1", p.name)
	}
	sv, err := p.typ.SQL(ctx, nil, cv)
	if err != nil {
		return nil, err
	}
	return sv.ToString(), nil
}

// ProcVarNeedsValue reports whether a variable of type t needs ProcVarFunc
// around its SET: the interpreter prints integers with %d and floats as
// float64 itself; strings are their own text.
func ProcVarNeedsValue(t sql.Type) bool {
	return types.IsJSON(t) || types.IsDecimal(t) || types.IsTime(t) || types.IsDateType(t) || types.IsTimespan(t)
}
