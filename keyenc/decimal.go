package keyenc

import (
	"math/big"

	"github.com/shopspring/decimal"
)

// decimalCoefficient returns d's unscaled value (a copy: reading the
// library's private field would save an allocation per DECIMAL key at the
// price of depending on its struct layout).
func decimalCoefficient(d *decimal.Decimal) *big.Int {
	return d.Coefficient()
}
