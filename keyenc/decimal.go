package keyenc

import (
	"math/big"
	"reflect"
	"unsafe"

	"github.com/shopspring/decimal"
)

// decimalLayout mirrors shopspring/decimal.Decimal's fields. It is only used
// after decimalLayoutOK verified (once, via reflection) that the real struct
// has exactly this layout; otherwise the allocating Coefficient() is used.
type decimalLayout struct {
	value *big.Int
	exp   int32
}

var decimalLayoutOK = func() bool {
	rt := reflect.TypeOf(decimal.Decimal{})
	lt := reflect.TypeOf(decimalLayout{})
	if rt.Size() != lt.Size() || rt.NumField() != lt.NumField() {
		return false
	}
	for i := 0; i < rt.NumField(); i++ {
		rf, lf := rt.Field(i), lt.Field(i)
		if rf.Name != lf.Name || rf.Type != lf.Type || rf.Offset != lf.Offset {
			return false
		}
	}
	return true
}()

// decimalCoefficient returns d's unscaled value without copying it when
// possible. The result must not be modified. It may be nil for a zero value.
func decimalCoefficient(d *decimal.Decimal) *big.Int {
	if decimalLayoutOK {
		return (*decimalLayout)(unsafe.Pointer(d)).value
	}
	return d.Coefficient()
}
