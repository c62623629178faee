package engine

import "github.com/dolthub/go-mysql-server/sql"

// GetCharacterSetResults is what GMS encodes result strings to: utf8mb4
// whenever character_set_results names a character set that cannot hold
// every character (latin1, utf8mb3, ...). GMS fails a whole result with
// "failed to encode" at the first character such a set lacks, where MySQL
// sends '?' in its place; the server converts those results itself
// (server/charset.go), to ResultsCharset.
func (s *Session) GetCharacterSetResults() sql.CharacterSetID {
	cs := s.BaseSession.GetCharacterSetResults()
	if LossyResults(cs) {
		return sql.CharacterSet_utf8mb4
	}
	return cs
}

// ResultsCharset is the session's character_set_results.
func (s *Session) ResultsCharset() sql.CharacterSetID {
	return s.BaseSession.GetCharacterSetResults()
}

// LossyResults: results in cs are converted by the server, not GMS.
func LossyResults(cs sql.CharacterSetID) bool {
	switch cs {
	case sql.CharacterSet_Unspecified, sql.CharacterSet_utf8mb4, sql.CharacterSet_binary:
		return false
	}
	return true
}
