package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// RefuseReadOnlyDDL is an analyzer rule: GMS lets every DDL statement run
// in a READ ONLY transaction because DDL commits the transaction first. In
// MySQL the DDL then runs in a transaction of its own, which is read-only
// when SET [SESSION] TRANSACTION READ ONLY says so, and fails with 1792;
// DDL on temporary tables stays allowed.
func RefuseReadOnlyDDL(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if !isDDL(n) {
		return n, transform.SameTree, nil
	}
	t, _ := ctx.GetTransaction().(*Transaction)
	if !SessionReadOnly(ctx) && (t == nil || !t.byCharacteristic) {
		return n, transform.SameTree, nil
	}
	if ct, ok := n.(*plan.CreateTable); ok && ct.Temporary() {
		return n, transform.SameTree, nil
	}
	return nil, transform.SameTree, sql.ErrReadOnlyTransaction.New()
}

func isDDL(n sql.Node) bool {
	if plan.IsDDLNode(n) {
		return true
	}
	switch n.(type) {
	case *plan.AlterAutoIncrement, *plan.AlterDefaultSet, *plan.AlterDefaultDrop, *plan.AlterTableCollation,
		*plan.DropColumn, *plan.RenameColumn, *plan.ModifyColumn, *plan.AddColumn:
		return true
	}
	return false
}

// NextTransactionAccessMode is an analyzer rule for SET TRANSACTION READ
// ONLY / READ WRITE / ISOLATION LEVEL without GLOBAL or SESSION. GMS sets
// the session's transaction_read_only / transaction_isolation for it; in
// MySQL it applies to the next transaction only (an autocommitted
// statement is one), after which the session value is back. The session
// variable assignments are replaced by a step that records the
// characteristics for the session's next StartTransaction. It also keeps
// tx_isolation and transaction_isolation one variable (twinIsolation).
func NextTransactionAccessMode(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	set, ok := n.(*plan.Set)
	if !ok {
		return n, transform.SameTree, nil
	}
	if !unscopedSetTransaction(ctx.Query()) {
		if exprs, twinned := twinIsolation(set.Exprs); twinned {
			return plan.NewSet(exprs), transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	}
	var rest []sql.Expression
	var step *setNextAccessMode
	for _, e := range set.Exprs {
		if f, ok := e.(*expression.SetField); ok {
			if v, ok := f.LeftChild.(*expression.SystemVar); ok {
				switch {
				case strings.EqualFold(v.Name, "transaction_read_only"):
					if step == nil {
						step = &setNextAccessMode{}
					}
					step.value = f.RightChild
					continue
				case isIsolationVar(v.Name):
					if step == nil {
						step = &setNextAccessMode{}
					}
					step.isolation = f.RightChild
					continue
				}
			}
		}
		rest = append(rest, e)
	}
	if step == nil {
		return n, transform.SameTree, nil
	}
	if len(rest) == 0 {
		return step, transform.NewTree, nil
	}
	return plan.NewBlock([]sql.Node{plan.NewSet(rest), step}), transform.NewTree, nil
}

// unscopedSetTransaction: the statement is SET TRANSACTION ... (no scope).
func unscopedSetTransaction(q string) bool {
	if !containsFold(q, "transaction") {
		return false
	}
	toks := firstTokens(q, 2)
	return len(toks) == 2 && toks[0] == sqlparser.SET && toks[1] == sqlparser.TRANSACTION
}

// firstTokens returns the first n token types of q, comments skipped.
func firstTokens(q string, n int) []int {
	tkn := sqlparser.NewStringTokenizer(q)
	var out []int
	for len(out) < n {
		typ, _ := tkn.Scan()
		if typ == sqlparser.COMMENT {
			continue
		}
		if typ == 0 || typ == sqlparser.LEX_ERROR {
			break
		}
		out = append(out, typ)
	}
	return out
}

// setNextAccessMode records the next transaction's access mode (value)
// and isolation level; either may be nil.
type setNextAccessMode struct {
	okResult
	value, isolation sql.Expression
}

var _ sql.ExecSourceRel = (*setNextAccessMode)(nil)

func (s *setNextAccessMode) IsReadOnly() bool { return true }
func (s *setNextAccessMode) String() string   { return "SetNextTransactionAccessMode" }
func (s *setNextAccessMode) WithChildren(c ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(s, c...)
}

func (s *setNextAccessMode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	// As in MySQL: not inside BEGIN ... COMMIT, nor once a statement has
	// started the transaction when autocommit is off.
	sess, _ := ctx.Session.(*Session)
	if sess != nil && (ctx.GetIgnoreAutoCommit() ||
		!sess.autocommit() && sess.tx != nil && sess.tx.kv.Started() && !sess.tx.kv.Done()) {
		return nil, errCantChangeTxCharacteristics
	}
	var ro *bool
	if s.value != nil {
		v, err := s.value.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		b, err := sql.ConvertToBool(ctx, v)
		if err != nil {
			return nil, err
		}
		ro = &b
	}
	var iso *isolation
	if s.isolation != nil {
		v, err := s.isolation.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		i := isolationOf(v)
		iso = &i
	}
	if sess != nil {
		if ro != nil {
			sess.nextReadOnly = ro
		}
		if iso != nil {
			sess.nextIsolation = iso
		}
		// With autocommit off, the transaction the next statement runs in
		// may exist already (GMS opened it for an earlier statement that
		// did not start it): it is the next transaction.
		if t := sess.tx; t != nil && !t.kv.Started() && !t.kv.Done() {
			t.oneShot = true
			if ro != nil {
				t.readOnly, t.byCharacteristic = *ro, *ro
			}
			if iso != nil {
				t.iso = *iso
			}
		}
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}
