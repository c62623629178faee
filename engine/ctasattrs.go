package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/floattype"
)

// RuleCTASAttributes is from fix24c's range 11_940-11_949.
const RuleCTASAttributes = 11_940

// ctasAttributes: a column of CREATE TABLE ... SELECT that is a plain
// reference to a base table's column takes the attributes only the
// catalog record holds beside GMS's type: UNSIGNED of a DECIMAL, FLOAT or
// DOUBLE, FLOAT(M,D)'s (M,D) and an integer's ZEROFILL width. MySQL's
// create_table_from_items copies the column's Field (with its flags);
// GMS's planner built the new column from the plain type, so a negative
// value went into a copy of a DECIMAL UNSIGNED column and an INT(5)
// ZEROFILL copy printed 42 for 00042. The types given are the carriers a
// CREATE TABLE column definition resolves to (package floattype), which
// the catalog stores. It runs before GMS's resolveCreateSelect, which takes
// the new columns from the CREATE node's schema.
func ctasAttributes(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ct, ok := n.(*plan.CreateTable)
	if !ok || ct.Select() == nil {
		return n, transform.SameTree, nil
	}
	proj := ctasProject(ct.Select())
	if proj == nil {
		return n, transform.SameTree, nil
	}
	tables := map[string]*Table{}
	transform.Inspect(proj.Child, func(c sql.Node) bool {
		switch x := c.(type) {
		case *plan.TableAlias:
			if t := tableOfNode(x.Child); t != nil {
				tables[strings.ToLower(x.Name())] = t
			}
			return false
		case *plan.SubqueryAlias:
			return false
		case sql.TableNode:
			if t := tableOfNode(x); t != nil {
				tables[strings.ToLower(x.Name())] = t
			}
		}
		return true
	})
	if len(tables) == 0 {
		return n, transform.SameTree, nil
	}
	cols := ct.PkSchema().Schema
	for i, e := range proj.Projections {
		name := ""
		if a, ok := e.(*expression.Alias); ok {
			name, e = a.Name(), a.Child
		}
		gf, ok := e.(*expression.GetField)
		if !ok {
			continue
		}
		if name == "" {
			name = gf.Name()
		}
		t := tables[strings.ToLower(gf.Table())]
		if t == nil || i >= len(cols) || !strings.EqualFold(cols[i].Name, name) {
			continue
		}
		if typ := declaredType(t, gf.Name(), cols[i].Type); typ != nil {
			// The new table's columns are this statement's own (GMS's
			// planner built them for this node); CreateTable has no
			// setter for its schema.
			cols[i].Type = typ
		}
	}
	return n, transform.SameTree, nil
}

// ctasProject is the projection that makes a CREATE TABLE ... SELECT's
// columns, under the nodes that keep them.
func ctasProject(n sql.Node) *plan.Project {
	for range 8 {
		switch x := n.(type) {
		case *plan.Project:
			return x
		case *plan.Limit, *plan.Sort, *plan.Offset, *plan.Distinct, *plan.TopN, *plan.Filter, *plan.Having:
			n = x.Children()[0]
		default:
			return nil
		}
	}
	return nil
}

// declaredType is the carrier type of t's column name when its record
// holds more than typ (the planner's type of it) says; nil otherwise.
func declaredType(t *Table, name string, typ sql.Type) sql.Type {
	i := t.def.ColumnByName(name)
	if i < 0 {
		return nil
	}
	d := t.def.Columns[i].Type
	if w, ok := d.Zerofill(); ok {
		if nt, isNum := typ.(sql.NumberType); isNum && types.IsUnsigned(typ) && w > 0 && w <= floattype.MaxWidth {
			return floattype.Zerofill{NumberType: nt, W: uint8(w)}
		}
		return nil
	}
	m, s, scaled := d.FloatScale()
	switch {
	case types.IsDecimal(typ) && d.Unsigned():
		if dt, ok := typ.(sql.DecimalType); ok {
			return floattype.UnsignedDecimal{DecimalType: dt}
		}
	case types.IsFloat(typ) && (scaled || d.Unsigned()):
		if nt, ok := typ.(sql.NumberType); ok {
			return floattype.Declared{NumberType: nt, M: m, D: s, Unsigned: d.Unsigned()}
		}
	}
	return nil
}
