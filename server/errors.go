package server

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

// errorRule rewrites a GMS error into the one MySQL gives. GMS reports many
// conditions as ER_UNKNOWN_ERROR (1105) with its own wording; drivers and
// ORMs branch on MySQL's numbers, so they are restored here, in one table.
type errorRule struct {
	match *regexp.Regexp
	// stmt, when set, restricts the rule to statements starting with it.
	stmt string
	// query, when set, restricts the rule to statements it matches.
	query *regexp.Regexp
	code  int
	state string
	// format is MySQL's message; $1.. are the match's groups, $db the
	// connection's current database.
	format string
	// qualify: when $1 is an unqualified table name, prefix it with the
	// current database as MySQL does ('db.t').
	qualify bool
	// near: rewrite GMS's "position N near 'tok'" as MySQL's "near '<rest
	// of the statement>' at line L".
	near bool
	// bytes: $2 is a Go byte list ("195 40"), shown the way MySQL shows an
	// invalid string ('\xC3(').
	bytes bool
	// exhausted: GMS's "at position N" becomes MySQL's parser-stack
	// overflow message (see exhaustedError).
	exhausted bool
}

// exhaustedError is MySQL's answer when its parser stack overflows on deeply
// nested input: ER_PARSE_ERROR (1064) "memory exhausted near '<80 bytes of
// the statement from pos>' at line L".
func exhaustedError(query string, pos int) error {
	pos = max(0, min(pos, len(query)))
	near := query[pos:]
	if len(near) > 80 {
		near = near[:80]
	}
	line := 1 + strings.Count(query[:pos], "\n")
	return &mysql.SQLError{Num: mysql.ERParseError, State: "42000",
		Message: fmt.Sprintf("memory exhausted near '%s' at line %d", near, line)}
}

// mysqlBytes renders "195 40" as MySQL does: printable ASCII as is, the
// rest as \xHH.
func mysqlBytes(list string) string {
	var b strings.Builder
	for _, f := range strings.Fields(list) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 255 {
			continue
		}
		if n >= 0x20 && n < 0x7f {
			b.WriteByte(byte(n))
		} else {
			fmt.Fprintf(&b, "\\x%02X", n)
		}
	}
	return b.String()
}

var wrappedSQLErrorRe = re(`^(?s)(.*) \(errno (\d+)\) \(sqlstate (\w+)\)$`)

var nearRe = re(`^position (\d+) near '(.*)'$`)

const syntaxPrefix = "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use"

// syntaxNear builds MySQL's tail of a 1064 message from GMS's position.
func syntaxNear(detail, query string) (string, bool) {
	m := nearRe.FindStringSubmatch(detail)
	if m == nil {
		return "", false
	}
	pos, err := strconv.Atoi(m[1])
	if err != nil {
		return "", false
	}
	if pos > len(query) {
		pos = len(query)
	}
	start := pos
	if m[2] != "" {
		if i := strings.LastIndex(query[:pos], m[2]); i >= 0 {
			start = i
		}
	}
	line := 1 + strings.Count(query[:start], "\n")
	return fmt.Sprintf("%s near '%s' at line %d", syntaxPrefix, strings.TrimRight(query[start:], " \t\r\n;"), line), true
}

var errorRules = []errorRule{
	{match: re(`^syntax error at (.*)$`), code: mysql.ERParseError, state: "42000", near: true,
		format: "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use: $1"},
	// The parser's nesting limit (200 parentheses).
	{match: re(`^max nesting level reached at position (\d+)`), exhausted: true},
	{match: re(`^Unknown prepared statement handler \((.*)\) given to EXECUTE$`), stmt: "DEALLOCATE", code: erUnknownStmtHandler,
		state: mysql.SSUnknownSQLState, format: "Unknown prepared statement handler ($1) given to DEALLOCATE PREPARE"},
	{match: re(`^Unknown prepared statement handler \((.*)\) given to EXECUTE$`), stmt: "DROP", code: erUnknownStmtHandler,
		state: mysql.SSUnknownSQLState, format: "Unknown prepared statement handler ($1) given to DEALLOCATE PREPARE"},
	{match: re(`^Unknown prepared statement handler \((.*)\) given to EXECUTE$`), code: erUnknownStmtHandler, state: mysql.SSUnknownSQLState,
		format: "Unknown prepared statement handler ($1) given to EXECUTE"},
	// Stored procedures (GMS keeps their names unqualified; MySQL
	// qualifies the missing one with the schema).
	{match: re(`^stored procedure "(.+)" already exists$`), code: 1304, state: "42000", format: "PROCEDURE $1 already exists"},
	{match: re(`^stored procedure "(.+)" does not exist$`), code: 1305, state: "42000", format: "PROCEDURE $1 does not exist", qualify: true},
	// SHOW CREATE EVENT and DROP EVENT of an event that does not exist
	// (Myriad stores none): ER_EVENT_DOES_NOT_EXIST.
	{match: re(`^Unknown event '(.*)'$`), code: 1539, state: "HY000", format: "Unknown event '$1'"},
	{match: re(`^Event '(.*)' does not exist$`), code: 1539, state: "HY000", format: "Unknown event '$1'"},
	// Primary key changes (GMS's kinds keep their wording; MySQL's texts).
	{match: re(`^error: incorrect table definition: there can be only one auto column and it must be defined as a key$`), code: mysql.ERWrongAutoKey, state: "42000",
		format: "Incorrect table definition; there can be only one auto column and it must be defined as a key"},
	{match: re(`^there can be only one auto_increment column and it must be defined as a key$`), code: mysql.ERWrongAutoKey, state: "42000",
		format: "Incorrect table definition; there can be only one auto column and it must be defined as a key"},
	{match: re(`^error: Multiple primary keys defined$`), code: mysql.ERMultiplePriKey, state: "42000", format: "Multiple primary key defined"},
	{match: re(`^error: can't drop '(.+)'; check that column/key exists$`), code: mysql.ERCantDropFieldOrKey, state: "42000", format: "Can't DROP '$1'; check that column/key exists"},
	// GMS's check of a trigger writing its own table (the engine's
	// TriggerTableInUse answers 1442 itself for the other tables).
	{match: re(`^Can't update table ([^'].*) in stored function/trigger because it is already used by statement which invoked this stored function/trigger$`), code: 1442, state: "HY000",
		format: "Can't update table '$1' in stored function/trigger because it is already used by statement which invoked this stored function/trigger"},
	{match: re(`^no database selected$`), code: mysql.ERNoDb, state: "3D000", format: "No database selected"},
	// A procedure's FETCH past the end with no NOT FOUND handler: GMS's
	// expression.FetchEOF; MySQL's ER_SP_FETCH_NO_DATA.
	{match: re(`^exhausted fetch iterator$`), code: 1329, state: "02000", format: "No data - zero rows fetched, selected, or processed"},
	// A scalar subquery's second row: GMS words it its own way under
	// SQLSTATE HY000; MySQL's ER_SUBQUERY_NO_1_ROW is 21000.
	{match: re(`^the subquery returned more than 1 row$`), code: mysql.ERSubqueryNo1Row, state: "21000", format: "Subquery returns more than 1 row"},
	{match: re(`^table with name (.+) already exists$`), code: mysql.ERTableExists, state: "42S01", format: "Table '$1' already exists"},
	{match: re(`^table not found: (.+)$`), stmt: "DROP", code: mysql.ERBadTable, state: "42S02", format: "Unknown table '$1'", qualify: true},
	{match: re(`^table not found: (.+)$`), code: mysql.ERNoSuchTable, state: "42S02", format: "Table '$1' doesn't exist", qualify: true},
	{match: re(`^database not found: (.+)$`), stmt: "DROP", code: mysql.ERDbDropExists, state: mysql.SSUnknownSQLState, format: "Can't drop database '$1'; database doesn't exist"},
	{match: re(`^database not found: (.+)$`), code: mysql.ERBadDb, state: "42000", format: "Unknown database '$1'"},
	{match: re(`^can't create database (.+); database exists$`), code: mysql.ERDbCreateExists, state: mysql.SSUnknownSQLState, format: "Can't create database '$1'; database exists"},
	{match: re(`^column "(.+)" could not be found in any table in scope$`), code: mysql.ERBadFieldError, state: mysql.SSBadFieldError, format: "Unknown column '$1' in 'field list'"},
	{match: re(`^string '(?s:.*)' is too large for column '(.+)'$`), code: mysql.ERDataTooLong, state: mysql.SSDataTooLong, format: "Data too long for column '$1' at row 1"},
	{match: re(`^number of values does not match number of columns provided$`), code: mysql.ERWrongValueCountOnRow, state: "21S01", format: "Column count doesn't match value count at row 1"},
	{match: re("^duplicate column name: `(.+)`$"), code: mysql.ERDupFieldName, state: "42S21", format: "Duplicate column name '$1'"},
	{match: re("^invalid identifier: `(.{65,})`$"), code: mysql.ERTooLongIdent, state: "42000", format: "Identifier name '$1' is too long"},
	// ER_WARN_DATA_OUT_OF_RANGE (1264), which strict mode raises as an error.
	{match: re(`^(.+) out of range for (.+)$`), code: 1264, state: mysql.SSDataOutOfRange, format: "Out of range value for column ($1 does not fit $2) at row 1"},
	{match: re(`^Out of range value for column of Decimal type`), code: 1264, state: mysql.SSDataOutOfRange, format: "Out of range value for column at row 1"},
	{match: re(`^invalid string for charset (\S+): '\[([0-9 ]*)\]'$`), code: 1366, state: "HY000", bytes: true, format: "Incorrect string value: '$2' for charset $1 at row 1"},
	{match: re(`^Unknown character set: (.+)$`), code: 1115, state: "42000", format: "Unknown character set: '$1'"},
	{match: re(`^COLLATION '(.+)' is not valid for CHARACTER SET '(.+)'$`), code: 1253, state: "42000", format: "COLLATION '$1' is not valid for CHARACTER SET '$2'"},
	{match: re(`^Unknown collation: (.+)$`), code: 1273, state: "HY000", format: "Unknown collation: '$1'"},
	{match: re(`^value (.+) is not valid for this (Enum|Set)$`), code: 1265, state: "01000", format: "Data truncated for column at row 1 (value $1 is not valid for this $2)"},
	{match: re(`^duplicate (?:primary|unique) key given: (?s:(.*))$`), code: mysql.ERDupEntry, state: mysql.SSDupKey, format: "$1"},
	{match: re(`^SAVEPOINT (.+) does not exist$`), code: 1305, state: "42000", format: "SAVEPOINT $1 does not exist"},
	// A statement whose context ended (KILL QUERY, KILL, a lock wait
	// interrupted): GMS reports the bare context error, or the engine's
	// 1317 is lost when GMS notices the cancelled context first.
	{match: re(`^context canceled$`), code: mysql.ERQueryInterrupted, state: "70100", format: "Query execution was interrupted"},
	// ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION.
	{match: re(`^cannot execute statement in a READ ONLY transaction$`), code: 1792, state: "25006", format: "Cannot execute statement in a READ ONLY transaction."},
	// ER_WRONG_VALUE_FOR_VAR (GMS has MySQL's words, not the number).
	{match: re(`^(Variable '.+' can't be set to the value of '(?s:.*)')$`), code: 1231, state: "42000", format: "$1"},
	{match: re(`^Unknown system variable '(?:@@)?(?:(?i:session|global|local|persist|persist_only)\.)?(.+)'$`), code: 1193, state: "HY000", format: "Unknown system variable '$1'"},
	{match: re(`^(Variable '.+' is a SESSION variable and can't be used with SET GLOBAL)$`), code: 1228, state: "HY000", format: "$1"},
	{match: re(`^(Variable '.+' is a GLOBAL variable and should be set with SET GLOBAL)$`), code: 1229, state: "HY000", format: "$1"},
	// Accounts and privileges (server/users.go). GMS says 1044's words for
	// USE, SHOW TABLES FROM and other references to a schema the user may
	// not see, existing or not, as MySQL does.
	{match: re(`^Access denied for user ('.*'@'.*') to database '(.+)'$`), code: mysql.ERDBAccessDenied, state: "42000", format: "Access denied for user $1 to database '$2'"},
	{match: re(`^Operation (CREATE USER|DROP USER|ALTER USER|RENAME USER) failed for (.+)$`), code: 1396, state: "HY000", format: "Operation $1 failed for $2"},
	{match: re(`^There is no such grant defined for user '(.*)' on host '(.*)'$`), code: mysql.ERNonExistingGrant, state: "42000", format: "There is no such grant defined for user '$1' on host '$2'"},
	{match: re(`^You are not allowed to create a user with GRANT$`), code: 1410, state: "42000", format: "You are not allowed to create a user with GRANT"},
	// The disk space guard (kv.ErrDiskFull) refused a commit. InnoDB answers
	// a write it has no room for with ER_RECORD_FILE_FULL (1114, "The table
	// '%s' is full"), and the MySQL manual documents 1114 as the disk-full
	// symptom, so that is the number applications already handle.
	// ER_DISK_FULL (1021) would be wrong: its "waiting for someone to free
	// some space" describes MyISAM blocking until space appears, and Myriad
	// refuses at once. A commit can span many tables and the limit is the
	// filesystem, so the message names the filesystem, not one table.
	{match: re(`kv: disk full, (.+)$`), code: mysql.ERRecordFileFull, state: "HY000", format: "The table is full: disk full, $1; writes resume once space is freed"},
	// ALTER TABLE racing another ALTER of the same table.
	{match: re(`^table "(.+)" does not have column "(.+)"$`), stmt: "ALTER", query: re(`(?i)\bDROP\s+(?:COLUMN\s+)?`), code: 1091, state: "42000", format: "Can't DROP '$2'; check that column/key exists"},
	{match: re(`^index "(.+)"\s+was not found$`), code: 1091, state: "42000", format: "Can't DROP '$1'; check that column/key exists"},
	{match: re(`^table "(.+)" does not have column "(.+)"$`), code: mysql.ERBadFieldError, state: mysql.SSBadFieldError, format: "Unknown column '$2' in '$1'"},
	{match: re(`^Column "(.+)" already exists$`), code: mysql.ERDupFieldName, state: "42S21", format: "Duplicate column name '$1'"},
	{match: re(`^Duplicate key name '(.+)'$`), code: mysql.ERDupKeyName, state: "42000", format: "Duplicate key name '$1'"},
	{match: re(`^serialization failure: `), code: mysql.ERLockDeadlock, state: mysql.SSLockDeadlock, format: "Deadlock found when trying to get lock; try restarting transaction"},
	// Found by conformance.TestDifferential against MariaDB (numbers as in MySQL 8.0).
	{match: re(`^function: '(.+)' not found$`), code: 1305, state: "42000", format: "FUNCTION $1 does not exist", qualify: true},
	{match: re(`^function '(.+)' expected .* arguments?, \d+ received$`), code: 1582, state: "42000", format: "Incorrect parameter count in the call to native function '$1'"},
	// Found by scripts/alembic_scenario.py (SQLAlchemy/Alembic against MariaDB).
	{match: re(`^column name '(.+)' is non-nullable but attempted to set a value of null$`), code: mysql.ERBadNullError, state: "23000", format: "Column '$1' cannot be null"},
	// ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN (GMS has the words, not the number).
	{match: re(`^The value specified for generated column "(.+)" in table "(.+)" is not allowed\.$`), code: 3105, state: "HY000",
		format: "The value specified for generated column '$1' in table '$2' is not allowed."},
	// ER_MIX_OF_GROUP_FUNC_AND_FIELDS: MySQL's SQLSTATE is 42000 (GMS: HY000).
	{match: re(`^in aggregated query without GROUP BY, expression #(\d+) of SELECT list contains nonaggregated column '(.+)'; this is incompatible with sql_mode=only_full_group_by$`),
		code: 1140, state: "42000", format: "In aggregated query without GROUP BY, expression #$1 of SELECT list contains nonaggregated column '$2'; this is incompatible with sql_mode=only_full_group_by"},
	{match: re(`^Field '(.+)' doesn't have a default value$`), code: 1364, state: "HY000", format: "Field '$1' doesn't have a default value"},
	{match: re(`^ambiguous column name "(.+)", it's present in all these tables: .*$`), code: 1052, state: "23000", format: "Column '$1' in field list is ambiguous"},
	{match: re(`^cannot union two queries whose schemas are different lengths`), code: 1222, state: "21000", format: "The used SELECT statements have a different number of columns"},
	{match: re(`^the view (?:[^.]+\.)?(.+) already exists$`), code: mysql.ERTableExists, state: "42S01", format: "Table '$1' already exists"},
	{match: re(`^the view (.+) does not exist$`), code: mysql.ERBadTable, state: "42S02", format: "Unknown table '$1'"},
	{match: re(`^Too big precision (\d+) specified\. Maximum is 65\.$`), code: 1426, state: "42000", format: "Too big precision $1 specified. Maximum is 65."},
	{match: re(`^length is (\d+) but max allowed is (\d+)$`), code: 1074, state: "42000", format: "Column length too big (max = $2); use BLOB or TEXT instead"},
	{match: re(`^blob/text column '(.+)' used in key specification without a key length$`), code: 1170, state: "42000", format: "BLOB/TEXT column '$1' used in key specification without a key length"},
	{match: re(`^expression '(.+)' doesn't appear in the group by expressions$`), code: 1055, state: "42000", format: "'$1' isn't in GROUP BY"},
	{match: re(`^Incorrect datetime value: '(.*)'$`), code: 1292, state: "22007", format: "Incorrect datetime value: '$1'"},
	{match: re(`^value "(.+)" is outside of timestamp range$`), code: 1292, state: "22007", format: "Incorrect datetime value: '$1'"},
	{match: re(`^value (.+) is not a valid Year$`), stmt: "INSERT", code: 1264, state: mysql.SSDataOutOfRange, format: "Out of range value for column (YEAR $1) at row 1"},
	{match: re(`couldn't convert to json: Invalid JSON text: (.*)$`), code: 3141, state: "22032", format: "Invalid JSON text in argument 1 to function cast_as_json: \"$1\""},
	// GMS's words (unquoted); a 3140 already in MySQL's words ("...: \"not a
	// JSON text, may need CAST\" at position 0 ...", sqlfunc/jsoncol.go)
	// passes as it is.
	{match: re(`^Invalid JSON text: ([^"].*)$`), code: 3140, state: "22032", format: "Invalid JSON text: \"$1\""},
	// ER_INVALID_TYPE_FOR_JSON: GMS has the words, not the number.
	{match: re(`^invalid data type for JSON data in argument (\d+) to function (\w+); a JSON string or JSON type is required$`), code: 3146, state: "22032",
		format: "Invalid data type for JSON data in argument $1 to function $2; a JSON string or JSON type is required."},
	// Spatial columns: GMS words these as MySQL does but with 1105.
	{match: re(`^(The SRID of the geometry does not match the SRID of the column '.*)$`), code: 3643, state: "HY000", format: "$1"},
	{match: re(`^All parts of a SPATIAL index must be NOT NULL$`), code: 1252, state: "42000", format: "All parts of a SPATIAL index must be NOT NULL"},
	{match: re(`^a SPATIAL index may only contain a geometrical type column$`), code: 1687, state: "HY000", format: "A SPATIAL index may only contain a geometrical type column"},
	{match: re(`^invalid GIS data provided to function (Deserialize|\w+Type\.Convert)`), code: 1416, state: "22003",
		format: "Cannot get geometry object from data you send to the GEOMETRY field"},
	{match: re(`^Cannot get geometry object from data you sent to the GEOMETRY field$`), code: 1416, state: "22003",
		format: "Cannot get geometry object from data you send to the GEOMETRY field"},
}

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

const tableNodeQuoted = `"Table\n`

var tableNodeRe = re(`"Table\\n └─ name: ([^"\\]+)\\n"`)

// translateError maps err to MySQL's number and message; errors it does not
// recognize pass through unchanged. db is the connection's current database.
func translateError(err error, query, db string) error {
	var se *mysql.SQLError
	if err == nil || !errors.As(err, &se) {
		return err
	}
	if m := wrappedSQLErrorRe.FindStringSubmatch(se.Message); m != nil && se.Num == mysql.ERUnknownError {
		// A MySQL error GMS's planner wrapped as a syntax error (the
		// engine's parser refuses statements MySQL refuses while resolving
		// them, sqlfunc.CheckStatement): its own number again.
		n, _ := strconv.Atoi(m[2])
		return &mysql.SQLError{Num: n, State: m[3], Message: m[1], Query: se.Query}
	}
	verb := firstWord(query)
	if e := likeNotBaseTable(se, query, db); e != nil {
		return e
	}
	if e := unknownSetTarget(se, query); e != nil { // setvar.go
		return e
	}
	if strings.Contains(se.Message, tableNodeQuoted) {
		// Some ALTERs name the table by its plan node ("Table\n └─ name: t\n").
		c := *se
		c.Message = tableNodeRe.ReplaceAllString(se.Message, `"$1"`)
		se = &c
	}
	for _, r := range errorRules {
		if (r.stmt != "" && r.stmt != verb) || (r.query != nil && !r.query.MatchString(query)) {
			continue
		}
		m := r.match.FindStringSubmatchIndex(se.Message)
		if m == nil {
			continue
		}
		if r.exhausted {
			pos, _ := strconv.Atoi(se.Message[m[2]:m[3]])
			return exhaustedError(query, pos)
		}
		if r.near {
			if msg, ok := syntaxNear(se.Message[m[2]:m[3]], query); ok {
				return &mysql.SQLError{Num: r.code, State: r.state, Message: msg, Query: se.Query}
			}
		}
		format := r.format
		if r.bytes {
			format = strings.Replace(format, "$2", mysqlBytes(se.Message[m[4]:m[5]]), 1)
		}
		if r.qualify && db != "" && !strings.Contains(se.Message[m[2]:m[3]], ".") {
			format = strings.Replace(format, "$1", db+".$1", 1)
		}
		msg := string(r.match.ExpandString(nil, format, se.Message, m))
		return &mysql.SQLError{Num: r.code, State: r.state, Message: msg, Query: se.Query}
	}
	return err
}

func firstWord(q string) string {
	q = strings.TrimLeft(q, " \t\r\n(")
	if i := strings.IndexAny(q, " \t\r\n("); i >= 0 {
		q = q[:i]
	}
	return strings.ToUpper(q)
}

var likeSourceRe = re("(?is)\\bLIKE\\s+(?:`([^`]+)`|(\\w+))(?:\\s*\\.\\s*(?:`([^`]+)`|(\\w+)))?")

// likeNotBaseTable: CREATE TABLE x LIKE v of a view is MySQL's 1347
// ('db.v' is not BASE TABLE); GMS's planner fails it with 1105 "expected
// resolved table: v", without the schema, which the statement names.
func likeNotBaseTable(se *mysql.SQLError, query, db string) error {
	const prefix = "expected resolved table: "
	if !strings.HasPrefix(se.Message, prefix) || firstWord(query) != "CREATE" {
		return nil
	}
	m := likeSourceRe.FindStringSubmatch(query)
	if m == nil {
		return nil
	}
	first, second := m[1]+m[2], m[3]+m[4]
	schema, name := db, first
	if second != "" {
		schema, name = first, second
	}
	if !strings.EqualFold(name, strings.TrimPrefix(se.Message, prefix)) {
		return nil
	}
	return &mysql.SQLError{Num: 1347, State: "HY000", Message: fmt.Sprintf("'%s.%s' is not BASE TABLE", schema, name), Query: se.Query}
}
