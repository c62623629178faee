package catalog

import (
	"encoding/binary"
	"sync"
)

// The record tier keeps, behind the decoded definitions, the table records
// themselves, in memory the collector never marks: each shard has one map
// from the key's hash to an offset and one byte arena, neither holding a
// pointer. With inserts spread over a million tables most statements miss
// the decoded definitions (a ~1,100-byte heap object each, 64 MiB: ~60,000
// of them), and a miss's point read of the record in the store was ~8% of
// the server's CPU (docs/PROFILES.md, "cold"); from the tier it is a map
// lookup and a copy. A tier of decoded definitions made misses as cheap
// but doubled the collector's marking (five heap objects per table; docs/
// BENCHMARKS.md, "cold"), which this one does not add to.
//
// A record is kept as its head (name, IDs, collation, comment,
// AUTO_INCREMENT start) and a reference to its body (the rest), each
// distinct body stored once (recBodies): a million tables made from a few
// CREATE TABLE statements then take ~40 bytes of arena each.
//
// Entries live in the definition cache's shards, under the same lock,
// generation and in-flight marks as the decoded definitions, so a record
// is dropped, and never stored stale, exactly when a decoded one would be.

// RecordTierShare: the record tier may hold RecordTierShare times the
// definition cache's budget (--catalog-cache; 128 MiB for the default 64),
// split evenly over the shards, each bounding its arena plus its map's
// entries. A shard that would pass its part drops its tier and starts again
// (a pointer-free arena has no cheap LRU). A million sysbench-like tables
// take ~90 MB (docs/PROFILES.md, many5); the collector never marks it, so
// it costs the heap goal's headroom but no marking, which is why it gets
// more than the decoded definitions. The distinct record bodies are kept
// apart, at most recBodiesMax.
const RecordTierShare = 2

// recTierShardBudget is each shard's part of the tier's budget for a
// catalog opened with cacheBytes.
func recTierShardBudget(cacheBytes int64) int64 {
	return RecordTierShare * cacheBytes / cacheShards
}

// recMapEntryBytes is what one map entry costs besides its arena bytes
// (measured: 1M entries, ~45 MB of map beside a 42 MB arena).
const recMapEntryBytes = 44

// noBody marks an entry whose record is held whole in its head.
const noBody = ^uint32(0)

type recTier struct {
	idx   map[uint64]uint32 // key hash -> offset of the entry in arena
	arena []byte
	bytes int64
}

// recBodies stores each distinct record body once, append-only, so an
// offset into it stays valid for the life of the process. Past
// recBodiesMax new bodies are not stored (their records are held whole).
var recBodies struct {
	mu    sync.RWMutex
	idx   map[string]uint32
	arena []byte
}

const recBodiesMax = 8 << 20

// splitRecord cuts a table record at the end of its head, as
// decodeCachedTable reads it; ok is false for a record it does not read
// that way (held whole).
func splitRecord(v []byte) (head, body []byte, ok bool) {
	_, rest, err := recordName(v)
	if err != nil || len(rest) == 0 || rest[0] != tableCodecV1 {
		return v, nil, false
	}
	d := &dec{b: rest[1:]}
	d.u()
	d.u()
	d.u()
	d.u()
	d.str()
	d.u()
	if d.err != nil {
		return v, nil, false
	}
	return v[:len(v)-len(d.b)], d.b, true
}

// internRecBody returns the offset of body in recBodies, storing it when
// new, or noBody when the store is full.
func internRecBody(body []byte) uint32 {
	recBodies.mu.RLock()
	off, ok := recBodies.idx[string(body)]
	recBodies.mu.RUnlock()
	if ok {
		return off
	}
	recBodies.mu.Lock()
	defer recBodies.mu.Unlock()
	if off, ok := recBodies.idx[string(body)]; ok {
		return off
	}
	if len(recBodies.arena)+len(body)+binary.MaxVarintLen64 > recBodiesMax {
		return noBody
	}
	if recBodies.idx == nil {
		recBodies.idx = make(map[string]uint32)
	}
	off = uint32(len(recBodies.arena))
	recBodies.arena = binary.AppendUvarint(recBodies.arena, uint64(len(body)))
	recBodies.arena = append(recBodies.arena, body...)
	recBodies.idx[string(body)] = off
	return off
}

// appendRecBody appends the body stored at off to dst.
func appendRecBody(dst []byte, off uint32) []byte {
	recBodies.mu.RLock()
	defer recBodies.mu.RUnlock()
	b := recBodies.arena[off:]
	n, k := binary.Uvarint(b)
	return append(dst, b[k:k+int(n)]...)
}

// getRecord returns a copy of key's record from the tier, or nil. The
// shard's lock is held.
func (s *cacheShard) getRecord(h uint64, key string) []byte {
	off, ok := s.rec.idx[h]
	if !ok {
		return nil
	}
	e := s.rec.arena[off:]
	kn, k := binary.Uvarint(e)
	e = e[k:]
	if string(e[:kn]) != key {
		return nil
	}
	e = e[kn:]
	hn, k := binary.Uvarint(e)
	e = e[k:]
	head := e[:hn]
	bodyOff := binary.LittleEndian.Uint32(e[hn:])
	if bodyOff == noBody {
		return append([]byte(nil), head...)
	}
	v := make([]byte, len(head), len(head)+256)
	copy(v, head)
	return appendRecBody(v, bodyOff)
}

// putRecord stores key's record in the tier. The shard's lock is held,
// and the caller has checked the generation and in-flight marks.
func (s *cacheShard) putRecord(h uint64, key string, head []byte, bodyOff uint32, budget int64) {
	size := int64(2*binary.MaxVarintLen64+len(key)+len(head)+4) + recMapEntryBytes
	if size > budget {
		return
	}
	if s.rec.bytes+size > budget {
		clear(s.rec.idx)
		s.rec.arena = s.rec.arena[:0]
		s.rec.bytes = 0
	}
	if s.rec.idx == nil {
		s.rec.idx = make(map[uint64]uint32)
	}
	start := len(s.rec.arena)
	a := binary.AppendUvarint(s.rec.arena, uint64(len(key)))
	a = append(a, key...)
	a = binary.AppendUvarint(a, uint64(len(head)))
	a = append(a, head...)
	a = binary.LittleEndian.AppendUint32(a, bodyOff)
	s.rec.arena = a
	s.rec.bytes += int64(len(a)-start) + recMapEntryBytes
	s.rec.idx[h] = uint32(start)
}

// dropRecord forgets key's record (any record whose key has its hash: a
// collision costs the other one a miss). The shard's lock is held.
func (s *cacheShard) dropRecord(h uint64) {
	delete(s.rec.idx, h)
}

// recUsage returns the bytes and records the shard's tier holds. The
// shard's lock is held.
func (s *cacheShard) recUsage() (int64, int) { return s.rec.bytes, len(s.rec.idx) }

// recBodiesBytes is the size of the shared body store.
func recBodiesBytes() int64 {
	recBodies.mu.RLock()
	defer recBodies.mu.RUnlock()
	return int64(len(recBodies.arena))
}

// recordParts splits rec for putRecord, storing its body.
func recordParts(rec []byte) (head []byte, bodyOff uint32) {
	head, body, ok := splitRecord(rec)
	if !ok {
		return rec, noBody
	}
	if bodyOff = internRecBody(body); bodyOff == noBody {
		return rec, noBody
	}
	return head, bodyOff
}
