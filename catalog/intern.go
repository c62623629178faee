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

// tableHead is what a record holds apart from its body.
type tableHead struct {
	id, schemaID, dataSchemaID, autoInc uint64
	name, comment                       string
}

// compactDef is the compact cached form of a definition: its head and its
// shared body, from which the whole definition is made again without a
// read or a decode (Catalog.Table's second tier). ~120 bytes of heap with
// its cache entry (compactMemory), where a decoded definition takes ~1,800.
type compactDef struct {
	head tableHead
	body *tableBody
}

// compactMemory is what a compactDef costs the cache that holds it under
// key: the struct, its strings and the cache's entry, list element and map
// slot (TestCompactDefinitionMemory).
func compactMemory(key string, h *tableHead) int64 {
	return int64(128 + len(key) + len(h.name) + len(h.comment))
}

// decodeCachedTable decodes a table record for the definition cache,
// sharing the body of an earlier definition with the same one. It also
// returns the definition's compact form, or nil when the record could not
// be read that way.
func decodeCachedTable(v []byte, dbName string) (*Table, *compactDef, error) {
	name, body, err := recordName(v)
	if err != nil || len(body) == 0 || body[0] != tableCodecV1 {
		t, err := decodeTable(v, dbName)
		return t, nil, err
	}
	d := &dec{b: body[1:]}
	h := tableHead{name: name}
	h.id, h.schemaID, h.dataSchemaID = d.u(), d.u(), d.u()
	collation := d.u()
	h.comment = d.str()
	h.autoInc = d.u()
	if d.err != nil {
		t, err := decodeTable(v, dbName)
		return t, nil, err
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
			return nil, nil, err
		}
		b = learnBody(string(key), t)
		return t, &compactDef{head: h, body: b}, nil
	}
	return b.table(&h, dbName), &compactDef{head: h, body: b}, nil
}

// table makes the definition of head h and body b read under schema
// dbName.
func (b *tableBody) table(h *tableHead, dbName string) *Table {
	t := &Table{
		ID: h.id, SchemaID: h.schemaID, DataSchemaID: h.dataSchemaID, Name: h.name, Comment: h.comment,
		AutoIncStart: h.autoInc, Collation: b.collation, NextColumnID: b.nextColumnID,
		NextIndexID: b.nextIndexID, Columns: b.columns, PK: b.pk, Indexes: b.indexes, FKs: b.fks,
		Checks: b.checks, Spatial: b.spatial, RowIDHashBelow: b.rowIDHashBelow,
		CounterExact: b.counterExact, dbName: dbName, colPos: b.colPos,
	}
	cols := make([]sql.Column, len(b.gms))
	sch := make(sql.Schema, len(b.gms))
	for i := range cols {
		cols[i] = b.gms[i]
		cols[i].Source, cols[i].DatabaseSource = h.name, dbName
		sch[i] = &cols[i]
	}
	t.sch = sql.NewPrimaryKeySchema(sch, b.pk...)
	t.shapeOnce.Do(func() { t.shape = b.shape })
	t.size = sharedTableMemory(len(cols))
	return t
}

// learnBody remembers t's body (t was just decoded and prepared from a
// record whose body is key) for the next definitions with the same one.
func learnBody(key string, t *Table) *tableBody {
	b := &tableBody{
		collation: t.Collation, nextColumnID: t.NextColumnID, nextIndexID: t.NextIndexID,
		columns: t.Columns, pk: t.PK, indexes: t.Indexes, fks: t.FKs, checks: t.Checks,
		spatial: t.Spatial, rowIDHashBelow: t.RowIDHashBelow, counterExact: t.CounterExact,
		colPos: t.colPos, gms: make([]sql.Column, len(t.sch.Schema)), shape: t.Shape(),
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
	return b
}
