package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/keyenc"
)

// Key formats. keyenc's string keys changed with its KeyFormat 1 (UCA
// expansions: 'ß' encodes as "ss" under utf8mb4_0900_ai_ci, the unicode_ci
// collations and utf8mb4_0900_as_ci), 2 (ignorable characters encode
// as nothing, _0900_ Hangul syllables as their jamo) and 3
// (utf8mb4_0900_as_ci as UCA's primary then secondary level), so a table's primary
// and index keys are in the format of the Myriad that wrote them.
// Table.KeyFormat records it: tables whose rows were all (re)written by a
// Myriad with format n say n; records without it are format 0. Keys of such a table are only wrong if a
// key column (or functional key part) is a string under a collation whose
// keys changed: StaleKeys. A stale table must be rebuilt (the engine does at
// start-up) and is never read or written with the new encoding before.

// StaleKeys reports whether t's keys were written in an older key format
// that differs from the current one for some key column of t.
func (t *Table) StaleKeys() bool {
	if int(t.KeyFormat) >= keyenc.CurrentKeyFormat() {
		return false
	}
	sch := t.Schema().Schema
	changed := func(typ sql.Type) bool {
		st, ok := typ.(sql.StringType)
		return ok && keyenc.KeyFormatChanged(st.Collation(), int(t.KeyFormat))
	}
	for _, p := range t.PK {
		if changed(sch[p].Type) {
			return true
		}
	}
	for i := range t.Indexes {
		ix := &t.Indexes[i]
		for j, c := range ix.Columns {
			if ix.IsExpr(j) {
				if typ, err := ix.ExprTypes[j].Build(); err != nil || changed(typ) {
					return true
				}
				continue
			}
			if changed(sch[c].Type) {
				return true
			}
		}
	}
	return false
}

// StampKeyFormat records that every key of t is about to be written (or
// was written) in the current key format: a new or rebuilt table.
func (t *Table) StampKeyFormat() { t.KeyFormat = uint8(keyenc.CurrentKeyFormat()) }
