package server

import (
	"errors"
	"regexp"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

// GMS refuses routine statements a user has no privilege for with 1105
// "command denied to user 'u'@'h'"; MySQL names the privilege and routine:
// CREATE PROCEDURE needs CREATE ROUTINE on the schema (1044), CALL needs
// EXECUTE (1370), DROP / ALTER PROCEDURE need ALTER ROUTINE (1370).
var (
	deniedUser   = regexp.MustCompile(`^command denied to user ('[^']*'@'[^']*')$`)
	routineVerbs = regexp.MustCompile("(?is)^\\s*(CALL|DROP\\s+PROCEDURE(?:\\s+IF\\s+EXISTS)?|ALTER\\s+PROCEDURE|CREATE(?:\\s+DEFINER\\s*=\\s*\\S+)?\\s+PROCEDURE)\\s+([`\\w$.]+)")
)

func routineDenied(err error, query, db string) error {
	var se *mysql.SQLError
	if !errors.As(err, &se) {
		return nil
	}
	m := deniedUser.FindStringSubmatch(se.Message)
	if m == nil {
		return nil
	}
	v := routineVerbs.FindStringSubmatch(query)
	if v == nil {
		return nil
	}
	user, verb := m[1], strings.ToUpper(strings.Fields(v[1])[0])
	name := strings.ReplaceAll(v[2], "`", "")
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		db, name = name[:i], name[i+1:]
	}
	switch verb {
	case "CREATE":
		return mysql.NewSQLError(mysql.ERDBAccessDenied, "42000", "Access denied for user %s to database '%s'", user, db)
	case "CALL":
		return mysql.NewSQLError(1370, "42000", "execute command denied to user %s for routine '%s.%s'", user, db, name)
	}
	return mysql.NewSQLError(1370, "42000", "alter routine command denied to user %s for routine '%s.%s'", user, db, name)
}
