package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// destNode is the table node an INSERT writes to, wrapped by a destination
// that runs a statement's triggers its own way (trigReplaceDest for
// REPLACE, trigODKUDest for ON DUPLICATE KEY UPDATE): it answers as the
// wrapped table, so GMS's insert iterator and the analyzer see the same
// table. The wrappers add their writer (Replacer, Updater) and
// WithChildren.
type destNode struct {
	sql.Node
}

func (t *destNode) insertable() (sql.InsertableTable, error) {
	return plan.GetInsertable(t.Node)
}

func (t *destNode) Name() string {
	if ins, err := t.insertable(); err == nil {
		return ins.Name()
	}
	return ""
}

func (t *destNode) Collation() sql.CollationID {
	if ins, err := t.insertable(); err == nil {
		return ins.Collation()
	}
	return sql.Collation_Default
}

func (t *destNode) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	ins, err := t.insertable()
	if err != nil {
		return nil, err
	}
	return ins.Partitions(ctx)
}

func (t *destNode) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	ins, err := t.insertable()
	if err != nil {
		return nil, err
	}
	return ins.PartitionRows(ctx, p)
}

func (t *destNode) String() string       { return t.Node.String() }
func (t *destNode) Children() []sql.Node { return []sql.Node{t.Node} }

func (t *destNode) Inserter(ctx *sql.Context) sql.RowInserter {
	ins, err := t.insertable()
	if err != nil {
		return &failingReplacer{err: err}
	}
	return ins.Inserter(ctx)
}
