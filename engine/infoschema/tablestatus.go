package infoschema

import (
	"fmt"
	"io"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ShowTableStatus answers SHOW TABLE STATUS from TABLES, as MySQL 8.0 does
// (it runs the statement as a SELECT over information_schema.TABLES). GMS's
// own answer read 0 rows and data length for every table (it asks
// sql.StatisticsTable, which the engine does not implement so that GMS's
// planner never costs with it), NULL for Auto_increment and Comment, and
// "Fixed" for Row_format where TABLES says "Dynamic", and left views out.
// The node keeps GMS's column order, so a LIKE or WHERE GMS built over it
// still reads the right columns; the last column is named Comment, as
// MySQL names it (GMS: Comments).
func ShowTableStatus(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		s, ok := n.(*plan.ShowTableStatus)
		if !ok || s.Catalog == nil || s.Database() == nil {
			return n, transform.SameTree, nil
		}
		return &tableStatus{db: s.Database(), cat: s.Catalog}, transform.NewTree, nil
	})
}

type tableStatus struct {
	db  sql.Database
	cat sql.Catalog
}

var _ sql.ExecSourceRel = (*tableStatus)(nil)

var tableStatusSchema = func() sql.Schema {
	s := (&plan.ShowTableStatus{}).Schema().Copy()
	s[len(s)-1].Name = "Comment"
	return s
}()

func (s *tableStatus) Resolved() bool       { return true }
func (s *tableStatus) IsReadOnly() bool     { return true }
func (s *tableStatus) String() string       { return "SHOW TABLE STATUS" }
func (s *tableStatus) Schema() sql.Schema   { return tableStatusSchema }
func (s *tableStatus) Children() []sql.Node { return nil }
func (s *tableStatus) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(ch), 0)
	}
	return s, nil
}

func (s *tableStatus) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	t := &infoTables{cat: s.cat}
	it := t.iter(ctx, []sql.Database{s.db})
	defer it.Close(ctx)
	// One schema's rows, sorted by name as MySQL's query orders them
	// (TABLES lists a schema's tables before its views).
	var rows []sql.Row
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, statusRow(r))
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i][0].(string) < rows[j][0].(string) })
	return sql.RowsToRowIter(rows...), nil
}

// statusRow maps a full TABLES row to SHOW TABLE STATUS's columns, in
// the types of GMS's schema (which a WHERE built over it expects).
func statusRow(r sql.Row) sql.Row {
	col := func(name string) any { return r[infoTablesCols[name]] }
	signed := func(v any) any {
		if u, ok := v.(uint64); ok {
			return int64(u)
		}
		return v
	}
	version := col("version")
	if version != nil {
		version = fmt.Sprint(version)
	}
	return sql.Row{
		col("table_name"),
		col("engine"),
		version,
		col("row_format"),
		col("table_rows"),
		col("avg_row_length"),
		col("data_length"),
		col("max_data_length"),
		signed(col("index_length")),
		signed(col("data_free")),
		signed(col("auto_increment")),
		col("create_time"),
		col("update_time"),
		col("check_time"),
		col("table_collation"),
		col("checksum"),
		col("create_options"),
		col("table_comment"),
	}
}
