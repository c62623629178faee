package regexpfn

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"gopkg.in/src-d/go-errors.v1"
)

// Replace is REGEXP_REPLACE(text, pattern, replacement[, position[,
// occurrence[, flags]]]) keeping what it compiled (GMS compiled on every
// row, even for constant arguments). The embedded GMS node gives the name,
// type, children and collation; its own Eval is never called.
type Replace struct {
	*function.RegexpReplace
	patterns
}

// Instr is REGEXP_INSTR(text, pattern[, position[, occurrence[,
// return_option[, flags]]]]) keeping what it compiled.
type Instr struct {
	*function.RegexpInstr
	patterns
}

// Substr is REGEXP_SUBSTR(text, pattern[, position[, occurrence[,
// flags]]]) keeping what it compiled.
type Substr struct {
	*function.RegexpSubstr
	patterns
}

var (
	_ sql.FunctionExpression = (*Replace)(nil)
	_ sql.Disposable         = (*Replace)(nil)
	_ sql.FunctionExpression = (*Instr)(nil)
	_ sql.Disposable         = (*Instr)(nil)
	_ sql.FunctionExpression = (*Substr)(nil)
	_ sql.Disposable         = (*Substr)(nil)
)

// WithChildren keeps the replacement (see Like.WithChildren).
func (r *Replace) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := r.RegexpReplace.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &Replace{RegexpReplace: n.(*function.RegexpReplace)}, nil
}

// WithChildren keeps the replacement (see Like.WithChildren).
func (r *Instr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := r.RegexpInstr.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &Instr{RegexpInstr: n.(*function.RegexpInstr)}, nil
}

// WithChildren keeps the replacement (see Like.WithChildren).
func (r *Substr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := r.RegexpSubstr.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &Substr{RegexpSubstr: n.(*function.RegexpSubstr)}, nil
}

// Dispose releases the compiled patterns (the embedded GMS node compiled
// nothing).
func (r *Replace) Dispose() { r.patterns.Dispose() }

// Dispose releases the compiled patterns.
func (r *Instr) Dispose() { r.patterns.Dispose() }

// Dispose releases the compiled patterns.
func (r *Substr) Dispose() { r.patterns.Dispose() }

var errIndexOutOfBounds = errors.NewKind("Index out of bounds for regular expression search.")

// evalInt32 is an integer argument as GMS reads it; ok is false for NULL.
func evalInt32(ctx *sql.Context, e sql.Expression, row sql.Row) (v int, ok bool, err error) {
	x, err := e.Eval(ctx, row)
	if err != nil || x == nil {
		return 0, false, err
	}
	x, _, err = types.Int32.Convert(ctx, x)
	if err != nil {
		return 0, false, err
	}
	return int(x.(int32)), true, nil
}

// Eval replaces the occurrence-th match (0: every match) at or after
// position. Arguments are read in GMS's order, so a NULL and an error
// together give what GMS gave.
func (r *Replace) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	args := r.Children()
	tv, err := args[0].Eval(ctx, row)
	if err != nil || tv == nil {
		return nil, err
	}
	text, err := toText(ctx, tv)
	if err != nil {
		return nil, err
	}
	var flags sql.Expression
	if len(args) == 6 {
		flags = args[5]
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	re, err := r.lookup(ctx, row, args[0], args[1], flags, r.FunctionName())
	if err != nil || re == nil {
		return nil, err
	}
	rv, err := args[2].Eval(ctx, row)
	if err != nil || rv == nil {
		return nil, err
	}
	repl, err := toText(ctx, rv)
	if err != nil {
		return nil, err
	}
	if text == "" {
		return text, nil
	}
	pos, occ := 1, 0
	if len(args) >= 4 {
		p, ok, err := evalInt32(ctx, args[3], row)
		if err != nil || !ok {
			return nil, err
		}
		pos = p
	}
	if pos <= 0 {
		return nil, sql.ErrInvalidArgumentDetails.New(r.FunctionName(), fmt.Sprint(pos))
	}
	if pos > len(text) {
		return nil, errIndexOutOfBounds.New()
	}
	if len(args) >= 5 {
		o, ok, err := evalInt32(ctx, args[4], row)
		if err != nil || !ok {
			return nil, err
		}
		occ = o
	}
	if err := re.SetMatchString(ctx, text); err != nil {
		return nil, err
	}
	return re.Replace(ctx, repl, pos, occ)
}

// Eval is the 1-based position where the occurrence-th match at or after
// position starts (return_option 0) or ends (1), 0 when there is none.
func (r *Instr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	re, err := r.lookup(ctx, row, r.Text, r.Pattern, r.Flags, r.FunctionName())
	if err != nil || re == nil {
		return nil, err
	}
	text, pos, occ, ok, err := textPosOcc(ctx, row, r.Text, r.Position, r.Occurrence)
	if err != nil || !ok {
		return nil, err
	}
	ret, ok, err := evalInt32(ctx, r.ReturnOption, row)
	if err != nil || !ok {
		return nil, err
	}
	if err := re.SetMatchString(ctx, text); err != nil {
		return nil, err
	}
	i, err := re.IndexOf(ctx, pos, occ, ret == 1)
	if err != nil {
		return nil, err
	}
	return int32(i), nil
}

// Eval is the occurrence-th match at or after position, NULL when there is
// none.
func (r *Substr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	re, err := r.lookup(ctx, row, r.Text, r.Pattern, r.Flags, r.FunctionName())
	if err != nil || re == nil {
		return nil, err
	}
	text, pos, occ, ok, err := textPosOcc(ctx, row, r.Text, r.Position, r.Occurrence)
	if err != nil || !ok {
		return nil, err
	}
	if err := re.SetMatchString(ctx, text); err != nil {
		return nil, err
	}
	s, found, err := re.Substring(ctx, pos, occ)
	if err != nil || !found {
		return nil, err
	}
	return s, nil
}

// textPosOcc evaluates REGEXP_INSTR's and REGEXP_SUBSTR's text, position
// and occurrence in GMS's order; ok is false when one of them is NULL.
func textPosOcc(ctx *sql.Context, row sql.Row, t, p, o sql.Expression) (text string, pos, occ int, ok bool, err error) {
	tv, err := t.Eval(ctx, row)
	if err != nil || tv == nil {
		return "", 0, 0, false, err
	}
	if text, err = toText(ctx, tv); err != nil {
		return "", 0, 0, false, err
	}
	if pos, ok, err = evalInt32(ctx, p, row); err != nil || !ok {
		return "", 0, 0, false, err
	}
	if occ, ok, err = evalInt32(ctx, o, row); err != nil || !ok {
		return "", 0, 0, false, err
	}
	return text, pos, occ, true, nil
}
