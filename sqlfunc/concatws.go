package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// CONCAT_WS's result type. GMS types it LONGTEXT in utf8mb4_0900_bin, so
// of latin1 columns LENGTH counted UTF-8 bytes (`CONCAT_WS(',', v, v)` of
// 'éé' was 9; MySQL 5), HEX showed C3A9, and the result field was a BLOB.
// MySQL's Item_func_concat_ws::resolve_type aggregates the arguments'
// collations and adds up their lengths, the separator's once between each
// two: VARCHAR(21) in latin1 here. The same derivation as CONCAT's
// (concatArgsType) over the values and the separators.

func newConcatWS(args ...sql.Expression) (sql.Expression, error) {
	in, err := gmsBuiltin("concat_ws").NewInstance(args)
	if err != nil {
		return nil, err
	}
	return &concatFn{fixedFn{inner: in, typ: concatWSType}}, nil
}

func concatWSType(inner sql.Expression) sql.Type {
	args := inner.Children()
	if len(args) < 2 {
		return types.LongText
	}
	// The values, then the separator once per gap.
	parts := append([]sql.Expression(nil), args[1:]...)
	for i := 2; i < len(args); i++ {
		parts = append(parts, args[0])
	}
	if _, isBinary := binaryConcatType(args); isBinary {
		// CONCAT_WS of binary strings keeps GMS's evaluation, which
		// converts its arguments to text.
		return types.LongText
	}
	return concatArgsType(parts)
}
