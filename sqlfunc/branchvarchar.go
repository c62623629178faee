package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// newBranchVarchar is CASE, IF, IFNULL or COALESCE over strings of bounded
// length (CHAR and VARCHAR columns, string literals) and numbers as a
// branchString typed VARCHAR(n), n the longest branch's length in
// characters (a number's display length: INT 11, DECIMAL(5,2) 7, DOUBLE
// 22), as MySQL's Item_aggregate_type::join_types types a string result.
// GMS typed these LONGTEXT or TEXT, so drivers saw a BLOB column and
// CREATE TABLE ... SELECT made a LONGTEXT column (`CASE WHEN p THEN 'ab'
// ELSE 'c' END` is MySQL's VARCHAR(2), IFNULL(double_col, 'text')
// VARCHAR(22)). Its collation is branchColl's, which wraps it
// (collateBranches). Mixes with temporal values are newBranchString's.
// nil unless GMS typed e as a non-binary TEXT or LONGTEXT and every branch
// has a known length.
func newBranchVarchar(e sql.Expression) *branchString { return newBranchVarcharWith(e, nil) }

// newBranchVarcharWith is newBranchVarchar, with floatLen the length of a
// float literal branch (floatLiteralLength) where there is one.
func newBranchVarcharWith(e sql.Expression, floatLen func(sql.Expression) (int64, bool)) *branchString {
	if !types.IsTextBlob(e.Type()) || types.IsBinaryType(e.Type()) {
		return nil
	}
	branches, ok := branchesOf(e)
	if !ok || constantExpr(e) {
		// All constants: GMS folds the expression in WHERE before the
		// retyped branch gets its collation, and `IFNULL('A', NULL) LIKE
		// 'A'` folded to false there (TestOracles' CI seed 1).
		return nil
	}
	n, str := int64(0), false
	for _, b := range branches {
		t := b.Type()
		switch {
		case t == types.Null:
			continue
		case isStringLiteral(b):
			str = true
		case types.IsText(t):
			st, ok := t.(sql.StringType)
			if !ok || types.IsTextBlob(t) || types.IsBinaryType(t) || st.Collation() == sql.Collation_binary {
				return nil
			}
			str = true
		case isInt(t) || types.IsDecimal(t):
		case types.IsFloat(t):
			// A DOUBLE is 22 characters, a FLOAT 12 (maxCharLength), its
			// value printed as MySQL prints it (branchString.Eval:
			// floatfmt), not as GMS's conversion to text does (1e20 as
			// 100000000000000000000). A float literal has no length
			// here and leaves the branch to GMS.
		default:
			return nil
		}
		l, ok := maxCharLength(b) // concattype.go
		if !ok && floatLen != nil && types.IsFloat(t) {
			l, ok = floatLen(b) // floatlit.go
		}
		if !ok {
			return nil
		}
		n = max(n, l)
	}
	// 16383 characters of utf8mb4 are VARCHAR's 65535 bytes.
	if !str || n > 16383 {
		return nil
	}
	return &branchString{unary: unary{e}, typ: types.MustCreateStringWithDefaults(sqltypes.VarChar, n)}
}
