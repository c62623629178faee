package engine

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
)

// Which tables of a schema have triggers, and for which events, is asked
// by the statements that must treat a triggered table differently (a
// multi-table UPDATE's targets, a DELETE with a subquery). The answer needs
// every trigger definition of the schema parsed; parsing them for every
// such statement made its cost grow with the schema's triggers. The parsed
// answer is kept per schema, for the schema record it was computed from:
// CREATE and DROP TRIGGER (and a tenant restore) write the schema record
// with the trigger's own record, so the catalog hands out a new one and the
// kept answer is no longer taken. A transaction reading its own uncommitted
// catalog gets a fresh record per lookup and so parses each time, as before.

// Trigger events as bits of trigIndex.events.
const (
	trigInsert uint8 = 1 << iota
	trigUpdate
	trigDelete
)

// maxTrigIndexes bounds trigIndexes.m.
const maxTrigIndexes = 4096

type trigIndexKey struct {
	eng      *Engine
	schemaID uint64
}

// trigIndex is the events of each table (lower-cased name) of the schema
// record sch that have a BEFORE or AFTER trigger.
type trigIndex struct {
	sch    *catalog.Schema
	events map[string]uint8
}

var trigIndexes struct {
	sync.Mutex
	m map[trigIndexKey]*trigIndex
}

// hasTrigger says whether rt's table has a BEFORE or AFTER trigger on event
// (sqlparser.InsertStr, UpdateStr or DeleteStr).
func hasTrigger(ctx *sql.Context, rt *plan.ResolvedTable, event string) (bool, error) {
	var bit uint8
	switch strings.ToLower(event) {
	case sqlparser.InsertStr:
		bit = trigInsert
	case sqlparser.UpdateStr:
		bit = trigUpdate
	case sqlparser.DeleteStr:
		bit = trigDelete
	}
	events, err := tableTriggerEvents(ctx, rt)
	return events&bit != 0, err
}

// tableTriggerEvents is the trigger events of rt's table (a trigger lives
// in its table's schema).
func tableTriggerEvents(ctx *sql.Context, rt *plan.ResolvedTable) (uint8, error) {
	db := rt.SqlDatabase
	for {
		w, ok := db.(interface{ Unwrap() sql.Database })
		if !ok {
			break
		}
		db = w.Unwrap()
	}
	tdb, ok := db.(sql.TriggerDatabase)
	if !ok {
		return 0, nil
	}
	name := strings.ToLower(rt.Name())
	d, mine := tdb.(*Database)
	if !mine {
		ix, err := parseTriggerIndex(ctx, tdb)
		return ix[name], err
	}
	if d.schema.Triggers <= 0 {
		return 0, nil
	}
	key := trigIndexKey{eng: d.eng, schemaID: d.schema.ID}
	trigIndexes.Lock()
	ix := trigIndexes.m[key]
	trigIndexes.Unlock()
	if ix != nil && ix.sch == d.schema {
		return ix.events[name], nil
	}
	sch := d.schema
	events, err := parseTriggerIndex(ctx, tdb)
	if err != nil {
		return 0, err
	}
	trigIndexes.Lock()
	if trigIndexes.m == nil || len(trigIndexes.m) >= maxTrigIndexes {
		// Bounded: one entry per schema with triggers ever touched would
		// grow with the number of schemas (and keep dropped schemas'
		// records and closed engines alive). Starting over costs one
		// parse per schema the next time, as a first touch does.
		trigIndexes.m = map[trigIndexKey]*trigIndex{}
	}
	trigIndexes.m[key] = &trigIndex{sch: sch, events: events}
	trigIndexes.Unlock()
	return events[name], nil
}

// trigIndexParses counts parseTriggerIndex's runs (for tests).
var trigIndexParses atomic.Int64

// parseTriggerIndex parses every trigger of tdb for its table and event.
func parseTriggerIndex(ctx *sql.Context, tdb sql.TriggerDatabase) (map[string]uint8, error) {
	trigIndexParses.Add(1)
	defs, err := tdb.GetTriggers(ctx)
	if err != nil {
		return nil, err
	}
	events := map[string]uint8{}
	for _, d := range defs {
		opts := sql.NewSqlModeFromString(d.SqlMode).ParserOptions()
		stmt, err := sqlparser.ParseWithOptions(ctx, d.CreateStatement, opts)
		if err != nil {
			return nil, err
		}
		ddl, ok := stmt.(*sqlparser.DDL)
		if !ok || ddl.TriggerSpec == nil {
			continue
		}
		var bit uint8
		switch strings.ToLower(ddl.TriggerSpec.Event) {
		case sqlparser.InsertStr:
			bit = trigInsert
		case sqlparser.UpdateStr:
			bit = trigUpdate
		case sqlparser.DeleteStr:
			bit = trigDelete
		}
		events[strings.ToLower(ddl.Table.Name.String())] |= bit
	}
	return events, nil
}
