//go:build !cgo

package sqlfunc

import "math"

// Without cgo there is no C library to call: Go's functions, which can
// differ from MySQL's in the last bit.
var (
	libmSin  = math.Sin
	libmCos  = math.Cos
	libmTan  = math.Tan
	libmAsin = math.Asin
	libmAcos = math.Acos
	libmAtan = math.Atan
	libmExp  = math.Exp
	libmPow  = math.Pow
)
