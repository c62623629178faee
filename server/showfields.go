package server

import (
	"strings"

	gmssql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// showFieldsCallback gives the result sets of SHOW WARNINGS, SHOW EVENTS
// and SHOW COLLATION MySQL's column metadata, which clients read: GMS types SHOW
// WARNINGS' Level and Message LONGTEXT and its Code a signed INT (MySQL's
// sql_error.cc: VARCHAR(7), INT UNSIGNED of width 4, VARCHAR(512)
// (MYSQL_ERRMSG_SIZE)), and names SHOW COLLATION's columns collation,
// charset, ID, default, compiled, SORTLEN, PAD_ATTRIBUTE where MySQL 8.0's
// are Collation, Charset, Id, Default, Compiled, Sortlen, Pad_attribute
// (code that reads a row by column name found none). Text protocol; query
// is read only up to its second word.
func showFieldsCallback(query string, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	fix := showFieldsFix(query)
	if fix == nil {
		return cb
	}
	return func(res *sqltypes.Result, more bool) error {
		if res != nil && len(res.Fields) > 0 {
			fix(res.Fields)
		}
		return cb(res, more)
	}
}

// showFieldsFix is the correction of the statement's fields, nil when it
// is neither SHOW WARNINGS nor SHOW COLLATION.
func showFieldsFix(q string) func([]*querypb.Field) {
	w1, rest := leadingWord(q)
	if !strings.EqualFold(w1, "SHOW") {
		return nil
	}
	w2, _ := leadingWord(rest)
	switch {
	case strings.EqualFold(w2, "WARNINGS"):
		return fixShowWarnings
	case strings.EqualFold(w2, "COLLATION"):
		return fixShowCollation
	case strings.EqualFold(w2, "EVENTS"):
		return fixShowEvents
	}
	return nil
}

// leadingWord is q's first run of word bytes after ASCII white space, and
// what follows it.
func leadingWord(q string) (string, string) {
	i := 0
	for i < len(q) && (q[i] == ' ' || q[i] == '\t' || q[i] == '\n' || q[i] == '\r') {
		i++
	}
	j := i
	for j < len(q) && isWordByte(q[j]) {
		j++
	}
	return q[i:j], q[j:]
}

func fixShowWarnings(fields []*querypb.Field) {
	if len(fields) != 3 || fields[0].Name != "Level" || fields[1].Name != "Code" || fields[2].Name != "Message" {
		return
	}
	for i, chars := range [...]uint32{0: 7, 2: 512} {
		if f := fields[i]; chars > 0 {
			f.Type = querypb.Type_VARCHAR
			f.ColumnLength = chars * uint32(max(gmssql.CollationID(f.Charset).CharacterSet().MaxLength(), 1))
		}
	}
	code := fields[1]
	code.Type = querypb.Type_UINT32
	code.ColumnLength = 4
	code.Charset = binaryCharset
	code.Flags = uint32(querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_NOT_NULL_FLAG | querypb.MySqlFlag_NUM_FLAG)
}

// showCollationNames are MySQL 8.0's SHOW COLLATION columns, by GMS's
// lower-cased names.
var showCollationNames = map[string]string{
	"collation": "Collation", "charset": "Charset", "id": "Id", "default": "Default",
	"compiled": "Compiled", "sortlen": "Sortlen", "pad_attribute": "Pad_attribute",
}

func fixShowCollation(fields []*querypb.Field) {
	if len(fields) != len(showCollationNames) {
		return
	}
	for _, f := range fields {
		if n, ok := showCollationNames[strings.ToLower(f.Name)]; ok {
			f.Name = n
		}
	}
}

// showEventsNames are MySQL 8.0's names of SHOW EVENTS' columns that GMS
// writes with capitals (Execute At, Interval Value, Interval Field).
var showEventsNames = map[string]string{"Execute At": "Execute at", "Interval Value": "Interval value", "Interval Field": "Interval field"}

// fixShowEvents names SHOW EVENTS' columns as MySQL 8.0 and types them as
// its information_schema view does: the strings VARCHAR (GMS: TEXT, and
// Interval value an unsigned BIGINT where MySQL's is VARCHAR(256)),
// Originator INT UNSIGNED.
func fixShowEvents(fields []*querypb.Field) {
	if len(fields) != 15 || fields[0].Name != "Db" {
		return
	}
	for _, f := range fields {
		if n, ok := showEventsNames[f.Name]; ok {
			f.Name = n
		}
		switch {
		case f.Name == "Originator":
			f.Type, f.ColumnLength = querypb.Type_UINT32, 10
		case f.Type == querypb.Type_TEXT || f.Name == "Interval value":
			f.Type, f.ColumnLength = querypb.Type_VARCHAR, 256*4
			f.Charset = uint32(gmssql.Collation_Default)
			f.Flags &^= uint32(querypb.MySqlFlag_BLOB_FLAG | querypb.MySqlFlag_BINARY_FLAG | querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_NUM_FLAG)
		}
	}
}
