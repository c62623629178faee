package catalog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/proto/query"
)

// Table records use a compact binary form: a cache miss decodes one on the
// query path, so it must cost about a microsecond, not the ~10 µs JSON took.
// The body follows the record's name header and starts with a version byte
// (JSON, used for the small and rare schema/view/trigger records, starts
// with '{').
const tableCodecV1 = 0x01

var errCorrupt = errors.New("catalog: corrupt table record")

type enc struct{ b []byte }

func (e *enc) u(v uint64)   { e.b = binary.AppendUvarint(e.b, v) }
func (e *enc) str(s string) { e.u(uint64(len(s))); e.b = append(e.b, s...) }
func (e *enc) strs(l []string) {
	e.u(uint64(len(l)))
	for _, s := range l {
		e.str(s)
	}
}

func (d *dec) strs() []string {
	n := d.n(1 << 16)
	var l []string
	for i := 0; i < n && d.err == nil; i++ {
		l = append(l, d.str())
	}
	return l
}

func (e *enc) bytes(p []byte) {
	e.u(uint64(len(p)))
	e.b = append(e.b, p...)
}

type dec struct {
	b   []byte
	err error
}

func (d *dec) u() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *dec) n(max int) int {
	v := d.u()
	if v > uint64(max) {
		d.err = errCorrupt
		return 0
	}
	return int(v)
}

func (d *dec) raw() []byte {
	v := d.u()
	if d.err == nil && v > uint64(len(d.b)) {
		d.err = errCorrupt
	}
	if d.err != nil {
		return nil
	}
	n := int(v)
	p := d.b[:n:n]
	d.b = d.b[n:]
	return p
}

func (d *dec) str() string { return string(d.raw()) }

func encodeTable(t *Table) ([]byte, error) {
	e := &enc{b: make([]byte, 0, 256)}
	e.b = binary.AppendUvarint(e.b, uint64(len(t.Name)))
	e.b = append(e.b, t.Name...)
	e.b = append(e.b, tableCodecV1)
	e.u(t.ID)
	e.u(t.SchemaID)
	e.u(t.DataSchemaID)
	e.u(uint64(t.Collation))
	e.str(t.Comment)
	e.u(t.AutoIncStart)
	e.u(uint64(t.NextColumnID))
	e.u(uint64(t.NextIndexID))
	e.u(uint64(len(t.Columns)))
	for i := range t.Columns {
		c := &t.Columns[i]
		e.u(uint64(c.ID))
		e.str(c.Name)
		e.b = appendTypeDesc(e.b, c.Type)
		var flags uint64
		if c.Nullable {
			flags |= 1
		}
		if c.AutoIncrement {
			flags |= 2
		}
		// Bits 2 and 3 (generated, VIRTUAL) are 0 in every record written
		// before generated columns, so those decode as they always did.
		if c.Generated != nil {
			flags |= 4
		}
		if c.Virtual {
			flags |= 8
		}
		// Bit 4: the type is UNSIGNED (TypeDesc.U), kept outside the type
		// descriptor so that records and interning keys written before it
		// stay the same bytes.
		if c.Type.U {
			flags |= 16
		}
		// Bit 5: a ZEROFILL width (TypeDesc.Z) follows the generation
		// expression, outside the type descriptor as bit 4.
		if c.Type.Z > 0 {
			flags |= 32
		}
		e.u(flags)
		encodeDefault(e, c.Default)
		encodeDefault(e, c.OnUpdate)
		e.str(c.Comment)
		if c.Generated != nil {
			encodeDefault(e, c.Generated)
		}
		if c.Type.Z > 0 {
			e.u(uint64(c.Type.Z))
		}
	}
	e.u(uint64(len(t.PK)))
	for _, p := range t.PK {
		e.u(uint64(p))
	}
	e.u(uint64(len(t.Indexes)))
	for i := range t.Indexes {
		ix := &t.Indexes[i]
		e.u(uint64(ix.ID))
		e.str(ix.Name)
		// Bit 0: UNIQUE; the bits above: the build state, 0 (public) in
		// every record written before online builds existed.
		var uf uint64
		if ix.Unique {
			uf = 1
		}
		e.u(uf | uint64(ix.State)<<1)
		e.u(uint64(len(ix.Columns)))
		for _, c := range ix.Columns {
			e.u(uint64(c))
		}
		e.u(uint64(len(ix.Prefix)))
		for _, p := range ix.Prefix {
			e.u(uint64(p))
		}
		e.str(ix.Comment)
	}
	// Table flags: a trailing field, absent in records written before it
	// existed (decoded as 0). Flag 2 says the fill values of instantly
	// added columns follow: uvarint(n), then n times the column's position
	// and its value (records without fills stay byte-identical).
	fills := 0
	for i := range t.Columns {
		if t.Columns[i].Fill != nil {
			fills++
		}
	}
	var flags uint64
	if t.CounterExact {
		flags |= 1
	}
	if fills > 0 {
		flags |= 2
	}
	// Flags 4 and 8: foreign keys and CHECK constraints follow the fills,
	// each list only when non-empty, so a record without them is the
	// same bytes as before they existed.
	if len(t.FKs) > 0 {
		flags |= 4
	}
	if len(t.Checks) > 0 {
		flags |= 8
	}
	// Flag 16: RowIDHashBelow follows the CHECK constraints.
	if t.RowIDHashBelow > 0 {
		flags |= 16
	}
	// Flag 32: the functional key parts of indexes follow RowIDHashBelow:
	// uvarint(n), then n times an index position, its parts' expressions
	// ("" for a column part) and each expression's type.
	funcs := 0
	for i := range t.Indexes {
		if t.Indexes[i].HasExprs() {
			funcs++
		}
	}
	if funcs > 0 {
		flags |= 32
	}
	// Flag 64: the SPATIAL indexes follow the functional key parts:
	// uvarint(n), then n times a name, a column ID and a comment.
	if len(t.Spatial) > 0 {
		flags |= 64
	}
	// Flag 128: KeyFormat follows the SPATIAL indexes.
	if t.KeyFormat > 0 {
		flags |= 128
	}
	// Flag 256: the JSONText of functional indexes follow KeyFormat:
	// uvarint(n), then n times an index position and its version.
	stamped := 0
	for i := range t.Indexes {
		if t.Indexes[i].JSONText != 0 {
			stamped++
		}
	}
	if stamped > 0 {
		flags |= 256
	}
	e.u(flags)
	if fills > 0 {
		e.u(uint64(fills))
		for i := range t.Columns {
			if f := t.Columns[i].Fill; f != nil {
				e.u(uint64(i))
				e.bytes(f)
			}
		}
	}
	if len(t.FKs) > 0 {
		e.u(uint64(len(t.FKs)))
		for i := range t.FKs {
			fk := &t.FKs[i]
			e.str(fk.Name)
			e.strs(fk.Columns)
			e.str(fk.ParentSchema)
			e.str(fk.ParentTable)
			e.strs(fk.ParentColumns)
			e.u(uint64(fk.OnUpdate))
			e.u(uint64(fk.OnDelete))
		}
	}
	if len(t.Checks) > 0 {
		e.u(uint64(len(t.Checks)))
		for i := range t.Checks {
			c := &t.Checks[i]
			e.str(c.Name)
			e.str(c.Expr)
			if c.Enforced {
				e.u(1)
			} else {
				e.u(0)
			}
		}
	}
	if t.RowIDHashBelow > 0 {
		e.u(uint64(t.RowIDHashBelow))
	}
	if funcs > 0 {
		e.u(uint64(funcs))
		for i := range t.Indexes {
			ix := &t.Indexes[i]
			if !ix.HasExprs() {
				continue
			}
			e.u(uint64(i))
			for j := range ix.Columns {
				if !ix.IsExpr(j) {
					e.str("")
					continue
				}
				e.str(ix.Exprs[j])
				e.b = appendTypeDesc(e.b, ix.ExprTypes[j])
			}
		}
	}
	if len(t.Spatial) > 0 {
		e.u(uint64(len(t.Spatial)))
		for i := range t.Spatial {
			sx := &t.Spatial[i]
			e.str(sx.Name)
			e.u(uint64(sx.Column))
			e.str(sx.Comment)
		}
	}
	if t.KeyFormat > 0 {
		e.u(uint64(t.KeyFormat))
	}
	if stamped > 0 {
		e.u(uint64(stamped))
		for i := range t.Indexes {
			if v := t.Indexes[i].JSONText; v != 0 {
				e.u(uint64(i))
				e.u(uint64(v))
			}
		}
	}
	return e.b, nil
}

// appendTypeDesc is also the interning key of a type.
func appendTypeDesc(b []byte, t TypeDesc) []byte {
	b = binary.AppendUvarint(b, uint64(uint32(t.Q)))
	b = binary.AppendVarint(b, t.L)
	b = append(b, t.P, t.S)
	b = binary.AppendUvarint(b, uint64(t.C))
	b = binary.AppendUvarint(b, uint64(t.W))
	b = binary.AppendUvarint(b, uint64(len(t.V)))
	for _, v := range t.V {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	return b
}

func (d *dec) typeDesc() (TypeDesc, []byte) {
	start := d.b
	var t TypeDesc
	t.Q = query.Type(int32(uint32(d.u())))
	if d.err == nil {
		l, n := binary.Varint(d.b)
		if n <= 0 {
			d.err = errCorrupt
		} else {
			t.L, d.b = l, d.b[n:]
		}
	}
	if d.err == nil && len(d.b) >= 2 {
		t.P, t.S, d.b = d.b[0], d.b[1], d.b[2:]
	} else {
		d.err = errCorrupt
	}
	t.C = uint16(d.u())
	t.W = int(d.u())
	nv := d.n(1 << 16)
	for i := 0; i < nv && d.err == nil; i++ {
		t.V = append(t.V, d.str())
	}
	if d.err != nil {
		return t, nil
	}
	return t, start[:len(start)-len(d.b)]
}

func encodeDefault(e *enc, d *Default) {
	switch {
	case d == nil:
		e.u(0)
	case d.Expr != "" || d.Lit == nil || d.LitType == nil:
		e.u(2)
		e.str(d.Expr)
	default:
		e.u(3)
		e.bytes(d.Lit)
		e.b = appendTypeDesc(e.b, *d.LitType)
	}
}

func (d *dec) dflt() *Default {
	switch d.u() {
	case 0:
		return nil
	case 2:
		return &Default{Expr: d.str()}
	case 3:
		lit := append([]byte(nil), d.raw()...)
		td, _ := d.typeDesc()
		return &Default{Lit: lit, LitType: &td}
	}
	d.err = errCorrupt
	return nil
}

// decodeTableBody decodes the binary body (after the version byte) into t
// and builds its column types through the intern table.
func decodeTableBody(body []byte, t *Table) error {
	d := &dec{b: body}
	t.ID = d.u()
	t.SchemaID = d.u()
	t.DataSchemaID = d.u()
	t.Collation = sql.CollationID(d.u())
	t.Comment = d.str()
	t.AutoIncStart = d.u()
	t.NextColumnID = uint32(d.u())
	t.NextIndexID = uint32(d.u())
	nc := d.n(1 << 16)
	if d.err != nil {
		return d.err
	}
	t.Columns = make([]Column, nc)
	t.types = make([]sql.Type, nc)
	for i := range t.Columns {
		c := &t.Columns[i]
		c.ID = uint32(d.u())
		c.Name = d.str()
		var key []byte
		c.Type, key = d.typeDesc()
		if d.err != nil {
			return d.err
		}
		typ, err := internType(c.Type, key)
		if err != nil {
			return err
		}
		t.types[i] = typ
		flags := d.u()
		c.Nullable, c.AutoIncrement = flags&1 != 0, flags&2 != 0
		c.Default = d.dflt()
		c.OnUpdate = d.dflt()
		c.Comment = d.str()
		if flags&4 != 0 {
			c.Generated = d.dflt()
		}
		c.Virtual = flags&8 != 0
		c.Type.U = flags&16 != 0
		if flags&32 != 0 {
			c.Type.Z = uint8(d.n(255))
			zerofillSeen.Store(true)
		}
	}
	npk := d.n(nc)
	t.PK = make([]int, npk)
	for i := range t.PK {
		t.PK[i] = d.n(nc - 1)
	}
	ni := d.n(1 << 16)
	if ni > 0 {
		t.Indexes = make([]Index, ni)
	}
	for i := 0; i < ni && d.err == nil; i++ {
		ix := &t.Indexes[i]
		ix.ID = uint32(d.u())
		ix.Name = d.str()
		uf := d.u()
		ix.Unique, ix.State = uf&1 != 0, IndexState(uf>>1)
		ix.Columns = make([]int, d.n(nc))
		for j := range ix.Columns {
			ix.Columns[j] = d.n(nc - 1)
		}
		if np := d.n(nc); np > 0 {
			ix.Prefix = make([]uint16, np)
			for j := range ix.Prefix {
				ix.Prefix[j] = uint16(d.u())
			}
		}
		ix.Comment = d.str()
	}
	if d.err == nil && len(d.b) > 0 {
		flags := d.u()
		t.CounterExact = flags&1 != 0
		if flags&2 != 0 {
			nf := d.n(nc)
			for i := 0; i < nf && d.err == nil; i++ {
				p := d.n(nc - 1)
				if f := d.raw(); d.err == nil {
					t.Columns[p].Fill = append([]byte{}, f...)
				}
			}
		}
		if flags&4 != 0 {
			n := d.n(1 << 16)
			for i := 0; i < n && d.err == nil; i++ {
				fk := ForeignKey{Name: d.str(), Columns: d.strs(), ParentSchema: d.str(), ParentTable: d.str(),
					ParentColumns: d.strs(), OnUpdate: uint8(d.n(255)), OnDelete: uint8(d.n(255))}
				t.FKs = append(t.FKs, fk)
			}
		}
		if flags&8 != 0 {
			n := d.n(1 << 16)
			for i := 0; i < n && d.err == nil; i++ {
				t.Checks = append(t.Checks, Check{Name: d.str(), Expr: d.str(), Enforced: d.u() == 1})
			}
		}
		if flags&16 != 0 {
			t.RowIDHashBelow = uint32(d.n(1 << 32))
		}
		if flags&32 != 0 {
			n := d.n(len(t.Indexes))
			for k := 0; k < n && d.err == nil; k++ {
				ix := &t.Indexes[d.n(len(t.Indexes)-1)]
				ix.Exprs = make([]string, len(ix.Columns))
				ix.ExprTypes = make([]TypeDesc, len(ix.Columns))
				for j := range ix.Columns {
					if ix.Exprs[j] = d.str(); ix.Exprs[j] != "" {
						ix.ExprTypes[j], _ = d.typeDesc()
					}
				}
			}
		}
		if flags&64 != 0 {
			n := d.n(1 << 16)
			for i := 0; i < n && d.err == nil; i++ {
				t.Spatial = append(t.Spatial, SpatialIndex{Name: d.str(), Column: uint32(d.n(1 << 32)), Comment: d.str()})
			}
		}
		if flags&128 != 0 {
			t.KeyFormat = uint8(d.n(255))
		}
		if flags&256 != 0 {
			n := d.n(len(t.Indexes))
			for k := 0; k < n && d.err == nil; k++ {
				ix := &t.Indexes[d.n(len(t.Indexes)-1)]
				ix.JSONText = uint8(d.n(255))
			}
		}
	}
	if d.err != nil {
		return fmt.Errorf("%w: table %q", d.err, t.Name)
	}
	return nil
}

// typeIntern shares one GMS type object among all columns with the same
// stored type: a million sbtest tables have four distinct column types.
var typeIntern sync.Map // string(type descriptor bytes) -> sql.Type

func internType(td TypeDesc, key []byte) (sql.Type, error) {
	if v, ok := typeIntern.Load(string(key)); ok {
		return v.(sql.Type), nil
	}
	typ, err := td.Build()
	if err != nil {
		return nil, err
	}
	v, _ := typeIntern.LoadOrStore(string(key), typ)
	return v.(sql.Type), nil
}
