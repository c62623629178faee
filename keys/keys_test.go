package keys

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseBuilders(t *testing.T) {
	big := uint64(1) << 40
	hidden := HiddenRow(HiddenRowPrefix(Index(3, 9, PrimaryIndexID), 0xdeadbeef), 77)
	cases := []struct {
		name string
		key  []byte
		want Key
	}{
		{"schema", Schema("Shop"), Key{Kind: KindSchema, Name: "shop"}},
		{"empty schema name", Schema(""), Key{Kind: KindSchema}},
		{"table", Table(5, "Orders"), Key{Kind: KindTable, SchemaID: 5, Name: "orders"}},
		{"table big schema", Table(big, "t"), Key{Kind: KindTable, SchemaID: big, Name: "t"}},
		{"view", View(248, "V1"), Key{Kind: KindView, SchemaID: 248, Name: "v1"}},
		{"trigger", Trigger(7, "trg"), Key{Kind: KindTrigger, SchemaID: 7, Name: "trg"}},
		{"routine", Routine(7, "MyProc"), Key{Kind: KindRoutine, SchemaID: 7, Name: "myproc"}},
		{"accounts keeps case", Accounts("mysql_DB"), Key{Kind: KindAccounts, Name: "mysql_DB"}},
		{"ids", IDs(), Key{Kind: KindIDs}},
		{"foreign key reference", FKRef(6, "Parent", "Shop", "Child"), Key{Kind: KindFKRef, SchemaID: 6, Name: "parent\x00shop\x00child"}},
		{"lock (reserved)", Lock(4, "T"), Key{Kind: KindLock, SchemaID: 4, Name: "t"}},
		{"job (reserved)", Job(big), Key{Kind: KindJob, JobID: big}},
		{"counter", Counter(3, 9), Key{Kind: KindCounter, SchemaID: 3, TableID: 9}},
		{"AUTO_INCREMENT counter", AutoInc(3, big), Key{Kind: KindAutoInc, SchemaID: 3, TableID: big}},
		{"format marker", Format("autoinc"), Key{Kind: KindFormat, Name: "autoinc"}},
		{"row count", RowCount(3, 9), Key{Kind: KindRowCount, SchemaID: 3, TableID: 9, Rest: []byte{'r'}}},
		{"primary prefix", Index(3, 9, PrimaryIndexID), Key{Kind: KindRow, SchemaID: 3, TableID: 9, IndexID: 1}},
		{"row", append(Index(3, big, PrimaryIndexID), 0x05, 0x01), Key{Kind: KindRow, SchemaID: 3, TableID: big, IndexID: 1, Rest: []byte{5, 1}}},
		{"hidden row", hidden, Key{Kind: KindRow, SchemaID: 3, TableID: 9, IndexID: 1, Rest: hidden[4:]}},
		{"index entry", append(Index(big, 2, 1<<20), 'x'), Key{Kind: KindIndexEntry, SchemaID: big, TableID: 2, IndexID: 1 << 20, Rest: []byte("x")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.key)
			if err != nil {
				t.Fatalf("Parse(%x): %v", c.key, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("Parse(%x) = %+v, want %+v", c.key, got, c.want)
			}
			if back := got.Append(nil); !bytes.Equal(back, c.key) {
				t.Fatalf("Append = %x, want %x", back, c.key)
			}
		})
	}
}

// The byte layout is on disk: these are the bytes the first release wrote.
func TestLayoutIsStable(t *testing.T) {
	cases := []struct {
		got  []byte
		want string
	}{
		{Schema("Shop"), "\x01sshop"},
		{Table(1, "T"), "\x01t\x01t"},
		{View(300, "v"), "\x01v\xf9\x01\x2cv"},
		{Trigger(2, "g"), "\x01g\x02g"},
		{Accounts("mysql_db"), "\x01umysql_db"},
		{IDs(), "\x01n"},
		{Counter(2, 3), "\x02\x02\x03\x00"},
		{AutoInc(2, 300), "\x03\x02\xf9\x01\x2c"},
		{Format("autoinc"), "\x01fautoinc"},
		{Index(2, 3, PrimaryIndexID), "\x02\x02\x03\x01"},
		{HiddenRow(HiddenRowPrefix(Index(2, 3, 1), 0x0102030405060708), 300), "\x02\x02\x03\x01\x01\x02\x03\x04\x05\x06\x07\x08\xac\x02"},
	}
	for _, c := range cases {
		if string(c.got) != c.want {
			t.Errorf("key %x, want %x", c.got, c.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, b := range [][]byte{
		nil, {0x00}, {0x03}, {0x01}, {0x01, 'z'}, {0x01, 'n', 0}, {0x01, 't'},
		{0x01, 'j', 1, 2}, {0x03, 1}, {0x03, 1, 2, 3}, {0x02}, {0x02, 1}, {0x02, 1, 2}, {0x02, 0xf8, 0x05, 1, 1},
		{0x02, 1, 2, 0xfc, 1, 0, 0, 0, 0}, // index ID above 32 bits
	} {
		if k, err := Parse(b); err == nil {
			t.Errorf("Parse(%x) = %+v, want an error", b, k)
		}
	}
}

func TestHiddenRowID(t *testing.T) {
	p := HiddenRowPrefix(Index(1, 2, PrimaryIndexID), 42)
	for _, id := range []uint64{0, 1, 127, 128, 1 << 40} {
		got, err := HiddenRowID(HiddenRow(p, id), p)
		if err != nil || got != id {
			t.Errorf("HiddenRowID = %d, %v; want %d", got, err, id)
		}
	}
	if _, err := HiddenRowID(append(HiddenRow(p, 5), 0), p); err == nil {
		t.Error("trailing byte after a row ID accepted")
	}
	if _, err := HiddenRowID(p, p); err == nil {
		t.Error("missing row ID accepted")
	}
	if _, err := HiddenRowID(HiddenRow(HiddenRowPrefix(Index(1, 2, 1), 43), 5), p); err == nil {
		t.Error("another hash's key accepted")
	}
}

func inSpan(k, lo, hi []byte) bool {
	return bytes.Compare(k, lo) >= 0 && (hi == nil || bytes.Compare(k, hi) < 0)
}

func within(lo, hi, outerLo, outerHi []byte) bool {
	return bytes.Compare(lo, outerLo) >= 0 && (outerHi == nil || (hi != nil && bytes.Compare(hi, outerHi) <= 0))
}

var ids = []uint64{0, 1, 2, 246, 247, 248, 255, 256, 1<<16 - 1, 1 << 16, 1<<32 + 7, 1<<64 - 2}

func TestSpanOrder(t *testing.T) {
	clo, chi := CatalogSpan()
	dlo, dhi := DataSpan()
	if bytes.Compare(chi, dlo) > 0 {
		t.Fatal("catalog span overlaps the data span")
	}
	for _, k := range [][]byte{Schema("a"), Table(ids[5], "b"), View(3, "v"), Trigger(3, "g"), Accounts("x"), IDs(), Lock(1, "x"), Job(9)} {
		if !inSpan(k, clo, chi) {
			t.Errorf("catalog key %x outside the catalog span", k)
		}
	}
	slo, shi := SchemaRecords()
	tlo, thi := AllTableRecords()
	if !within(slo, shi, clo, chi) || !within(tlo, thi, clo, chi) {
		t.Error("record spans outside the catalog span")
	}
	for i, a := range ids[:len(ids)-1] {
		b := ids[i+1]
		alo, ahi := SchemaDataSpan(a)
		blo, _ := SchemaDataSpan(b)
		if !within(alo, ahi, dlo, dhi) {
			t.Errorf("schema %d data span outside the data span", a)
		}
		// Disjoint and in ID order.
		if bytes.Compare(ahi, blo) > 0 {
			t.Errorf("data spans of schemas %d and %d overlap", a, b)
		}
		if b == a+1 && !bytes.Equal(ahi, blo) {
			// Contiguous: nothing a builder writes falls in the gap.
			if k, err := Parse(ahi); err == nil {
				t.Errorf("key %x (%+v) between the data spans of schemas %d and %d", ahi, k, a, b)
			}
		}
		for _, tid := range ids {
			lo, hi := TableSpan(a, tid)
			if !within(lo, hi, alo, ahi) {
				t.Errorf("table %d.%d span outside its schema's", a, tid)
			}
			if !inSpan(Counter(a, tid), lo, hi) {
				t.Errorf("counter of %d.%d outside its table span", a, tid)
			}
			var prevHi []byte
			for _, iid := range []uint32{0, 1, 2, 247, 248, 1<<32 - 1} {
				ilo, ihi := IndexSpan(a, tid, iid)
				if !within(ilo, ihi, lo, hi) {
					t.Errorf("index %d.%d.%d span outside its table span", a, tid, iid)
				}
				if prevHi != nil && bytes.Compare(prevHi, ilo) > 0 {
					t.Errorf("index spans of %d.%d overlap at index %d", a, tid, iid)
				}
				prevHi = ihi
			}
		}
	}
	// AUTO_INCREMENT counters: right after the data span (nothing of the
	// catalog between them), grouped by data schema in ID order, one key
	// per table and nothing else in a schema's span.
	alo, ahi := AllAutoIncs()
	if !bytes.Equal(dhi, alo) || inSpan(Format("x"), alo, ahi) || inSpan(Table(1, "t"), alo, ahi) {
		t.Errorf("AUTO_INCREMENT counter span [%x, %x) does not follow the data span [%x, %x)", alo, ahi, dlo, dhi)
	}
	for i, a := range ids[:len(ids)-1] {
		lo, hi := SchemaAutoIncs(a)
		nlo, _ := SchemaAutoIncs(ids[i+1])
		if !within(lo, hi, alo, ahi) || bytes.Compare(hi, nlo) > 0 {
			t.Errorf("counter span of schema %d misplaced", a)
		}
		var prev []byte
		for _, tid := range ids {
			k := AutoInc(a, tid)
			if !inSpan(k, lo, hi) || (prev != nil && bytes.Compare(prev, k) >= 0) {
				t.Errorf("counter of %d.%d out of its schema's span or out of order", a, tid)
			}
			if klo, khi := PrefixSpan(k); !bytes.Equal(klo, k) || inSpan(AutoInc(a, tid+1), klo, khi) {
				t.Errorf("counter of %d.%d is a prefix of another", a, tid)
			}
			prev = k
		}
	}
	// One schema's table, view and trigger records are three disjoint spans.
	for _, s := range ids {
		var spans [][2][]byte
		for _, f := range []func(uint64) ([]byte, []byte){TableRecords, ViewRecords, TriggerRecords} {
			lo, hi := f(s)
			spans = append(spans, [2][]byte{lo, hi})
		}
		for i := range spans {
			for j := range spans {
				if i != j && inSpan(spans[i][0], spans[j][0], spans[j][1]) {
					t.Errorf("record spans %d and %d of schema %d overlap", i, j, s)
				}
			}
		}
		lo, hi := TableRecords(s)
		if !inSpan(Table(s, "zz"), lo, hi) || inSpan(Table(s+1, "a"), lo, hi) {
			t.Errorf("table records of schema %d not grouped", s)
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("\x01sshop"), uint8(0), uint64(1), uint64(2), uint32(3), "Name", []byte{})
	f.Add([]byte("\x02\x02\x03\x01\x05"), uint8(10), uint64(300), uint64(1<<40), uint32(1), "", []byte{5, 1})
	f.Add([]byte{0x02, 0xff}, uint8(11), uint64(0), uint64(0), uint32(1<<31), "x", []byte(nil))
	f.Fuzz(func(t *testing.T, raw []byte, kind uint8, sid, tid uint64, iid uint32, name string, rest []byte) {
		// Parse never panics, and what it accepts it gives back byte for byte.
		if k, err := Parse(raw); err == nil {
			if back := k.Append(nil); !bytes.Equal(back, raw) {
				t.Fatalf("Parse(%x).Append = %x", raw, back)
			}
		}
		// Building then parsing gives the built fields.
		want := Key{Kind: Kind(kind%uint8(KindIndexEntry)) + 1}
		switch want.Kind {
		case KindSchema, KindAccounts:
			want.Name = name
		case KindTable, KindView, KindTrigger, KindLock:
			want.SchemaID, want.Name = sid, name
		case KindJob:
			want.JobID = sid
		case KindCounter, KindRow, KindIndexEntry:
			want.SchemaID, want.TableID = sid, tid
			switch want.Kind {
			case KindCounter:
				want.IndexID = CounterIndexID
			case KindRow:
				want.IndexID = PrimaryIndexID
			default:
				want.IndexID = max(iid, 2)
			}
			if len(rest) > 0 {
				want.Rest = rest
			}
		}
		b := want.Append(nil)
		got, err := Parse(b)
		if err != nil {
			t.Fatalf("Parse(%x) of %+v: %v", b, want, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Parse(%x) = %+v, want %+v", b, got, want)
		}
		if want.Kind == KindTable && !bytes.Equal(Table(sid, name), Key{Kind: KindTable, SchemaID: sid, Name: strings.ToLower(name)}.Append(nil)) {
			t.Fatal("Table builder differs from its Key")
		}
	})
}

func TestParseErrorNamesTheField(t *testing.T) {
	cases := []struct {
		key     []byte
		field   Field
		partial Key
	}{
		{[]byte{0x07}, FieldPrefix, Key{}},
		{[]byte{0x02, 0xf9}, FieldSchemaID, Key{}},
		{append(SchemaData(300), 0xfa), FieldTableID, Key{SchemaID: 300}},
		{TableData(300, 5), FieldIndexID, Key{SchemaID: 300, TableID: 5}},
		{[]byte{0x01, 'n', 'x'}, FieldTrailing, Key{}},
		{[]byte{0x01, 'j'}, FieldJobID, Key{}},
	}
	for _, c := range cases {
		k, err := Parse(c.key)
		var pe *Error
		if !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("Parse(%x) error %v, want a %s error", c.key, err, fieldNames[c.field])
			continue
		}
		if !reflect.DeepEqual(k, c.partial) {
			t.Errorf("Parse(%x) partial key %+v, want %+v", c.key, k, c.partial)
		}
	}
}

// A parent's reverse-index span holds its entries only: not those of a
// table whose name extends the parent's.
func TestFKRefSpan(t *testing.T) {
	lo, hi := FKRefs(6, "P")
	for _, c := range []struct {
		key []byte
		in  bool
	}{
		{FKRef(6, "p", "s", "c"), true},
		{FKRef(6, "P", "other", "x"), true},
		{FKRef(6, "p2", "s", "c"), false},
		{FKRef(7, "p", "s", "c"), false},
	} {
		if in := bytes.Compare(c.key, lo) >= 0 && bytes.Compare(c.key, hi) < 0; in != c.in {
			t.Errorf("%q in span: %v, want %v", c.key, in, c.in)
		}
	}
	k, _ := Parse(FKRef(6, "p", "S", "C"))
	if p, s, c, ok := SplitFKRef(k.Name); !ok || p != "p" || s != "s" || c != "c" {
		t.Fatalf("SplitFKRef(%q) = %q %q %q %v", k.Name, p, s, c, ok)
	}
	if sl, sh := SchemaFKRefs(6); bytes.Compare(lo, sl) < 0 || bytes.Compare(hi, sh) > 0 {
		t.Fatal("a parent's span is outside its schema's")
	}
}
