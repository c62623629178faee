package engine

import (
	"log/slog"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/keys"
)

// Key formats (catalog/keyformat.go). A store written before keyenc's
// KeyFormat 1 may hold tables whose keys encode 'ß' apart from "ss" under
// the UCA collations while their comparisons now call them equal (before
// format 2: 'a\0' apart from 'a', '가' apart from its jamo): an
// indexed `WHERE c = 'ss'` would miss the 'ß' row the unindexed one finds,
// and a UNIQUE index would hold both. So:
//
//   - UpgradeKeyFormat, at start-up before connections are taken, rebuilds
//     every such table (copies its rows under a new table ID with keys in
//     the current format, as a rebuilding ALTER does; a 'ß' and an 'ss' in
//     one UNIQUE key then fail it with 1062 and the table stays as it is),
//     stamps the format on every other older table, and then writes the
//     marker keys.Format(keyFormatMarker), so later starts skip the scan.
//   - a table still stale (its rebuild failed, or a tenant file from an
//     older Myriad brought it in after the marker) is refused by every
//     statement but DROP TABLE with MySQL's 1459 (ER_TABLE_NEEDS_UPGRADE):
//     its keys are never read or written with the new encoding. The next
//     start tries its rebuild again when the marker is missing.
const keyFormatMarker = "keyformat"

// erTableNeedsUpgrade is MySQL's ER_TABLE_NEEDS_UPGRADE (vitess has no
// name for it).
const erTableNeedsUpgrade = 1459

// UpgradeKeyFormat brings every table's keys to the current format (see
// above). It returns the tables it rebuilt and those it could not.
func (e *Engine) UpgradeKeyFormat() (rebuilt int, failed []string, err error) {
	// Tables with a functional index over old JSON text too (jsontext.go).
	if rebuilt, failed, err = e.upgradeJSONText(); err != nil {
		return rebuilt, failed, err
	}
	n, moreFailed, err := e.upgradeKeyFormat()
	return rebuilt + n, append(failed, moreFailed...), err
}

func (e *Engine) upgradeKeyFormat() (rebuilt int, failed []string, err error) {
	cur := keyenc.CurrentKeyFormat()
	if v, ok, err := e.db.Get(keys.Format(keyFormatMarker)); err != nil {
		return 0, nil, err
	} else if ok && len(v) == 1 && int(v[0]) >= cur {
		return 0, nil, nil
	}
	busy := map[uint64]bool{} // tables with an unfinished DDL job
	if err := e.cat.ListJobs(nil, func(j *catalog.Job) error {
		busy[j.TableID] = true
		return nil
	}); err != nil {
		return 0, nil, err
	}
	// In batches, each stamped in one transaction: collecting every
	// decoded definition first held ~1.7 GB of Go heap at a million tables,
	// and GOGC 200 let the heap grow to three times that before the next
	// collection (BENCHMARKS mem1m).
	err = e.cat.EachTableBatch(upgradeBatch, func(s *catalog.Schema, ts []*catalog.Table) error {
		ch := new(catalog.Change)
		for _, t := range ts {
			switch {
			case int(t.KeyFormat) >= cur:
			case t.StaleKeys():
				name := s.Name + "." + t.Name
				if busy[t.ID] {
					failed = append(failed, name)
					continue
				}
				if err := e.rebuildKeys(s, t); err != nil {
					slog.Warn("could not rebuild a table's keys in the current key format; statements on it fail with 1459",
						"table", name, "err", err)
					failed = append(failed, name)
					continue
				}
				rebuilt++
			default:
				// Its keys are the same in every format: only the record
				// changes.
				nt := t.Clone()
				nt.StampKeyFormat()
				ch.PutTable(s, nt)
			}
		}
		if len(ch.Ops) == 0 {
			return nil
		}
		return e.commitCatalog(ch)
	})
	if err != nil {
		return rebuilt, failed, err
	}
	if len(failed) > 0 {
		return rebuilt, failed, nil
	}
	tx := e.db.Begin()
	tx.Set(keys.Format(keyFormatMarker), []byte{byte(cur)})
	return rebuilt, nil, tx.Commit()
}

// upgradeBatch is how many table definitions a start-up upgrade pass
// holds and stamps at once.
const upgradeBatch = 100

// commitCatalog writes ch in a transaction of its own.
func (e *Engine) commitCatalog(ch *catalog.Change) error {
	tx := e.db.Begin()
	written, err := e.cat.Write(tx, ch)
	if err != nil {
		tx.Rollback()
		return err
	}
	e.cat.BeginChange(written)
	err = tx.Commit()
	e.cat.EndChange(written)
	return err
}

// rebuildKeys copies def's rows into a new table ID with keys in the
// current format, in one transaction.
func (e *Engine) rebuildKeys(s *catalog.Schema, def *catalog.Table) error {
	sess := &Session{BaseSession: sql.NewBaseSession(), eng: e}
	ctx := sql.NewContext(e.bgCtx, sql.WithSession(sess))
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	t := (&Database{eng: e, schema: s}).newTable(def)
	if err := t.rebuild(ctx, def.Clone(), func(r sql.Row) (sql.Row, error) { return r, nil }); err != nil {
		_ = sess.Rollback(ctx, tx)
		return err
	}
	return sess.CommitTransaction(ctx, tx)
}

// staleKeys is 1459 for a table whose keys are in an older format, unless
// the statement drops it.
func staleKeys(ctx *sql.Context, t *catalog.Table) error {
	if !t.StaleKeys() {
		return nil
	}
	q := strings.TrimSpace(ctx.Query())
	if len(q) >= 4 && strings.EqualFold(q[:4], "drop") {
		return nil
	}
	return mysql.NewSQLError(erTableNeedsUpgrade, "HY000",
		"Table upgrade required. Please do \"REPAIR TABLE `%s`\" or dump/reload to fix it!", t.Name)
}

// upgradeImported rebuilds the tables of an imported tenant file whose keys
// an older Myriad wrote (the file's records carry their key format): the
// import is published by then, so until each rebuild commits its table
// answers 1459. A failed rebuild leaves the table refused.
func (e *Engine) upgradeImported(s *catalog.Schema, tables []*catalog.Table) {
	for _, t := range tables {
		if !t.StaleKeys() {
			continue
		}
		def, err := e.cat.Table(nil, s, t.Name)
		if err == nil && def != nil && def.StaleKeys() {
			err = e.rebuildKeys(s, def)
		}
		if err != nil {
			slog.Warn("could not rebuild an imported table's keys in the current key format; statements on it fail with 1459",
				"table", s.Name+"."+t.Name, "err", err)
		}
	}
	e.upgradeImportedJSONText(s, tables) // jsontext.go
}
