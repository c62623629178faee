package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Type is MySQL 8.0's Item_func_format::resolve_type (sql/item_strfunc.cc):
// a VARCHAR of the number's max_char_length c, room for its group
// separators (c/3), a decimal point and a sign, and FORMAT_MAX_DECIMALS (30)
// digits, whatever D and the locale are. GMS typed it LONGTEXT, so CREATE
// TABLE ... SELECT FORMAT(d, 2, 'de_DE') made a longtext column (MySQL
// varchar(42) for a DECIMAL(6,2); MariaDB counts D: varchar(9)). Where the
// argument's length cannot be told (a FLOAT literal, whose length is its
// text as written, or a long string) the type stays GMS's.
func (f *formatFn) Type() sql.Type {
	c, ok := maxCharLength(f.NumValue) // concattype.go
	if !ok {
		return types.LongText
	}
	n := c + c/3 + 2 + formatMaxDecimals
	// VARCHAR's 65535 bytes hold 16383 utf8mb4 characters; MySQL makes a
	// longer string a TEXT type.
	if n > 16383 {
		return types.LongText
	}
	t, err := types.CreateString(sqltypes.VarChar, n, types.LongText.Collation())
	if err != nil {
		return types.LongText
	}
	return t
}
