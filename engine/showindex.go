package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RuleShowIndexParts: see showIndexParts (ddlprobe's range 11_600-11_609).
const RuleShowIndexParts analyzer.RuleId = 11_600

// SHOW INDEX's columns as GMS's rowexec builds them.
const (
	showIndexKeyName   = 2
	showIndexSeq       = 3
	showIndexColumn    = 4
	showIndexCollation = 5
	showIndexSubPart   = 7
	showIndexType      = 10
)

// showIndexParts fills SHOW INDEX's Sub_part and Collation, which GMS
// leaves NULL for every key part: a prefix key part (KEY (h(10))) looked
// like a whole-column one, so a migration tool reading it would recreate
// the index over the whole column (and fail, or build another index), and
// a BTREE key part's Collation is A in MySQL (its descending key parts are
// not kept, see docs/COMPATIBILITY.md ddlprobe). information_schema
// STATISTICS has both already.
func showIndexParts(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	si, ok := n.(*plan.ShowIndexes)
	if !ok {
		return n, transform.SameTree, nil
	}
	prefixes := make(map[string][]uint16, len(si.IndexesToShow))
	for _, ix := range si.IndexesToShow {
		prefixes[strings.ToLower(ix.ID())] = ix.PrefixLengths()
	}
	return &mapRows{child: si, name: "showIndexParts", fn: func(r sql.Row) sql.Row {
		if len(r) <= showIndexType {
			return r
		}
		if typ, _ := r[showIndexType].(string); typ == "BTREE" {
			r[showIndexCollation] = "A"
		}
		name, _ := r[showIndexKeyName].(string)
		seq, ok := r[showIndexSeq].(int)
		if !ok || r[showIndexColumn] == nil {
			return r
		}
		if p := prefixes[strings.ToLower(name)]; seq >= 1 && seq <= len(p) && p[seq-1] > 0 {
			r[showIndexSubPart] = int64(p[seq-1])
		}
		return r
	}}, transform.NewTree, nil
}
