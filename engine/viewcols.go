package engine

import (
	"strings"
	"sync"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/floattype"
)

// A view's column reads a table column whose declaration GMS's types do
// not keep (FLOAT(M,D)'s D, a ZEROFILL width): the server's result field
// names the view, so FloatScale and Zerofill read the view's definition to
// reach the column (floattype.SubColumn, SubOrigin). `SELECT f FROM v`
// of a FLOAT(7,2) printed 3.5 (MySQL 3.50), a view's INT(5) ZEROFILL 42.

// viewDefinitions memoizes parsed view definitions by their CREATE VIEW
// text (a view's text changes with its definition). Emptied when full.
var viewDefinitions struct {
	sync.Mutex
	m map[string]*ast.ViewSpec
}

const maxViewDefinitions = 256

// viewSelect is view db.name's SELECT and column list; ok is false for a
// name that is no view of db.
func (e *Engine) viewSelect(db, name string) (ast.SelectStatement, ast.Columns, bool) {
	spec := e.viewSpec(db, name)
	if spec == nil {
		return nil, nil, false
	}
	return spec.ViewExpr, spec.Columns, true
}

// viewSpec is view db.name's parsed definition, nil for a name that is no
// view of db.
func (e *Engine) viewSpec(db, name string) *ast.ViewSpec {
	if db == "" || name == "" {
		return nil
	}
	s, err := e.cat.Schema(nil, db)
	if err != nil || s == nil || s.Views <= 0 {
		return nil
	}
	v, err := e.cat.View(nil, s, name)
	if err != nil || v == nil {
		return nil
	}
	viewDefinitions.Lock()
	spec, seen := viewDefinitions.m[v.CreateStmt]
	viewDefinitions.Unlock()
	if !seen {
		if stmt, err := ast.Parse(v.CreateStmt); err == nil {
			if ddl, ok := stmt.(*ast.DDL); ok && ddl.ViewSpec != nil && ddl.ViewSpec.ViewExpr != nil {
				spec = ddl.ViewSpec
			}
		}
		viewDefinitions.Lock()
		if viewDefinitions.m == nil || len(viewDefinitions.m) >= maxViewDefinitions {
			viewDefinitions.m = map[string]*ast.ViewSpec{}
		}
		viewDefinitions.m[v.CreateStmt] = spec
		viewDefinitions.Unlock()
	}
	return spec
}

// HasViews reports whether schema db has views (their columns' decimals
// may depend on the session's div_precision_increment, FloatScaleAt).
func (e *Engine) HasViews(db string) bool {
	if db == "" {
		return false
	}
	s, err := e.cat.Schema(nil, db)
	return err == nil && s != nil && s.Views > 0
}

// viewFloatScale is FloatScale of a view's column: what its select list
// derives for it. Integer columns count as not scaled here (FloatScale's
// meaning), so an expression over one is not derived.
func (e *Engine) viewFloatScale(db, view, column string, incr int) (width, scale uint8, ok bool) {
	sel, cols, ok := e.viewSelect(db, view)
	if !ok {
		return 0, 0, false
	}
	c := floattype.SubColumn(sel, cols, column, db, incr, func(db, table, column string) (uint8, uint8, bool) {
		return e.FloatScaleAt(db, table, column, incr)
	})
	return c.M, c.D, c.OK
}

// viewZerofill is Zerofill of a view's column that passes a table column
// on unchanged.
func (e *Engine) viewZerofill(db, view, column string) (width int, ok bool) {
	sel, cols, ok := e.viewSelect(db, view)
	if !ok {
		return 0, false
	}
	o := floattype.SubOrigin(sel, cols, column, db, func(db, table, column string) (uint8, uint8, bool) {
		return e.FloatScaleAt(db, table, column, defaultDivIncrement)
	})
	if o.DB == "" {
		return 0, false
	}
	return e.Zerofill(o.DB, o.Table, o.Column)
}

// ViewQuery is view db.name's SELECT, its column list and whether MySQL
// merges it into the query that reads it (not ALGORITHM=TEMPTABLE); ok is
// false for a name that is no view of db.
func (e *Engine) ViewQuery(db, name string) (sel ast.SelectStatement, cols ast.Columns, mergeable, ok bool) {
	spec := e.viewSpec(db, name)
	if spec == nil {
		return nil, nil, false, false
	}
	return spec.ViewExpr, spec.Columns, !strings.EqualFold(spec.Algorithm, "temptable"), true
}
