package engine

import (
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Direct execution of cached single-row INSERT ... VALUES (issue #12). The
// server ran such a plan through GMS's executor builder, its insert
// iterator (under TableEditorIter, over a ProjectIter over the VALUES
// row) and its accumulator: one statement, one row, yet each piece built
// and allocated per execution, and AUTO_INCREMENT's evaluation parsed
// sql_mode for every generated id (~10% of sysbench's oltp_insert,
// docs/PROFILES.md "insert4"). DirectInsert runs the bound plan's own
// pieces — its VALUES and projection expressions, the destination's NOT
// NULL checks and type conversions, the table's editor — in the order
// those iterators run them, with the errors they wrap, and sets what the
// accumulator sets. Anything but a plain INSERT of one VALUES row into a
// Myriad table is left to them, before anything is done.
//
// What the plan cache never holds needs no handling here: IGNORE,
// REPLACE, ON DUPLICATE KEY UPDATE, RETURNING, CHECK constraints, triggers
// (package plans refuses their plans), foreign keys and generated columns
// (CacheableDML). The editor keeps everything a write does: the intention
// and row locks, the primary-key check of a generated id (a concurrent
// explicit insert of a reserved value must fail with 1062, not be
// overwritten), unique checks, index entries and AUTO_INCREMENT's
// high-water mark.

// insertShape is what DirectInsert found in a bound plan.
type insertShape struct {
	t     *Table
	ins   *plan.InsertInto
	sch   sql.Schema // the destination's: NOT NULL checks, conversions
	tuple []sql.Expression
	proj  []sql.Expression
	// ai is the AUTO_INCREMENT projection, at aiAt (-1: none).
	ai   *expression.AutoIncrement
	aiAt int
}

// insertShapeOf recognises the plans DirectInsert runs.
func insertShapeOf(n sql.Node) (*insertShape, bool) {
	ins, ok := n.(*plan.InsertInto)
	if !ok || ins.IsReplace || ins.Ignore || len(ins.OnDupExprs) > 0 || len(ins.Returning) > 0 || len(ins.Checks()) > 0 {
		return nil, false
	}
	insertable, err := plan.GetInsertable(ins.Destination)
	if err != nil {
		return nil, false
	}
	t, isT := insertable.(*Table)
	if !isT || len(t.def.FKs) > 0 || len(t.def.Checks) > 0 {
		return nil, false
	}
	proj, isP := ins.Source.(*plan.Project)
	if !isP {
		return nil, false
	}
	vals, isV := proj.Child.(*plan.Values)
	if !isV || len(vals.ExpressionTuples) != 1 {
		return nil, false
	}
	sh := &insertShape{t: t, ins: ins, sch: ins.Destination.Schema(), tuple: vals.ExpressionTuples[0],
		proj: proj.Projections, aiAt: -1}
	if len(sh.proj) != len(sh.sch) {
		return nil, false
	}
	for i, e := range sh.proj {
		ai, isAI := e.(*expression.AutoIncrement)
		if !isAI {
			continue
		}
		// insertIter reads the id as an integer (toInt64), which holds for
		// the integer and floating-point types AUTO_INCREMENT allows.
		if sh.ai != nil || !(types.IsInteger(ai.Type()) || types.IsFloat(ai.Type())) {
			return nil, false
		}
		sh.ai, sh.aiAt = ai, i
	}
	return sh, true
}

// DirectInsert runs the bound cached plan n when it is a single-row
// INSERT ... VALUES that insertShapeOf accepts, as GMS's executor would
// (the statement's savepoint, the row's expressions, AUTO_INCREMENT, NOT
// NULL checks, conversions, the editor's write, LAST_INSERT_ID, ROW_COUNT,
// the autocommit commit), and returns its OK result. done is false when n
// is not such a plan: nothing was done and the caller runs it through GMS.
// Call it where GMS's handler would build n's iterators: inside the
// session's command bracket.
func (e *Engine) DirectInsert(ctx *sql.Context, n sql.Node) (res types.OkResult, done bool, err error) {
	sh, ok := insertShapeOf(n)
	if !ok {
		return res, false, nil
	}
	return e.directInsert(ctx, sh)
}

// DirectInsertValues is DirectInsert of the plan ins with row as its
// VALUES row instead of its own (plans.Plan.InsertValues: a cached
// template and this execution's values, without a bound copy of the
// plan). ins is only read.
func (e *Engine) DirectInsertValues(ctx *sql.Context, ins *plan.InsertInto, row []sql.Expression) (res types.OkResult, done bool, err error) {
	sh, ok := insertShapeOf(ins)
	if !ok || len(row) != len(sh.tuple) {
		return res, false, nil
	}
	sh.tuple = row
	return e.directInsert(ctx, sh)
}

func (e *Engine) directInsert(ctx *sql.Context, sh *insertShape) (res types.OkResult, done bool, err error) {
	autoCommit, err := DirectBegin(ctx)
	if err != nil {
		return res, true, err
	}
	// buildValues evaluates the VALUES row when the iterators are built;
	// a failure there is PrepQueryPlanForExecution's, which leaves an
	// autocommit statement's transaction (clearAutocommitTransaction).
	src, err := rowexec.ProjectRow(ctx, sh.tuple, make(sql.Row, len(sh.tuple)))
	if err != nil {
		if !ctx.GetIgnoreAutoCommit() && autoCommit {
			ctx.SetTransaction(nil)
		}
		return res, true, err
	}
	ed := sh.t.newEditor(ctx)
	ed.StatementBegin(ctx)
	row, err := sh.run(ctx, ed, src)
	if err == nil {
		if cerr := ctx.Err(); cerr != nil {
			err = cerr
		}
	}
	if err != nil {
		// TableEditorIter.Close: the statement's changes are undone; the
		// transaction is left for the session (GMS does not close, so does
		// not commit, a failed statement's iterators).
		_ = ed.DiscardChanges(ctx, err)
		return res, true, err
	}
	if err := ed.StatementComplete(ctx); err != nil {
		return res, true, err
	}
	// insertRowHandler: the OK packet's insert ID is the row's
	// AUTO_INCREMENT value, generated or given (0 without one).
	res = types.OkResult{RowsAffected: 1}
	if sh.ai != nil {
		res.InsertID = uint64(autoIncInt64(row[sh.aiAt]))
	}
	ctx.SetLastQueryInfoInt(sql.RowCount, int64(res.RowsAffected))
	return res, true, DirectCommit(ctx, autoCommit)
}

// run is insertIter.Next for the one row: project, check, convert, write;
// it returns the row written.
func (sh *insertShape) run(ctx *sql.Context, ed *editor, src sql.Row) (sql.Row, error) {
	row, err := sh.project(ctx, src)
	if err != nil {
		return nil, sql.NewWrappedInsertError(nil, err)
	}
	for i, c := range sh.sch {
		if !c.Nullable && row[i] == nil {
			if sh.ins.DeferredDefaults.Contains(i) {
				return nil, sql.NewWrappedInsertError(row, sql.ErrInsertIntoNonNullableDefaultNullColumn.New(c.Name))
			}
			return nil, sql.NewWrappedInsertError(row, sql.ErrInsertIntoNonNullableProvidedNull.New(c.Name))
		}
	}
	orig := make(sql.Row, len(row))
	copy(orig, row)
	for i, c := range sh.sch {
		if row[i] == nil {
			continue
		}
		v, inRange, err := convertColumn(ctx, c.Type, row[i])
		if err == nil && !inRange {
			err = sql.ErrValueOutOfRange.New(row[i], c.Type)
		}
		if err != nil {
			switch {
			case types.ErrLengthBeyondLimit.Is(err):
				err = types.ErrLengthBeyondLimit.New(row[i], c.Name)
			case sql.ErrNotMatchingSRID.Is(err):
				err = sql.ErrNotMatchingSRIDWithColName.New(c.Name, err)
			}
			return nil, sql.NewWrappedInsertError(orig, err)
		}
		row[i] = v
	}
	if err := ed.Insert(ctx, row); err != nil {
		return nil, sql.NewWrappedInsertError(row, err)
	}
	// updateLastInsertId: only a generated id (the plan was analyzed, and
	// is cached, for whether the given value generates one).
	if sh.ins.FirstGeneratedAutoIncRowIdx == 0 {
		var id int64
		if sh.ai != nil {
			id = autoIncInt64(row[sh.aiAt])
		}
		ctx.SetLastQueryInfoInt(sql.LastInsertId, id)
	}
	return row, nil
}

// project is ProjectRow over the projection, with the AUTO_INCREMENT
// expression evaluated by autoIncrement: defaults that are expressions
// are evaluated last, over the other fields; negative zeros are made
// zeros.
func (sh *insertShape) project(ctx *sql.Context, src sql.Row) (sql.Row, error) {
	out := make(sql.Row, len(sh.proj))
	var later []int
	for i, e := range sh.proj {
		if d, isDef := defaultOf(e); isDef && !d.IsLiteral() {
			later = append(later, i)
			continue
		}
		var v any
		var err error
		if i == sh.aiAt {
			v, err = sh.autoIncrement(ctx, src)
		} else {
			v, err = e.Eval(ctx, src)
		}
		if err != nil {
			return nil, err
		}
		out[i] = positiveZero(v)
	}
	for _, i := range later {
		v, err := sh.proj[i].Eval(ctx, out)
		if err != nil {
			return nil, err
		}
		out[i] = positiveZero(v)
	}
	return out, nil
}

// autoIncrement is expression.AutoIncrement's Eval with sql_mode read from
// the session's parsed copy (sqlmode.go): a negative value is kept, 0
// generates one unless NO_AUTO_VALUE_ON_ZERO, NULL generates one, and any
// other value moves the sequence past itself.
func (sh *insertShape) autoIncrement(ctx *sql.Context, src sql.Row) (any, error) {
	typ := sh.ai.Type()
	given, err := sh.ai.Child.Eval(ctx, src)
	if err != nil {
		return nil, err
	}
	cmp, err := typ.Compare(ctx, given, typ.Zero())
	if err != nil {
		return nil, err
	}
	keep := cmp < 0
	if cmp == 0 {
		if keep = noAutoValueOnZero(ctx); !keep {
			given = nil
		}
	}
	if !keep {
		seq, err := sh.t.GetNextAutoIncrementValue(ctx, given)
		if err != nil {
			return nil, err
		}
		if given == nil {
			given = seq
		}
	}
	v, _, err := typ.Convert(ctx, given)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// defaultOf is the column default a projection is, through its wrapper.
func defaultOf(e sql.Expression) (*sql.ColumnDefaultValue, bool) {
	if w, ok := e.(*expression.Wrapper); ok {
		e = w.Unwrap()
	}
	d, ok := e.(*sql.ColumnDefaultValue)
	return d, ok
}

// positiveZero turns a floating-point -0 into 0, as GMS's projection does.
func positiveZero(v any) any {
	switch v {
	case float32(0):
		return float32(0)
	case float64(0):
		return float64(0)
	}
	return v
}

// autoIncInt64 reads an AUTO_INCREMENT value as insertIter does.
func autoIncInt64(v any) int64 {
	switch x := v.(type) {
	case int:
		return int64(x)
	case uint:
		return int64(x)
	case int8:
		return int64(x)
	case uint8:
		return int64(x)
	case int16:
		return int64(x)
	case uint16:
		return int64(x)
	case int32:
		return int64(x)
	case uint32:
		return int64(x)
	case int64:
		return x
	case uint64:
		return int64(x)
	case float32:
		return int64(x)
	case float64:
		return int64(x)
	}
	return 0
}

// convertColumn is typ.Convert(v), answered without it for the commonest
// case it copies: a string stored into a CHAR, VARCHAR or TEXT column,
// within the column's length and valid UTF-8. GMS's StringType.Convert
// then returns a copy of the same bytes (ConvertToBytes: the length
// checks, which count bytes first, and the character set check, which
// returns its input), two allocations per string column per INSERT.
func convertColumn(ctx *sql.Context, typ sql.Type, v any) (any, sql.ConvertInRange, error) {
	if s, isStr := v.(string); isStr {
		if st, isST := typ.(types.StringType); isST {
			limit := st.MaxCharacterLength()
			switch st.Type() {
			case sqltypes.Text:
				limit = st.MaxByteLength()
			case sqltypes.Char, sqltypes.VarChar:
			default:
				limit = -1
			}
			if int64(len(s)) <= limit && utf8.ValidString(s) {
				return v, sql.InRange, nil
			}
		}
	}
	return typ.Convert(ctx, v)
}
