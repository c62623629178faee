// Package floatfmt owns the text MySQL prints for a DOUBLE or FLOAT value
// without a declared scale (my_gcvt in MySQL's strings/dtoa.cc): the text
// protocol's columns, expressions and aggregates, and JSON's doubles.
// Go's 'g' format switches to an exponent from 1e21 ('f' never does) and
// writes "e+06"; MySQL's exponent has neither '+' nor padding and its
// switch points differ.
package floatfmt

import (
	"bytes"
	"math"
	"strconv"
)

// AppendDouble appends f as my_gcvt(MY_GCVT_ARG_DOUBLE) prints it: the
// shortest digits that read back as f; fixed notation while the decimal
// point falls within 14 places before the first digit and 15 after it (or
// the digits reach past it), scientific past that ("1e15", "1.5e-16",
// "1234567890123456.8"). Checked against MariaDB 10.11, which prints as
// MySQL 8.0 does (floatfmt_test.go).
func AppendDouble(b []byte, f float64) []byte {
	if math.Signbit(f) {
		b = append(b, '-')
		f = -f
	}
	if f == 0 {
		return append(b, '0')
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	return appendDigits(b, s)
}

// AppendFloat appends f as my_gcvt(MY_GCVT_ARG_FLOAT) prints a FLOAT
// column's value: rounded to FLT_DIG = 6 significant digits, trailing
// zeros dropped, with the fixed/scientific choice of AppendDouble
// ("12345.7", "1.84467e19", "3.4e38").
func AppendFloat(b []byte, f float32) []byte {
	if math.Signbit(float64(f)) {
		b = append(b, '-')
		f = -f
	}
	if f == 0 {
		return append(b, '0')
	}
	var buf [32]byte
	// 'e' with 5 decimals rounds the float's exact value to 6 digits, as
	// dtoa does; the trailing zeros are dropped below.
	s := strconv.AppendFloat(buf[:0], float64(f), 'e', 5, 64)
	return appendDigits(b, s)
}

// appendDigits rewrites s, a positive number in Go's 'e' form
// ("d.ddde±XX"), in MySQL's form.
func appendDigits(b, s []byte) []byte {
	var digits [24]byte
	n := 0
	i := 0
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] != '.' {
			digits[n] = s[i]
			n++
		}
	}
	for n > 1 && digits[n-1] == '0' {
		n--
	}
	exp, _ := strconv.Atoi(string(s[i+1:]))
	d := digits[:n]
	decpt := exp + 1 // the digits are 0.d1d2... × 10^decpt
	if decpt >= -14 && (decpt <= 15 || len(d) > decpt) {
		switch {
		case decpt <= 0:
			b = append(b, '0', '.')
			for j := decpt; j < 0; j++ {
				b = append(b, '0')
			}
			return append(b, d...)
		case len(d) <= decpt:
			b = append(b, d...)
			for j := len(d); j < decpt; j++ {
				b = append(b, '0')
			}
			return b
		}
		b = append(b, d[:decpt]...)
		b = append(b, '.')
		return append(b, d[decpt:]...)
	}
	b = append(b, d[0])
	if len(d) > 1 {
		b = append(b, '.')
		b = append(b, d[1:]...)
	}
	b = append(b, 'e')
	return strconv.AppendInt(b, int64(exp), 10)
}

// AppendFixed appends f with d decimals as MySQL's my_fcvt prints a DOUBLE
// of fixed decimals: rounded to d places when its shortest round-trip text
// has more, otherwise that text padded with zeros. PI() + 0.000000000000000000
// is 3.141592653589793000, where printing the binary value to 18 places
// gave 3.141592653589793116. bits is 32 for a FLOAT.
func AppendFixed(b []byte, f float64, d, bits int) []byte {
	// The shortest text is written in place (no allocation per value:
	// the server calls this for every row of such a column).
	start := len(b)
	b = strconv.AppendFloat(b, f, 'f', -1, bits)
	frac := 0
	if i := bytes.IndexByte(b[start:], '.'); i >= 0 {
		frac = len(b) - start - i - 1
	}
	if frac > d {
		return strconv.AppendFloat(b[:start], f, 'f', d, bits)
	}
	if d > 0 && frac == 0 {
		b = append(b, '.')
	}
	for ; frac < d; frac++ {
		b = append(b, '0')
	}
	return b
}
