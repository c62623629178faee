package sqlfunc

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// formatFn is FORMAT(X, D[, locale]) as MySQL 8.0 computes it
// (Item_func_format::val_str). GMS went through float64 and int64: numbers
// beyond 2^63 came out wrapped (FORMAT(1e19, 0) was
// -8,446,744,073,709,551,616), DECIMALs lost digits past 15
// (FORMAT(12345678901234567.255, 2) ...568.00), dates were Unix
// timestamps, TIMEs NULL, a non-numeric string NULL (MySQL 0.00), and
// locales used CLDR's separators rather than MySQL's table.
//
// MySQL: an integer or DECIMAL X is rounded as a DECIMAL (half away from
// zero); anything else is read as a DOUBLE, rounded with my_double_round
// (rint of X * 10^D) and printed with its shortest digits, zeros after
// them; D is clamped to 0..30 (FORMAT_MAX_DECIMALS); an unknown or NULL
// locale is en_US with warning 1649.
type formatFn struct{ *function.Format }

func newFormat(args ...sql.Expression) (sql.Expression, error) {
	f, err := function.NewFormat(args...)
	if err != nil {
		return nil, err
	}
	return &formatFn{f.(*function.Format)}, nil
}

func (f *formatFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newFormat(children...)
}

// formatMaxDecimals is MySQL's FORMAT_MAX_DECIMALS (MariaDB allows 38).
const formatMaxDecimals = 30

// erUnknownLocale is MySQL's ER_UNKNOWN_LOCALE.
const erUnknownLocale = 1649

func (f *formatFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := f.NumValue.Eval(ctx, row)
	if err != nil || x == nil {
		return nil, err
	}
	dv, err := f.NumDecimalPlaces.Eval(ctx, row)
	if err != nil || dv == nil {
		return nil, err
	}
	df, err := toFloat(ctx, dv)
	if err != nil {
		return nil, err
	}
	dec := int(min(max(math.Round(df), 0), formatMaxDecimals))
	loc := mysqlLocales["en_US"]
	if f.Locale != nil {
		lv, err := f.Locale.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		name := "NULL"
		if lv != nil {
			s, _, err := types.LongText.Convert(ctx, lv)
			if err != nil {
				return nil, err
			}
			name, _ = s.(string)
		}
		if l, ok := lookupLocale(name); ok {
			loc = l
		} else {
			ctx.Warn(erUnknownLocale, "Unknown locale: '%s'", name)
		}
	}
	var text string
	if t := f.NumValue.Type(); types.IsDecimal(t) || types.IsInteger(t) {
		d, ok := exactDecimal(x, t)
		if !ok {
			fl, err := toFloat(ctx, x)
			if err != nil {
				return nil, err
			}
			d = decimal.NewFromFloat(fl)
		}
		text = d.Round(int32(dec)).StringFixed(int32(dec))
	} else {
		switch v := x.(type) {
		case time.Time, types.Timespan:
			// A date, datetime or time reads as YYYYMMDD[hhmmss[.f]] or hhmmss.
			if d, ok := exactDecimal(v, t); ok {
				x = d.InexactFloat64()
			}
		case []byte:
			// A hexadecimal or bit literal is a number here (Item_hex_string::val_real).
			if _, lit := f.NumValue.(*expression.Literal); lit && len(v) <= 8 {
				var u uint64
				for _, c := range v {
					u = u<<8 | uint64(c)
				}
				x = u
			}
		}
		fl, err := toFloat(ctx, x)
		if err != nil {
			return nil, err
		}
		text = formatDouble(myDoubleRound(fl, dec), dec)
	}
	return groupDigits(text, dec, loc), nil
}

// myDoubleRound is MySQL's my_double_round for a non-negative number of
// decimals: rint (half to even) of x * 10^dec, unless that overflows.
func myDoubleRound(x float64, dec int) float64 {
	p := math.Pow10(dec)
	m := x * p
	if math.IsInf(m, 0) {
		return x
	}
	return math.RoundToEven(m) / p
}

// formatDouble prints x in fixed notation with exactly dec decimals: its
// shortest round-trip digits and zeros after them, as MySQL's set_real
// (my_fcvt) prints 1e300 and 2/3 (0.66666666666666660000 with 20).
func formatDouble(x float64, dec int) string {
	if x == 0 {
		x = 0 // no "-0"
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	frac := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		frac = len(s) - i - 1
	}
	switch {
	case frac > dec:
		s = strconv.FormatFloat(x, 'f', dec, 64)
	case frac < dec:
		if frac == 0 {
			s += "."
		}
		s += strings.Repeat("0", dec-frac)
	}
	if strings.HasPrefix(s, "-") && strings.Trim(s[1:], "0.") == "" {
		s = s[1:]
	}
	return s
}

// mysqlLocale is what FORMAT needs of one of MySQL's locales
// (sql/sql_locale.cc): its decimal point, thousands separator (0: none)
// and digit grouping (first group from the right, then every other
// group; 0: none).
type mysqlLocale struct {
	point, sep   byte
	first, other int
}

// lookupLocale finds name as MySQL's my_locale_by_name does, ignoring case.
func lookupLocale(name string) (mysqlLocale, bool) {
	l, ok := localesByLowerName[strings.ToLower(name)]
	return l, ok
}

var localesByLowerName = func() map[string]mysqlLocale {
	m := make(map[string]mysqlLocale, len(mysqlLocales))
	for k, l := range mysqlLocales {
		m[strings.ToLower(k)] = l
	}
	return m
}()

// groupDigits localizes s, a plain number with dec decimals: MySQL puts
// the separators only when the integer part is longer than a group.
func groupDigits(s string, dec int, l mysqlLocale) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac := s, ""
	if dec > 0 {
		intPart, frac = s[:len(s)-dec-1], s[len(s)-dec:]
	}
	if l.sep != 0 && l.first > 0 && len(intPart) > l.first {
		var groups []string
		n := l.first
		for len(intPart) > n {
			groups = append(groups, intPart[len(intPart)-n:])
			intPart = intPart[:len(intPart)-n]
			n = l.other
		}
		groups = append(groups, intPart)
		var b strings.Builder
		for i := len(groups) - 1; i >= 0; i-- {
			b.WriteString(groups[i])
			if i > 0 {
				b.WriteByte(l.sep)
			}
		}
		intPart = b.String()
	}
	if dec > 0 {
		return sign + intPart + string(l.point) + frac
	}
	return sign + intPart
}

// mysqlLocales are MySQL's locales' number formats, read from MariaDB
// 10.11's (same origin) by FORMAT(-12345678901234.5, 1, name) for every
// name in information_schema.LOCALES.
var mysqlLocales = map[string]mysqlLocale{
	"ar_AE": {'.', ',', 3, 3},
	"ar_BH": {'.', ',', 3, 3},
	"ar_DZ": {'.', ',', 3, 3},
	"ar_EG": {'.', ',', 3, 3},
	"ar_IN": {'.', ',', 3, 3},
	"ar_IQ": {'.', ',', 3, 3},
	"ar_JO": {'.', ',', 3, 3},
	"ar_KW": {'.', ',', 3, 3},
	"ar_LB": {'.', ',', 3, 3},
	"ar_LY": {'.', ',', 3, 3},
	"ar_MA": {'.', ',', 3, 3},
	"ar_OM": {'.', ',', 3, 3},
	"ar_QA": {'.', ',', 3, 3},
	"ar_SA": {'.', 0, 0, 0},
	"ar_SD": {'.', ',', 3, 3},
	"ar_SY": {'.', ',', 3, 3},
	"ar_TN": {'.', ',', 3, 3},
	"ar_YE": {'.', ',', 3, 3},
	"be_BY": {',', '.', 3, 3},
	"bg_BG": {',', 0, 0, 0},
	"ca_ES": {',', 0, 0, 0},
	"cs_CZ": {',', ' ', 3, 3},
	"da_DK": {',', '.', 3, 3},
	"de_AT": {',', 0, 0, 0},
	"de_BE": {',', '.', 3, 3},
	"de_CH": {'.', '\'', 3, 3},
	"de_DE": {',', '.', 3, 3},
	"de_LU": {',', '.', 3, 3},
	"el_GR": {',', '.', 0, 0},
	"en_AU": {'.', ',', 3, 3},
	"en_CA": {'.', ',', 3, 3},
	"en_GB": {'.', ',', 3, 3},
	"en_IN": {'.', ',', 3, 2},
	"en_NZ": {'.', ',', 3, 3},
	"en_PH": {'.', ',', 3, 3},
	"en_US": {'.', ',', 3, 3},
	"en_ZA": {'.', ',', 3, 3},
	"en_ZW": {'.', ',', 3, 3},
	"es_AR": {',', '.', 3, 3},
	"es_BO": {',', '.', 3, 3},
	"es_CL": {',', '.', 3, 3},
	"es_CO": {',', '.', 3, 3},
	"es_CR": {',', ' ', 3, 3},
	"es_DO": {'.', ',', 3, 3},
	"es_EC": {',', '.', 3, 3},
	"es_ES": {',', '.', 3, 3},
	"es_GT": {'.', ',', 3, 3},
	"es_HN": {'.', ',', 3, 3},
	"es_MX": {'.', ',', 3, 3},
	"es_NI": {'.', ',', 3, 3},
	"es_PA": {'.', ',', 3, 3},
	"es_PE": {'.', ',', 3, 3},
	"es_PR": {'.', ',', 3, 3},
	"es_PY": {',', '.', 3, 3},
	"es_SV": {'.', ',', 3, 3},
	"es_US": {'.', ',', 3, 3},
	"es_UY": {',', '.', 3, 3},
	"es_VE": {',', '.', 3, 3},
	"et_EE": {',', ' ', 3, 3},
	"eu_ES": {',', 0, 0, 0},
	"fi_FI": {',', ' ', 3, 3},
	"fo_FO": {',', '.', 3, 3},
	"fr_BE": {',', '.', 0, 0},
	"fr_CA": {',', ' ', 0, 0},
	"fr_CH": {',', 0, 0, 0},
	"fr_FR": {',', 0, 0, 0},
	"fr_LU": {',', 0, 0, 0},
	"gl_ES": {',', 0, 0, 0},
	"gu_IN": {'.', ',', 3, 3},
	"he_IL": {'.', ',', 3, 3},
	"hi_IN": {'.', ',', 3, 3},
	"hr_HR": {',', 0, 0, 0},
	"hu_HU": {',', '.', 3, 3},
	"id_ID": {',', '.', 3, 3},
	"is_IS": {',', '.', 3, 3},
	"it_CH": {',', '\'', 3, 3},
	"it_IT": {',', 0, 0, 0},
	"ja_JP": {'.', ',', 3, 3},
	"ka_GE": {',', ' ', 3, 3},
	"ko_KR": {'.', ',', 3, 3},
	"lt_LT": {',', '.', 3, 3},
	"lv_LV": {',', ' ', 3, 3},
	"mk_MK": {',', ' ', 3, 3},
	"mn_MN": {',', '.', 3, 3},
	"ms_MY": {'.', ',', 3, 3},
	"nb_NO": {',', '.', 3, 3},
	"nl_BE": {',', '.', 0, 0},
	"nl_NL": {',', 0, 0, 0},
	"no_NO": {',', '.', 3, 3},
	"pl_PL": {',', 0, 0, 0},
	"pt_BR": {',', 0, 0, 0},
	"pt_PT": {',', 0, 0, 0},
	"rm_CH": {',', '\'', 3, 3},
	"ro_RO": {',', '.', 3, 3},
	"ru_RU": {',', ' ', 3, 3},
	"ru_UA": {',', '.', 3, 3},
	"sk_SK": {',', ' ', 3, 3},
	"sl_SI": {',', ' ', 0, 0},
	"sq_AL": {',', '.', 3, 3},
	"sr_RS": {'.', 0, 0, 0},
	"sv_FI": {',', ' ', 3, 3},
	"sv_SE": {',', ' ', 3, 3},
	"ta_IN": {'.', ',', 3, 2},
	"te_IN": {'.', ',', 3, 2},
	"th_TH": {'.', ',', 3, 3},
	"tr_TR": {',', '.', 3, 3},
	"uk_UA": {',', '.', 3, 3},
	"ur_PK": {'.', ',', 3, 3},
	"vi_VN": {',', '.', 3, 3},
	"zh_CN": {'.', ',', 3, 3},
	"zh_HK": {'.', ',', 3, 3},
	"zh_TW": {'.', ',', 3, 3},
}
