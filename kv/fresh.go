package kv

import (
	"bytes"
	"fmt"
)

// ApplyFresh writes wb, whose keys all lie in [lo, hi), a span no
// transaction can address yet (keys under IDs just handed out, made visible
// later by one catalog commit). The conflict tracker records the span as one
// range instead of every key: a bulk copy in many batches while some
// transaction stays open (the one that will publish the copy) must not hold
// each copied key in the tracker. Only Set operations are allowed.
func (db *DB) ApplyFresh(wb *WriteBatch, lo, hi []byte) error {
	if wb == nil || len(wb.ops) == 0 {
		return nil
	}
	if hi == nil || bytes.Compare(lo, hi) >= 0 {
		return fmt.Errorf("%w: [%q, %q)", errBadRange, lo, hi)
	}
	for _, op := range wb.ops {
		if op.kind != opSet || bytes.Compare(op.a, lo) < 0 || bytes.Compare(op.a, hi) >= 0 {
			return fmt.Errorf("kv: ApplyFresh: operation outside [%q, %q) or not a Set", lo, hi)
		}
	}
	b, err := db.buildBatch(wb)
	if err != nil {
		return err
	}
	ws := &batchSet{ranges: []keyRange{{start: lo, end: hi}}}
	if err := db.commit(&commitReq{batch: b, ws: ws}); err != nil {
		return err
	}
	db.applied.Add(1)
	return nil
}
