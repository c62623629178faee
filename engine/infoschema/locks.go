package infoschema

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// InnoDB's lock views, filled from the engine's lock table (LockSource):
//
//   - INNODB_TRX (MySQL 8 and MariaDB, same columns): every transaction
//     holding or waiting for a lock, with its state (RUNNING / LOCK WAIT),
//     the lock it waits for and the statement it runs;
//   - INNODB_LOCK_WAITS (MariaDB, MySQL 5.7): who waits for whom, one row
//     per waiting request and transaction it waits for;
//   - INNODB_LOCKS (MariaDB, MySQL 5.7): the locks those rows name, both
//     the requested and the blocking ones.
//
// GMS declares INNODB_TRX with no rows and lacks the other two.

// Names of the lock views.
const (
	TrxTableName       = "INNODB_TRX"
	LockWaitsTableName = "INNODB_LOCK_WAITS"
	LocksTableName     = "INNODB_LOCKS"
)

// Trx is one row of INNODB_TRX.
type Trx struct {
	ID            uint64
	State         string // RUNNING or LOCK WAIT
	Started       time.Time
	RequestedLock string    // "" when not waiting
	WaitStarted   time.Time // zero when not waiting
	ThreadID      uint64
	Query         string // "" when the connection is idle
	TablesLocked  uint64
	LockStructs   uint64
	RowsLocked    uint64
	Isolation     string
	ReadOnly      bool
}

// Lock is one row of INNODB_LOCKS.
type Lock struct {
	ID    string
	Trx   uint64
	Mode  string // S, X, IS, IX
	Type  string // RECORD or TABLE
	Table string // `db`.`table`
	Index string // "" for a table lock
	Data  string // the locked row's primary key values ("" for a table lock)
}

// LockWait is one row of INNODB_LOCK_WAITS.
type LockWait struct {
	RequestingTrx uint64
	RequestedLock string
	BlockingTrx   uint64
	BlockingLock  string
}

// LockViews is one consistent reading of the lock table.
type LockViews struct {
	Trx   []Trx
	Locks []Lock
	Waits []LockWait
}

// LockSource is implemented by the engine.
type LockSource interface {
	LockViews(ctx *sql.Context) (LockViews, error)
}

func vc(n int64) sql.Type {
	return types.MustCreateString(sqltypes.VarChar, n, sql.Collation_Information_Schema_Default)
}

func col(table, name string, t sql.Type, nullable bool) *sql.Column {
	return &sql.Column{Name: name, Type: t, Nullable: nullable, Source: table}
}

var trxSchema = sql.Schema{
	col(TrxTableName, "trx_id", types.Uint64, false),
	col(TrxTableName, "trx_state", vc(13), false),
	col(TrxTableName, "trx_started", types.Datetime, false),
	col(TrxTableName, "trx_requested_lock_id", vc(105), true),
	col(TrxTableName, "trx_wait_started", types.Datetime, true),
	col(TrxTableName, "trx_weight", types.Uint64, false),
	col(TrxTableName, "trx_mysql_thread_id", types.Uint64, false),
	col(TrxTableName, "trx_query", vc(1024), true),
	col(TrxTableName, "trx_operation_state", vc(64), true),
	col(TrxTableName, "trx_tables_in_use", types.Uint64, false),
	col(TrxTableName, "trx_tables_locked", types.Uint64, false),
	col(TrxTableName, "trx_lock_structs", types.Uint64, false),
	col(TrxTableName, "trx_lock_memory_bytes", types.Uint64, false),
	col(TrxTableName, "trx_rows_locked", types.Uint64, false),
	col(TrxTableName, "trx_rows_modified", types.Uint64, false),
	col(TrxTableName, "trx_concurrency_tickets", types.Uint64, false),
	col(TrxTableName, "trx_isolation_level", vc(16), false),
	col(TrxTableName, "trx_unique_checks", types.Int32, false),
	col(TrxTableName, "trx_foreign_key_checks", types.Int32, false),
	col(TrxTableName, "trx_last_foreign_key_error", vc(256), true),
	col(TrxTableName, "trx_adaptive_hash_latched", types.Int32, false),
	col(TrxTableName, "trx_adaptive_hash_timeout", types.Uint64, false),
	col(TrxTableName, "trx_is_read_only", types.Int32, false),
	col(TrxTableName, "trx_autocommit_non_locking", types.Int32, false),
	col(TrxTableName, "trx_schedule_weight", types.Uint64, true),
}

var lockWaitsSchema = sql.Schema{
	col(LockWaitsTableName, "requesting_trx_id", types.Uint64, false),
	col(LockWaitsTableName, "requested_lock_id", vc(81), false),
	col(LockWaitsTableName, "blocking_trx_id", types.Uint64, false),
	col(LockWaitsTableName, "blocking_lock_id", vc(81), false),
}

var locksSchema = sql.Schema{
	col(LocksTableName, "lock_id", vc(81), false),
	col(LocksTableName, "lock_trx_id", types.Uint64, false),
	col(LocksTableName, "lock_mode", vc(32), false),
	col(LocksTableName, "lock_type", vc(32), false),
	col(LocksTableName, "lock_table", vc(1024), false),
	col(LocksTableName, "lock_index", vc(1024), true),
	col(LocksTableName, "lock_space", types.Uint64, true),
	col(LocksTableName, "lock_page", types.Uint64, true),
	col(LocksTableName, "lock_rec", types.Uint64, true),
	col(LocksTableName, "lock_data", vc(8192), true),
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func (v LockViews) trxRows() []sql.Row {
	rows := make([]sql.Row, 0, len(v.Trx))
	for _, t := range v.Trx {
		var waitStarted any
		if !t.WaitStarted.IsZero() {
			waitStarted = t.WaitStarted.Local().Truncate(time.Second)
		}
		var opState any
		if t.RequestedLock != "" {
			opState = "waiting for a lock"
		}
		var tablesInUse uint64
		if t.Query != "" {
			tablesInUse = t.TablesLocked
		}
		rows = append(rows, sql.Row{
			t.ID, t.State, t.Started.Local().Truncate(time.Second), nullIfEmpty(t.RequestedLock), waitStarted,
			t.LockStructs, t.ThreadID, nullIfEmpty(t.Query), opState, tablesInUse, t.TablesLocked,
			t.LockStructs, uint64(0), t.RowsLocked, uint64(0), uint64(0), t.Isolation,
			int32(1), int32(1), nil, int32(0), uint64(0), boolInt(t.ReadOnly), int32(0), nil,
		})
	}
	return rows
}

func (v LockViews) waitRows() []sql.Row {
	rows := make([]sql.Row, 0, len(v.Waits))
	for _, w := range v.Waits {
		rows = append(rows, sql.Row{w.RequestingTrx, w.RequestedLock, w.BlockingTrx, w.BlockingLock})
	}
	return rows
}

func (v LockViews) lockRows() []sql.Row {
	rows := make([]sql.Row, 0, len(v.Locks))
	for _, l := range v.Locks {
		rows = append(rows, sql.Row{l.ID, l.Trx, l.Mode, l.Type, l.Table, nullIfEmpty(l.Index), nil, nil, nil, nullIfEmpty(l.Data)})
	}
	return rows
}

// lockView is one of the three views; each scan reads the lock table once.
type lockView struct {
	name string
	sch  sql.Schema
	src  LockSource
	rows func(LockViews) []sql.Row
	cat  sql.Catalog
}

var (
	_ sql.Table        = (*lockView)(nil)
	_ sql.CatalogTable = (*lockView)(nil)
)

// AssignCatalog implements sql.CatalogTable: the catalog holds the
// accounts, for the PROCESS check.
func (t *lockView) AssignCatalog(cat sql.Catalog) sql.Table {
	c := *t
	c.cat = cat
	return &c
}

// errNeedProcess is MySQL's refusal of the InnoDB views to an account
// without PROCESS.
var errNeedProcess = mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, "42000",
	"Access denied; you need (at least one of) the PROCESS privilege(s) for this operation")

func (t *lockView) Name() string               { return t.name }
func (t *lockView) String() string             { return "information_schema." + t.name }
func (t *lockView) Schema() sql.Schema         { return t.sch }
func (t *lockView) Collation() sql.CollationID { return sql.Collation_Information_Schema_Default }
func (t *lockView) Database() string           { return sql.InformationSchemaDatabaseName }
func (t *lockView) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(infoPartition{}), nil
}

func (t *lockView) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	if ac, ok := t.cat.(*analyzer.Catalog); ok && ac.MySQLDb != nil && ac.MySQLDb.Enabled() &&
		!ac.MySQLDb.UserActivePrivilegeSet(ctx).Has(sql.PrivilegeType_Process) {
		return nil, errNeedProcess
	}
	if t.src == nil {
		return sql.RowsToRowIter(), nil
	}
	v, err := t.src.LockViews(ctx)
	if err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(t.rows(v)...), nil
}

func lockViewFor(name string, src LockSource) (sql.Table, bool) {
	switch {
	case equalFold(name, TrxTableName):
		return &lockView{name: TrxTableName, sch: trxSchema, src: src, rows: LockViews.trxRows}, true
	case equalFold(name, LockWaitsTableName):
		return &lockView{name: LockWaitsTableName, sch: lockWaitsSchema, src: src, rows: LockViews.waitRows}, true
	case equalFold(name, LocksTableName):
		return &lockView{name: LocksTableName, sch: locksSchema, src: src, rows: LockViews.lockRows}, true
	}
	return nil, false
}
