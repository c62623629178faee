package backup

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/kv"
)

func put(t *testing.T, db *kv.DB, i int) {
	t.Helper()
	tx := db.Begin()
	tx.Set([]byte(fmt.Sprintf("k%05d", i)), []byte(fmt.Sprintf("v%d", i)))
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// Async durability: commits acknowledged but not yet fsynced must still be
// in the backup, and commits after it must not.
func TestBackupRestoreRoundTrip(t *testing.T) {
	tmp := t.TempDir()
	db, err := kv.Open(filepath.Join(tmp, "src"), kv.Options{Durability: kv.Async})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 500; i++ {
		put(t, db, i)
	}
	out := filepath.Join(tmp, "bk")
	s, err := Create(db, out)
	if err != nil {
		t.Fatal(err)
	}
	if s.Files == 0 || s.Bytes == 0 {
		t.Fatalf("summary %+v", s)
	}
	put(t, db, 999) // after the backup point
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(db, out); err == nil {
		t.Fatal("backup into a non-empty dir succeeded")
	}

	dst := filepath.Join(tmp, "restored")
	if _, err := Restore(out, dst); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(out, dst); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("restore into non-empty dir: %v", err)
	}
	rdb, err := kv.Open(filepath.Join(dst, storeSubdir), kv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	for i := 0; i < 500; i++ {
		v, ok, err := rdb.Get([]byte(fmt.Sprintf("k%05d", i)))
		if err != nil || !ok || string(v) != fmt.Sprintf("v%d", i) {
			t.Fatalf("k%05d: %q %v %v", i, v, ok, err)
		}
	}
	if _, ok, _ := rdb.Get([]byte("k00999")); ok {
		t.Fatal("commit after the backup point is in the backup")
	}
}

func TestVerifyRejectsDamage(t *testing.T) {
	tmp := t.TempDir()
	db, err := kv.Open(filepath.Join(tmp, "src"), kv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		put(t, db, i)
	}
	out := filepath.Join(tmp, "bk")
	if _, err := Create(db, out); err != nil {
		t.Fatal(err)
	}
	db.Close()
	m, err := Verify(out)
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(out, dataSubdir, filepath.FromSlash(m.Files[0].Path))
	orig, _ := os.ReadFile(victim)

	cases := []struct {
		name, want string
		damage     func()
		undo       func()
	}{
		{"truncated", "truncated", func() { os.Truncate(victim, int64(len(orig))/2) }, func() { os.WriteFile(victim, orig, 0o644) }},
		{"flipped", "checksum", func() {
			b := append([]byte{}, orig...)
			b[len(b)/2] ^= 0xff
			os.WriteFile(victim, b, 0o644)
		}, func() { os.WriteFile(victim, orig, 0o644) }},
		{"missing", "missing", func() { os.Remove(victim) }, func() { os.WriteFile(victim, orig, 0o644) }},
		{"extra", "not in the manifest", func() { os.WriteFile(filepath.Join(out, dataSubdir, "junk"), nil, 0o644) },
			func() { os.Remove(filepath.Join(out, dataSubdir, "junk")) }},
		{"no manifest", "not a Myriad backup", func() { os.Rename(filepath.Join(out, manifestName), filepath.Join(tmp, "m")) },
			func() { os.Rename(filepath.Join(tmp, "m"), filepath.Join(out, manifestName)) }},
	}
	for _, c := range cases {
		c.damage()
		_, err := Restore(out, filepath.Join(tmp, "r-"+strings.ReplaceAll(c.name, " ", "-")))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want error containing %q", c.name, err, c.want)
		}
		c.undo()
	}
	if _, err := Verify(out); err != nil {
		t.Fatalf("after undo: %v", err)
	}
}

// TestProgress: each stage reports bytes that only grow, and ends at its
// total, which is the backup's size.
func TestProgress(t *testing.T) {
	tmp := t.TempDir()
	db, err := kv.Open(filepath.Join(tmp, "src"), kv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 64<<10)
	for i := 0; i < 400; i++ { // ~25 MB: more than one progressEvery step
		tx := db.Begin()
		big[0], big[1] = byte(i), byte(i>>8)
		tx.Set([]byte(fmt.Sprintf("k%05d", i)), append([]byte(nil), big...))
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	type call struct {
		stage       string
		done, total int64
	}
	var calls []call
	record := func(stage string, done, total int64) { calls = append(calls, call{stage, done, total}) }
	out := filepath.Join(tmp, "bk")
	s, err := CreateProgress(db, out, record)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := RestoreProgress(out, filepath.Join(tmp, "restored"), record); err != nil {
		t.Fatal(err)
	}
	var stages []string
	last := map[string]call{}
	for _, c := range calls {
		prev, seen := last[c.stage]
		if !seen {
			stages = append(stages, c.stage)
		} else if c.done < prev.done {
			t.Fatalf("%s went back from %d to %d", c.stage, prev.done, c.done)
		}
		if c.done > c.total {
			t.Fatalf("%s: done %d > total %d", c.stage, c.done, c.total)
		}
		last[c.stage] = c
	}
	if got := strings.Join(stages, ","); got != "checksum,verify,copy" {
		t.Fatalf("stages %s, want checksum,verify,copy", got)
	}
	if len(calls) < 6 {
		t.Fatalf("only %d progress calls for %d bytes: %+v", len(calls), s.Bytes, calls)
	}
	for _, st := range stages {
		if c := last[st]; c.done != s.Bytes || c.total != s.Bytes {
			t.Fatalf("%s ended at %d of %d, backup holds %d bytes", st, c.done, c.total, s.Bytes)
		}
	}
}
