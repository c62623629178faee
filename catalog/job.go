package catalog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/myriaddb/myriad/keys"
)

// Job is the record of one running DDL job: an online index build (Kind
// "") or table rewrite (Kind JobRewrite) — what it builds, how far its
// backfill has got and how to resume it after a restart — or a tenant import (Kind JobImport) — the data ID its
// rows are being written under, so that a restart can remove them if the
// import never published. An index build's record exists from the job's
// first state change until the index is public or rolled back; an
// import's from before its first row until the commit that publishes the
// schema, which deletes it. It is written only through Change.
type Job struct {
	ID uint64 `json:"id"`
	// Kind is JobRewrite for a table rewrite (engine/rewrite.go) or
	// JobImport for a tenant import; empty for an index build, so records
	// written before the other kinds existed read as index builds.
	Kind     string `json:"k,omitempty"`
	Schema   string `json:"s"`
	SchemaID uint64 `json:"si"`
	Table    string `json:"t"`
	TableID  uint64 `json:"ti"`
	Index    string `json:"i"`
	IndexID  uint32 `json:"ii"`
	// State is the index's state (IndexDeleteOnly, IndexWriteOnly), or
	// "rollback" once the job is being undone.
	State string `json:"st"`
	// Cursor is the row key the backfill continues from (nil: the first).
	Cursor    []byte    `json:"c,omitempty"`
	RowsDone  int64     `json:"rd"`
	RowsTotal int64     `json:"rt"` // estimate: the table's row count at the start
	Started   time.Time `json:"at"`
	// Shadow is a rewrite's new definition under its own table ID: rows
	// are copied into its key prefix until it replaces the table.
	Shadow *Table `json:"sh,omitempty"`
	// AutoNext is, for a rewrite that adds an AUTO_INCREMENT column, the
	// value the next copied row gets in it (0: no such column). It is
	// written with each batch's cursor, so a copy resumed after a crash
	// goes on numbering where the last committed batch stopped.
	AutoNext uint64 `json:"an,omitempty"`
	// ThrottleRef is the backfill throttle's reference, the foreground's
	// transactions per second before the build (engine/ixthrottle.go),
	// measured at ThrottleRefAt (Unix milliseconds); 0: none. A build
	// resumed after a crash keeps it while it is recent: the rate its
	// clients reach right after the restart is no reference.
	ThrottleRef   float64 `json:"tr,omitempty"`
	ThrottleRefAt int64   `json:"ta,omitempty"`
}

// JobRewrite is the Kind of a job that rewrites a table's rows into a
// shadow definition.
const JobRewrite = "rewrite"

// JobRollback is the State of a job whose index is being removed.
const JobRollback = "rollback"

// JobImport is the Kind of a tenant import's record: Schema is the name it
// will publish, SchemaID the fresh data ID its rows go under, RowsDone the
// rows written so far. A CREATE DATABASE ... LIKE ... WITH DATA clone
// writes the same record with State "cloning".
const JobImport = "import"

// PutJob writes a job record.
func (ch *Change) PutJob(j *Job) *Change { return ch.add(Op{Kind: OpPutJob, Job: j}) }

// DeleteJob removes a job record.
func (ch *Change) DeleteJob(id uint64) *Change {
	return ch.add(Op{Kind: OpDeleteJob, Job: &Job{ID: id}})
}

func encodeJob(j *Job) ([]byte, error) { return json.Marshal(j) }

// ListJobs calls fn for every job record, oldest first (IDs ascend).
func (c *Catalog) ListJobs(r Reader, fn func(*Job) error) error {
	if r == nil {
		r = c.db
	}
	lo, hi := keys.JobRecords()
	it, err := r.NewIter(lo, hi)
	if err != nil {
		return err
	}
	defer it.Close()
	for ok := it.First(); ok; ok = it.Next() {
		j := &Job{}
		if err := json.Unmarshal(it.Value(), j); err != nil {
			return fmt.Errorf("catalog: job record %x: %w", it.Key(), err)
		}
		if err := fn(j); err != nil {
			return err
		}
	}
	return it.Error()
}
