package engine

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// AlterTableComment is an analyzer rule for ALTER TABLE ... COMMENT 'x'. The
// parser accepts the COMMENT option and drops its value (the statement was a
// silent no-op), so the value is read again from the statement text and a
// step that stores it is added to the plan, which runs in the statement's
// transaction like the rest of the ALTER.
func (e *Engine) AlterTableComment(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	db, table, comment, ok := alterComment(ctx.Query())
	if !ok {
		return n, transform.SameTree, nil
	}
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	step := &setTableComment{eng: e, db: db, table: table, comment: comment}
	if b, isBlock := n.(*plan.Block); isBlock {
		return plan.NewBlock(append(b.Children()[:len(b.Children()):len(b.Children())], step)), transform.NewTree, nil
	}
	return plan.NewBlock([]sql.Node{n, step}), transform.NewTree, nil
}

// alterComment returns the table and the last table COMMENT of an ALTER
// TABLE statement: a comma-separated part that starts with COMMENT (a
// column's COMMENT follows its definition inside an ADD/MODIFY/CHANGE part).
func alterComment(q string) (db, table, comment string, ok bool) {
	if !containsFold(q, "comment") {
		return "", "", "", false
	}
	tkn := sqlparser.NewStringTokenizer(q)
	next := func() (int, string) {
		for {
			typ, val := tkn.Scan()
			if typ != sqlparser.COMMENT {
				return typ, string(val)
			}
		}
	}
	if typ, _ := next(); typ != sqlparser.ALTER {
		return "", "", "", false
	}
	if typ, _ := next(); typ != sqlparser.TABLE {
		return "", "", "", false
	}
	typ, name := next()
	if typ == 0 || typ == sqlparser.LEX_ERROR {
		return "", "", "", false
	}
	typ, _ = next()
	if typ == '.' {
		db = name
		if typ, name = next(); typ == 0 || typ == sqlparser.LEX_ERROR {
			return "", "", "", false
		}
		typ, _ = next()
	}
	table = name
	depth, partStart := 0, true
	for ; typ != 0 && typ != ';' && typ != sqlparser.LEX_ERROR; typ, _ = next() {
		switch {
		case typ == '(':
			depth++
		case typ == ')':
			depth--
		case typ == ',' && depth == 0:
			partStart = true
			continue
		case partStart && typ == sqlparser.COMMENT_KEYWORD:
			t2, v2 := next()
			if t2 == '=' {
				t2, v2 = next()
			}
			if t2 != sqlparser.STRING {
				return "", "", "", false
			}
			comment, ok = v2, true
		}
		partStart = false
	}
	return db, table, comment, ok
}

// setTableComment stores a table's comment (the last step of an ALTER).
type setTableComment struct {
	okResult
	eng       *Engine
	db, table string
	comment   string
}

var _ sql.ExecSourceRel = (*setTableComment)(nil)

func (s *setTableComment) String() string {
	return fmt.Sprintf("SetTableComment(%s.%s)", s.db, s.table)
}
func (s *setTableComment) WithChildren(c ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(s, c...)
}

func (s *setTableComment) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	if s.db == "" {
		return nil, sql.ErrNoDatabaseSelected.New()
	}
	d, err := s.eng.Provider().Database(ctx, s.db)
	if err != nil {
		return nil, err
	}
	t, ok, err := d.GetTableInsensitive(ctx, s.table)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, sql.ErrTableNotFound.New(s.table)
	}
	tbl, ok := t.(*Table)
	if !ok {
		return nil, fmt.Errorf("myriad: table %T", t)
	}
	if err := tbl.SetComment(ctx, s.comment); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// SetComment replaces the table's comment.
func (t *Table) SetComment(ctx *sql.Context, comment string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def := t.def.Clone()
	def.Comment = comment
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}
