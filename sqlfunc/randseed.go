package sqlfunc

import (
	"fmt"
	"math/rand"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// randFn is RAND([N]) as MySQL's Item_func_rand: RAND(N) is MySQL's
// generator (randominit and my_rnd, mysys/my_rnd.cc) seeded from N, so
// RAND(1) is 0.40540353712197724 there and in MariaDB. A constant N seeds it
// once per statement and each row takes the next number; any other N
// reseeds on every row. GMS seeded Go's generator anew for each row, so
// RAND(1) was another number and the same one on every row, and a
// replicated or ported `ORDER BY RAND(7)` shuffled differently. In ORDER
// BY, the engine's drawSortKeysInReadOrder (engine/randorder.go) makes each
// row draw as it is read, as filesort does.
type randFn struct {
	seed sql.Expression // nil: RAND()

	mu    sync.Mutex
	query [2]uint64 // session id and query pid the state belongs to
	st    mysqlRand
	// rows: the number each row drew in this statement. GMS's Sort
	// evaluates an ORDER BY expression in every comparison and the
	// projection above it evaluates it again; a row must keep its number
	// or the order and the shown values disagree.
	rows map[randRow]float64
}

// randRow is a row by its slice and its values (a scan may reuse one
// buffer for several rows).
type randRow struct {
	at   *any
	hash uint64
}

// mysqlRand is struct rand_struct.
type mysqlRand struct{ seed1, seed2 uint64 }

const randMax = 0x3FFFFFFF

// maxRandRows bounds the rows a seeded RAND remembers per statement.
const maxRandRows = 1 << 18

func newMySQLRand(n int64) mysqlRand {
	tmp := uint32(n)
	s1 := uint32(tmp*0x10001 + 55555555)
	s2 := uint32(tmp * 0x10000001)
	return mysqlRand{seed1: uint64(s1) % randMax, seed2: uint64(s2) % randMax}
}

func (r *mysqlRand) next() float64 {
	r.seed1 = (r.seed1*3 + r.seed2) % randMax
	r.seed2 = (r.seed1 + r.seed2 + 33) % randMax
	return float64(r.seed1) / float64(randMax)
}

var _ sql.FunctionExpression = (*randFn)(nil)
var _ sql.NonDeterministicExpression = (*randFn)(nil)

func newRand(args ...sql.Expression) (sql.Expression, error) {
	if len(args) > 1 {
		return nil, sql.ErrInvalidArgumentNumber.New("RAND", "0 or 1", len(args))
	}
	r := &randFn{}
	if len(args) == 1 {
		r.seed = args[0]
	}
	return r, nil
}

func (r *randFn) FunctionName() string { return "rand" }
func (r *randFn) Description() string  { return "MySQL's RAND" }
func (r *randFn) Type() sql.Type       { return types.Float64 }
func (r *randFn) IsNullable() bool     { return false }

// IsNonDeterministic is true with a seed too: the value changes from row
// to row, so it must not be folded into a constant.
func (r *randFn) IsNonDeterministic() bool { return true }
func (r *randFn) Resolved() bool           { return r.seed == nil || r.seed.Resolved() }
func (r *randFn) Children() []sql.Expression {
	if r.seed == nil {
		return nil
	}
	return []sql.Expression{r.seed}
}
func (r *randFn) String() string {
	if r.seed == nil {
		return "rand()"
	}
	return fmt.Sprintf("rand(%s)", r.seed)
}
func (r *randFn) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (r *randFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newRand(children...)
}

func (r *randFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if r.seed == nil {
		return rand.Float64(), nil
	}
	seedOf := func() (mysqlRand, error) {
		v, err := r.seed.Eval(ctx, row)
		if err != nil {
			return mysqlRand{}, err
		}
		if v == nil {
			return newMySQLRand(0), nil // Item_func_rand::seed_random: val_int() of NULL is 0
		}
		return newMySQLRand(intArg(ctx, v)), nil
	}
	if !constant(r.seed) {
		st, err := seedOf()
		if err != nil {
			return nil, err
		}
		return st.next(), nil
	}
	var q [2]uint64
	if ctx.Session != nil {
		q = [2]uint64{uint64(ctx.Session.ID()), ctx.Pid()}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.query != q || r.rows == nil {
		st, err := seedOf()
		if err != nil {
			return nil, err
		}
		r.st, r.query, r.rows = st, q, map[randRow]float64{}
	}
	var key randRow
	if len(row) > 0 {
		h, err := sql.HashOf(ctx, row)
		if err != nil {
			return nil, err
		}
		key = randRow{at: &row[0], hash: h}
		if f, ok := r.rows[key]; ok {
			return f, nil
		}
	}
	f := r.st.next()
	if len(row) > 0 {
		if len(r.rows) >= maxRandRows {
			// Bounded memory for a long scan; only a sort of more rows
			// than this sees a row draw again.
			clear(r.rows)
		}
		r.rows[key] = f
	}
	return f, nil
}

func init() {
	functions["rand"] = sql.FunctionN{Name: "rand", Fn: newRand}
}
