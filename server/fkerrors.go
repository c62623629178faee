package server

import (
	"errors"
	"regexp"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

// GMS words foreign key violations its own way and without the constraint's
// definition, which MySQL's messages quote; the engine remembers the
// constraints GMS used in the connection's statement (engine.FKDescription).
var (
	reFKChild   = regexp.MustCompile("^cannot add or update a child row - Foreign key violation on fk: `(.*)`, table: `(.*)`, referenced table: `.*`, key: `.*`$")
	reFKParent  = regexp.MustCompile("^cannot delete or update a parent row - Foreign key violation on fk: `(.*)`, table: `(.*)`, referenced table: `.*`, key: `.*`$")
	reFKDrop    = regexp.MustCompile("^cannot drop table `(.*)` as it is referenced in foreign key `(.*)`$")
	reFKIndex   = regexp.MustCompile("^cannot drop index: `(.*)` is used by foreign key `.*`$")
	reFKUnres   = regexp.MustCompile("^cannot add or update a child row: a foreign key constraint fails (.*)$")
	reCheck     = regexp.MustCompile(`^Check constraint "(.*)" violated$`)
	reTrunc     = regexp.MustCompile("^cannot truncate table (.*) as it is referenced in foreign key (.*) on table (.*)$")
	reDropCol   = regexp.MustCompile("^cannot drop column `(.*)` as it is used in foreign key `(.*)`$")
	reMissIdx   = regexp.MustCompile("^missing index for foreign key `(.*)` on the referenced table `(.*)`$")
	reTypeMis   = regexp.MustCompile("^column type mismatch on `(.*)` and `(.*)`$")
	reTypeChg   = regexp.MustCompile("^unable to change type of column `(.*)` as it is used by foreign keys$")
	reSetNull   = regexp.MustCompile("^cannot use SET NULL as column `(.*)` is non-nullable$")
	reSetNull2  = regexp.MustCompile("^column `(.*)` must allow NULL values as foreign key `(.*)` has SET NULL$")
	reCreateTbl = regexp.MustCompile("(?i)^\\s*CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:`?[^`.\\s]+`?\\.)?`?([^`.\\s(]+)`?")
	reNoConstr  = regexp.MustCompile(`^Constraint "(.*)" does not exist$`)
	reDropChk   = regexp.MustCompile(`(?i)\bDROP\s+CHECK\b`)
)

func (h *handler) fkError(err error, connID uint32, query string) error {
	var se *mysql.SQLError
	if !errors.As(err, &se) {
		return nil
	}
	msg := se.Message
	// One regexp run per candidate: match keeps the submatches of the
	// pattern that matched for the case body.
	var m []string
	match := func(re *regexp.Regexp) bool {
		m = re.FindStringSubmatch(msg)
		return m != nil
	}
	switch {
	case match(reFKChild):
		return h.fkFails(connID, se, mysql.ErNoReferencedRow2, "Cannot add or update a child row", m[2], m[1])
	case match(reFKParent):
		return h.fkFails(connID, se, mysql.ERRowIsReferenced2, "Cannot delete or update a parent row", m[2], m[1])
	case match(reFKUnres):
		return &mysql.SQLError{Num: mysql.ErNoReferencedRow2, State: "23000", Query: se.Query,
			Message: "Cannot add or update a child row: a foreign key constraint fails " + m[1]}
	case match(reFKDrop):
		child := "?"
		if t, ok := h.eng.FKTable(connID, m[2]); ok {
			child = t
		}
		return &mysql.SQLError{Num: 3730, State: "HY000", Query: se.Query,
			Message: "Cannot drop table '" + m[1] + "' referenced by a foreign key constraint '" + m[2] + "' on table '" + child + "'."}
	case match(reFKIndex):
		return &mysql.SQLError{Num: 1553, State: "HY000", Query: se.Query,
			Message: "Cannot drop index '" + m[1] + "': needed in a foreign key constraint"}
	case match(reTrunc):
		// GMS checks the tables of the current database only.
		return &mysql.SQLError{Num: 1701, State: "42000", Query: se.Query,
			Message: "Cannot truncate a table referenced in a foreign key constraint (`" + h.eng.CurrentDatabase(connID) + "`.`" + m[3] + "`, CONSTRAINT `" + m[2] + "`)"}
	case match(reDropCol):
		return &mysql.SQLError{Num: 1828, State: "HY000", Query: se.Query,
			Message: "Cannot drop column '" + m[1] + "': needed in a foreign key constraint '" + m[2] + "'"}
	case match(reMissIdx):
		if m[1] == "" {
			// GMS checks before it names the key; CREATE TABLE's first
			// unnamed key is <table>_ibfk_1.
			if c := reCreateTbl.FindStringSubmatch(query); c != nil {
				m[1] = c[1] + "_ibfk_1"
			}
		}
		return &mysql.SQLError{Num: 1822, State: "HY000", Query: se.Query,
			Message: "Failed to add the foreign key constraint. Missing index for constraint '" + m[1] + "' in the referenced table '" + m[2] + "'"}
	case match(reTypeMis):
		// GMS does not name the constraint, which MySQL's message does.
		return &mysql.SQLError{Num: 3780, State: "HY000", Query: se.Query,
			Message: "Referencing column '" + m[1] + "' and referenced column '" + m[2] + "' in foreign key constraint are incompatible."}
	case match(reTypeChg):
		return &mysql.SQLError{Num: 3780, State: "HY000", Query: se.Query,
			Message: "Column '" + m[1] + "' is used in a foreign key constraint: its type cannot change."}
	case match(reSetNull):
		return &mysql.SQLError{Num: 1830, State: "HY000", Query: se.Query,
			Message: "Column '" + m[1] + "' cannot be NOT NULL: needed in a foreign key constraint SET NULL"}
	case match(reSetNull2):
		return &mysql.SQLError{Num: 1830, State: "HY000", Query: se.Query,
			Message: "Column '" + m[1] + "' cannot be NOT NULL: needed in a foreign key constraint '" + m[2] + "' SET NULL"}
	case match(reNoConstr):
		if reDropChk.MatchString(query) {
			return &mysql.SQLError{Num: 3821, State: "HY000", Query: se.Query,
				Message: "Check constraint '" + m[1] + "' is not found in the table."}
		}
		return &mysql.SQLError{Num: 3940, State: "HY000", Query: se.Query,
			Message: "Constraint '" + m[1] + "' does not exist."}
	case match(reCheck):
		return &mysql.SQLError{Num: 3819, State: "HY000", Query: se.Query,
			Message: "Check constraint '" + strings.ReplaceAll(m[1], `\"`, `"`) + "' is violated."}
	}
	return nil
}

// fkFails is MySQL's 1451/1452: what failed, then the constraint's
// definition in parentheses when the engine can still describe it.
func (h *handler) fkFails(connID uint32, se *mysql.SQLError, num int, what, a, b string) error {
	msg := what + ": a foreign key constraint fails"
	if d, ok := h.eng.FKDescription(connID, a, b); ok {
		msg += " (" + d + ")"
	}
	return &mysql.SQLError{Num: num, State: "23000", Query: se.Query, Message: msg}
}
