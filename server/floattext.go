package server

import (
	"strconv"
	"strings"
)

// floatText is a FLOAT value (no declared scale) as MySQL's text protocol
// prints it (my_gcvt with MY_GCVT_ARG_FLOAT): rounded to FLT_DIG = 6
// significant digits, trailing zeros dropped; fixed notation while the
// decimal exponent is within -15..14, scientific past it with no '+' and no
// zero padding in the exponent ("1.84467e19", "1e-20"). GMS printed the
// shortest text that reads back as the float ("12345.678" where MySQL says
// "12345.7", "1.8446744e+19").
func floatText(f float32) []byte {
	// 'e' with 5 decimals rounds the float's exact value to 6 digits, as
	// dtoa does.
	s := strconv.FormatFloat(float64(f), 'e', 5, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, expText, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	if digits == "" {
		digits = "0"
	}
	out := make([]byte, 0, 24)
	if neg {
		out = append(out, '-')
	}
	if digits == "0" {
		return append(out, '0')
	}
	if exp < -15 || exp > 14 {
		out = append(out, digits[0])
		if len(digits) > 1 {
			out = append(out, '.')
			out = append(out, digits[1:]...)
		}
		out = append(out, 'e')
		return strconv.AppendInt(out, int64(exp), 10)
	}
	if exp < 0 {
		out = append(out, '0', '.')
		for i := -1; i > exp; i-- {
			out = append(out, '0')
		}
		return append(out, digits...)
	}
	if len(digits) <= exp+1 {
		out = append(out, digits...)
		for i := len(digits); i <= exp; i++ {
			out = append(out, '0')
		}
		return out
	}
	out = append(out, digits[:exp+1]...)
	out = append(out, '.')
	return append(out, digits[exp+1:]...)
}
