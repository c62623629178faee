package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ShowCreateParentSchema makes SHOW CREATE TABLE name the schema of a
// foreign key's parent when it is not the table's own, as MySQL does
// (REFERENCES `other`.`p`): GMS prints the parent table alone, so a dump
// of one schema would reload the key pointing into its own schema.
func ShowCreateParentSchema(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	sc, ok := n.(*plan.ShowCreateTable)
	if !ok || sc.IsView {
		return n, transform.SameTree, nil
	}
	t := tableOfNode(sc.Child)
	if t == nil {
		return n, transform.SameTree, nil
	}
	var fks []int
	for i := range t.def.FKs {
		if !strings.EqualFold(t.def.FKs[i].ParentSchema, t.db.schema.Name) {
			fks = append(fks, i)
		}
	}
	if len(fks) == 0 {
		return n, transform.SameTree, nil
	}
	q := &qualifiedShowCreate{ShowCreateTable: sc}
	for _, i := range fks {
		fk := &t.def.FKs[i]
		q.lines = append(q.lines, "CONSTRAINT "+quoteIdent(fk.Name)+" FOREIGN KEY (")
		q.from = append(q.from, " REFERENCES "+quoteIdent(fk.ParentTable)+" (")
		q.to = append(q.to, " REFERENCES "+quoteIdent(fk.ParentSchema)+"."+quoteIdent(fk.ParentTable)+" (")
	}
	return q, transform.NewTree, nil
}

// qualifiedShowCreate runs GMS's SHOW CREATE TABLE and rewrites the
// REFERENCES clause of the constraint lines it names.
type qualifiedShowCreate struct {
	*plan.ShowCreateTable
	lines, from, to []string
}

var _ sql.ExecSourceRel = (*qualifiedShowCreate)(nil)

func (q *qualifiedShowCreate) Children() []sql.Node { return nil }

func (q *qualifiedShowCreate) WithChildren(c ...sql.Node) (sql.Node, error) {
	if len(c) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(q, len(c), 0)
	}
	return q, nil
}

// The With* methods GMS's later rules call (column defaults, checks)
// must keep the wrapper.
func (q *qualifiedShowCreate) rewrap(n sql.Node, err error) (sql.Node, error) {
	sc, ok := n.(*plan.ShowCreateTable)
	if err != nil || !ok {
		return n, err
	}
	c := *q
	c.ShowCreateTable = sc
	return &c, nil
}

func (q *qualifiedShowCreate) WithTargetSchema(s sql.Schema) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithTargetSchema(s))
}

func (q *qualifiedShowCreate) WithPrimaryKeySchema(s sql.PrimaryKeySchema) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithPrimaryKeySchema(s))
}

func (q *qualifiedShowCreate) WithChecks(c sql.CheckConstraints) sql.Node {
	n, _ := q.rewrap(q.ShowCreateTable.WithChecks(c), nil)
	return n
}

func (q *qualifiedShowCreate) WithAsOf(e sql.Expression) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithAsOf(e))
}

func (q *qualifiedShowCreate) WithExpressions(e ...sql.Expression) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithExpressions(e...))
}

func (q *qualifiedShowCreate) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, q.ShowCreateTable, row)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, it)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r) < 2 {
			continue
		}
		text, ok := r[1].(string)
		if !ok {
			continue
		}
		ls := strings.Split(text, "\n")
		for i, l := range ls {
			for j := range q.lines {
				if strings.Contains(l, q.lines[j]) {
					ls[i] = strings.Replace(l, q.from[j], q.to[j], 1)
				}
			}
		}
		r[1] = strings.Join(ls, "\n")
	}
	return sql.RowsToRowIter(rows...), nil
}
