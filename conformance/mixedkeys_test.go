package conformance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// TestMixedTypeKeys is a NoREC-style oracle for comparisons between values of
// different types where one side is an indexed column (issue 9: GMS converted
// a lookup key to the index column's type, so `int_key = 0.5` matched 1 or 0
// and DATE keys compared with strings matched nothing). Every column of two
// tables is indexed; each check asks one question two ways:
//
//   - the optimizable form, which the planner may answer with an index lookup,
//     a lookup or hash join, a semi/anti join or a static index range, as
//     text and as a server-side prepared statement (executed twice, so the
//     second execution comes from the plan cache);
//   - the unoptimizable form: the same comparison evaluated as a value per
//     row (per pair of rows) of an unindexed cross join, from which the
//     answer is computed here, under SQL's three-valued logic.
//
// Deterministic by default (seed 1, a fixed number of checks); set
// MYRIAD_ORACLE_SEED to replay or explore another seed.
func TestMixedTypeKeys(t *testing.T) {
	seed := fixedSeed(t, "TestMixedTypeKeys")
	addr := startMyriad(t)
	db, err := sql.Open("mysql", myriadDSN(addr, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one session: USE applies to every statement
	m := &mixed{t: t, db: db, rng: rand.New(rand.NewSource(seed)), seed: seed}
	const schemas, checksPerSchema = 4, 150
	for round := 0; round < schemas && m.failures < 5; round++ {
		m.newSchema(round)
		for i := 0; i < checksPerSchema && m.failures < 5; i++ {
			m.check()
		}
	}
	t.Logf("%d checks, %d skipped (a query errored), %d failures", m.checks, m.skipped, m.failures)
	if m.checks < schemas*checksPerSchema/2 {
		t.Errorf("only %d of %d checks ran: the generator produces too many errors", m.checks, schemas*checksPerSchema)
	}
}

type mixed struct {
	t        *testing.T
	db       *sql.DB
	rng      *rand.Rand
	seed     int64
	checks   int
	skipped  int
	failures int
}

// mixedCols are the columns of both tables: every one is indexed, and each
// holds values of its own type drawn near the others' (1 and 1.00, 0.5, '1abc',
// 2024-01-01 and '2024-01-01 00:00:01', ...).
var mixedCols = []struct{ name, typ string }{
	{"i", "INT"}, {"ti", "TINYINT"}, {"u", "INT UNSIGNED"}, {"bi", "BIGINT"},
	{"dc", "DECIMAL(6,2)"}, {"dc0", "DECIMAL(5,0)"}, {"f", "DOUBLE"},
	{"s", "VARCHAR(20)"}, {"d", "DATE"}, {"dt", "DATETIME"}, {"dt3", "DATETIME(3)"},
}

// mixedLiterals are the values compared with the columns.
var mixedLiterals = []string{
	"0", "1", "2", "-1", "127", "128", "300", "0.5", "1.0", "1.00", "1.5", "-0.5", "2.50", "127.5",
	"1e0", "0.1e1", "2.5e0", "1e20", "'1'", "'1.0'", "'1.5'", "'1abc'", "' 2'", "'abc'", "''",
	"'2024-01-01'", "'2024-01-01 00:00:00'", "'2024-01-01 00:00:01'", "'20240102'",
	"'2024-01-02 10:00:00.5'", "20240101", "DATE '2024-01-01'", "TIMESTAMP '2024-01-02 10:00:00'",
}

func (m *mixed) value(col string) string {
	if m.rng.Intn(7) == 0 {
		return "NULL"
	}
	pick := func(vs ...string) string { return vs[m.rng.Intn(len(vs))] }
	switch col {
	case "i", "bi":
		return pick("0", "1", "2", "-1", "3", "127", "300")
	case "ti":
		return pick("0", "1", "2", "-1", "127", "-128")
	case "u":
		return pick("0", "1", "2", "3", "255")
	case "dc":
		return pick("0.5", "1.00", "1.50", "2", "-0.5", "0", "127.5", "3")
	case "dc0":
		return pick("0", "1", "2", "-1", "127", "300")
	case "f":
		return pick("0.5", "1", "2.5", "0.1", "2", "-1", "1e20", "127")
	case "s":
		return pick("'1'", "'01'", "'1.0'", "'1abc'", "' 2'", "'2.5'", "'abc'", "''", "'2024-01-01'",
			"'20240102'", "'2024-01-01 00:00:00'", "'2024-01-02 10:00:00'", "'0'")
	case "d":
		return pick("'2024-01-01'", "'2024-01-02'", "'2024-01-03'", "'2023-12-31'")
	default: // dt, dt3
		return pick("'2024-01-01 00:00:00'", "'2024-01-01 00:00:01'", "'2024-01-02 10:00:00'",
			"'2024-01-02 00:00:00'", "'2024-01-03 00:00:00.500'")
	}
}

func (m *mixed) newSchema(round int) {
	dbn := fmt.Sprintf("mixed%d", round)
	m.exec("DROP DATABASE IF EXISTS " + dbn)
	m.exec("CREATE DATABASE " + dbn)
	m.exec("USE " + dbn)
	for _, tb := range []string{"a", "b"} {
		defs := []string{"id INT PRIMARY KEY"}
		for _, c := range mixedCols {
			defs = append(defs, c.name+" "+c.typ)
		}
		for _, c := range mixedCols {
			defs = append(defs, fmt.Sprintf("KEY k_%s (%s)", c.name, c.name))
		}
		m.exec(fmt.Sprintf("CREATE TABLE %s (%s)", tb, strings.Join(defs, ", ")))
		var rows []string
		for r := 0; r < 6+m.rng.Intn(10); r++ {
			vs := []string{strconv.Itoa(r)}
			for _, c := range mixedCols {
				vs = append(vs, m.value(c.name))
			}
			rows = append(rows, "("+strings.Join(vs, ", ")+")")
		}
		ins := fmt.Sprintf("INSERT INTO %s VALUES %s", tb, strings.Join(rows, ", "))
		m.exec(ins)
		if os.Getenv("MYRIAD_MIXED_DUMP") != "" {
			m.t.Logf("%s;", ins)
		}
	}
}

func (m *mixed) exec(q string) {
	if _, err := m.db.Exec(q); err != nil {
		m.t.Fatalf("seed %d: %s: %v", m.seed, q, err)
	}
}

// rows runs q (with args: as a prepared statement) and returns its rows, each
// as its values joined by "|"; a MySQL error is returned, anything else fails.
func (m *mixed) rows(q string, args ...any) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rs, err := m.db.QueryContext(ctx, q, args...)
	if err != nil {
		var me *mysql.MySQLError
		if !errors.As(err, &me) {
			m.t.Fatalf("seed %d: %s %v: %v", m.seed, q, args, err)
		}
		return nil, err
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	raw := make([]sql.RawBytes, len(cols))
	ptrs := make([]any, len(cols))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	var out []string
	for rs.Next() {
		if err := rs.Scan(ptrs...); err != nil {
			return nil, err
		}
		vs := make([]string, len(raw))
		for i, v := range raw {
			if v == nil {
				vs[i] = "NULL"
			} else {
				vs[i] = string(v)
			}
		}
		out = append(out, strings.Join(vs, "|"))
	}
	return out, rs.Err()
}

func (m *mixed) col() string { return mixedCols[m.rng.Intn(len(mixedCols))].name }

func numericCol(c string) bool {
	switch c {
	case "s", "d", "dt", "dt3":
		return false
	}
	return true
}

// check runs one random question.
func (m *mixed) check() {
	switch m.rng.Intn(4) {
	case 0, 1:
		m.checkJoin()
	case 2:
		m.checkIn()
	default:
		m.checkConstant()
	}
}

// truth runs q, whose rows are "id|cmp" (or "aid|bid|cmp"), and returns the
// ids with the comparison's value: "1", "0" or "NULL".
func (m *mixed) truth(q string) (map[string]string, bool) {
	rs, err := m.rows(q)
	if err != nil {
		m.skipped++
		return nil, false
	}
	out := map[string]string{}
	for _, r := range rs {
		i := strings.LastIndexByte(r, '|')
		out[r[:i]] = r[i+1:]
	}
	return out, true
}

func (m *mixed) report(what, q, ref string, got, want []string) {
	m.failures++
	m.t.Errorf("seed %d: %s\n  %s\n  gave %v\n  reference %s gave %v", m.seed, what, q, got, ref, want)
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// checkJoin: a join of a and b on a comparison of a column of b with an
// expression of a's (GMS may plan it as a lookup into b's index).
func (m *mixed) checkJoin() {
	bc, ac := m.col(), m.col()
	op := []string{"=", "=", "=", "<=>", "<", ">="}[m.rng.Intn(6)]
	left := "a." + ac
	// Arithmetic only on numbers: GMS's own comparison of a DATE with a
	// number (the reference side) is not MySQL's either.
	if m.rng.Intn(4) == 0 && numericCol(ac) && numericCol(bc) {
		left = fmt.Sprintf("a.%s + %s", ac, []string{"0.5", "0", "1"}[m.rng.Intn(3)])
	}
	cond := fmt.Sprintf("b.%s %s %s", bc, op, left)
	ref := fmt.Sprintf("SELECT a.id, b.id, (%s) IS TRUE FROM a CROSS JOIN b", cond)
	pairs, ok := m.truth(ref)
	if !ok {
		return
	}
	var want []string
	matched := map[string]bool{}
	for k, v := range pairs {
		if v == "1" {
			want = append(want, k)
			matched[strings.Split(k, "|")[0]] = true
		}
	}
	m.checks++
	q := fmt.Sprintf("SELECT a.id, b.id FROM a JOIN b ON %s", cond)
	if got, err := m.rows(q); err == nil && !slices.Equal(sorted(got), sorted(want)) {
		m.report("join", q, ref, sorted(got), sorted(want))
		return
	}
	// LEFT JOIN: every a row, with NULL where nothing matched.
	wantLeft := slices.Clone(want)
	for k := range pairs {
		aid := strings.Split(k, "|")[0]
		if !matched[aid] {
			wantLeft = append(wantLeft, aid+"|NULL")
			matched[aid] = true
		}
	}
	q = fmt.Sprintf("SELECT a.id, b.id FROM a LEFT JOIN b ON %s", cond)
	if got, err := m.rows(q); err == nil && !slices.Equal(sorted(got), sorted(wantLeft)) {
		m.report("left join", q, ref, sorted(got), sorted(wantLeft))
		return
	}
	// EXISTS / NOT EXISTS: the a rows with (without) a match.
	var wantSemi, wantAnti []string
	seen := map[string]bool{}
	for k := range pairs {
		aid := strings.Split(k, "|")[0]
		if seen[aid] {
			continue
		}
		seen[aid] = true
		if slices.ContainsFunc(want, func(w string) bool { return strings.HasPrefix(w, aid+"|") }) {
			wantSemi = append(wantSemi, aid)
		} else {
			wantAnti = append(wantAnti, aid)
		}
	}
	for _, c := range []struct {
		q    string
		want []string
	}{
		{fmt.Sprintf("SELECT a.id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE %s)", cond), wantSemi},
		{fmt.Sprintf("SELECT a.id FROM a WHERE NOT EXISTS (SELECT 1 FROM b WHERE %s)", cond), wantAnti},
	} {
		if got, err := m.rows(c.q); err == nil && !slices.Equal(sorted(got), sorted(c.want)) {
			m.report("semi/anti join", c.q, ref, sorted(got), sorted(c.want))
			return
		}
	}
}

// checkIn: a.x [NOT] IN (SELECT b.y FROM b), from the truth of every a.x = b.y.
func (m *mixed) checkIn() {
	bc, ac := m.col(), m.col()
	ref := fmt.Sprintf("SELECT a.id, b.id, a.%s = b.%s FROM a CROSS JOIN b", ac, bc)
	pairs, ok := m.truth(ref)
	if !ok {
		return
	}
	// per a row: TRUE if some comparison is 1, else NULL if some is NULL, else FALSE
	res := map[string]string{}
	for k, v := range pairs {
		aid := strings.Split(k, "|")[0]
		switch {
		case v == "1" || res[aid] == "1":
			res[aid] = "1"
		case v == "NULL" || res[aid] == "NULL":
			res[aid] = "NULL"
		default:
			res[aid] = "0"
		}
	}
	var wantIn, wantNotIn []string
	for aid, v := range res {
		switch v {
		case "1":
			wantIn = append(wantIn, aid)
		case "0":
			wantNotIn = append(wantNotIn, aid)
		}
	}
	m.checks++
	for _, c := range []struct {
		q    string
		want []string
	}{
		{fmt.Sprintf("SELECT a.id FROM a WHERE a.%s IN (SELECT b.%s FROM b)", ac, bc), wantIn},
		{fmt.Sprintf("SELECT a.id FROM a WHERE a.%s NOT IN (SELECT b.%s FROM b)", ac, bc), wantNotIn},
	} {
		if got, err := m.rows(c.q); err == nil && !slices.Equal(sorted(got), sorted(c.want)) {
			m.report("IN subquery", c.q, ref, sorted(got), sorted(c.want))
			return
		}
	}
}

// checkConstant: WHERE col op literal(s), which GMS answers with a static
// index range, as text and as a prepared statement.
func (m *mixed) checkConstant() {
	c := m.col()
	lit := func() string {
		for {
			l := mixedLiterals[m.rng.Intn(len(mixedLiterals))]
			// A temporal column meets numbers in GMS's own comparison (the
			// reference) unlike MySQL (dt < 0 is TRUE there): not asked.
			if numericCol(c) || strings.ContainsAny(l, "'") {
				return l
			}
		}
	}
	var tmpl string // %s for each literal
	var lits []string
	switch m.rng.Intn(5) {
	case 0:
		tmpl, lits = c+" IN (%s, %s)", []string{lit(), lit()}
	case 1:
		// Bounds of one kind: BETWEEN a number and a date is not asked.
		num := func() string {
			for {
				l := lit()
				if !numericCol(c) || !strings.ContainsAny(l, "'D") && !strings.HasPrefix(l, "T") {
					return l
				}
			}
		}
		tmpl, lits = c+" BETWEEN %s AND %s", []string{num(), num()}
	default:
		op := []string{"=", "=", "<", "<=", ">", ">=", "<=>", "<>"}[m.rng.Intn(8)]
		tmpl, lits = c+" "+op+" %s", []string{lit()}
	}
	fill := func(vs []string) string {
		as := make([]any, len(vs))
		for i, v := range vs {
			as[i] = v
		}
		return fmt.Sprintf(tmpl, as...)
	}
	cond := fill(lits)
	ref := fmt.Sprintf("SELECT id, (%s) IS TRUE FROM b", cond)
	rows, ok := m.truth(ref)
	if !ok {
		return
	}
	var want []string
	for id, v := range rows {
		if v == "1" {
			want = append(want, id)
		}
	}
	m.checks++
	q := "SELECT id FROM b WHERE " + cond
	if got, err := m.rows(q); err == nil && !slices.Equal(sorted(got), sorted(want)) {
		m.report("index range", q, ref, sorted(got), sorted(want))
		return
	}
	// The literals as parameters, where the driver can send them (strings
	// and numbers; typed literals stay in the text).
	slots, args := slices.Clone(lits), []any{}
	for i, l := range lits {
		var a any
		switch {
		case strings.HasPrefix(l, "'"):
			a = strings.Trim(l, "'")
		case strings.ContainsAny(l, ".e"):
			f, err := strconv.ParseFloat(l, 64)
			if err != nil {
				continue
			}
			a = f
		default:
			n, err := strconv.ParseInt(l, 10, 64)
			if err != nil {
				continue
			}
			a = n
		}
		slots[i] = "?"
		args = append(args, a)
	}
	if len(args) == 0 {
		return
	}
	pq := fill(slots)
	q = "SELECT id FROM b WHERE " + pq
	for rep := 0; rep < 2; rep++ { // the second execution may come from the plan cache
		if got, err := m.rows(q, args...); err == nil && !slices.Equal(sorted(got), sorted(want)) {
			m.report(fmt.Sprintf("prepared %v (execution %d)", args, rep+1), q, ref, sorted(got), sorted(want))
			return
		}
	}
}

// fixedSeed is a randomized test's seed: 1, or MYRIAD_ORACLE_SEED to
// replay or explore another; it is logged with the command that replays it.
func fixedSeed(t *testing.T, test string) int64 {
	seed := int64(1)
	if v := os.Getenv("MYRIAD_ORACLE_SEED"); v != "" {
		s, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("MYRIAD_ORACLE_SEED: %v", err)
		}
		seed = s
	}
	t.Logf("seed %d (replay: MYRIAD_ORACLE_SEED=%d go test ./conformance -run %s)", seed, seed, test)
	return seed
}
