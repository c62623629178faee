// Package backup owns Myriad's backup format: a Pebble checkpoint of the
// server's one LSM under DIR/data plus DIR/MANIFEST.json (format version,
// time, and the size and SHA-256 of every file). It takes backups through
// kv.DB.Checkpoint and restores them by validating every file against the
// manifest before copying anything into a new data directory.
//
// It must never write into a non-empty data directory, and never restore a
// backup whose files do not match its manifest.
package backup

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/myriaddb/myriad/kv"
)

// FormatVersion is bumped when the layout of a backup changes.
const FormatVersion = 1

const (
	manifestName = "MANIFEST.json"
	dataSubdir   = "data"
	// storeSubdir is where server.Open keeps the Pebble store inside a data
	// directory; Restore recreates that layout.
	storeSubdir = "store"
)

// File is one file of the backup, relative to DIR/data.
type File struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Manifest describes a backup.
type Manifest struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
	Files   []File    `json:"files"`
}

// Summary reports what a backup or restore did.
type Summary struct {
	Files   int     `json:"files"`
	Bytes   int64   `json:"bytes"`
	Seconds float64 `json:"seconds"`
}

// Progress is told how far a long step has come: stage is "checksum"
// (Create hashing the checkpoint's files), "verify" (Restore checking the
// backup against its manifest) or "copy" (Restore writing the new data
// directory); done and total are bytes. Calls come from the goroutine doing
// the work, at most every progressEvery bytes and once when a stage ends.
type Progress func(stage string, done, total int64)

// progressEvery bounds how often a Progress is called.
const progressEvery = 8 << 20

// Create writes a backup of db into out, which must not exist (or be an
// empty directory).
func Create(db *kv.DB, out string) (Summary, error) { return CreateProgress(db, out, nil) }

// Restore validates the backup in from and copies it into dataDir/store;
// dataDir must not exist or be empty. The result is a data directory a
// server opens as it was at the backup point.
func Restore(from, dataDir string) (Summary, error) { return RestoreProgress(from, dataDir, nil) }

// CreateProgress is Create reporting its progress to p (nil: none).
func CreateProgress(db *kv.DB, out string, p Progress) (Summary, error) {
	start := time.Now()
	if err := ensureEmpty(out); err != nil {
		return Summary{}, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return Summary{}, err
	}
	data := filepath.Join(out, dataSubdir)
	if err := db.Checkpoint(data); err != nil {
		return Summary{}, err
	}
	files, err := listFiles(data, newMeter("checksum", data, p))
	if err != nil {
		return Summary{}, err
	}
	m := Manifest{Format: FormatVersion, Created: start.UTC(), Files: files}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return Summary{}, err
	}
	if err := writeSynced(filepath.Join(out, manifestName), b); err != nil {
		return Summary{}, err
	}
	s := Summary{Files: len(files), Seconds: time.Since(start).Seconds()}
	for _, f := range files {
		s.Bytes += f.Size
	}
	return s, nil
}

// Verify checks that the backup in dir is complete and intact: every file of
// its manifest present with the recorded size and checksum, and no other file.
func Verify(dir string) (*Manifest, error) { return verify(dir, nil) }

func verify(dir string, p Progress) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil {
		return nil, fmt.Errorf("backup: %s is not a Myriad backup: %w", dir, err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("backup: %s: manifest is corrupt: %w", dir, err)
	}
	if m.Format != FormatVersion {
		return nil, fmt.Errorf("backup: %s: format version %d, this build reads %d", dir, m.Format, FormatVersion)
	}
	if len(m.Files) == 0 {
		return nil, fmt.Errorf("backup: %s: manifest lists no files", dir)
	}
	got, err := listFiles(filepath.Join(dir, dataSubdir), newMeter("verify", filepath.Join(dir, dataSubdir), p))
	if err != nil {
		return nil, fmt.Errorf("backup: %s: %w", dir, err)
	}
	have := make(map[string]File, len(got))
	for _, f := range got {
		have[f.Path] = f
	}
	for _, want := range m.Files {
		f, ok := have[want.Path]
		if !ok {
			return nil, fmt.Errorf("backup: %s: file %s is missing", dir, want.Path)
		}
		delete(have, want.Path)
		if f.Size != want.Size {
			return nil, fmt.Errorf("backup: %s: file %s is %d bytes, manifest says %d (truncated or altered)", dir, want.Path, f.Size, want.Size)
		}
		if f.SHA256 != want.SHA256 {
			return nil, fmt.Errorf("backup: %s: file %s does not match its checksum (corrupted)", dir, want.Path)
		}
	}
	for p := range have {
		return nil, fmt.Errorf("backup: %s: file %s is not in the manifest", dir, p)
	}
	return &m, nil
}

// RestoreProgress is Restore reporting its progress to p (nil: none).
func RestoreProgress(from, dataDir string, p Progress) (Summary, error) {
	start := time.Now()
	if err := ensureEmpty(dataDir); err != nil {
		return Summary{}, err
	}
	m, err := verify(from, p)
	if err != nil {
		return Summary{}, err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return Summary{}, err
	}
	s := Summary{Files: len(m.Files)}
	var total int64
	for _, f := range m.Files {
		total += f.Size
	}
	copied := &meter{stage: "copy", total: total, p: p}
	for _, f := range m.Files {
		dst := filepath.Join(dataDir, storeSubdir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return Summary{}, err
		}
		if err := copyFile(filepath.Join(from, dataSubdir, filepath.FromSlash(f.Path)), dst, copied); err != nil {
			return Summary{}, fmt.Errorf("backup: restore %s: %w", f.Path, err)
		}
		s.Bytes += f.Size
	}
	if err := syncDir(filepath.Join(dataDir, storeSubdir)); err != nil {
		return Summary{}, err
	}
	copied.end()
	s.Seconds = time.Since(start).Seconds()
	return s, nil
}

func ensureEmpty(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if len(ents) > 0 {
		return fmt.Errorf("backup: %s is not empty; refusing to write into it", dir)
	}
	return nil
}

// meter counts the bytes of one stage through io.Copy and reports them to a
// Progress; a nil *meter or one without a Progress only passes bytes on.
type meter struct {
	stage       string
	done, total int64
	reported    int64
	p           Progress
}

// newMeter is a meter for a stage reading every file under root (total: their
// sizes, from a walk before the work starts).
func newMeter(stage, root string, p Progress) *meter {
	if p == nil {
		return nil
	}
	var total int64
	filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				total += fi.Size()
			}
		}
		return nil
	})
	return &meter{stage: stage, total: total, p: p}
}

func (m *meter) Write(b []byte) (int, error) {
	m.done += int64(len(b))
	if m.p != nil && m.done-m.reported >= progressEvery {
		m.reported = m.done
		m.p(m.stage, m.done, max(m.total, m.done))
	}
	return len(b), nil
}

// end reports the stage finished.
func (m *meter) end() {
	if m != nil && m.p != nil {
		m.p(m.stage, m.done, max(m.total, m.done))
	}
}

// counted wraps w so that what passes through it is counted by m as well.
func (m *meter) counted(w io.Writer) io.Writer {
	if m == nil || m.p == nil {
		return w
	}
	return io.MultiWriter(w, m)
}

func listFiles(root string, m *meter) ([]File, error) {
	defer m.end()
	var files []File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		n, err := io.Copy(m.counted(h), f)
		if err != nil {
			return err
		}
		files = append(files, File{Path: filepath.ToSlash(rel), Size: n, SHA256: hex.EncodeToString(h.Sum(nil))})
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, err
}

func copyFile(src, dst string, m *meter) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(m.counted(out), in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func writeSynced(p string, b []byte) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return syncDir(filepath.Dir(p))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
