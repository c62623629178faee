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
	reFKChild  = regexp.MustCompile("^cannot add or update a child row - Foreign key violation on fk: `(.*)`, table: `(.*)`, referenced table: `.*`, key: `.*`$")
	reFKParent = regexp.MustCompile("^cannot delete or update a parent row - Foreign key violation on fk: `(.*)`, table: `(.*)`, referenced table: `.*`, key: `.*`$")
	reFKDrop   = regexp.MustCompile("^cannot drop table `(.*)` as it is referenced in foreign key `(.*)`$")
	reFKIndex  = regexp.MustCompile("^cannot drop index: `(.*)` is used by foreign key `.*`$")
	reFKUnres  = regexp.MustCompile("^cannot add or update a child row: a foreign key constraint fails (.*)$")
	reCheck    = regexp.MustCompile(`^Check constraint "(.*)" violated$`)
	reTrunc    = regexp.MustCompile("^cannot truncate table (.*) as it is referenced in foreign key (.*) on table (.*)$")
	reNoConstr = regexp.MustCompile(`^Constraint "(.*)" does not exist$`)
	reDropChk  = regexp.MustCompile(`(?i)\bDROP\s+CHECK\b`)
)

func (h *handler) fkError(err error, connID uint32, query string) error {
	var se *mysql.SQLError
	if !errors.As(err, &se) {
		return nil
	}
	msg := se.Message
	switch {
	case reFKChild.MatchString(msg):
		m := reFKChild.FindStringSubmatch(msg)
		if d, ok := h.eng.FKDescription(connID, m[2], m[1]); ok {
			return &mysql.SQLError{Num: mysql.ErNoReferencedRow2, State: "23000", Query: se.Query,
				Message: "Cannot add or update a child row: a foreign key constraint fails (" + d + ")"}
		}
		return &mysql.SQLError{Num: mysql.ErNoReferencedRow2, State: "23000", Query: se.Query,
			Message: "Cannot add or update a child row: a foreign key constraint fails"}
	case reFKParent.MatchString(msg):
		m := reFKParent.FindStringSubmatch(msg)
		if d, ok := h.eng.FKDescription(connID, m[2], m[1]); ok {
			return &mysql.SQLError{Num: mysql.ERRowIsReferenced2, State: "23000", Query: se.Query,
				Message: "Cannot delete or update a parent row: a foreign key constraint fails (" + d + ")"}
		}
		return &mysql.SQLError{Num: mysql.ERRowIsReferenced2, State: "23000", Query: se.Query,
			Message: "Cannot delete or update a parent row: a foreign key constraint fails"}
	case reFKUnres.MatchString(msg):
		m := reFKUnres.FindStringSubmatch(msg)
		return &mysql.SQLError{Num: mysql.ErNoReferencedRow2, State: "23000", Query: se.Query,
			Message: "Cannot add or update a child row: a foreign key constraint fails " + m[1]}
	case reFKDrop.MatchString(msg):
		m := reFKDrop.FindStringSubmatch(msg)
		child := "?"
		if t, ok := h.eng.FKTable(connID, m[2]); ok {
			child = t
		}
		return &mysql.SQLError{Num: 3730, State: "HY000", Query: se.Query,
			Message: "Cannot drop table '" + m[1] + "' referenced by a foreign key constraint '" + m[2] + "' on table '" + child + "'."}
	case reFKIndex.MatchString(msg):
		m := reFKIndex.FindStringSubmatch(msg)
		return &mysql.SQLError{Num: 1553, State: "HY000", Query: se.Query,
			Message: "Cannot drop index '" + m[1] + "': needed in a foreign key constraint"}
	case reTrunc.MatchString(msg):
		// GMS checks the tables of the current database only.
		m := reTrunc.FindStringSubmatch(msg)
		return &mysql.SQLError{Num: 1701, State: "42000", Query: se.Query,
			Message: "Cannot truncate a table referenced in a foreign key constraint (`" + h.eng.CurrentDatabase(connID) + "`.`" + m[3] + "`, CONSTRAINT `" + m[2] + "`)"}
	case reNoConstr.MatchString(msg):
		m := reNoConstr.FindStringSubmatch(msg)
		if reDropChk.MatchString(query) {
			return &mysql.SQLError{Num: 3821, State: "HY000", Query: se.Query,
				Message: "Check constraint '" + m[1] + "' is not found in the table."}
		}
		return &mysql.SQLError{Num: 3940, State: "HY000", Query: se.Query,
			Message: "Constraint '" + m[1] + "' does not exist."}
	case reCheck.MatchString(msg):
		m := reCheck.FindStringSubmatch(msg)
		return &mysql.SQLError{Num: 3819, State: "HY000", Query: se.Query,
			Message: "Check constraint '" + strings.ReplaceAll(m[1], `\"`, `"`) + "' is violated."}
	}
	return nil
}
