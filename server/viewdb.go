package server

import (
	"regexp"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqlfunc"
)

// currentDBCall finds DATABASE() and SCHEMA() calls.
var currentDBCall = regexp.MustCompile(`(?i)\b(database|schema)\s*\(\s*\)`)

// borrowViewDatabase is borrowDatabase also for a statement that asks for
// the current database while reading a view as s.v (`SELECT DATABASE()
// FROM s.v`, which MySQL answers with NULL per row and GMS refused with
// 1046 for want of a current database): the view's schema is lent as
// borrowDatabase lends it, and DATABASE() answers NULL meanwhile
// (sqlfunc.LendDatabase). The view is found as borrowDatabase finds it,
// in the text with those calls read as NULL.
func (h *handler) borrowViewDatabase(c *mysql.Conn, query string) func() {
	sess := h.sessionOf(c)
	if sess == nil || sess.GetCurrentDatabase() != "" || !currentDBCall.MatchString(query) {
		return h.borrowDatabase(c, query)
	}
	db := h.qualifiedViewSchema(c, currentDBCall.ReplaceAllString(query, "NULL"))
	if db == "" {
		return func() {}
	}
	release := sqlfunc.LendDatabase(sess.ID())
	sess.SetCurrentDatabase(db)
	return func() {
		sess.SetCurrentDatabase("")
		release()
	}
}
