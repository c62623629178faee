package server

import (
	"regexp"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// Result-set metadata as MySQL sends it, where GMS's differs in ways
// drivers act on:
//   - every column that is not a character string (numbers, temporal types,
//     BIT, YEAR) has the binary character set (63): GMS gives them the
//     connection's, and drivers then decode BIT as text instead of bytes;
//   - FLOAT and DOUBLE without a declared scale have 31 decimals
//     (NOT_FIXED_DEC): drivers read 0 as "exactly 0 decimals";
//   - YEAR is UNSIGNED and ZEROFILL.

// binaryCharset is the character set number of the binary collation.
const binaryCharset = 63

// notFixedDec is MySQL's "decimals not fixed" (FLOAT/DOUBLE without a scale).
const notFixedDec = 31

// fixFields corrects fields in place.
func fixFields(fields []*querypb.Field) {
	for _, f := range fields {
		if f == nil {
			continue
		}
		switch f.Type {
		case querypb.Type_ENUM, querypb.Type_SET, querypb.Type_JSON:
			continue
		}
		if sqltypes.IsText(f.Type) || sqltypes.IsBinary(f.Type) {
			continue
		}
		// Written only when they change: the plan cache reuses fixed
		// fields across connections (spoolSingleRow), which then only
		// read them.
		if f.Charset != binaryCharset {
			f.Charset = binaryCharset
		}
		switch f.Type {
		case querypb.Type_FLOAT32, querypb.Type_FLOAT64:
			if f.Decimals == 0 {
				f.Decimals = notFixedDec
			}
		case querypb.Type_YEAR:
			if want := uint32(querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_ZEROFILL_FLAG); f.Flags&want != want {
				f.Flags |= want
			}
		}
	}
}

// fieldsCallback wraps a text-protocol result callback with fixFields.
func fieldsCallback(cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		if res != nil {
			fixFields(res.Fields)
		}
		return cb(res, more)
	}
}

// stmtFieldsCallback wraps a binary-protocol result callback with fixFields.
func stmtFieldsCallback(cb func(*sqltypes.Result) error) func(*sqltypes.Result) error {
	return func(res *sqltypes.Result) error {
		if res != nil {
			fixFields(res.Fields)
		}
		return cb(res)
	}
}

// setStatement matches a SET statement (SET @v, SET NAMES, SET SESSION ...,
// SET TRANSACTION ...), after leading blanks and comments.
var setStatement = regexp.MustCompile(`(?is)^(?:\s+|/\*.*?\*/|#[^\n]*\n|--\s[^\n]*\n)*set[\s@]`)

// setCallback wraps cb for a SET statement: MySQL reports 0 affected rows
// for every SET; GMS reports the one empty row its plan returns (1).
func setCallback(query string, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	if !setStatement.MatchString(query) {
		return cb
	}
	return func(res *sqltypes.Result, more bool) error {
		if res != nil && len(res.Fields) == 0 {
			res.RowsAffected = 0
		}
		return cb(res, more)
	}
}
