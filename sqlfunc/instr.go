package sqlfunc

import (
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/keyenc"
)

// LOCATE(substr, str[, pos]), POSITION(substr IN str) and INSTR(str, substr)
// search in the collation their two string arguments resolve as a
// comparison's operands do (MySQL's agg_arg_charsets_for_comparison), with
// MySQL's strstr rule (strings/ctype-mb.cc, my_instr_mb, which every
// utf8mb4 collation uses, UCA ones included): at each character of str, the
// next len(substr) BYTES of str are compared with substr under the
// collation, unpadded. So a match has substr's byte length: 'b' is found in
// 'AB' under a _ci collation, and 'e' is not found in 'É' (two bytes) even
// though 'e' = 'É' there (MariaDB answers the same). A binary string on
// either side makes the search and the positions bytes. GMS's LOCATE
// lower-cased both strings under any collation (so it matched 'b' in
// BINARY 'AB'), and its INSTR compared code points (so it missed 'b' in
// 'AB' under utf8mb4_0900_ai_ci).

// searchCollation is the collation LOCATE/INSTR search in: a and b's,
// resolved by coercibility, where a binary string wins over a nonbinary one
// of the same or a weaker derivation (DTCollation::aggregate; GMS's
// ResolveCoercibility prefers the Unicode side when the derivations tie, so
// LOCATE(_binary'b', 'AB') was case-insensitive).
func searchCollation(ctx *sql.Context, a, b sql.Expression) sql.CollationID {
	ca, ka := Coercibility(ctx, a)
	cb, kb := Coercibility(ctx, b)
	binA := ca == sql.Collation_binary && types.IsText(a.Type())
	binB := cb == sql.Collation_binary && types.IsText(b.Type())
	if binA && ka <= kb || binB && kb <= ka {
		return sql.Collation_binary
	}
	c, _ := sql.ResolveCoercibility(ca, ka, cb, kb)
	if c == sql.Collation_binary && !binA && !binB {
		// numbers only (GMS's NUMERIC derivation is binary): MySQL
		// converts them with the connection's collation.
		return ctx.GetCollation()
	}
	return c
}

// locatePos is MySQL 8's Item_func_locate::val_int over str, sub and the
// 1-based start pos (1 without one) under coll: the 1-based character
// position of sub in str at or after pos, 0 when absent. MySQL's own quirks
// are kept: pos is checked against str's length in bytes, and an empty sub
// answers the byte offset of the pos-th character plus one (an empty sub at
// pos 4 of 'abc' is 4; MariaDB: 0).
func locatePos(coll sql.CollationID, sub, str string, pos int64) int64 {
	bin := coll == sql.Collation_binary
	if pos <= 0 {
		return 0
	}
	if !bin && coll.CharacterSet().MaxLength() == 1 {
		return locateSingleByte(coll, sub, str, pos)
	}
	start0 := pos - 1
	if start0 > int64(len(str)) {
		return 0
	}
	start := charPos(str, start0, bin)
	if start+int64(len(sub)) > int64(len(str)) {
		return 0
	}
	if sub == "" {
		return start + 1
	}
	if k, ok := strstr(coll, str[start:], sub, bin); ok {
		return k + start0 + 1
	}
	return 0
}

// locateSingleByte is locatePos for a single-byte character set (latin1):
// there a character is a byte, while the values here are UTF-8.
func locateSingleByte(coll sql.CollationID, sub, str string, pos int64) int64 {
	rs, subr := []rune(str), []rune(sub)
	start := pos - 1
	if start+int64(len(subr)) > int64(len(rs)) {
		return 0
	}
	if len(subr) == 0 {
		return start + 1
	}
	for i := int(start); i+len(subr) <= len(rs); i++ {
		if unpaddedEqual(coll, string(rs[i:i+len(subr)]), sub) {
			return int64(i) + 1
		}
	}
	return 0
}

// charPos is the byte offset of the n-th character (0-based) of s, or
// len(s)+2 when s has fewer than n characters (my_charpos_mb's answer,
// which the caller's bounds check then rejects).
func charPos(s string, n int64, bin bool) int64 {
	if bin {
		if n > int64(len(s)) {
			return int64(len(s)) + 2
		}
		return n
	}
	off := 0
	for ; n > 0 && off < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[off:])
		off += size
	}
	if n > 0 {
		return int64(len(s)) + 2
	}
	return int64(off)
}

// strstr finds sub in s: the number of characters (bytes when bin) of s
// before the first match.
func strstr(coll sql.CollationID, s, sub string, bin bool) (int64, bool) {
	if bin {
		i := strings.Index(s, sub)
		return int64(i), i >= 0
	}
	chars := int64(0)
	for off := 0; off+len(sub) <= len(s); chars++ {
		end := off + len(sub)
		if (end == len(s) || utf8.RuneStart(s[end])) && unpaddedEqual(coll, s[off:end], sub) {
			return chars, true
		}
		_, size := utf8.DecodeRuneInString(s[off:])
		off += size
	}
	return 0, false
}

// unpaddedEqual is a = b under coll without PAD SPACE (strnncoll, not
// strnncollsp: 'e ' is not 'é' under utf8mb4_general_ci). keyenc compares a
// PAD SPACE collation padded, so the same letter is appended to both: their
// trailing spaces then weigh against it, not against nothing.
func unpaddedEqual(coll sql.CollationID, a, b string) bool {
	if keyenc.PadSpace(coll) {
		return keyenc.CompareStrings(coll, a+"k", b+"k") == 0
	}
	return keyenc.CompareStrings(coll, a, b) == 0
}

// instr is INSTR(str, substr): LOCATE(substr, str), typed INT as MySQL's
// (GMS: BIGINT).
type instr struct {
	function.Instr
}

func newInstr(str, sub sql.Expression) sql.Expression {
	return &instr{function.NewInstr(str, sub).(function.Instr)}
}

func (i *instr) Type() sql.Type { return types.Int32 }

func (i *instr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(i, len(children), 2)
	}
	return newInstr(children[0], children[1]), nil
}

func (i *instr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	cs := i.Children()
	return evalLocate(ctx, row, cs[1], cs[0], nil)
}

// evalLocate evaluates LOCATE(sub, str[, pos]).
func evalLocate(ctx *sql.Context, row sql.Row, subE, strE, posE sql.Expression) (any, error) {
	vals := make([]any, 0, 3)
	for _, e := range []sql.Expression{subE, strE, posE} {
		if e == nil {
			continue
		}
		v, err := e.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		vals = append(vals, v)
	}
	sub, err := textOf(ctx, vals[0])
	if err != nil {
		return nil, err
	}
	str, err := textOf(ctx, vals[1])
	if err != nil {
		return nil, err
	}
	pos := int64(1)
	if len(vals) == 3 {
		p, _, err := types.Int64.Convert(ctx, vals[2])
		if err != nil {
			return int32(0), nil
		}
		pos = p.(int64)
	}
	return int32(locatePos(searchCollation(ctx, subE, strE), sub, str, pos)), nil
}
