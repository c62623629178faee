package server

import (
	"github.com/cockroachdb/pebble"
	"github.com/prometheus/client_golang/prometheus"
)

// storageCollector exports the Pebble memory that a server's RSS holds
// besides the Go heap (the block cache and the memtables, both allocated
// outside it), so that an RSS figure can be split into cache and the rest
// (docs/BENCHMARKS.md, mem13). One Pebble Metrics call per scrape: it takes
// the DB's mutex and sums every level, too much to repeat per gauge.
type storageCollector struct {
	pdb                                     *pebble.DB
	cacheBytes, cacheBlocks, memtableBytes  *prometheus.Desc
	cacheHits, cacheMisses, memtableZombies *prometheus.Desc
	flushes, l0Files                        *prometheus.Desc
}

func newStorageCollector(pdb *pebble.DB) *storageCollector {
	d := func(name, help string) *prometheus.Desc { return prometheus.NewDesc(name, help, nil, nil) }
	return &storageCollector{
		pdb:             pdb,
		cacheBytes:      d("myriad_block_cache_bytes", "Bytes the storage block cache holds (at most --block-cache)."),
		cacheBlocks:     d("myriad_block_cache_blocks", "Blocks the storage block cache holds."),
		cacheHits:       d("myriad_block_cache_hits_total", "Block reads served by the block cache."),
		cacheMisses:     d("myriad_block_cache_misses_total", "Block reads that missed the block cache (read from the files)."),
		memtableBytes:   d("myriad_memtable_bytes", "Bytes allocated by the storage memtables (flushed ones included until released)."),
		memtableZombies: d("myriad_memtable_zombie_bytes", "Bytes of memtables flushed but still held by open iterators."),
		flushes:         d("myriad_memtable_flushes_total", "Memtable flushes completed (flushable ingests included)."),
		l0Files:         d("myriad_l0_files", "Files in the LSM's level 0 (each flush adds one or more; compactions remove them)."),
	}
}

func (c *storageCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.cacheBytes, c.cacheBlocks, c.cacheHits, c.cacheMisses, c.memtableBytes, c.memtableZombies, c.flushes, c.l0Files} {
		ch <- d
	}
}

func (c *storageCollector) Collect(ch chan<- prometheus.Metric) {
	m := c.pdb.Metrics()
	g := func(d *prometheus.Desc, v float64) { ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v) }
	n := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	g(c.cacheBytes, float64(m.BlockCache.Size))
	g(c.cacheBlocks, float64(m.BlockCache.Count))
	n(c.cacheHits, float64(m.BlockCache.Hits))
	n(c.cacheMisses, float64(m.BlockCache.Misses))
	g(c.memtableBytes, float64(m.MemTable.Size))
	g(c.memtableZombies, float64(m.MemTable.ZombieSize))
	n(c.flushes, float64(m.Flush.Count))
	g(c.l0Files, float64(m.Levels[0].NumFiles))
}
