package server

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// The diagnostics area as MySQL keeps it (sql_error.cc, sql_parse.cc):
// GMS's session holds the warnings and notes of the last statement but not
// its error, answers SHOW ERRORS and SHOW COUNT(*) WARNINGS/ERRORS with
// 1105, and knows neither @@warning_count nor @@error_count, which ORMs and
// the mysql CLI read.

func init() {
	for _, name := range []string{"warning_count", "error_count"} {
		if _, _, ok := sql.SystemVariables.GetGlobal(name); ok {
			continue
		}
		// Dynamic only so that the handler can set the session's value
		// before a statement reads it; a client's SET is refused
		// (diagSetRe) as MySQL's read-only variables are.
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
			Name:    name,
			Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Session),
			Dynamic: true,
			Type:    types.NewSystemUintType(name, 0, 65535),
			Default: uint64(0),
		}})
	}
}

var (
	// showDiagRe is SHOW WARNINGS/ERRORS [LIMIT [offset,] n] and SHOW
	// COUNT(*) WARNINGS/ERRORS (GMS's planner refuses all but SHOW
	// WARNINGS, which it lists newest first).
	showDiagRe = regexp.MustCompile(`(?is)^\s*SHOW\s+(?:(COUNT\s*\(\s*\*\s*\)\s+)?(WARNINGS|ERRORS))(?:\s+LIMIT\s+(\d+)(?:\s*,\s*(\d+))?)?\s*;?\s*$`)
	// diagSetRe finds a SET of the two read-only counts (not of a user
	// variable @warning_count, which MySQL allows).
	diagSetRe = regexp.MustCompile(`(?is)^\s*SET\b[^;]*?(?:[^@\w]|@@|@@\w+\.)(warning_count|error_count)\s*:?=`)
	// tablelessRe is a SELECT, SET or DO without the word FROM: it uses no
	// table (Myriad has no stored functions that could read one), so in
	// MySQL (sql_parse.cc resets the conditions only for a statement with
	// tables) it leaves the previous statement's conditions listed. A text
	// with the word FROM is parsed to see whether it names a table
	// (usesTable).
	tablelessRe = regexp.MustCompile(`(?is)^\s*(?:SELECT|SET|DO)\b`)
	fromWordRe  = regexp.MustCompile(`(?i)\bFROM\b`)
)

// diagState is what the handler remembers of a statement's start to keep
// the diagnostics area as MySQL does when the statement ends.
type diagState struct {
	sess *sql.Context
	prev []*sql.Warning // newest first, as sql.Session.Warnings
	keep bool           // the statement uses no table: prev survives it (one statement only)
}

// diagBefore sets @@warning_count and @@error_count to the previous
// statement's counts when the text may read them, and refuses a SET of
// either (1238).
func (h *handler) diagBefore(c *mysql.Conn, query string) (diagState, error) {
	sess := h.sessionOf(c)
	if sess == nil {
		return diagState{}, nil
	}
	d := diagState{sess: sess, prev: sess.Warnings()}
	if mentionsCount(query) {
		if m := diagSetRe.FindStringSubmatch(query); m != nil {
			return d, mysql.NewSQLError(mysql.ERIncorrectGlobalLocalVar, "HY000", "Variable '%s' is a read only variable", strings.ToLower(m[1]))
		}
		if strings.Contains(query, "@@") {
			errs := 0
			for _, w := range d.prev {
				if w.Level == "Error" {
					errs++
				}
			}
			_ = sess.SetSessionVariable(sess, "warning_count", uint64(len(d.prev)))
			_ = sess.SetSessionVariable(sess, "error_count", uint64(errs))
		}
	}
	d.keep = len(d.prev) > 0 && tablelessRe.MatchString(query) && !strings.Contains(query, ";") &&
		(!fromWordRe.MatchString(query) || !usesTable(query)) // diagtables.go
	return d, nil
}

// after lists a failed statement's error as MySQL does (Level Error, after
// the statement's own warnings, clearing the previous statement's), and
// gives back the previous statement's conditions to a statement that used
// no table and raised none.
func (d diagState) after(err error) {
	if d.sess == nil {
		return
	}
	cur := d.sess.Warnings()
	same := len(cur) == len(d.prev) && (len(cur) == 0 || cur[0] == d.prev[0])
	if err != nil {
		if !same {
			// The statement cleared the list; its own conditions stay.
		} else if len(cur) > 0 {
			d.sess.ClearWarnings()
		}
		serr, _ := mysql.NewSQLErrorFromError(err).(*mysql.SQLError)
		if serr == nil {
			return
		}
		d.sess.Session.Warn(&sql.Warning{Level: "Error", Code: serr.Num, Message: serr.Message})
		return
	}
	if !same {
		ignoreNotes(cur)
	}
	if d.keep && len(cur) == 0 {
		for i := len(d.prev) - 1; i >= 0; i-- {
			d.sess.Session.Warn(d.prev[i])
		}
		// The statement itself raised nothing: its OK/EOF packet says 0.
		d.sess.ClearWarningCount()
	}
}

// mentionsCount reports whether q holds "_count" in any letter case, which
// a text naming warning_count or error_count does; most texts are passed
// over without a regular expression.
func mentionsCount(q string) bool {
	for i := strings.IndexByte(q, '_'); i >= 0; {
		if len(q)-i >= 6 && strings.EqualFold(q[i:i+6], "_count") {
			return true
		}
		j := strings.IndexByte(q[i+1:], '_')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// comShowDiagnostics answers SHOW WARNINGS/ERRORS [LIMIT] and SHOW
// COUNT(*) WARNINGS/ERRORS from the session's list, with SHOW WARNINGS'
// metadata (fixShowWarnings). None of them clears the list.
// The other SHOW statements answered before parsing (comShowOpenTables)
// are tried here too, so a text not starting with SHOW is read once.
func (h *handler) comShowDiagnostics(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	w1, _ := leadingWord(query)
	if !strings.EqualFold(w1, "SHOW") {
		return false, nil
	}
	if ok, err := h.comShowOpenTables(c, query, cb); ok {
		return true, err
	}
	m := showDiagRe.FindStringSubmatch(query)
	if m == nil {
		return false, nil
	}
	sess := h.sessionOf(c)
	if sess == nil {
		return false, nil
	}
	errorsOnly := strings.EqualFold(m[2], "ERRORS")
	var list []*sql.Warning
	for _, w := range sess.Warnings() {
		if !errorsOnly || w.Level == "Error" {
			list = append(list, w)
		}
	}
	// The statement's own packet counts no condition (it raises none).
	defer sess.ClearWarningCount()
	if m[1] != "" {
		name := "@@session.warning_count"
		if errorsOnly {
			name = "@@session.error_count"
		}
		res := &sqltypes.Result{
			Fields: []*querypb.Field{{Name: name, Type: querypb.Type_UINT64, Charset: binaryCharset, ColumnLength: 21,
				Flags: uint32(querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_NUM_FLAG)}},
			Rows: [][]sqltypes.Value{{sqltypes.NewUint64(uint64(len(list)))}},
		}
		if err := cb(res, false); err != nil {
			return true, fmt.Errorf("show count(*) %s: send result: %w", m[2], err)
		}
		return true, nil
	}
	offset, limit := 0, len(list)
	if m[3] != "" {
		a, _ := strconv.Atoi(m[3])
		limit = a
		if m[4] != "" {
			b, _ := strconv.Atoi(m[4])
			offset, limit = a, b
		}
	}
	// Oldest first, as MySQL lists them (GMS's SHOW WARNINGS: newest
	// first), and only the first @@max_error_count, the most MySQL keeps.
	stored := len(list)
	if v, err := sess.GetSessionVariable(sess, "max_error_count"); err == nil {
		if n, ok := v.(int64); ok && n >= 0 && int(n) < stored {
			stored = int(n)
		}
	}
	rows := make([][]sqltypes.Value, 0, stored)
	for i := len(list) - 1; i >= len(list)-stored; i-- {
		w := list[i]
		rows = append(rows, []sqltypes.Value{
			sqltypes.MakeTrusted(querypb.Type_VARCHAR, []byte(w.Level)),
			sqltypes.NewUint32(uint32(w.Code)),
			sqltypes.MakeTrusted(querypb.Type_VARCHAR, []byte(w.Message)),
		})
	}
	rows = rows[min(offset, len(rows)):]
	rows = rows[:min(limit, len(rows))]
	fields := []*querypb.Field{
		{Name: "Level", Type: querypb.Type_VARCHAR, Charset: mysql.CharacterSetUtf8},
		{Name: "Code", Type: querypb.Type_UINT32},
		{Name: "Message", Type: querypb.Type_VARCHAR, Charset: mysql.CharacterSetUtf8},
	}
	fixShowWarnings(fields)
	if err := cb(&sqltypes.Result{Fields: fields, Rows: rows}, false); err != nil {
		return true, fmt.Errorf("show %s: send result: %w", m[2], err)
	}
	return true, nil
}

// ignoreNotes gives the conditions GMS raises for a row an IGNORE
// statement skips MySQL's level and words: a duplicate key is "Warning
// 1062 Duplicate entry '1' for key 't.PRIMARY'" (GMS: a Note prefixed
// "duplicate primary key given: "), a NULL for a NOT NULL column "Warning
// 1048 Column 'n' cannot be null", a violated CHECK "Warning 3819 Check
// constraint 'c' is violated.".
func ignoreNotes(ws []*sql.Warning) {
	for _, w := range ws {
		if w.Level != "Note" {
			continue
		}
		switch w.Code {
		case mysql.ERDupEntry:
			for _, p := range []string{"duplicate primary key given: ", "duplicate unique key given: "} {
				if m, ok := strings.CutPrefix(w.Message, p); ok {
					w.Level, w.Message = "Warning", m
				}
			}
		case mysql.ERBadNullError:
			if m := nonNullableRe.FindStringSubmatch(w.Message); m != nil {
				w.Level, w.Message = "Warning", "Column '"+m[1]+"' cannot be null"
			}
		case mysql.ERUnknownError:
			if m := checkViolatedRe.FindStringSubmatch(w.Message); m != nil {
				w.Level, w.Code, w.Message = "Warning", erCheckConstraintViolated, "Check constraint '"+m[1]+"' is violated."
			}
		}
	}
}

var nonNullableRe = regexp.MustCompile(`^column name '(.+)' is non-nullable but attempted to set a value of null$`)

// checkViolatedRe is GMS's text of a CHECK constraint a row of an IGNORE
// statement violates (sql.ErrCheckConstraintViolated), raised as a Note
// 1105; MySQL's is Warning 3819 ER_CHECK_CONSTRAINT_VIOLATED.
var checkViolatedRe = regexp.MustCompile(`^Check constraint "(.+)" violated$`)

const erCheckConstraintViolated = 3819
