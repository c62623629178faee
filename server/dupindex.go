package server

import (
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// GMS's check for a duplicate secondary index (warning 1831) compares the
// key parts in a loop whose "continue" skips only the part, so any two
// secondary indexes with as many parts were reported: every CREATE TABLE
// with KEY (a), KEY (b) warned "Duplicate index 'b'". MySQL warns only for
// an index of the same kind on the same columns and prefix lengths
// (sql_table.cc, check_duplicate_key); the warnings of other indexes are
// dropped before the OK packet counts them.
var dupIndexRe = regexp.MustCompile(`^Duplicate index '(.*)' defined on the table '([^.]*)\.(.*)'\. This is deprecated`)

// dupIndexCallback is cb for CREATE and ALTER texts, checking the 1831
// warnings when the statement's OK result passes.
func (h *handler) dupIndexCallback(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	w, _ := leadingWord(query)
	if !strings.EqualFold(w, "CREATE") && !strings.EqualFold(w, "ALTER") {
		return cb
	}
	return func(r *sqltypes.Result, more bool) error {
		if r != nil && len(r.Fields) == 0 {
			h.dropFalseDupIndexes(c)
		}
		return cb(r, more)
	}
}

func (h *handler) dropFalseDupIndexes(c *mysql.Conn) {
	sess := h.sessionOf(c)
	if sess == nil {
		return
	}
	ws := sess.Warnings() // newest first
	keep := make([]*sql.Warning, 0, len(ws))
	for _, w := range ws {
		if w.Code == mysql.ERDupIndex {
			if m := dupIndexRe.FindStringSubmatch(w.Message); m != nil && !h.duplicateIndex(sess, m[2], m[3], m[1]) {
				continue
			}
		}
		keep = append(keep, w)
	}
	if len(keep) == len(ws) {
		return
	}
	sess.ClearWarnings()
	if len(sess.Warnings()) != 0 {
		return // the list is locked (a handler's diagnostics)
	}
	for i := len(keep) - 1; i >= 0; i-- {
		sess.Session.Warn(keep[i])
	}
}

// duplicateIndex reports whether index name of db.table has a twin: another
// secondary index of the same kind on the same key parts. Whatever cannot
// be looked up counts as a twin (the warning stays).
func (h *handler) duplicateIndex(ctx *sql.Context, db, table, name string) bool {
	d, err := h.srv.sqle.Analyzer.Catalog.Database(ctx, db)
	if err != nil {
		return true
	}
	t, ok, err := d.GetTableInsensitive(ctx, table)
	if err != nil || !ok {
		return true
	}
	it, ok := t.(sql.IndexAddressableTable)
	if !ok {
		return true
	}
	ixs, err := it.GetIndexes(ctx)
	if err != nil {
		return true
	}
	var ix sql.Index
	for _, x := range ixs {
		if strings.EqualFold(x.ID(), name) {
			ix = x
		}
	}
	if ix == nil {
		return true
	}
	for _, o := range ixs {
		if o == ix || strings.EqualFold(o.ID(), "PRIMARY") || o.IsGenerated() {
			continue
		}
		if sameKey(ix, o) {
			return true
		}
	}
	return false
}

func sameKey(a, b sql.Index) bool {
	if a.IsUnique() != b.IsUnique() || a.IsSpatial() != b.IsSpatial() || a.IsFullText() != b.IsFullText() ||
		a.IsVector() != b.IsVector() || !strings.EqualFold(a.IndexType(), b.IndexType()) {
		return false
	}
	ea, eb := a.Expressions(), b.Expressions()
	if len(ea) != len(eb) {
		return false
	}
	for i := range ea {
		if !strings.EqualFold(ea[i], eb[i]) {
			return false
		}
	}
	pa, pb := a.PrefixLengths(), b.PrefixLengths()
	for i := range ea {
		var x, y uint16
		if i < len(pa) {
			x = pa[i]
		}
		if i < len(pb) {
			y = pb[i]
		}
		if x != y {
			return false
		}
	}
	return true
}
