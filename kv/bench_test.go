package kv

import (
	"encoding/binary"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
)

// BenchmarkCommit measures small autocommit-style transactions (one 16-byte
// key, 64-byte value, no read) with Sync and Async durability at 1 and 16
// goroutines. walsyncs/op shows group commit: with 16 goroutines many
// commits share one fsync. Set KV_BENCH_DIR to benchmark on another disk.
func BenchmarkCommit(b *testing.B) {
	for _, d := range []Durability{Sync, Async} {
		for _, g := range []int{1, 16} {
			b.Run(fmt.Sprintf("%s/goroutines=%d", d, g), func(b *testing.B) {
				dir := b.TempDir()
				if base := os.Getenv("KV_BENCH_DIR"); base != "" {
					var err error
					if dir, err = os.MkdirTemp(base, "kvbench"); err != nil {
						b.Fatal(err)
					}
					defer os.RemoveAll(dir)
				}
				db, err := Open(dir, Options{Durability: d, Logger: quietLogger()})
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
				val := make([]byte, 64)
				var next atomic.Int64
				var wg sync.WaitGroup
				b.ResetTimer()
				start := db.Stats()
				for w := 0; w < g; w++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						key := make([]byte, 16)
						copy(key, "bench/")
						for {
							i := next.Add(1)
							if i > int64(b.N) {
								return
							}
							binary.BigEndian.PutUint64(key[8:], uint64(i))
							tx := db.Begin()
							tx.Set(key, val)
							if err := tx.Commit(); err != nil {
								b.Error(err)
								return
							}
						}
					}()
				}
				wg.Wait()
				b.StopTimer()
				end := db.Stats()
				b.ReportMetric(float64(end.WALSyncs-start.WALSyncs)/float64(b.N), "walsyncs/op")
			})
		}
	}
}

// BenchmarkTxnSmall is a small read-write transaction as the SQL layer runs
// them (a statement savepoint, 10 writes, 10 reads of them and of the
// snapshot, one iterator over them, Async commit): the per-operation costs
// that spilling (spill.go) must not raise for transactions that never spill.
func BenchmarkTxnSmall(b *testing.B) {
	db, err := Open(b.TempDir(), Options{Durability: Async, Logger: quietLogger()})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	val := make([]byte, 64)
	key := make([]byte, 16)
	copy(key, "bench/")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tx := db.Begin()
		tx.Savepoint()
		for j := 0; j < 10; j++ {
			binary.BigEndian.PutUint64(key[8:], uint64(i*10+j))
			tx.Set(key, val)
		}
		for j := 0; j < 10; j++ {
			binary.BigEndian.PutUint64(key[8:], uint64(i*10+j-5))
			if _, _, err := tx.Get(key); err != nil {
				b.Fatal(err)
			}
		}
		it, err := tx.NewIter([]byte("bench/"), []byte("bench0"))
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for ok := it.SeekGE(key); ok && n < 10; ok = it.Next() {
			n++
		}
		it.Close()
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
}
