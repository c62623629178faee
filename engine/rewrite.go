package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
	"github.com/myriaddb/myriad/sqlfunc"
)

// Online table rewrites (MODIFY/CHANGE COLUMN to another type): the same
// job machinery as index builds (ixbuild.go), with a shadow table in place
// of a new index.
//
//  1. The new definition is stored in the job record as the shadow, under
//     a fresh table ID, in one short transaction holding the table's DDL
//     lock. The shadow is write-only from then on: every writer of the
//     table also writes the converted row (and its index entries) into the
//     shadow's prefix (mirrorInsert/mirrorDelete, called by the editor).
//     SQL never reads the shadow.
//  2. The backfill copies the rows in key order from snapshots in batches
//     of short optimistic transactions, with the same conversion. A writer
//     that changed a row of the batch after the batch's snapshot wrote the
//     same shadow key, so the batch conflicts at commit and is redone.
//  3. One transaction under the DDL lock swaps the table record to the
//     shadow definition, moves the row count and AUTO_INCREMENT counter,
//     range-deletes the old prefix and removes the job record.
//
// A value the new type cannot hold (strict mode: 1264, 1265, 1366) or a
// duplicate of a new unique key (1062) fails the job; a failed, killed or
// interrupted rewrite range-deletes the shadow prefix and its job record
// in one transaction, leaving the table as it was.
//
// A statement that resolved the table before the swap and first locks it
// after the swap was planned for the old column types and would read or
// write the dropped prefix: it fails with 1412 (ER_TABLE_DEF_CHANGED,
// "please retry transaction") instead.

// rewrite is the shadow side of a build that rewrites its table.
type rewrite struct {
	old      *catalog.Table // the definition being replaced
	shadow   *catalog.Table
	lay      *layout // the shadow's
	conv     *rowConv
	tableKey string // lock key of the shadow's rows

	// checkPK: distinct old rows may map to one new primary key (a key
	// column's type changes), so writes of the shadow's primary key are
	// checked for duplicates. checkIx: the same for those unique indexes.
	checkPK bool
	checkIx map[uint32]bool

	// mapIx is the shadow's index from the old primary key to a row's copy
	// when the shadow has none of its own (DROP PRIMARY KEY, pkrewrite.go);
	// nil otherwise.
	mapIx *indexLayout
	// sameIDs: the old table and the shadow are both keyless; a copy keeps
	// its row's ordered row ID (oldPrimary is the old rows' prefix), so a
	// writer and the batch write the same shadow key, as for a keyed copy.
	sameIDs    bool
	oldPrimary []byte
	// touched holds the old-key entry prefixes (mapIx) writers have
	// mirrored since the job began, so a batch looks for an existing copy
	// only under those; trackTouched is false after a restart (copies
	// made before it are not in the set) or past maxTouched entries.
	touched      sync.Map
	touchedN     atomic.Int64
	trackTouched atomic.Bool

	// holdMDL: the job holds the table's metadata lock (and its DDL lock)
	// from its start to the swap, SHARED_NO_WRITE (and S) during the copy,
	// so no statement writes the table meanwhile; readers go on. An added
	// AUTO_INCREMENT column numbers the rows in key order; a writer's row
	// would need a number the copy has not reached (MySQL does not allow
	// concurrent DML for it either: LOCK=SHARED at most).
	holdMDL bool

	mirroring atomic.Bool // writers maintain the shadow
	swapped   atomic.Bool // the shadow replaced the table
	// same is the first converted row whose new primary key already held
	// the same value: its own earlier copy, or another old row that
	// converts to an identical row. The switch tells them apart by
	// counting (checkPK only) and names this row in the 1062.
	same atomic.Pointer[sql.Row]
}

func newRewrite(old, shadow *catalog.Table) (*rewrite, error) {
	conv, err := newRowConv(old, shadow)
	if err != nil {
		return nil, err
	}
	rw := &rewrite{old: old, shadow: shadow, lay: layoutOf(shadow), conv: conv, checkIx: map[uint32]bool{}}
	rw.tableKey = "T" + string(rw.lay.primary)
	changed := func(cols []int) bool {
		for _, c := range cols {
			if conv.to[c] != nil || conv.src[c] < 0 {
				return true
			}
		}
		return false
	}
	oldPK := make([]uint32, 0, len(old.PK))
	for _, p := range old.PK {
		oldPK = append(oldPK, old.Columns[p].ID)
	}
	newPK := make([]uint32, 0, len(shadow.PK))
	for _, p := range shadow.PK {
		newPK = append(newPK, shadow.Columns[p].ID)
	}
	rw.checkPK = changed(shadow.PK) || fmt.Sprint(oldPK) != fmt.Sprint(newPK)
	for _, ix := range shadow.Indexes {
		if ix.Unique && changed(ix.Columns) {
			rw.checkIx[ix.ID] = true
		}
	}
	// A unique index the old table did not have could hold duplicates.
	for _, ix := range shadow.Indexes {
		if ix.Unique && indexOf(old, ix.ID) == nil {
			rw.checkIx[ix.ID] = true
		}
	}
	if shadow.HiddenPK() && old.HiddenPK() {
		rw.checkPK, rw.sameIDs, rw.oldPrimary = false, true, layoutOf(old).primary
	} else if shadow.HiddenPK() {
		rw.checkPK = false
		for i := range rw.lay.indexes {
			if rw.lay.indexes[i].name == mapIndexName {
				rw.mapIx = &rw.lay.indexes[i]
				delete(rw.checkIx, rw.mapIx.id)
			}
		}
		if rw.mapIx == nil {
			return nil, fmt.Errorf("myriad: keyless rewrite of %s has no index of the old key", old.Name)
		}
	}
	return rw, nil
}

// onlineRewritable reports whether def can be rewritten online into nd: a
// writer must find the copy of the row it changes, by the new primary key
// or, when nd has none, by the old one (whose columns nd must keep). Two
// keyless definitions have no such key.
func onlineRewritable(def, nd *catalog.Table) bool {
	if !nd.HiddenPK() {
		return true
	}
	if def.HiddenPK() {
		// Ordered row IDs are kept by the copy; the older layout's are
		// not the writer's to find.
		return def.OrderedRowIDs()
	}
	for _, p := range def.PK {
		if columnByID(nd, def.Columns[p].ID) < 0 {
			return false
		}
	}
	return true
}

func columnByID(t *catalog.Table, id uint32) int {
	for i := range t.Columns {
		if t.Columns[i].ID == id {
			return i
		}
	}
	return -1
}

// rowConv maps a row of one definition to a row of another by column ID,
// converting values whose type changed.
type rowConv struct {
	src []int // per new column: its old position, -1 if new
	// exprs: per new column, the default evaluated for each row (an added
	// column with an expression default); exprCols lists the new columns
	// that need one (catalog Default.Expr), set or not.
	exprs    []*sql.ColumnDefaultValue
	exprCols []int
	fill     []any      // per new column: the value of a column the old rows lack
	from     []sql.Type // per new column: the old type when values must be converted
	to       []sql.Type
	notNull  []bool
	names    []string
	colTypes []sql.Type // per new column: its type
	// unsigned: per new column, a DECIMAL, FLOAT or DOUBLE declared
	// UNSIGNED, whose GMS type takes a negative number (unsignedcol.go).
	unsigned []bool
	// auto is the AUTO_INCREMENT column the rewrite adds (-1: none): the
	// copy numbers the old rows in it, in key order (autoValue).
	auto     int
	autoType sql.Type
	// gens recomputes the STORED generated columns over TIMESTAMPs when
	// the rewrite is a copying ALTER's (setGens; nil otherwise).
	gens *stampGens
	// genChanged: a generated column's expression changes, so the copy
	// must compute it (gens); a job resumed after a restart has no gens
	// and rolls back (exprsMissing).
	genChanged bool
}

// setGens makes a rewrite that converts a column's values (MySQL's
// ALGORITHM=COPY) compute the STORED generated columns over TIMESTAMPs
// again, in the session's zone, and one that changes a generated column's
// expression compute that column (generated.go); nw must be prepared.
func (c *rowConv) setGens(ctx *sql.Context, old, nw *catalog.Table) error {
	copying := false
	for _, to := range c.to {
		copying = copying || to != nil
	}
	if !copying && !c.genChanged && !explicitCopy(ctx) {
		return nil
	}
	g, err := newStampGens(ctx, old, nw)
	c.gens = g
	return err
}

func newRowConv(old, nw *catalog.Table) (*rowConv, error) {
	n := len(nw.Columns)
	c := &rowConv{src: make([]int, n), fill: make([]any, n), from: make([]sql.Type, n), to: make([]sql.Type, n),
		notNull: make([]bool, n), names: make([]string, n), unsigned: make([]bool, n), auto: -1}
	oldSch, newSch := old.Schema().Schema, nw.Schema().Schema
	for i := range nw.Columns {
		col := &nw.Columns[i]
		c.src[i] = -1
		c.names[i] = col.Name
		c.colTypes = append(c.colTypes, newSch[i].Type)
		c.notNull[i] = !col.Nullable
		c.unsigned[i] = col.Type.Unsigned()
		for j := range old.Columns {
			if old.Columns[j].ID == col.ID {
				c.src[i] = j
				if !catalog.InstantTypeChange(old.Columns[j].Type, col.Type) {
					c.from[i], c.to[i] = oldSch[j].Type, newSch[i].Type
				}
				c.genChanged = c.genChanged || genExprChanged(&old.Columns[j], col)
				break
			}
		}
		if c.src[i] < 0 && col.AutoIncrement {
			c.auto, c.autoType = i, newSch[i].Type
			continue
		}
		if c.src[i] < 0 {
			v, err := col.FillValue()
			if err != nil {
				return nil, err
			}
			c.fill[i] = v
			if col.Fill == nil && col.Default != nil && col.Default.Expr != "" {
				c.exprCols = append(c.exprCols, i)
			}
		}
	}
	c.exprs = make([]*sql.ColumnDefaultValue, n)
	return c, nil
}

// setExprs gives the columns of exprCols their defaults (by column ID).
func (c *rowConv) setExprs(nw *catalog.Table, defaults map[uint32]*sql.ColumnDefaultValue) {
	for _, i := range c.exprCols {
		c.exprs[i] = defaults[nw.Columns[i].ID]
	}
}

// setAuto gives nr, a row apply converted, its value n in the added
// AUTO_INCREMENT column (a no-op without one).
func (c *rowConv) setAuto(ctx *sql.Context, nr sql.Row, n uint64) error {
	if c.auto < 0 {
		return nil
	}
	v, _, err := c.autoType.Convert(ctx, n)
	if err != nil {
		return err
	}
	nr[c.auto] = v
	return nil
}

// exprsMissing reports a column that needs a per-row default it has not
// got (a job resumed after a restart: the default was the statement's).
func (c *rowConv) exprsMissing() bool {
	if c.genChanged && c.gens == nil {
		return true
	}
	for _, i := range c.exprCols {
		if c.exprs[i] == nil {
			return true
		}
	}
	return false
}

// apply converts r; rowNum is its position in the copy (MySQL's "at row").
func (c *rowConv) apply(ctx *sql.Context, r sql.Row, rowNum int64) (sql.Row, error) {
	nr := make(sql.Row, len(c.src))
	for i, s := range c.src {
		if s < 0 {
			if b, ok := c.fill[i].([]byte); ok {
				nr[i] = append([]byte(nil), b...)
			} else {
				nr[i] = c.fill[i]
			}
			continue
		}
		v := r[s]
		if v != nil && c.to[i] != nil {
			var err error
			if v, err = convertForRewrite(ctx, c.from[i], c.to[i], v, c.names[i], rowNum); err != nil {
				return nil, err
			}
			if c.unsigned[i] && negative(ctx, v) {
				return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", c.names[i], rowNum)
			}
		}
		if v == nil && c.notNull[i] {
			// MySQL 8.0's answer to a NULL in a column made NOT NULL
			// (MariaDB 10.11 gives 1265 Data truncated; MySQL's wins).
			return nil, mysql.NewSQLError(mysql.ERInvalidUseOfNull, "22004", "Invalid use of NULL value")
		}
		nr[i] = v
	}
	for _, i := range c.exprCols {
		if d := c.exprs[i]; d != nil {
			// Evaluated over the new row, as GMS's UPDATE of every row
			// did: a default may read the columns before it.
			v, err := d.Eval(ctx, nr)
			if err != nil {
				return nil, err
			}
			v = stampFromSession(ctx, c.colTypes[i], v)
			if v == nil && c.notNull[i] {
				return nil, mysql.NewSQLError(mysql.ERInvalidUseOfNull, "22004", "Invalid use of NULL value")
			}
			nr[i] = v
		}
	}
	return nr, c.gens.apply(ctx, nr)
}

// storedText is v as its text when from is ENUM or SET, whose values are
// stored as an index and a bitmap: a column changing type converts the
// text, not the number. Any other value is returned as it is.
func storedText(from sql.Type, v any) any {
	switch ot := from.(type) {
	case sql.EnumType:
		if s, ok := ot.At(int(toUint64(v))); ok {
			return s
		}
	case sql.SetType:
		if s, err := ot.BitsToString(toUint64(v)); err == nil {
			return s
		}
	}
	return v
}

// convertZoned is to.Convert of v, a stored value of type from, with a
// TIMESTAMP's instant turned into the session zone's wall time when it
// becomes another type, and another type's wall time read in the session's
// zone when it becomes a TIMESTAMP, as MySQL's copy does (timezone.go).
// Both of ALTER's copies (the online rewrite and the one in the statement's
// transaction) convert through it, so they agree.
func convertZoned(ctx *sql.Context, from, to sql.Type, v any, col string, rowNum int64) (any, sql.ConvertInRange, error) {
	fromStamp, toStamp := from.Type() == sqltypes.Timestamp, to.Type() == sqltypes.Timestamp
	if t, ok := v.(time.Time); ok && fromStamp && !toStamp {
		v = sqlfunc.ToZone(t, sqlfunc.SessionZone(ctx))
	}
	if types.IsInteger(to) {
		// MySQL's Field_long::store(double) (every integer field) rounds
		// with rint, half to even: a DOUBLE 2.5 becomes 2. GMS's Convert
		// rounds half away from zero, as MySQL does for a DECIMAL, which
		// reaches here as a decimal.Decimal and keeps GMS's rule.
		switch f := v.(type) {
		case float64:
			v = math.RoundToEven(f)
		case float32:
			v = math.RoundToEven(float64(f))
		}
	}
	conv := to
	if ct, ok := charsType(to); ok {
		conv = ct // a latin1 column's length in characters (onebytelen.go)
	}
	cv, inRange, err := conv.Convert(ctx, v)
	if t, ok := cv.(time.Time); ok && err == nil && toStamp && !fromStamp {
		cv = sqlfunc.FromZone(t, sqlfunc.SessionZone(ctx))
		// GMS checked the range on the wall time; MySQL checks it in UTC.
		if u := cv.(time.Time); u.Year() >= 1 && (u.Before(minStamp) || u.After(maxStamp)) {
			return nil, inRange, mysql.NewSQLError(mysql.ERTruncatedWrongValue, "22007", "Incorrect datetime value: '%s' for column '%s' at row %d", t.Format("2006-01-02 15:04:05.999999"), col, rowNum)
		}
	}
	return cv, inRange, err
}

// convertForRewrite converts one stored value to the new column type as
// ALTER TABLE does in strict mode, with MySQL's errors: 1264 for a number
// out of the new range, 1366 for text that is no number, 1292 for text
// that is no date or time, 1265 for a value cut short.
func convertForRewrite(ctx *sql.Context, from, to sql.Type, v any, col string, rowNum int64) (any, error) {
	if err := sqlfunc.JSONColumnRefusal(from, to, v, col); err != nil {
		return nil, err // a temporal into JSON: 3140, as MySQL's copy
	}
	v = storedText(from, v)
	cv, inRange, err := convertZoned(ctx, from, to, v, col, rowNum)
	if err == nil && inRange == sql.InRange {
		// GMS keeps text as UTF-8 whatever the column's character set:
		// a character the new set lacks is MySQL's 1366.
		if st, ok := to.(sql.StringType); ok {
			if str, ok := cv.(string); ok && !unicodeSet(st.CharacterSet()) {
				if bad, ok := unencodable(st.CharacterSet(), str); ok {
					return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, "HY000",
						"Incorrect string value: '%s' for column '%s' at row %d", bad, col, rowNum)
				}
			}
		}
		return cv, nil
	}
	text, isText := v.(string)
	numeric := !isText
	if isText {
		_, perr := strconv.ParseFloat(strings.TrimSpace(text), 64)
		numeric = perr == nil
	}
	switch {
	case types.IsNumber(to) && numeric:
		return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", col, rowNum)
	case types.IsNumber(to):
		kind := "integer"
		if types.IsDecimal(to) {
			kind = "decimal"
		} else if types.IsFloat(to) {
			kind = "double"
		}
		return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, "HY000", "Incorrect %s value: '%v' for column '%s' at row %d", kind, v, col, rowNum)
	case types.IsTime(to) || types.IsDateType(to):
		return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValue, "22007", "Incorrect %s value: '%v' for column '%s' at row %d", to.String(), v, col, rowNum)
	}
	return nil, mysql.NewSQLError(1265, "01000", "Data truncated for column '%s' at row %d", col, rowNum)
}

// errDefChanged: a statement planned for the definition a rewrite replaced.
var errDefChanged = mysql.NewSQLError(1412, "HY000", "Table definition has changed, please retry transaction")

// staleSnapshot is MySQL's 1412 for a transaction whose snapshot is older
// than the rewrite that created def's rows: the copy was not complete at
// that snapshot, so the table would read partly empty. (The metadata lock
// keeps the old definition for transactions that used the table before
// the swap; this one first touches it after.) A statement that takes its
// snapshot after resolving its tables never meets it.
func (e *Engine) staleSnapshot(tx *Transaction, def *catalog.Table) error {
	if e.nswaps.Load() == 0 || tx == nil {
		return nil
	}
	sv, ok := tx.kv.SnapshotVersion()
	if !ok {
		return nil
	}
	if v, ok := e.swaps.Load(def.ID); ok && sv < v.(uint64) {
		return errDefChanged
	}
	return nil
}

// indexKey names an index of a table in Engine.published.
type indexKey struct {
	table uint64
	index uint32
}

// notePublic records that the index just became public.
func (e *Engine) notePublic(table uint64, index uint32) {
	e.published.Store(indexKey{table, index}, e.db.Version())
	e.npublished.Add(1)
}

// staleIndex is MySQL's 1412 for a read through an index by a transaction
// whose snapshot is older than the build that made it public: its entries
// were written after that snapshot (the snapshot sees none of them, or
// only the writers'), so the read would return too few rows.
func (e *Engine) staleIndex(tx *kv.Txn, table uint64, index uint32) error {
	if e.npublished.Load() == 0 || tx == nil {
		return nil
	}
	sv, ok := tx.SnapshotVersion()
	if !ok {
		return nil
	}
	if v, ok := e.published.Load(indexKey{table, index}); ok && sv < v.(uint64) {
		return errDefChanged
	}
	return nil
}

// rewriteOf is the rewrite whose shadow writers of t must maintain, if any.
// It is stable for the writer's transaction once it holds the table's
// intention lock (syncBuild): a state change waits for the lock.
func (t *Table) rewriteOf() *build {
	b := t.db.eng.buildOf(t.def.ID)
	if b == nil || b.rw == nil || !b.rw.mirroring.Load() {
		return nil
	}
	return b
}

// staleRewrite fails a statement whose handle is the definition a
// finished rewrite replaced (its rows are gone).
func (t *Table) staleRewrite() error {
	b := t.db.eng.buildOf(t.def.ID)
	if b != nil && b.rw != nil && b.rw.swapped.Load() {
		return errDefChanged
	}
	return nil
}

// mirrorInsert writes row's converted form into the shadow of a running
// rewrite. A value that does not convert or a duplicate new key fails the
// rewrite, not the writer: the table is still the writer's.
//
// key is the row's key in the table (needed when both are keyless).
func (t *Table) mirrorInsert(ctx *sql.Context, tx *kv.Txn, row sql.Row, key []byte) error {
	b := t.rewriteOf()
	if b == nil {
		return nil
	}
	nr, err := b.rw.conv.apply(ctx, row, 1)
	if err != nil {
		b.fail(err)
		return nil
	}
	switch {
	case b.rw.sameIDs:
		err = b.rw.putSameID(ctx, b.e, tx, nr, key, locks.Options{Timeout: lockWaitTimeout(ctx)})
	case b.rw.mapIx != nil:
		err = b.rw.putKeyless(ctx, b.e, tx, nr, locks.Options{Timeout: lockWaitTimeout(ctx)}, true)
	default:
		err = b.rw.put(ctx, b.e, tx, nr, locks.Options{Timeout: lockWaitTimeout(ctx)})
	}
	if isDupErr(err) {
		b.fail(err)
		return nil
	}
	if err != nil {
		return b.e.lockError(ctx, tx, err)
	}
	return nil
}

// mirrorDelete removes row's converted form from the shadow; key is the
// row's key in the table.
func (t *Table) mirrorDelete(ctx *sql.Context, tx *kv.Txn, row sql.Row, oldKey []byte) error {
	b := t.rewriteOf()
	if b == nil {
		return nil
	}
	rw := b.rw
	nr, err := rw.conv.apply(ctx, row, 1)
	if err != nil {
		return nil // it could never have been copied
	}
	nr = rw.lay.trimChars(nr)
	if rw.mapIx != nil {
		up, err := rw.lockCopy(ctx, b.e, tx, nr, locks.Options{Timeout: lockWaitTimeout(ctx)})
		if err != nil {
			return b.e.lockError(ctx, tx, err)
		}
		rw.touch(up)
		return rw.deleteCopy(ctx, tx, up)
	}
	var key []byte
	if rw.sameIDs {
		if oldKey == nil {
			return nil // the row was not there
		}
		if key, err = rw.sameIDKey(oldKey); err != nil {
			return err
		}
		h, err := rw.lay.rowHash(nr)
		if err != nil {
			return err
		}
		id, _ := keys.OrderedHiddenRowID(key, rw.lay.primary)
		tx.Delete(keys.RowHashEntry(rw.lay.hashIndex, h, id))
	} else if key, err = rw.lay.pkKey(ctx, nr); err != nil {
		return err
	}
	if rw.checkPK {
		// The key may hold another old row's copy (a duplicate the job
		// fails on): only this row's own copy goes.
		if _, err := b.e.locks.AcquireRow(ctx, tx.ID(), rw.tableKey, string(key), locks.X, locks.Options{Timeout: lockWaitTimeout(ctx)}); err != nil {
			return b.e.lockError(ctx, tx, err)
		}
		val, err := rw.lay.encodeRow(nr)
		if err != nil {
			return err
		}
		cur, ok, err := tx.GetLatest(key)
		if err != nil || !ok || !bytes.Equal(cur, val) {
			return err
		}
	}
	for i := range rw.lay.indexes {
		ik, _, err := rw.lay.indexKey(ctx, &rw.lay.indexes[i], nr, key)
		if err != nil {
			return err
		}
		tx.Delete(ik)
	}
	tx.Delete(key)
	return nil
}

// isDupErr reports a duplicate key: sql.NewUniqueKeyErr wraps a primary
// key's in ErrPrimaryKeyViolation, which errors.As cannot see through (the
// kind's error has no Unwrap), so each kind is asked.
func isDupErr(err error) bool {
	var u sql.UniqueKeyError
	return err != nil && (errors.As(err, &u) || sql.ErrUniqueKeyViolation.Is(err) || sql.ErrPrimaryKeyViolation.Is(err))
}

// put writes the converted row nr and its index entries into the shadow,
// checking the keys distinct old rows could share.
func (rw *rewrite) put(ctx *sql.Context, e *Engine, tx *kv.Txn, nr sql.Row, o locks.Options) error {
	lay := rw.lay
	nr = lay.trimChars(nr)
	val, err := lay.encodeRow(nr)
	if err != nil {
		return err
	}
	key, err := lay.pkKey(ctx, nr)
	if err != nil {
		return err
	}
	if rw.checkPK {
		if _, err := e.locks.AcquireRow(ctx, tx.ID(), rw.tableKey, string(key), locks.X, o); err != nil {
			return err // the caller maps lock errors: a batch's and a writer's differ
		}
		cur, ok, err := tx.GetLatest(key)
		if err != nil {
			return err
		}
		// The same value is this row's own copy, written by a writer
		// before the batch's snapshot.
		if ok && !bytes.Equal(cur, val) {
			return sql.NewUniqueKeyErr(dupMessage(ctx, lay, nr, rw.shadow.PK, "PRIMARY"), true, nil)
		}
		if ok {
			rw.same.CompareAndSwap(nil, &nr)
		}
	}
	return rw.putEntries(ctx, e, tx, nr, key, val, o)
}

// putEntries writes the shadow row nr under key (value val) with its
// index entries, checking the unique keys old rows could share.
func (rw *rewrite) putEntries(ctx *sql.Context, e *Engine, tx *kv.Txn, nr sql.Row, key, val []byte, o locks.Options) error {
	lay := rw.lay
	for i := range lay.indexes {
		il := &lay.indexes[i]
		ik, hasNull, err := lay.indexKey(ctx, il, nr, key)
		if err != nil {
			return err
		}
		if il.unique && !hasNull && rw.checkIx[il.id] {
			up, err := lay.uniquePrefix(ik, il)
			if err != nil {
				return err
			}
			if _, err := e.locks.AcquireRow(ctx, tx.ID(), rw.tableKey, string(up), locks.X, o); err != nil {
				return err
			}
			other, err := otherEntry(tx.CurrentView(), up, ik)
			if err != nil {
				return err
			}
			if other {
				return sql.NewUniqueKeyErr(dupMessage(ctx, lay, nr, il.cols, il.name), false, nil)
			}
		}
		tx.Set(ik, nil)
	}
	tx.Set(key, val)
	return nil
}

// rewriteOnline replaces t's definition by nd, copying the rows as a job
// (see the top of this file). The statement holds no writes (checked by
// the caller); its transaction is ended so it pins nothing meanwhile.
func (t *Table) rewriteOnline(ctx *sql.Context, tx *Transaction, s *Session, nd *catalog.Table) error {
	if st := collecting(ctx, t); st != nil {
		return st.set(t, nd, true)
	}
	e := t.db.eng
	if e.closing.Load() {
		return errInterrupted
	}
	e.bg.Add(1)
	defer e.bg.Done()
	s.endKV(tx)
	lockKey := t.tableLockKey()
	owner := ddlOwner(s.ID())
	timeout := ddlLockTimeout(ctx, s)
	if e.locks.Holds(owner, lockKey) != locks.X {
		s.lk.ddl = true
		if _, err := e.locks.Acquire(ctx, owner, lockKey, locks.X, locks.Options{Timeout: timeout}); err != nil {
			return ddlLockError(err)
		}
		// Taken here (embedded engine, see createIndexOnline): released
		// here.
		defer func() {
			e.locks.ReleaseAll(owner)
			s.lk.ddl = false
		}()
	}
	id, err := e.cat.NewID()
	if err != nil {
		return err
	}
	shadow := nd.Clone()
	shadow.ID = id
	shadow.DataSchemaID = t.db.schema.ID
	// Every row is copied with all its columns: none needs a fill but a
	// column the old rows lack (the copy reads its fill for them).
	for i := range shadow.Columns {
		if columnByID(t.def, shadow.Columns[i].ID) >= 0 {
			shadow.Columns[i].Fill = nil
		}
	}
	// Rows are copied without passing through the sequence.
	shadow.CounterExact = false
	// Every key of the shadow is written by this build.
	shadow.StampKeyFormat()
	if shadow.HiddenPK() {
		shadow.RowIDHashBelow = shadow.NextColumnID + 1
	}
	if shadow.HiddenPK() && !t.def.HiddenPK() {
		// Ordered row IDs, every column hashed; writers find a row's copy
		// through an index of the old key (dropped at the swap).
		mi := catalog.Index{ID: shadow.NextIndexID, Name: mapIndexName, Unique: true}
		shadow.NextIndexID++
		for _, p := range t.def.PK {
			mi.Columns = append(mi.Columns, columnByID(shadow, t.def.Columns[p].ID))
		}
		shadow.Indexes = append(shadow.Indexes, mi)
	}
	if err := shadow.Prepare(t.db.schema.Name); err != nil {
		return err
	}
	rw, err := newRewrite(t.def, shadow)
	if err != nil {
		return err
	}
	rw.conv.setExprs(shadow, tx.perRow)
	if err := rw.conv.setGens(ctx, t.def, shadow); err != nil {
		return err
	}
	rw.holdMDL = rw.conv.auto >= 0
	// A fresh job: every copy a writer makes from now on is recorded.
	rw.trackTouched.Store(true)
	total := e.rowCountEstimate(t.def)
	b := &build{e: e, owner: owner, lockKey: lockKey, conn: s.ID(), timeout: timeout, done: make(chan struct{}), rw: rw}
	b.jobID = id
	b.job = catalog.Job{ID: id, Kind: catalog.JobRewrite, Shadow: shadow, Schema: t.db.schema.Name, SchemaID: t.db.schema.ID,
		Table: t.def.Name, TableID: t.def.ID, State: catalog.IndexWriteOnly.String(), RowsTotal: total, Started: time.Now().UTC()}
	if rw.holdMDL {
		b.job.AutoNext = max(1, shadow.AutoIncStart)
	}
	b.rowsTotal.Store(total)
	b.phase.Store("creating shadow table (write-only)")
	err = b.commitState(ctx, false, func(_ *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
		ch.PutJob(&b.job)
		return def, nil
	})
	if err != nil {
		b.finish()
		if errors.Is(err, errTableGone) {
			return sql.ErrTableNotFound.New(t.def.Name)
		}
		return err
	}
	// Registered while the statement still holds the table: every writer
	// after it maintains the shadow.
	rw.mirroring.Store(true)
	e.builds.Store(t.def.ID, b)
	if !rw.holdMDL {
		e.locks.ReleaseAll(owner)
		// Statements use the table during the copy (and the swap takes
		// the metadata lock again).
		s.endDDLMDL()
	} else {
		// Readers go on during the numbering copy, writers wait for
		// the swap (MySQL's LOCK=SHARED): the metadata lock becomes
		// SHARED_NO_WRITE, the table lock S (a locking read's IS
		// passes, a writer's IX waits).
		e.locks.Downgrade(owner, lockKey, locks.S)
		if s.ddlMDL != nil {
			s.ddlMDL.downgrade()
			b.mdl = s.ddlMDL
		}
	}
	if err := b.run(ctx, ctx.Context); err != nil {
		return err
	}
	t.setDef(b.def.Load())
	return nil
}

// runRewrite copies the rows from the job's cursor on and swaps the table
// to the shadow definition. It returns with the table's DDL lock held by
// b.owner when the swap committed.
func (b *build) runRewrite(sctx *sql.Context, ctx context.Context) error {
	rw := b.rw
	if err := b.backfill(sctx, ctx, layoutOf(rw.old), b.rewriteBatch); err != nil {
		return err
	}
	e := b.e
	// The swap takes the table's metadata lock exclusively (mdl.go): it
	// waits for the statements and transactions using the old definition
	// to end while new ones queue behind it, so none of them sees the
	// definition change under it. The ALTER's own locks are no holders
	// to wait for.
	var err error
	if !rw.holdMDL {
		b.phase.Store("Waiting for table metadata lock")
		if s, ok := sctx.Session.(*Session); ok {
			e.releaseMDL(s)
		}
		l, err := e.lockExclusive(ctx, b.conn, b.job.SchemaID, b.job.Table, b.timeout)
		if err != nil {
			return err
		}
		defer l.unlock()
	} else if b.mdl != nil {
		// Readers went on during the numbering copy (SHARED_NO_WRITE):
		// the swap waits for them, and new ones queue behind it.
		b.phase.Store("Waiting for table metadata lock")
		if err := b.mdl.upgrade(ctx, b.timeout); err != nil {
			return err
		}
	}
	b.phase.Store("waiting for table lock (rename)")
	var nd *catalog.Table
	err = b.commitState(ctx, true, func(tx *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
		// Under the table lock no writer is between its mirror write and
		// its commit: a failure any of them met is known by now.
		if err := b.failure(); err != nil {
			return nil, err
		}
		if def.ID != rw.old.ID {
			return nil, errTableGone
		}
		n, err := e.RowCount(def)
		if err != nil {
			return nil, err
		}
		if rw.checkPK {
			if err := rw.sameCount(tx, n); err != nil {
				return nil, err
			}
		}
		nd = rw.shadow.Clone()
		if rw.mapIx != nil {
			// The old key's index served the copy alone.
			ch.DropIndexData(rw.shadow, rw.mapIx.id)
			kept := nd.Indexes[:0]
			for _, ix := range nd.Indexes {
				if ix.ID != rw.mapIx.id {
					kept = append(kept, ix)
				}
			}
			nd.Indexes = kept
		}
		nd.Name, nd.SchemaID = def.Name, def.SchemaID
		if err := nd.Prepare(b.job.Schema); err != nil {
			return nil, err
		}
		tx.SetCount(keys.RowCount(nd.DataSchemaID, nd.ID), n)
		v, err := e.persistedAutoInc(def)
		if err != nil {
			return nil, err
		}
		if st, ok := e.autoInc.Load(def.ID); ok {
			v = max(v, st.(*autoIncState).peek())
		}
		// The added AUTO_INCREMENT column goes on after the last number
		// the copy gave.
		v = max(v, b.job.AutoNext)
		if v > 0 {
			tx.RaiseCounter(nd.CounterKey(), v)
		}
		if rw.sameIDs {
			// The copies kept their row IDs: new rows go past them.
			next, err := e.db.Counter(keys.RowIDCounter(def.DataSchemaID, def.ID))
			if err != nil {
				return nil, err
			}
			if st, ok := e.rowIDSeq.Load(def.ID); ok {
				st := st.(*autoIncState)
				st.mu.Lock()
				next = max(next, st.next)
				st.mu.Unlock()
			}
			tx.RaiseCounter(keys.RowIDCounter(nd.DataSchemaID, nd.ID), next)
		}
		ch.DropTableData(def)
		ch.DeleteJob(b.job.ID)
		return nd, nil
	})
	if err != nil {
		return err
	}
	e.shareAutoInc(rw.old.ID, nd)
	e.swaps.Store(nd.ID, e.db.Version())
	e.nswaps.Add(1)
	rw.swapped.Store(true)
	rw.mirroring.Store(false)
	return nil
}

// rewriteBatch copies up to limit rows (or batchBytes) from cursor into the
// shadow in one transaction and returns the cursor after them (nil at the
// end).
func (b *build) rewriteBatch(sctx *sql.Context, cursor, hi []byte, limit int) ([]byte, int, error) {
	e, rw := b.e, b.rw
	old := layoutOf(rw.old)
	tx := e.db.Begin()
	defer func() {
		tx.Rollback()
		e.locks.ReleaseAll(tx.ID())
	}()
	it, err := tx.NewIter(cursor, hi)
	if err != nil {
		return nil, 0, err
	}
	defer it.Close()
	n, size := 0, 0
	var last []byte
	// A batch never waits for a writer's lock (see checkBatchUnique).
	o := locks.Options{NoWait: true}
	ok := it.First()
	for ; ok && n < limit && size < batchBytes; ok = it.Next() {
		key, val := it.Key(), it.Value()
		row, err := old.decodeRow(val)
		if err != nil {
			return nil, 0, err
		}
		nr, err := rw.conv.apply(sctx, row, b.job.RowsDone+int64(n)+1)
		if err == nil {
			err = rw.conv.setAuto(sctx, nr, b.job.AutoNext+uint64(n))
		}
		if err == nil {
			if rw.sameIDs {
				err = rw.putSameID(sctx, e, tx, nr, key, o)
			} else if rw.mapIx != nil {
				err = rw.copyKeyless(sctx, e, tx, key, val, nr, o)
			} else if err = rw.put(sctx, e, tx, nr, o); err == nil && rw.checkPK {
				// The copy's key is not the key a writer that changed
				// the row since the snapshot wrote (its new key, or
				// none): no write conflict tells, the row's newest
				// version does (read under the copy key's lock, which
				// that writer's mirrorDelete takes too).
				if cur, found, lerr := tx.GetLatest(key); lerr != nil {
					err = lerr
				} else if !found || !bytes.Equal(cur, val) {
					err = kv.ErrConflict
				}
			}
			if errors.Is(err, locks.ErrDeadlock) || errors.Is(err, kv.ErrConflict) || errors.Is(err, locks.ErrNoWait) {
				// The batch was the victim or its row changed: redo it.
				return nil, 0, kv.ErrConflict
			}
			err = ddlLockError(err)
		}
		if err != nil {
			// A writer may have changed or deleted the row since the
			// snapshot: its newest value decides.
			if cur, found, lerr := tx.GetLatest(key); lerr == nil && (!found || !bytes.Equal(cur, val)) {
				return nil, 0, kv.ErrConflict
			}
			return nil, 0, err
		}
		size += len(key) + len(val)
		last = append(last[:0], key...)
		n++
	}
	if err := it.Error(); err != nil {
		return nil, 0, err
	}
	return b.commitBatch(tx, last, ok, hi, n)
}

// rollbackRewrite range-deletes the shadow and removes the job record.
func (b *build) rollbackRewrite() error {
	rw := b.rw
	var err error
	for try := 0; try < 5; try++ {
		err = b.commitState(context.Background(), true, func(_ *kv.Txn, def *catalog.Table, ch *catalog.Change) (*catalog.Table, error) {
			ch.DropTableData(rw.shadow)
			ch.DeleteJob(b.job.ID)
			return def, nil
		})
		b.e.locks.ReleaseAll(b.owner)
		if err == nil || errors.Is(err, errTableGone) {
			break
		}
	}
	if errors.Is(err, errTableGone) {
		tx := b.e.db.Begin()
		_, werr := b.e.cat.Write(tx, new(catalog.Change).DropTableData(rw.shadow).DeleteJob(b.job.ID))
		if werr == nil {
			werr = tx.Commit()
		} else {
			tx.Rollback()
		}
		err = werr
	}
	if err == nil {
		rw.mirroring.Store(false)
	} else {
		slog.Error("table rewrite rollback failed; it is retried at the next start", "job", b.job.ID, "err", err)
	}
	return err
}

// resumeRewrite prepares a rewrite job read at startup; def is the table's
// current definition (nil if it is gone).
func resumeRewrite(j *catalog.Job, def *catalog.Table) (*rewrite, error) {
	if j.Shadow == nil {
		return nil, fmt.Errorf("myriad: rewrite job %d has no shadow definition", j.ID)
	}
	shadow := j.Shadow
	shadow.Name = j.Table
	if err := shadow.Prepare(j.Schema); err != nil {
		return nil, err
	}
	if def == nil {
		return &rewrite{shadow: shadow}, nil
	}
	return newRewrite(def, shadow)
}

// sameCount fails with 1062 when the shadow holds fewer rows than the
// table's n: two old rows converted to one identical row under one key.
func (rw *rewrite) sameCount(tx *kv.Txn, n int64) error {
	it, err := tx.NewIter(keys.PrefixSpan(rw.lay.primary))
	if err != nil {
		return err
	}
	var got int64
	for ok := it.First(); ok; ok = it.Next() {
		got++
	}
	err = it.Error()
	it.Close()
	if err != nil || got == n {
		return err
	}
	ctx := sql.NewEmptyContext()
	if p := rw.same.Load(); p != nil {
		return sql.NewUniqueKeyErr(dupMessage(ctx, rw.lay, *p, rw.shadow.PK, "PRIMARY"), true, nil)
	}
	return sql.NewUniqueKeyErr(fmt.Sprintf("Duplicate entry for key '%s.PRIMARY'", rw.shadow.Name), true, nil)
}

// unencodable reports the bytes (as MySQL prints them, at most 6 from the
// first character cs lacks) of a string cs cannot hold.
func unencodable(cs sql.CharacterSetID, s string) (string, bool) {
	enc := cs.Encoder()
	for i, r := range s {
		if _, ok := enc.EncodeRune([]byte(string(r))); ok {
			continue
		}
		rest := s[i:]
		var b strings.Builder
		for j := 0; j < len(rest) && j < 6; j++ {
			if c := rest[j]; c >= 0x20 && c < 0x7f {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, "\\x%02X", c)
			}
		}
		if len(rest) > 6 {
			b.WriteString("...")
		}
		return b.String(), true
	}
	return "", false
}

func unicodeSet(cs sql.CharacterSetID) bool {
	switch cs {
	case sql.CharacterSet_utf8mb4, sql.CharacterSet_utf8mb3, sql.CharacterSet_binary:
		return true
	}
	return false
}

// sameIDKey is the shadow key of the copy of the row stored under oldKey
// (keyless to keyless).
func (rw *rewrite) sameIDKey(oldKey []byte) ([]byte, error) {
	if oldKey == nil {
		return nil, fmt.Errorf("myriad: keyless rewrite of %s: a writer gave no row key", rw.shadow.Name)
	}
	id, err := keys.OrderedHiddenRowID(oldKey, rw.oldPrimary)
	if err != nil {
		return nil, err
	}
	return keys.OrderedHiddenRow(rw.lay.primary, id), nil
}

// putSameID writes nr as the copy of the row stored under oldKey, under
// the same row ID (keyless to keyless).
func (rw *rewrite) putSameID(ctx *sql.Context, e *Engine, tx *kv.Txn, nr sql.Row, oldKey []byte, o locks.Options) error {
	lay := rw.lay
	nr = lay.trimChars(nr)
	key, err := rw.sameIDKey(oldKey)
	if err != nil {
		return err
	}
	val, err := lay.encodeRow(nr)
	if err != nil {
		return err
	}
	h, err := lay.rowHash(nr)
	if err != nil {
		return err
	}
	id, _ := keys.OrderedHiddenRowID(key, lay.primary)
	tx.Set(keys.RowHashEntry(lay.hashIndex, h, id), nil)
	return rw.putEntries(ctx, e, tx, nr, key, val, o)
}
