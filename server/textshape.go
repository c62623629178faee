package server

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// Text INSERTs of a known shape skip the parser. Parsing a sysbench
// oltp_insert statement, printing it back as its cache key and walking it
// for its constants was 15-18% of the server's CPU (docs/BENCHMARKS.md,
// "Text INSERTs without the parser"). The statement's text, with its table
// name and constants taken out (sqltext.LiteralTemplate), is its template;
// what parsing the first statement of a template taught (its cache key
// around the table name, where its parameters are, whether it may be
// cached at all) is kept per template, and later statements of the
// template are bound from their constants alone. A statement is parsed
// only when its plan must be analyzed.

// textShapes maps a template to its *textShape; emptied when it holds
// maxTextShapes, so a workload of ever new shapes costs a parse each, as
// before, and bounded memory.
var textShapes struct {
	m sync.Map
	n atomic.Int64
}

const maxTextShapes = 4096

// A textShape is what the parse of a template's first statement said.
type textShape struct {
	ok bool // false: the template's statements take the parse path
	// keyBefore + the statement's table name + keyAfter is the plan cache
	// key the parse path would have made (sqlparser.String of the
	// parameterized statement).
	keyBefore, keyAfter string
	// generic is the statement printed without its table (the INSERT
	// template's key, plantemplate.go).
	generic string
}

// An insertText is a text INSERT cut into its template, table and
// constants.
type insertText struct {
	template  string
	db, table string
	lits      []sqltext.Literal
}

// cutInsertText cuts q, a text statement, when it reads
// `INSERT INTO name[.name] ...` with plain names (no keyword: the parser
// reads a keyword differently from a name, and then a name may not stand
// there), and the rest is what sqltext.LiteralTemplate takes.
func cutInsertText(q string) (it insertText, ok bool) {
	const prefix = "insert into "
	if len(q) <= len(prefix) || !strings.EqualFold(q[:len(prefix)], prefix) {
		return it, false
	}
	i := len(prefix)
	name := func() (string, bool) {
		start := i
		for i < len(q) && (q[i] >= 'a' && q[i] <= 'z' || q[i] >= 'A' && q[i] <= 'Z' || q[i] == '_' ||
			i > start && q[i] >= '0' && q[i] <= '9') {
			i++
		}
		n := q[start:i]
		return n, n != "" && plainName(n)
	}
	first, good := name()
	if !good {
		return it, false
	}
	it.table = first
	slot := "\x00T"
	if i < len(q) && q[i] == '.' {
		i++
		if it.table, good = name(); !good {
			return it, false
		}
		it.db, slot = first, "\x00Q"
	}
	if i >= len(q) || q[i] != ' ' && q[i] != '(' {
		return it, false
	}
	rest, lits, good := sqltext.LiteralTemplate(q[i:])
	if !good || len(lits) == 0 {
		return it, false
	}
	it.template = q[:len(prefix)] + slot + rest
	it.lits = lits
	return it, true
}

// plainNames memoizes plainName: printing a name through the parser's
// buffer was two allocations per INSERT. Emptied when it holds
// maxPlainNames names (random-table inserts at 1M tables).
var plainNames struct {
	sync.RWMutex
	m map[string]bool
}

const maxPlainNames = 4096

// plainName reports whether the parser prints n, a name of letters,
// digits and underscores, as it is: not a keyword it must quote.
func plainName(n string) bool {
	plainNames.RLock()
	plain, ok := plainNames.m[n]
	plainNames.RUnlock()
	if ok {
		return plain
	}
	plain = sqlparser.String(sqlparser.NewTableIdent(n)) == n
	plainNames.Lock()
	if plainNames.m == nil || len(plainNames.m) >= maxPlainNames {
		plainNames.m = map[string]bool{}
	}
	plainNames.m[strings.Clone(n)] = plain
	plainNames.Unlock()
	return plain
}

// tableName is the statement's table as the parser reads it.
func (it *insertText) tableName() sqlparser.TableName {
	return sqlparser.TableName{Name: sqlparser.NewTableIdent(it.table), DbQualifier: sqlparser.NewTableIdent(it.db)}
}

// params returns the statement's constants as the parse path's parameters
// (parameterizeDML) would hold them.
func (it *insertText) params() map[string]sqlparser.Expr {
	bv := make(map[string]sqlparser.Expr, len(it.lits))
	for i, l := range it.lits {
		bv["v"+strconv.Itoa(i+1)] = literalVal(l)
	}
	return bv
}

func literalVal(l sqltext.Literal) *sqlparser.SQLVal {
	switch l.Kind {
	case sqltext.LitString:
		return sqlparser.NewStrVal([]byte(l.Text))
	case sqltext.LitInt, sqltext.LitNegInt:
		return sqlparser.NewIntVal([]byte(l.Text))
	default:
		return sqlparser.NewFloatVal([]byte(l.Text))
	}
}

// learnTextShape records what the parse path found for the template of
// it: stmt is its parse, parameterized into bv, and cacheable says whether
// the parse path went on to the plan cache. The shape is usable only when
// the parse holds exactly the template's constants, in order and as
// the template read them, and the table the template cut out.
func learnTextShape(it *insertText, stmt sqlparser.Statement, bv map[string]sqlparser.Expr, cacheable bool) {
	sh := &textShape{}
	defer func() {
		if textShapes.n.Add(1) > maxTextShapes {
			textShapes.m.Clear()
			textShapes.n.Store(1)
		}
		textShapes.m.Store(it.template, sh)
	}()
	ins, isInsert := stmt.(*sqlparser.Insert)
	if !cacheable || !isInsert || len(bv) != len(it.lits) || ins.Table != it.tableName() {
		return
	}
	for i, l := range it.lits {
		v, isVal := bv["v"+strconv.Itoa(i+1)].(*sqlparser.SQLVal)
		want := literalVal(l)
		if !isVal || v.Type != want.Type || !bytes.Equal(v.Val, want.Val) {
			return
		}
	}
	const qSlot, tSlot = "\x00Q", "\x00T"
	slotted := *ins
	slotted.Table = sqlparser.TableName{Name: sqlparser.NewTableIdent(tSlot)}
	if it.db != "" {
		slotted.Table.DbQualifier = sqlparser.NewTableIdent(qSlot)
	}
	key := sqlparser.String(&slotted)
	slot := "`" + tSlot + "`"
	if it.db != "" {
		slot = "`" + qSlot + "`." + slot
	}
	at := strings.Index(key, slot)
	if at < 0 || strings.Count(key, "\x00") != strings.Count(slot, "\x00") {
		return
	}
	generic := *ins
	generic.Table = sqlparser.TableName{}
	*sh = textShape{ok: true, keyBefore: key[:at], keyAfter: key[at+len(slot):], generic: sqlparser.String(&generic)}
}

// knownTextShape returns the shape of a template the parse path already
// read, or nil.
func knownTextShape(template string) *textShape {
	if v, found := textShapes.m.Load(template); found {
		return v.(*textShape)
	}
	return nil
}

// A knownInsert is what runCached needs of a statement it did not parse:
// the INSERT template's key, and the parse to do when the plan must be
// analyzed.
type knownInsert struct {
	generic string
	query   string
}

// parse parses the statement and makes its constants parameters, for
// analysis.
func (k *knownInsert) parse(ctx context.Context, sqlCtx *sql.Context) (sqlparser.Statement, bool) {
	stmt, err := sqlparser.ParseWithOptions(ctx, k.query, sql.LoadSqlMode(sqlCtx).ParserOptions())
	if err != nil {
		return nil, false
	}
	parameterizeDML(stmt)
	return stmt, true
}
