package catalog

import (
	"container/list"
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// defCache is a byte-bounded LRU of decoded definitions, sharded to keep
// lookups from contending. It is hand-written rather than a library because
// invalidation must be exact: a loader that read a record before a DDL
// committed must not put the stale copy back (see gen), which the common
// async-admission caches do not promise.
type defCache struct {
	shards [cacheShards]cacheShard
	seed   maphash.Seed
	stats  *CacheStats
	// recBudget bounds each shard's record tier (recTierShardBudget).
	recBudget int64
}

const cacheShards = 32

type cacheShard struct {
	mu     sync.Mutex
	ll     list.List
	items  map[string]*list.Element
	bytes  int64
	budget int64
	gen    uint64 // bumped by every invalidation in the shard
	// inflight counts DDL commits under way per key: between a DDL's kv
	// commit and its invalidation a cached copy would be stale, so while a
	// key is in flight it is neither served nor stored.
	inflight map[string]int
	// rec is the shard's record tier (rectier.go).
	rec recTier
}

type cacheEntry struct {
	key  string
	val  any
	size int64
}

// CacheStats counts cache traffic under the meanings of MySQL's table cache
// status variables.
type CacheStats struct {
	Hits      atomic.Int64 // Table_open_cache_hits
	Misses    atomic.Int64 // Table_open_cache_misses
	Evictions atomic.Int64 // Table_open_cache_overflows
	Loads     atomic.Int64 // Opened_table_definitions: records read and decoded
	// RecordHits counts the Loads whose record came from the record tier
	// (rectier.go) instead of the store.
	RecordHits atomic.Int64
}

// newDefCache makes a cache of budget bytes counting into stats (nil: its
// own counters), whose record tier may hold recBudget bytes a shard.
func newDefCache(budget, recBudget int64, stats *CacheStats) *defCache {
	if stats == nil {
		stats = new(CacheStats)
	}
	c := &defCache{seed: maphash.MakeSeed(), stats: stats, recBudget: recBudget}
	per := budget / cacheShards
	if per < 1 {
		per = 1
	}
	for i := range c.shards {
		c.shards[i].items = make(map[string]*list.Element)
		c.shards[i].budget = per
	}
	return c
}

func (c *defCache) shard(key string) *cacheShard {
	return &c.shards[maphash.String(c.seed, key)%cacheShards]
}

// shardHash returns key's shard and hash (the record tier's map key).
func (c *defCache) shardHash(key string) (*cacheShard, uint64) {
	h := maphash.String(c.seed, key)
	return &c.shards[h%cacheShards], h
}

// getOrRecord is get that, when key's definition is not cached, also
// returns a copy of its record from the record tier (nil: not there).
func (c *defCache) getOrRecord(key string) (any, []byte, uint64) {
	s, h := c.shardHash(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inflight[key] > 0 {
		c.stats.Misses.Add(1)
		return nil, nil, s.gen
	}
	if e, ok := s.items[key]; ok {
		s.ll.MoveToFront(e)
		c.stats.Hits.Add(1)
		return e.Value.(*cacheEntry).val, nil, 0
	}
	c.stats.Misses.Add(1)
	rec := s.getRecord(h, key)
	if rec != nil {
		c.stats.RecordHits.Add(1)
	}
	return nil, rec, s.gen
}

// putRecord stores rec, key's record, in the record tier unless the shard
// was invalidated since gen was read.
func (c *defCache) putRecord(key string, rec []byte, gen uint64) {
	if c.recBudget <= 0 {
		return
	}
	head, bodyOff := recordParts(rec)
	s, h := c.shardHash(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != gen || s.inflight[key] > 0 {
		return
	}
	s.putRecord(h, key, head, bodyOff, c.recBudget)
}

// gens returns every shard's generation, for putRecordGens.
func (c *defCache) gens() (g [cacheShards]uint64) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		g[i] = s.gen
		s.mu.Unlock()
	}
	return g
}

// putRecordGens is putRecord with every shard's generation (gens) read
// before rec was.
func (c *defCache) putRecordGens(key string, rec []byte, g *[cacheShards]uint64) {
	_, h := c.shardHash(key)
	c.putRecord(key, rec, g[h%cacheShards])
}

// get returns the cached value, or the shard generation to hand back to put.
func (c *defCache) get(key string) (any, uint64) {
	s := c.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inflight[key] > 0 {
		c.stats.Misses.Add(1)
		return nil, s.gen
	}
	if e, ok := s.items[key]; ok {
		s.ll.MoveToFront(e)
		c.stats.Hits.Add(1)
		return e.Value.(*cacheEntry).val, 0
	}
	c.stats.Misses.Add(1)
	return nil, s.gen
}

// put stores val unless the shard was invalidated since gen was read.
func (c *defCache) put(key string, val any, size int64, gen uint64) {
	s := c.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != gen || s.inflight[key] > 0 {
		return
	}
	if e, ok := s.items[key]; ok {
		old := e.Value.(*cacheEntry)
		s.bytes += size - old.size
		old.val, old.size = val, size
		s.ll.MoveToFront(e)
	} else {
		s.items[key] = s.ll.PushFront(&cacheEntry{key: key, val: val, size: size})
		s.bytes += size
	}
	for s.bytes > s.budget && s.ll.Len() > 1 {
		last := s.ll.Back()
		ent := last.Value.(*cacheEntry)
		s.ll.Remove(last)
		delete(s.items, ent.key)
		s.bytes -= ent.size
		c.stats.Evictions.Add(1)
	}
}

// beginChange marks key in flight (and forgets it) before a DDL commits.
func (c *defCache) beginChange(key string) {
	c.invalidateDelta(key, 1)
}

// endChange forgets key again after the DDL's commit and ends its flight.
func (c *defCache) endChange(key string) {
	c.invalidateDelta(key, -1)
}

func (c *defCache) invalidate(key string) { c.invalidateDelta(key, 0) }

func (c *defCache) invalidateDelta(key string, flight int) {
	s := c.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if flight != 0 {
		if s.inflight == nil {
			s.inflight = make(map[string]int)
		}
		if n := s.inflight[key] + flight; n > 0 {
			s.inflight[key] = n
		} else {
			delete(s.inflight, key)
		}
	}
	s.gen++
	s.dropRecord(maphash.String(c.seed, key))
	if e, ok := s.items[key]; ok {
		ent := e.Value.(*cacheEntry)
		s.ll.Remove(e)
		delete(s.items, key)
		s.bytes -= ent.size
	}
}

// usage returns the bytes and entries held.
func (c *defCache) usage() (bytes int64, entries int) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		bytes += s.bytes
		entries += s.ll.Len()
		s.mu.Unlock()
	}
	return bytes, entries
}

// recUsage sums the shards' record tiers.
func (c *defCache) recUsage() (bytes int64, records int) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		b, n := s.recUsage()
		s.mu.Unlock()
		bytes += b
		records += n
	}
	return bytes, records
}
