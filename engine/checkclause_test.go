package engine

import (
	"strings"
	"testing"
)

func TestCheckClause(t *testing.T) {
	cols := map[string]bool{"up_votes": true, "name": true, "a": true, "b c": true, "is": true, "t": true}
	isColumn := func(s string) bool { return cols[strings.ToLower(s)] }
	for in, want := range map[string]string{
		"(up_votes >= 0)":                        "(`up_votes` >= 0)",
		"(UP_VOTES >= 0)":                        "(`UP_VOTES` >= 0)",
		"((a > 0) AND (`b c` < 'a'))":            "((`a` > 0) AND (`b c` < 'a'))",
		"lower(name) = 'name' and a is not null": "lower(`name`) = 'name' and `a` is not null",
		"(t.a > 0)":                              "(t.a > 0)",
		"(other > a)":                            "(other > `a`)",
		"(\"a\" = a)":                            "(\"a\" = `a`)",
		"a(1) > 0":                               "a(1) > 0",
	} {
		if got := checkClause(in, isColumn); got != want {
			t.Errorf("checkClause(%q) = %q, want %q", in, got, want)
		}
	}
}
