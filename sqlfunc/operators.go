package sqlfunc

import (
	"encoding/hex"
	"math/big"
	"reflect"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// BitNotFunc is the call `~x` becomes (see fixOperators).
const BitNotFunc = "myriad_bit_not"

// HexNumberFunc is the call a hexadecimal or bit-value literal operand of
// an arithmetic or bit operator is wrapped in (see fixOperators).
const HexNumberFunc = "myriad_hex_number"

// HexLiteralFunc marks a hexadecimal or bit-value literal compared with
// something (see fixOperators and hexComparison).
const HexLiteralFunc = "myriad_hex_literal"

// fixOperators rewrites what the parser reads but GMS's planner does not
// build, or builds otherwise than MySQL, and reports whether it changed
// anything:
//
//   - `~x` (bitwise NOT): the planner fails with "unsupported feature:
//     unary operator: ~"; it becomes a call of BitNotFunc;
//   - a bit-value literal (b'101', 0b101) is a binary string in MySQL, as
//     a hexadecimal literal is (X'05': 5 in numeric context, the byte 0x05
//     as a string); the planner made it a BIGINT UNSIGNED. It becomes the
//     hexadecimal literal of the same bits.
//   - a hexadecimal or bit-value literal operand of an arithmetic or bit
//     operator is a number in MySQL (0x41 + 0 is 65, b'11' + 0 is 3); GMS
//     read the bytes as a string (0). It is wrapped in HexNumberFunc.
//   - the first argument of CONV, OCT and BIN too (see below);
//   - one compared with something (=, <, IN, BETWEEN, CASE x WHEN) is a number when
//     the comparison is numeric and bytes otherwise; it is wrapped in
//     HexLiteralFunc until the plan's types say which (hexComparison).
//
// The column a select expression names keeps its text as written.
func fixOperators(stmt ast.Statement) bool {
	switch s := stmt.(type) {
	case *ast.Select, *ast.SetOp, *ast.Insert, *ast.Update, *ast.Delete, *ast.Set:
	case *ast.Explain:
		return fixOperators(s.Statement)
	default:
		return false
	}
	changed := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if v, ok := n.(*ast.SQLVal); ok && v.Type == ast.BitVal {
			v.Type, v.Val = ast.HexVal, bitsToHex(v.Val)
			changed = true
		}
		return true, nil
	}, stmt)
	replaceExprs(reflect.ValueOf(stmt), func(e ast.Expr) (ast.Expr, bool) {
		if r, ok := castCharset(e, &changed); ok {
			return r, true
		}
		// introcollate.go, both
		introducedBytes(e, &changed)
		if r, ok := introducedCollate(e, &changed); ok {
			return r, true
		}
		switch x := e.(type) {
		case *ast.ComparisonExpr:
			switch strings.ToLower(x.Operator) {
			case ast.EqualStr, ast.LessThanStr, ast.GreaterThanStr, ast.LessEqualStr, ast.GreaterEqualStr,
				ast.NotEqualStr, ast.NullSafeEqualStr:
				x.Left = wrapHexLiteral(x.Left, &changed)
				x.Right = wrapHexLiteral(x.Right, &changed)
			case ast.InStr, ast.NotInStr:
				x.Left = wrapHexLiteral(x.Left, &changed)
				if t, ok := x.Right.(ast.ValTuple); ok {
					for i := range t {
						t[i] = wrapHexLiteral(t[i], &changed)
					}
				}
			}
		case *ast.CaseExpr:
			if x.Expr != nil {
				x.Expr = wrapHexLiteral(x.Expr, &changed)
				for _, w := range x.Whens {
					w.Cond = wrapHexLiteral(w.Cond, &changed)
				}
			}
		case *ast.RangeCond:
			x.Left = wrapHexLiteral(x.Left, &changed)
			x.From = wrapHexLiteral(x.From, &changed)
			x.To = wrapHexLiteral(x.To, &changed)
		case *ast.BinaryExpr:
			if numericOperator[x.Operator] {
				x.Left = wrapHexNumber(x.Left, &changed)
				x.Right = wrapHexNumber(x.Right, &changed)
			}
		case *ast.FuncExpr:
			// CONV, OCT and BIN read a hexadecimal or bit-value literal
			// as the integer its bytes spell (MySQL 8.0's
			// Item_func_conv::val_str takes val_int of a VARBIN_ITEM):
			// OCT(x'41') is 101, CONV(b'1111', 10, 8) 17; the text of
			// its bytes read in the base was 0.
			switch x.Name.Lowered() {
			case "conv", "oct", "bin":
				if len(x.Exprs) > 0 {
					if a, ok := x.Exprs[0].(*ast.AliasedExpr); ok {
						a.Expr = wrapHexNumber(a.Expr, &changed)
					}
				}
			}
		case *ast.UnaryExpr:
			switch x.Operator {
			case ast.TildaStr:
				changed = true
				return call(BitNotFunc, wrapHexNumber(x.Expr, &changed)), true
			case ast.UMinusStr:
				x.Expr = wrapHexNumber(x.Expr, &changed)
			}
		}
		return e, false
	})
	return changed
}

var numericOperator = map[string]bool{
	ast.BitAndStr: true, ast.BitOrStr: true, ast.BitXorStr: true, ast.PlusStr: true, ast.MinusStr: true,
	ast.MultStr: true, ast.DivStr: true, ast.IntDivStr: true, ast.ModStr: true, ast.ShiftLeftStr: true,
	ast.ShiftRightStr: true, "mod": true,
}

func call(name string, args ...ast.Expr) *ast.FuncExpr {
	f := &ast.FuncExpr{Name: ast.NewColIdent(name)}
	for _, a := range args {
		f.Exprs = append(f.Exprs, &ast.AliasedExpr{Expr: a})
	}
	return f
}

// wrapHexNumber wraps e in HexNumberFunc when it is a hexadecimal literal.
func wrapHexNumber(e ast.Expr, changed *bool) ast.Expr {
	if v, ok := e.(*ast.SQLVal); ok && (v.Type == ast.HexVal || v.Type == ast.HexNum) {
		*changed = true
		return call(HexNumberFunc, e)
	}
	return e
}

// wrapHexLiteral wraps e in HexLiteralFunc when it is a hexadecimal (or
// bit-value, already made hexadecimal) literal: a comparison operand whose
// meaning depends on the other operands' types, known only once planned
// (see hexComparison).
func wrapHexLiteral(e ast.Expr, changed *bool) ast.Expr {
	if v, ok := e.(*ast.SQLVal); ok && (v.Type == ast.HexVal || v.Type == ast.HexNum) {
		*changed = true
		return call(HexLiteralFunc, e)
	}
	return e
}

// bitsToHex turns the binary digits of a bit-value literal into the hex
// digits of the same bytes: padded on the left to whole bytes, as MySQL
// does (b'101' is 0x05, b'100000000' is 0x0100); a bit literal with no
// digits is the empty string.
func bitsToHex(bits []byte) []byte {
	if len(bits) == 0 {
		return []byte{}
	}
	n, ok := new(big.Int).SetString(string(bits), 2)
	if !ok {
		return bits
	}
	b := n.Bytes()
	out := make([]byte, (len(bits)+7)/8)
	copy(out[len(out)-len(b):], b)
	return []byte(hex.EncodeToString(out))
}

// replaceExprs calls f on every expression below v, children first, and
// stores what f returns in place of the expression when f says so. The parser's nodes
// have no parent links, so the slot an expression sits in (a struct field
// or slice element of interface type) is found by reflection.
func replaceExprs(v reflect.Value, f func(ast.Expr) (ast.Expr, bool)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			replaceExprs(v.Elem(), f)
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		inner := v.Elem()
		replaceExprs(inner, f)
		if !v.CanSet() {
			return
		}
		if e, ok := inner.Interface().(ast.Expr); ok {
			if r, ok := f(e); ok && reflect.TypeOf(r).AssignableTo(v.Type()) {
				v.Set(reflect.ValueOf(r))
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if t.Field(i).IsExported() {
				replaceExprs(v.Field(i), f)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := 0; i < v.Len(); i++ {
			replaceExprs(v.Index(i), f)
		}
	}
}
