package server

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// statusInterval is how often SHOW GLOBAL STATUS's table-cache counters are
// refreshed from the catalog. Copying them on a timer keeps the query path
// free of any shared write.
const statusInterval = 250 * time.Millisecond

// publishStatus copies the definition cache's counters into the status
// variables MySQL operators know, until stop is closed:
//
//	Table_open_cache_hits / _misses  definition cache hits / misses
//	Table_open_cache_overflows       definitions evicted to stay in budget
//	Opened_table_definitions         records read and decoded (misses that found a table)
//	Opened_tables                    the same: opening a table is decoding its record
func (s *Server) publishStatus(stop <-chan struct{}) {
	t := time.NewTicker(statusInterval)
	defer t.Stop()
	for {
		s.refreshStatus()
		select {
		case <-stop:
			return
		case <-t.C:
		}
	}
}

func (s *Server) refreshStatus() {
	if sql.StatusVariables == nil {
		return
	}
	st := s.cat.Stats()
	loads := st.Loads.Load()
	// Row lock waits (package locks), under InnoDB's names; times in ms.
	// MySQL has no Innodb_deadlocks status variable (MariaDB does): the
	// count is the Prometheus counter myriad_deadlocks_total.
	ls := s.eng.Locks().Stats()
	avg := int64(0)
	if ls.Waits > 0 {
		avg = ls.WaitTime.Milliseconds() / int64(ls.Waits)
	}
	for name, v := range map[string]int64{
		"Innodb_row_lock_waits":         int64(ls.Waits),
		"Innodb_row_lock_time":          ls.WaitTime.Milliseconds(),
		"Innodb_row_lock_time_avg":      avg,
		"Innodb_row_lock_time_max":      ls.MaxWait.Milliseconds(),
		"Innodb_row_lock_current_waits": int64(ls.CurrentWaits),
		"Table_open_cache_hits":         st.Hits.Load(),
		"Table_open_cache_misses":       st.Misses.Load(),
		"Table_open_cache_overflows":    st.Evictions.Load(),
		"Opened_table_definitions":      loads,
		"Opened_tables":                 loads,
	} {
		_ = sql.StatusVariables.SetGlobal(name, v)
	}
}
