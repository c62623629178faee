package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// ctasGroupConcatType is the column CREATE TABLE ... SELECT makes of a
// GROUP_CONCAT (column i of sel, also read through a derived table): MySQL
// 8.0's Item_func_group_concat::make_string_field, in the argument's
// collation (agg_item_charsets_for_string_result) and nullable (its
// maybe_null is set): max_chars = group_concat_max_len / mbminlen; past
// 512 characters (CONVERT_IF_BIGGER_TO_BLOB) a TEXT of max_chars *
// mbmaxlen bytes, else VARCHAR(max_chars). GMS's planner made `text
// COLLATE utf8mb4_0900_bin NOT NULL` (VARCHAR(512) under a small
// group_concat_max_len) whatever the argument, so a latin1 column's text
// was stored as UTF-8 (LENGTH 9 for 'éé,éé'). ok is false for any other
// column and for an argument that is no character string or is of a
// character set whose characters may be wider than one byte at least
// (ucs2, utf16, utf32: left to GMS).
func ctasGroupConcatType(ctx *sql.Context, sel sql.Node, i int) (sql.Type, bool) {
	if i < 0 || ctx == nil {
		return nil, false
	}
	gc := ctasGroupConcat(sel, i)
	if gc == nil {
		return nil, false
	}
	ch := gc.Children()
	if len(ch) == 0 {
		return nil, false
	}
	at, ok := ch[len(ch)-1].Type().(sql.StringType)
	if !ok || !types.IsTextOnly(at) {
		return nil, false
	}
	coll := at.Collation()
	switch coll.CharacterSet() {
	case sql.CharacterSet_binary, sql.CharacterSet_ucs2, sql.CharacterSet_utf16, sql.CharacterSet_utf16le, sql.CharacterSet_utf32:
		return nil, false
	}
	v, err := ctx.GetSessionVariable(ctx, "group_concat_max_len")
	if err != nil {
		return nil, false
	}
	maxChars, ok := types.CoalesceInt(v)
	if !ok || maxChars <= 0 {
		return nil, false
	}
	if maxChars > 512 {
		t, err := types.CreateString(sqltypes.Text, int64(maxChars)*coll.CharacterSet().MaxLength(), coll)
		return t, err == nil
	}
	t, err := types.CreateString(sqltypes.VarChar, int64(maxChars), coll)
	return t, err == nil
}

// ctasGroupConcat is the GROUP_CONCAT behind column i of sel: the select
// item itself, or the aggregate of the GROUP BY below that the item
// references by column id; nil for anything else.
func ctasGroupConcat(sel sql.Node, i int) *aggregation.GroupConcat {
	if i < 0 {
		return nil
	}
	e := ctasItem(sel, i)
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	switch x := e.(type) {
	case *aggregation.GroupConcat:
		if x.Window() == nil {
			return x
		}
	case *expression.GetField:
		var found *aggregation.GroupConcat
		transform.Inspect(sel, func(n sql.Node) bool {
			gb, ok := n.(*plan.GroupBy)
			if !ok || found != nil {
				return found == nil
			}
			for _, se := range gb.SelectedExprs {
				id, ok := se.(sql.IdExpression)
				if !ok || id.Id() != x.Id() || x.Id() == 0 {
					continue
				}
				if a, ok := se.(*expression.Alias); ok {
					se = a.Child
				}
				if g, ok := se.(*aggregation.GroupConcat); ok {
					found = g
				}
			}
			return found == nil
		})
		return found
	}
	return nil
}
