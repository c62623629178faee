package catalog

import (
	"encoding/binary"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// A definition read through the cache shares everything but its name, IDs,
// comment and AUTO_INCREMENT start with every other cached definition whose
// record has the same bytes there (its "body"): the columns, keys,
// constraints, the column-ID map and the prepared GMS columns. With a
// million tables made from a few CREATE TABLE statements (one schema per
// tenant), a definition-cache miss then decodes only the record's header
// and copies a few GMS columns instead of decoding and preparing the whole
// record, and a cached definition holds about half the memory, so the same
// budget holds twice as many.
//
// Only the cache's definitions are shared this way: they are immutable
// already (Table's doc: Clone before changing one), where a definition read
// through a transaction may be changed by its caller. The body is compared
// byte for byte, so an ALTERed definition, whose record differs there, never
// finds another version's parts.

// bodyInternMax bounds the distinct bodies remembered. Past it the map is
// dropped and starts again: definitions keep the parts they already share,
// and bodies still in use are learned again on their next miss.
const bodyInternMax = 4096

type tableBody struct {
	collation    sql.CollationID
	nextColumnID uint32
	nextIndexID  uint32

	columns        []Column
	pk             []int
	indexes        []Index
	fks            []ForeignKey
	checks         []Check
	spatial        []SpatialIndex
	rowIDHashBelow uint32
	counterExact   bool
	keyFormat      uint8
	colPos         map[uint32]int
	// gms are the prepared GMS columns without their table and schema
	// names, which each definition sets in its own copies.
	gms   []sql.Column
	shape string
}

var bodies struct {
	mu sync.Mutex
	m  map[string]*tableBody
}

// sharedTableMemory is what a definition that shares its body holds of its
// own, for the cache budget: the Table, its GMS column copies and name
// (~1,100 bytes for a 4-column sbtest table, TestSharedDefinitionMemory),
// its cache entry and the engine's per-definition layout.
func sharedTableMemory(columns int) int { return 500 + 320*columns }

// decodeCachedTable decodes a table record for the definition cache,
// sharing the body of an earlier definition with the same one.
func decodeCachedTable(v []byte, dbName string) (*Table, error) {
	name, body, err := recordName(v)
	if err != nil || len(body) == 0 || body[0] != tableCodecV1 {
		return decodeTable(v, dbName)
	}
	d := &dec{b: body[1:]}
	id, schemaID, dataSchemaID := d.u(), d.u(), d.u()
	collation := d.u()
	comment := d.str()
	autoInc := d.u()
	if d.err != nil {
		return decodeTable(v, dbName)
	}
	// The key: the collation (between the IDs and the comment) and
	// everything after the AUTO_INCREMENT start.
	var buf [512]byte
	key := append(binary.AppendUvarint(buf[:0], collation), d.b...)
	bodies.mu.Lock()
	b := bodies.m[string(key)]
	bodies.mu.Unlock()
	if b == nil {
		t, err := decodeTable(v, dbName)
		if err != nil {
			return nil, err
		}
		learnBody(string(key), t)
		return t, nil
	}
	t := &Table{
		ID: id, SchemaID: schemaID, DataSchemaID: dataSchemaID, Name: name, Comment: comment,
		AutoIncStart: autoInc, Collation: b.collation, NextColumnID: b.nextColumnID,
		NextIndexID: b.nextIndexID, Columns: b.columns, PK: b.pk, Indexes: b.indexes, FKs: b.fks,
		Checks: b.checks, Spatial: b.spatial, RowIDHashBelow: b.rowIDHashBelow,
		CounterExact: b.counterExact, KeyFormat: b.keyFormat, dbName: dbName, colPos: b.colPos,
	}
	cols := make([]sql.Column, len(b.gms))
	sch := make(sql.Schema, len(b.gms))
	for i := range cols {
		cols[i] = b.gms[i]
		cols[i].Source, cols[i].DatabaseSource = name, dbName
		sch[i] = &cols[i]
	}
	t.sch = sql.NewPrimaryKeySchema(sch, b.pk...)
	t.shapeOnce.Do(func() { t.shape = b.shape })
	t.size = sharedTableMemory(len(cols))
	return t, nil
}

// learnBody remembers t's body (t was just decoded and prepared from a
// record whose body is key) for the next definitions with the same one.
func learnBody(key string, t *Table) {
	b := &tableBody{
		collation: t.Collation, nextColumnID: t.NextColumnID, nextIndexID: t.NextIndexID,
		columns: t.Columns, pk: t.PK, indexes: t.Indexes, fks: t.FKs, checks: t.Checks,
		spatial: t.Spatial, rowIDHashBelow: t.RowIDHashBelow, counterExact: t.CounterExact,
		keyFormat: t.KeyFormat,
		colPos:    t.colPos, gms: make([]sql.Column, len(t.sch.Schema)), shape: t.Shape(),
	}
	for i, c := range t.sch.Schema {
		b.gms[i] = *c
		b.gms[i].Source, b.gms[i].DatabaseSource = "", ""
	}
	bodies.mu.Lock()
	defer bodies.mu.Unlock()
	if bodies.m == nil || len(bodies.m) >= bodyInternMax {
		bodies.m = make(map[string]*tableBody)
	}
	bodies.m[key] = b
}
