package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// index describes the primary key or a secondary index to GMS's planner.
type index struct {
	db, table string
	id        uint32
	name      string
	unique    bool
	exprs     []string
	colTypes  []sql.ColumnExpressionType
	prefix    []uint16
	comment   string
}

var _ sql.OrderedIndex = (*index)(nil)

func (t *Table) newIndex(id uint32, name string, unique bool, cols []int, prefix []uint16, comment string, fx ...*funcExpr) *index {
	sch := t.Schema()
	ix := &index{db: t.db.Name(), table: t.def.Name, id: id, name: name, unique: unique, prefix: prefix, comment: comment}
	for j, c := range cols {
		if j < len(fx) && fx[j] != nil {
			expr := t.def.Name + "." + hiddenColumnName(name, j)
			ix.exprs = append(ix.exprs, expr)
			ix.colTypes = append(ix.colTypes, sql.ColumnExpressionType{Expression: expr, Type: fx[j].typ})
			continue
		}
		expr := t.def.Name + "." + sch[c].Name
		ix.exprs = append(ix.exprs, expr)
		ix.colTypes = append(ix.colTypes, sql.ColumnExpressionType{Expression: expr, Type: indexColumnType(sch[c].Type)})
	}
	return ix
}

func (i *index) ID() string                                        { return i.name }
func (i *index) Database() string                                  { return i.db }
func (i *index) Table() string                                     { return i.table }
func (i *index) Expressions() []string                             { return i.exprs }
func (i *index) IsUnique() bool                                    { return i.unique }
func (i *index) IsSpatial() bool                                   { return false }
func (i *index) IsFullText() bool                                  { return false }
func (i *index) IsVector() bool                                    { return false }
func (i *index) Comment() string                                   { return i.comment }
func (i *index) IndexType() string                                 { return "BTREE" }
func (i *index) IsGenerated() bool                                 { return false }
func (i *index) ColumnExpressionTypes() []sql.ColumnExpressionType { return i.colTypes }
func (i *index) CanSupport(*sql.Context, ...sql.Range) bool        { return true }
func (i *index) PrefixLengths() []uint16                           { return i.prefix }
func (i *index) Order() sql.IndexOrder                             { return sql.IndexOrderAsc }
func (i *index) Reversible() bool                                  { return true }

// CanSupportOrderBy implements sql.Index: key order is the columns' MySQL
// order (collation weights), except for truncated prefix columns.
func (i *index) CanSupportOrderBy(sql.Expression) bool {
	for _, p := range i.prefix {
		if p > 0 {
			return false
		}
	}
	return true
}
