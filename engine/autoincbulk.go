package engine

import (
	"slices"
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// InnoDB's AUTO_INCREMENT for a bulk insert (INSERT ... SELECT, REPLACE
// ... SELECT: the row count is not known when the statement starts), with
// innodb_autoinc_lock_mode 2 (MySQL 8.0's default) and 1 alike, reserves
// values in batches of 1, 2, 4, 8 ... per statement and table; values left
// in the last batch are lost when the statement ends. After a 4-row INSERT
// ... SELECT into an empty table the next value is 8 (batches {1}, {2,3},
// {4..7}), where handing out one value per row gave 5.

// aiBatch is the statement's current batch of values of one table.
type aiBatch struct {
	next, end uint64 // values next..end-1 are left
	size      uint64
}

// bulkInsert reports whether the running statement, q, is a bulk insert;
// decided once per statement (endStatementAutoInc forgets it).
func (s *Session) bulkInsert(q string) bool {
	s.aiMu.Lock()
	kind := s.aiBulkKind
	s.aiMu.Unlock()
	if kind == 0 {
		kind = 2
		if isBulkInsert(q) {
			kind = 1
		}
		s.aiMu.Lock()
		s.aiBulkKind = kind
		s.aiMu.Unlock()
	}
	return kind == 1
}

// isBulkInsert: q is an INSERT or REPLACE whose rows come from a query.
func isBulkInsert(q string) bool {
	if !hasSelectWord(q) {
		return false // VALUES or SET: the count is known
	}
	stmt, err := sqlparser.Parse(q)
	if err != nil {
		return false
	}
	ins, ok := stmt.(*sqlparser.Insert)
	if !ok {
		return false
	}
	switch ins.Rows.(type) {
	case sqlparser.Values, *sqlparser.AliasedValues:
		// The parser gives a VALUES list as AliasedValues (with or
		// without `AS alias`): its row count is known, so one value per
		// row, even when a literal spells "select".
		return false
	}
	return true
}

// hasSelectWord: q spells "select" in any ASCII case. A lower-cased copy
// of every INSERT's text (strings.ToLower) was 1% of the server's CPU under
// oltp_insert, and strings.EqualFold at every position 2%
// (docs/PROFILES.md insert4t). No non-ASCII letter lower-cases to one of
// these letters, so this finds what ToLower did.
//
// Only 's' and 'S' start a match (no other byte is 's' with bit 0x20 set):
// they are found with strings.IndexByte rather than by trying every
// position, which was ~3% of the server's instructions under oltp_insert
// (docs/PROFILES.md "perf27").
func hasSelectWord(q string) bool {
	const w = "select"
	if len(q) < len(w) {
		return false
	}
	starts := q[:len(q)-len(w)+1]
	for _, first := range [...]byte{'s', 'S'} {
		for i := 0; ; i++ {
			k := strings.IndexByte(starts[i:], first)
			if k < 0 {
				break
			}
			i += k
			j := 1
			for j < len(w) && q[i+j]|0x20 == w[j] {
				j++
			}
			if j == len(w) {
				return true
			}
		}
	}
	return false
}

// reserveBulk hands out the next value of the statement's batch on st,
// reserving a batch twice the last one's size when it is used up. It
// returns false if it needed a batch and st was evicted (values left in a
// batch drawn before the eviction are still the statement's own).
func (st *autoIncState) reserveBulk(s *Session) (uint64, bool) {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	if s.aiBulk == nil {
		s.aiBulk = map[*autoIncState]*aiBatch{}
	}
	b := s.aiBulk[st]
	if b == nil {
		b = &aiBatch{}
		s.aiBulk[st] = b
	}
	if b.next >= b.end {
		st.mu.Lock()
		if st.evicted {
			st.mu.Unlock()
			return 0, false
		}
		b.size = max(b.size*2, 1)
		st.gen++
		b.next = st.next
		st.next += b.size
		st.mu.Unlock()
		b.end = b.next + b.size
	}
	v := b.next
	b.next++
	if !slices.Contains(s.aiWritten, st) {
		// The statement's values are taken: none is given back.
		s.aiWritten = append(s.aiWritten, st)
	}
	return v, true
}
