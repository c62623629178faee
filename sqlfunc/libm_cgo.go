//go:build cgo

package sqlfunc

/*
#cgo LDFLAGS: -lm
#include <math.h>
*/
import "C"

// The C library's trigonometric functions, which MySQL calls: Go's math
// package differs from glibc in the last bit for some arguments (Go's
// math.Sin(2.5) is 0.5984721441039564, glibc's and MySQL's
// 0.5984721441039565).
var (
	libmSin  = func(x float64) float64 { return float64(C.sin(C.double(x))) }
	libmCos  = func(x float64) float64 { return float64(C.cos(C.double(x))) }
	libmTan  = func(x float64) float64 { return float64(C.tan(C.double(x))) }
	libmAsin = func(x float64) float64 { return float64(C.asin(C.double(x))) }
	libmAcos = func(x float64) float64 { return float64(C.acos(C.double(x))) }
	libmAtan = func(x float64) float64 { return float64(C.atan(C.double(x))) }
)

// EXP and POW as MySQL computes them (Item_func_exp, Item_func_pow call
// exp and pow).
var (
	libmExp = func(x float64) float64 { return float64(C.exp(C.double(x))) }
	libmPow = func(x, y float64) float64 { return float64(C.pow(C.double(x), C.double(y))) }
)
