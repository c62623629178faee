package sqlfunc

import (
	"strings"
	"time"
)

// weekFormat: the format has a week specifier (%U %u %V %v) or a week
// year (%X %x), which GMS's parser (dateparse) does not know: STR_TO_DATE
// answered NULL where MySQL makes a date of the year, week and weekday.
func weekFormat(format string) bool {
	for i := 0; i+1 < len(format); i++ {
		if format[i] == '%' {
			if strings.IndexByte("UuVvXx", format[i+1]) >= 0 {
				return true
			}
			i++
		}
	}
	return false
}

// strToDateWeek is MySQL's extract_date_time (sql_time.cc) for a format
// with week specifiers, over the specifiers such a format is written
// with: numbers %Y %y %X %x %V %v %U %u %w %m %c %d %e %j, names %W %a %M
// %b, %%, and literal characters. handled is false for any other
// specifier (the caller refuses the statement rather than guess).
func strToDateWeek(input, format string) (t time.Time, st weekStatus) {
	year, month, day, yearday := 0, 0, 0, 0
	weekNumber, weekday := -1, 0
	strictWeek, sundayFirst := false, false
	weekYear, weekYearSundayFirst := -1, false
	i := 0
	skipSpaces := func() {
		for i < len(input) && (input[i] == ' ' || input[i] == '\t') {
			i++
		}
	}
	number := func(width int) (int, bool) {
		skipSpaces()
		start := i
		for i < len(input) && i-start < width && input[i] >= '0' && input[i] <= '9' {
			i++
		}
		if i == start {
			return 0, false
		}
		n := 0
		for _, c := range input[start:i] {
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	// name is check_word: the letters at i, one of names (or of their
	// three-letter forms) or a prefix of only one of them (find_type's
	// part_match).
	name := func(names []string, short bool) (int, bool) {
		skipSpaces()
		start := i
		for i < len(input) && (input[i]|0x20 >= 'a' && input[i]|0x20 <= 'z') {
			i++
		}
		word := strings.ToLower(input[start:i])
		found := 0
		for k, n := range names {
			n = strings.ToLower(n)
			if short {
				n = n[:3]
			}
			if n == word {
				return k + 1, true
			}
			if word != "" && strings.HasPrefix(n, word) {
				if found != 0 {
					return 0, false
				}
				found = k + 1
			}
		}
		return found, found != 0
	}
	for p := 0; p < len(format); p++ {
		c := format[p]
		if c == ' ' || c == '\t' {
			continue // a space in the format matches nothing
		}
		if c != '%' || p+1 == len(format) {
			skipSpaces()
			if i >= len(input) || input[i] != c {
				return t, weekNull
			}
			i++
			continue
		}
		p++
		var v int
		var got bool
		switch s := format[p]; s {
		case 'Y':
			start := i
			if year, got = number(4); got && i-start <= 2 {
				year = year2(year) // year_2000_handling; not for %X and %x
			}
		case 'X', 'x':
			if weekYear, got = number(4); got {
				weekYearSundayFirst = s == 'X'
			}
		case 'y':
			if v, got = number(2); got {
				year = year2(v)
			}
		case 'V', 'v', 'U', 'u':
			if v, got = number(2); got {
				weekNumber = v
				if weekNumber < 0 || (s == 'V' || s == 'v') && weekNumber == 0 || weekNumber > 53 {
					return t, weekNull
				}
				strictWeek = s == 'V' || s == 'v'
				sundayFirst = s == 'V' || s == 'U'
			}
		case 'w':
			if v, got = number(1); got {
				if v >= 7 {
					return t, weekNull
				}
				if v == 0 {
					v = 7
				}
				weekday = v
			}
		case 'W', 'a':
			weekday, got = name(dayNames[:], s == 'a') // datepart.go
		case 'M', 'b':
			month, got = name(monthNames[:], s == 'b')
		case 'm', 'c':
			month, got = number(2)
		case 'd', 'e':
			day, got = number(2)
		case 'j':
			yearday, got = number(3)
		case '%':
			skipSpaces()
			got = i < len(input) && input[i] == '%'
			i++
		default:
			return t, weekUnknown
		}
		if !got {
			return t, weekNull
		}
	}
	if yearday > 0 || month > 12 || day > 31 {
		if yearday > 0 {
			return t, weekUnknown
		}
		return t, weekNull
	}
	if weekNumber >= 0 && weekday != 0 {
		// %V and %v need %X and %x of the same kind; %U and %u take %Y.
		if strictWeek && (weekYear < 0 || weekYearSundayFirst != sundayFirst) || !strictWeek && weekYear >= 0 {
			return t, weekNull
		}
		y := year
		if strictWeek {
			y = weekYear
		}
		if y < 1 {
			return t, weekNull
		}
		jan1 := dayNumber(y, 1, 1)
		// calc_weekday: 0 is Monday, or Sunday when sundayFirst.
		first := (jan1 + 5) % 7
		if sundayFirst {
			first = (jan1 + 6) % 7
		}
		days := jan1
		if sundayFirst {
			if first != 0 {
				days += 7
			}
			days += -first + (weekNumber-1)*7 + weekday%7
		} else {
			if first > 3 {
				days += 7
			}
			days += -first + (weekNumber-1)*7 + (weekday - 1)
		}
		if days <= 0 || days > 3652424 {
			return t, weekNull
		}
		d := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, days-jan1)
		return d, weekOK
	}
	if month == 0 && day == 0 && year == 0 {
		return t, weekZeroDate
	}
	if month == 0 || day == 0 {
		return t, weekZeroPart
	}
	d := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if d.Day() != day {
		return t, weekNull
	}
	return d, weekOK
}

// weekStatus is strToDateWeek's answer.
type weekStatus int

const (
	weekOK       weekStatus = iota
	weekNull                // NULL with 1411
	weekZeroDate            // 0000-00-00 (no weekday read): sql_mode decides
	weekZeroPart            // a zero month or day: sql_mode decides
	weekUnknown             // a specifier not followed here
)

// year2 is a two-digit year as MySQL reads one: 70-99 are 1970-1999.
func year2(v int) int {
	if v < 70 {
		return v + 2000
	}
	if v < 100 {
		return v + 1900
	}
	return v
}
