package server

import (
	"regexp"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

var columnNotFoundRe = re(`^column "(.+)" could not be found in any table in scope$`)

// unknownSetTarget: SET nosuch = 5 is MySQL's 1193 "Unknown system variable
// 'nosuch'"; GMS reads a bare name it does not know as a column and fails
// with 1054. Only when the missing name is one the statement assigns to
// (SET @a = nosuch stays 1054, as in MySQL). nil when it does not apply.
func unknownSetTarget(se *mysql.SQLError, query string) error {
	if firstWord(query) != "SET" {
		return nil
	}
	m := columnNotFoundRe.FindStringSubmatch(se.Message)
	if m == nil {
		return nil
	}
	target := regexp.MustCompile("(?i)(?:^\\s*SET|,)\\s*(?:(?:SESSION|LOCAL|GLOBAL)\\s+)?(`?)(" +
		regexp.QuoteMeta(m[1]) + ")`?\\s*:?=")
	t := target.FindStringSubmatch(query)
	if t == nil {
		return nil
	}
	return &mysql.SQLError{Num: 1193, State: "HY000", Message: "Unknown system variable '" + strings.TrimSpace(t[2]) + "'", Query: se.Query}
}
