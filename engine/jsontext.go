package engine

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
)

// Stale JSON functional indexes (funcindex.go, jsonTextStale). An index
// computed before catalog.JSONTextVersion may hold entries under the old
// text of a JSON value; queries do not read it, but writes maintain it and
// a UNIQUE one is checked against those entries (a false 1062, or a missed
// duplicate) and `myriad check` finds entries the rows no longer give. So
// no such index is kept:
//
//   - upgradeJSONText, at start-up (called by UpgradeKeyFormat, before
//     connections are taken), rebuilds every table with one (its rows and
//     all its entries written anew, as a rebuilding ALTER does) and stamps
//     the functional indexes that read no JSON and compute what a query
//     computes (their entries are right as they are). A marker key then
//     skips the scan on later starts. A table whose rebuild fails (its
//     rows are duplicates under the index's current values) stays as it
//     was, logged; its index is still not read, and the next start tries
//     again. ALTER TABLE ... FORCE rebuilds it as well, reporting the 1062.
//   - a tenant file from an older Myriad has its tables rebuilt when it is
//     imported (upgradeImported).
//   - ALTER TABLE t FORCE rebuilds t (MySQL's FORCE rebuilds the table;
//     GMS's parser turns it into an empty plan).
const jsonTextMarker = "jsontext"

// jsonTextOld reports whether def has a functional index computed before
// the current JSONTextVersion.
func jsonTextOld(def *catalog.Table) bool {
	for i := range def.Indexes {
		if def.Indexes[i].HasExprs() && def.Indexes[i].JSONText < catalog.JSONTextVersion {
			return true
		}
	}
	return false
}

// upgradeJSONText rebuilds or stamps the tables with an old functional
// index (see above).
func (e *Engine) upgradeJSONText() (rebuilt int, failed []string, err error) {
	if v, ok, err := e.db.Get(keys.Format(jsonTextMarker)); err != nil {
		return 0, nil, err
	} else if ok && len(v) == 1 && v[0] >= catalog.JSONTextVersion {
		return 0, nil, nil
	}
	busy := map[uint64]bool{} // tables with an unfinished DDL job
	if err := e.cat.ListJobs(nil, func(j *catalog.Job) error {
		busy[j.TableID] = true
		return nil
	}); err != nil {
		return 0, nil, err
	}
	// In batches, not collected first (keyformat.go says why).
	err = e.cat.EachTableBatch(upgradeBatch, func(s *catalog.Schema, ts []*catalog.Table) error {
		for _, t := range ts {
			if !jsonTextOld(t) {
				continue
			}
			name := s.Name + "." + t.Name
			if busy[t.ID] {
				failed = append(failed, name)
				continue
			}
			done, err := e.upgradeJSONTextTable(s, t)
			if err != nil {
				slog.Warn("could not rebuild a table whose functional index holds JSON values in an older text; queries do not read that index",
					"table", name, "err", err)
				failed = append(failed, name)
				continue
			}
			if done {
				rebuilt++
			}
		}
		return nil
	})
	if err != nil {
		return rebuilt, failed, err
	}
	if len(failed) > 0 {
		return rebuilt, failed, nil
	}
	tx := e.db.Begin()
	tx.Set(keys.Format(jsonTextMarker), []byte{catalog.JSONTextVersion})
	return rebuilt, nil, tx.Commit()
}

// upgradeJSONTextTable rebuilds def if one of its old functional indexes
// may hold other values than its expression gives now, else stamps it;
// rebuilt says which.
func (e *Engine) upgradeJSONTextTable(s *catalog.Schema, def *catalog.Table) (rebuilt bool, err error) {
	sess := &Session{BaseSession: sql.NewBaseSession(), eng: e}
	ctx := sql.NewContext(e.bgCtx, sql.WithSession(sess))
	t := (&Database{eng: e, schema: s}).newTable(def)
	stale := false
	for i := range t.lay.indexes {
		if il := &t.lay.indexes[i]; il.fx != nil && jsonTextStale(ctx, il, def) {
			stale = true
		}
	}
	if stale {
		return true, e.rebuildKeys(s, def)
	}
	nt := def.Clone()
	nt.StampJSONText()
	tx := e.db.Begin()
	written, err := e.cat.Write(tx, new(catalog.Change).PutTable(s, nt))
	if err != nil {
		tx.Rollback()
		return false, err
	}
	e.cat.BeginChange(written)
	err = tx.Commit()
	e.cat.EndChange(written)
	return false, err
}

// upgradeImportedJSONText does for an imported tenant file's tables what
// upgradeJSONText does at start-up.
func (e *Engine) upgradeImportedJSONText(s *catalog.Schema, tables []*catalog.Table) {
	for _, t := range tables {
		if !jsonTextOld(t) {
			continue
		}
		def, err := e.cat.Table(nil, s, t.Name)
		if err == nil && def != nil && jsonTextOld(def) {
			_, err = e.upgradeJSONTextTable(s, def)
		}
		if err != nil {
			slog.Warn("could not rebuild an imported table whose functional index holds JSON values in an older text; queries do not read that index",
				"table", s.Name+"."+t.Name, "err", err)
		}
	}
}

// RuleAlterTableForce: see AlterTableForce.
const RuleAlterTableForce analyzer.RuleId = 11_270

// AlterTableForce is an analyzer rule for ALTER TABLE t FORCE, which MySQL
// answers by rebuilding the table (every row and index entry written
// anew); GMS's parser keeps nothing of it, and the empty plan did nothing.
// Only a statement whose every part GMS dropped is taken (FORCE alone, or
// with table options GMS ignores): parts GMS runs rebuild the table where
// they need to.
func (e *Engine) AlterTableForce(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	b, ok := n.(*plan.Block)
	if !ok || len(b.Children()) != 0 {
		return n, transform.SameTree, nil
	}
	db, table, ok := alterForce(ctx.Query())
	if !ok {
		return n, transform.SameTree, nil
	}
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	return &forceRebuild{eng: e, db: db, table: table}, transform.NewTree, nil
}

// alterForce returns the table of an ALTER TABLE statement with a FORCE
// part, or with ALGORITHM=COPY and no part GMS runs.
func alterForce(q string) (db, table string, ok bool) {
	// ALGORITHM=COPY with nothing GMS runs (`ENGINE=InnoDB,
	// ALGORITHM=COPY`) rebuilds the table as FORCE does, in MySQL too.
	if !containsFold(q, "force") && alterClausesOf(q).algorithm != "COPY" {
		return "", "", false
	}
	st, err := ast.Parse(q)
	if err != nil {
		return "", "", false
	}
	at, isAlter := st.(*ast.AlterTable)
	if !isAlter || at.Table.Name.String() == "" {
		return "", "", false
	}
	for _, d := range at.Statements {
		if d != nil && strings.EqualFold(d.Action, ast.AlterStr) && bareAlter(d) {
			return at.Table.DbQualifier.String(), at.Table.Name.String(), true
		}
	}
	return "", "", false
}

// bareAlter reports whether d is a part of an ALTER TABLE that names no
// change: FORCE is parsed as such a part.
func bareAlter(d *ast.DDL) bool {
	return d.ColumnAction == "" && d.ConstraintAction == "" && d.IndexSpec == nil &&
		d.AutoIncSpec == nil && d.DefaultSpec == nil && d.AlterCollationSpec == nil &&
		d.NotNullSpec == nil && d.ColumnTypeSpec == nil && d.TableSpec == nil
}

// forceRebuild rebuilds one table (ALTER TABLE ... FORCE).
type forceRebuild struct {
	okResult
	eng       *Engine
	db, table string
}

var _ sql.ExecSourceRel = (*forceRebuild)(nil)

func (f *forceRebuild) String() string { return fmt.Sprintf("ForceRebuild(%s.%s)", f.db, f.table) }
func (f *forceRebuild) WithChildren(c ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(f, c...)
}

func (f *forceRebuild) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	if f.db == "" {
		return nil, sql.ErrNoDatabaseSelected.New()
	}
	d, err := f.eng.Provider().Database(ctx, f.db)
	if err != nil {
		return nil, err
	}
	t, ok, err := d.GetTableInsensitive(ctx, f.table)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, sql.ErrTableNotFound.New(f.table)
	}
	tbl, ok := t.(*Table)
	if !ok {
		return nil, fmt.Errorf("myriad: table %T", t)
	}
	if err := tbl.Force(ctx); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// Force rebuilds the table: its rows and every index entry are written
// anew under a new table ID, as MySQL's ALTER TABLE ... FORCE does.
func (t *Table) Force(ctx *sql.Context) (err error) {
	defer ddlStep(ctx)(&err)
	return t.rebuild(ctx, t.def.Clone(), func(r sql.Row) (sql.Row, error) { return r, nil })
}
