package keyenc

// SkipValue returns the rest of b after one encoded value (any type), without
// decoding; used to split composite keys.
func SkipValue(b []byte) (rest []byte, err error) {
	if len(b) == 0 {
		return nil, errTruncated
	}
	m := b[0]
	switch {
	case m == mNull, m == mDecZero:
		return b[1:], nil
	case m >= mIntMin && m <= mIntMax:
		return skipInt(b)
	case m == mFloat:
		if len(b) < 9 {
			return nil, errTruncated
		}
		return b[9:], nil
	case m == mDecPos, m == mDecNeg:
		rest, err := skipInt(b[1:])
		if err != nil {
			return nil, err
		}
		var flip byte
		if m == mDecNeg {
			flip = 0xFF
		}
		for i, c := range rest {
			c ^= flip
			if c>>4 == 0 || c&0x0F == 0 {
				return rest[i+1:], nil
			}
		}
		return nil, errTruncated
	case m == mString:
		return skipWeights(b[1:])
	case m == mBytes:
		return skipEscaped(b[1:])
	case m == mTime:
		rest, err := skipInt(b[1:])
		if err != nil {
			return nil, err
		}
		return skipUvarint(rest)
	}
	return nil, errBadMarker
}

// skipInt skips one integer-family value (marker included).
func skipInt(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, errTruncated
	}
	m := b[0]
	var n int
	switch {
	case m >= mIntPos0 && m <= mIntMax:
		n = int(m - mIntPos0)
	case m >= mIntMin && m <= mIntNeg0:
		n = int(mIntNeg0 - m)
	default:
		return nil, errBadMarker
	}
	if len(b) < 1+n {
		return nil, errTruncated
	}
	return b[1+n:], nil
}
