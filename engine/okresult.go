package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// okResult is embedded by the plan nodes that carry out a whole statement
// answering OK (the DDL steps the engine runs itself): resolved when built,
// writing, without children, with the OK result's schema. A node whose
// readiness or access differs says so with its own method.
type okResult struct{}

func (okResult) Resolved() bool       { return true }
func (okResult) IsReadOnly() bool     { return false }
func (okResult) Schema() sql.Schema   { return types.OkResultSchema }
func (okResult) Children() []sql.Node { return nil }
