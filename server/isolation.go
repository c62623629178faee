package server

import (
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqltext"
)

// startTransaction handles START TRANSACTION ... WITH CONSISTENT SNAPSHOT
// (the first statement of a multi-statement text): the parser drops the
// clause, or rejects it next to READ ONLY / READ WRITE, so it is taken off
// the text here and the engine takes the new transaction's snapshot at
// once (engine.SetNextConsistentSnapshot). It returns the text to run.
func (h *handler) startTransaction(c *mysql.Conn, query string, fs *firstStatement) string {
	first, rest, err := fs.split(query)
	if err != nil {
		return query
	}
	rewritten, ok := sqltext.StartTransaction(first)
	if !ok {
		return query
	}
	h.eng.SetNextConsistentSnapshot(c.ConnectionID)
	if rest != "" {
		return rewritten + ";" + rest
	}
	return rewritten
}
