package catalog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/myriaddb/myriad/keys"
)

// Job is the record of one running DDL job (an online index build): what
// it builds, how far its backfill has got and how to resume it after a
// restart. It exists from the job's first state change until the index is
// public or rolled back; it is written only through Change, in the same
// transaction as the state change or backfill batch it describes.
type Job struct {
	ID       uint64 `json:"id"`
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
	// Kind is JobRewrite for a table rewrite (engine/rewrite.go); empty
	// for an index build, so records written before rewrites existed read
	// as index builds.
	Kind string `json:"k,omitempty"`
	// Shadow is a rewrite's new definition under its own table ID: rows
	// are copied into its key prefix until it replaces the table.
	Shadow *Table `json:"sh,omitempty"`
}

// JobRewrite is the Kind of a job that rewrites a table's rows into a
// shadow definition.
const JobRewrite = "rewrite"

// JobRollback is the State of a job whose index is being removed.
const JobRollback = "rollback"

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
