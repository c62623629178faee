package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// enumPairAsText: two ENUM or SET operands (and no number) are compared as
// strings in MySQL, as an ENUM with a string is: both are STRING_RESULT
// items (Item_func::agg_cmp_type), so `e = f` on ENUM('a','b','c') and
// ENUM('c','b','a') holds for 'a' = 'a'. GMS compared the indexes (1 with
// 3: false; 'b' = 'c' at index 2: true), a silent wrong answer. An equality
// of operands of one same type is left alone: equal indexes are equal
// members there (members are distinct under the collation), and an index
// on either column stays usable for it; an order (<, BETWEEN) is by text
// even then (ENUM('b','a'): 'a' < 'b' though its index is larger).
func enumPairAsText(cs []sql.Expression, enumSide []int, equality bool) bool {
	if len(enumSide) < 2 {
		return false
	}
	for _, c := range cs {
		switch t := c.Type(); {
		case t == types.Null, isEnumOrSet(t), types.IsText(t):
		default:
			// A number among them: MySQL compares by number, the
			// ENUM's index; left to GMS.
			return false
		}
	}
	if !equality {
		return true
	}
	first := cs[enumSide[0]].Type()
	for _, i := range enumSide[1:] {
		if !first.Equals(cs[i].Type()) {
			return true
		}
	}
	return false
}
