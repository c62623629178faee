package engine

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/keyenc"
)

// setOpOnKeys makes INTERSECT and EXCEPT (DISTINCT and ALL) match rows
// under the collation of each string column, as MySQL does: GMS's
// IntersectIter and ExceptIter (and the DISTINCT iterator above them) hash
// rows by their printed values, so `SELECT c FROM u INTERSECT SELECT 'SS'`
// with c of utf8mb4_0900_ai_ci holding 'ß' returned nothing and EXCEPT kept
// it; under a PAD SPACE collation 'a ' and 'A' were two rows. The set
// operation becomes a setOpKeyed over the same two sides; a SetOp's own
// ORDER BY, OFFSET and LIMIT apply to its result, so they move above it.
func setOpOnKeys(ctx *sql.Context, u *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	if u.SetOpType != plan.IntersectType && u.SetOpType != plan.ExceptType {
		return u, transform.SameTree, nil
	}
	sch := u.Schema()
	colls := make([]sql.CollationID, len(sch))
	changed := false
	for i, c := range sch {
		if !types.IsTextOnly(c.Type) {
			continue
		}
		coll, ok := unionCollation(ctx, u, i)
		if !ok {
			continue
		}
		colls[i] = coll
		changed = true
	}
	if !changed {
		return u, transform.SameTree, nil
	}
	var out sql.Node = &setOpKeyed{left: u.Left(), right: u.Right(),
		except: u.SetOpType == plan.ExceptType, distinct: u.Distinct, colls: colls}
	out, err := setOpTail(ctx, u, out)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// setOpKeyed is an INTERSECT or EXCEPT whose rows match by their key:
// each string column's keyenc key under colls[i] (0: the value itself, as
// GMS compares it). NULLs match NULLs (MySQL's set operations treat them
// as equal). DISTINCT returns the left side's first row of each matching
// key once; ALL returns that row min(m, n) (INTERSECT) or max(m-n, 0)
// (EXCEPT) times for m left and n right rows of its key, MySQL 8.0.31's
// multiplicities.
type setOpKeyed struct {
	left, right      sql.Node
	except, distinct bool
	colls            []sql.CollationID
}

var _ sql.ExecSourceRel = (*setOpKeyed)(nil)

func (s *setOpKeyed) op() string {
	op := "INTERSECT"
	if s.except {
		op = "EXCEPT"
	}
	if !s.distinct {
		op += " ALL"
	}
	return op
}

func (s *setOpKeyed) String() string {
	return fmt.Sprintf("keyed %s(%s, %s)", s.op(), s.left, s.right)
}

func (s *setOpKeyed) Resolved() bool { return s.left.Resolved() && s.right.Resolved() }

func (s *setOpKeyed) IsReadOnly() bool { return s.left.IsReadOnly() && s.right.IsReadOnly() }

func (s *setOpKeyed) Schema() sql.Schema {
	ls, rs := s.left.Schema(), s.right.Schema()
	out := make(sql.Schema, len(ls))
	for i := range ls {
		c := *ls[i]
		if i < len(rs) {
			c.Nullable = ls[i].Nullable || rs[i].Nullable
		}
		out[i] = &c
	}
	return out
}

func (s *setOpKeyed) Children() []sql.Node { return []sql.Node{s.left, s.right} }

func (s *setOpKeyed) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 2)
	}
	c := *s
	c.left, c.right = children[0], children[1]
	return &c, nil
}

func (s *setOpKeyed) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.left)
}

func (s *setOpKeyed) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	r, err := rowexec.DefaultBuilder.Build(ctx, s.right, row)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for {
		rr, err := r.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			r.Close(ctx)
			return nil, err
		}
		k, err := s.key(ctx, rr)
		if err != nil {
			r.Close(ctx)
			return nil, err
		}
		counts[k]++
	}
	if err := r.Close(ctx); err != nil {
		return nil, err
	}
	l, err := rowexec.DefaultBuilder.Build(ctx, s.left, row)
	if err != nil {
		return nil, err
	}
	return &setOpKeyedIter{s: s, left: l, counts: counts}, nil
}

// key encodes a row's values (its last len(colls): an outer scope's values
// come first) so that two rows have one key exactly when MySQL's set
// operation calls them the same row.
func (s *setOpKeyed) key(ctx *sql.Context, row sql.Row) (string, error) {
	var b strings.Builder
	var n [binary.MaxVarintLen64]byte
	off := len(row) - len(s.colls)
	for i, coll := range s.colls {
		if off+i < 0 {
			continue
		}
		v, err := sql.UnwrapAny(ctx, row[off+i])
		if err != nil {
			return "", err
		}
		if v == nil {
			b.WriteByte(0)
			continue
		}
		var part string
		switch x := v.(type) {
		case string:
			part = x
		case []byte:
			part = string(x)
		default:
			part = fmt.Sprint(v)
		}
		if coll != 0 {
			if _, isStr := v.(string); !isStr {
				if _, isBytes := v.([]byte); !isBytes {
					cv, err := types.ConvertToString(ctx, v, types.LongText, nil)
					if err != nil {
						return "", err
					}
					part = cv
				}
			}
			part = string(keyenc.StringKey(coll, part))
		}
		b.WriteByte(1)
		b.Write(n[:binary.PutUvarint(n[:], uint64(len(part)))])
		b.WriteString(part)
	}
	return b.String(), nil
}

// setOpKeyedIter returns, for each key of the left side in the order of
// its first row, that first row as many times as the operation keeps the
// key: MySQL 8.0.31 materializes the left side with a counter per distinct
// row and scans the temporary table, repeating a stored row (the first of
// its key) counter times (TableScanIterator's m_remaining_dups), so of
// 'a ' and 'A' under a PAD SPACE collation EXCEPT ALL SELECT 'A' returns
// 'a ', as MariaDB 10.11 does.
type setOpKeyedIter struct {
	s      *setOpKeyed
	left   sql.RowIter
	counts map[string]int
	read   bool
	groups []keyedGroup
	next   int
}

type keyedGroup struct {
	row sql.Row
	n   int
}

func (it *setOpKeyedIter) fill(ctx *sql.Context) error {
	at := map[string]int{}
	var keys []string
	for {
		row, err := it.left.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		k, err := it.s.key(ctx, row)
		if err != nil {
			return err
		}
		if j, ok := at[k]; ok {
			it.groups[j].n++
			continue
		}
		at[k] = len(it.groups)
		keys = append(keys, k)
		it.groups = append(it.groups, keyedGroup{row: row, n: 1})
	}
	for j, k := range keys {
		m, n := it.groups[j].n, it.counts[k]
		var keep int
		switch {
		case it.s.distinct && it.s.except:
			keep = b2i(n == 0)
		case it.s.distinct:
			keep = b2i(n > 0)
		case it.s.except:
			keep = max(m-n, 0)
		default:
			keep = min(m, n)
		}
		it.groups[j].n = keep
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (it *setOpKeyedIter) Next(ctx *sql.Context) (sql.Row, error) {
	if !it.read {
		it.read = true
		if err := it.fill(ctx); err != nil {
			return nil, err
		}
	}
	for it.next < len(it.groups) {
		g := &it.groups[it.next]
		if g.n > 0 {
			g.n--
			return g.row, nil
		}
		it.next++
	}
	return nil, io.EOF
}

func (it *setOpKeyedIter) Close(ctx *sql.Context) error { return it.left.Close(ctx) }
