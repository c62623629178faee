package conformance

import (
	"database/sql"
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// TestTypedLiterals is a randomized oracle for comparisons of DATE,
// DATETIME and DECIMAL columns with typed and untyped literals (issue 9:
// `DATE '...'` was a string, `dec5_0 = 1.5` matched 2, a DATE index range
// from '2024-01-02 10:00' lost 2024-01-02, `d = 20240102` found nothing).
// Two tables hold the same rows, one with every column indexed, one without.
// Each check asks one predicate over one column:
//
//   - the optimizable query on the indexed table, as text (twice, with
//     another constant of the same shape in between, so a cached plan is
//     reused) and, when the constant can be a parameter, prepared;
//   - NoREC's unoptimizable form on the unindexed table: the predicate as a
//     value per row;
//   - TLP: COUNT(*) of p, NOT p and p IS NULL add up to the table's rows;
//   - a model: the answer computed here from the rows and the literal as
//     MySQL reads them (a temporal column compares with a constant as
//     DATETIME, a number read as YYYYMMDD[hhmmss[.f]]; DECIMALs exactly).
//
// Deterministic by default (seed 1); MYRIAD_ORACLE_SEED replays another.
func TestTypedLiterals(t *testing.T) {
	seed := fixedSeed(t, "TestTypedLiterals")
	addr := startMyriad(t)
	db, err := sql.Open("mysql", myriadDSN(addr, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	m := &mixed{t: t, db: db, rng: rand.New(rand.NewSource(seed)), seed: seed}
	tl := &typed{mixed: m}
	const schemas, checksPerSchema = 3, 150
	for round := 0; round < schemas && m.failures < 5; round++ {
		tl.newSchema(round)
		for i := 0; i < checksPerSchema && m.failures < 5; i++ {
			tl.check()
		}
	}
	t.Logf("%d checks, %d skipped (a query errored), %d failures", m.checks, m.skipped, m.failures)
	if m.checks < schemas*checksPerSchema*9/10 {
		t.Errorf("only %d of %d checks ran", m.checks, schemas*checksPerSchema)
	}
}

type typed struct {
	*mixed
	vals map[string][]*modelValue // column -> value per id (index = id)
}

// modelValue is a value as the model compares it: a time or a decimal.
type modelValue struct {
	t time.Time
	d decimal.Decimal
	f *float64 // a DOUBLE literal: the comparison is in DOUBLE
}

var typedCols = []struct{ name, typ string }{
	{"d", "DATE"}, {"dt", "DATETIME"}, {"dt3", "DATETIME(3)"}, {"dc", "DECIMAL(10,2)"}, {"dc0", "DECIMAL(5,0)"},
	{"dcl", "DECIMAL(30,25)"},
}

func temporalCol(c string) bool { return c == "d" || c == "dt" || c == "dt3" }

func (tl *typed) colValue(col string) string {
	pick := func(vs ...string) string { return vs[tl.rng.Intn(len(vs))] }
	if tl.rng.Intn(7) == 0 {
		return "NULL"
	}
	switch col {
	case "d":
		return pick("2024-01-01", "2024-01-02", "2024-01-03", "2023-12-31")
	case "dt":
		return pick("2024-01-01 00:00:00", "2024-01-02 00:00:00", "2024-01-02 10:00:00", "2024-01-02 10:00:01", "2024-01-03 00:00:00")
	case "dt3":
		return pick("2024-01-02 00:00:00.000", "2024-01-02 10:00:00.123", "2024-01-02 10:00:00.124", "2024-01-02 10:00:00.500", "2024-01-01 23:59:59.999")
	case "dc":
		return pick("1.00", "1.01", "1.50", "2.00", "-1.50", "0.00", "1.02")
	case "dc0":
		return pick("0", "1", "2", "-1", "3", "-2")
	default:
		return pick("0.1234567890123456789012345", "0.1234567890123456789012346", "1.0000000000000000000000001", "1", "-0.5")
	}
}

func (tl *typed) newSchema(round int) {
	dbn := fmt.Sprintf("typed%d", round)
	tl.exec("DROP DATABASE IF EXISTS " + dbn)
	tl.exec("CREATE DATABASE " + dbn)
	tl.exec("USE " + dbn)
	var defs, keys []string
	for _, c := range typedCols {
		defs = append(defs, c.name+" "+c.typ)
		keys = append(keys, fmt.Sprintf("KEY k_%s (%s)", c.name, c.name))
	}
	tl.exec(fmt.Sprintf("CREATE TABLE ti (id INT PRIMARY KEY, %s, %s)", strings.Join(defs, ", "), strings.Join(keys, ", ")))
	tl.exec(fmt.Sprintf("CREATE TABLE tu (id INT PRIMARY KEY, %s)", strings.Join(defs, ", ")))
	tl.vals = map[string][]*modelValue{}
	var rows []string
	for r := 0; r < 8+tl.rng.Intn(8); r++ {
		vs := []string{strconv.Itoa(r)}
		for _, c := range typedCols {
			v := tl.colValue(c.name)
			var mv *modelValue
			if v != "NULL" {
				mv = &modelValue{}
				if temporalCol(c.name) {
					mv.t = parseModelTime(v)
				} else {
					mv.d = decimal.RequireFromString(v)
				}
				v = "'" + v + "'"
			}
			tl.vals[c.name] = append(tl.vals[c.name], mv)
			vs = append(vs, v)
		}
		rows = append(rows, "("+strings.Join(vs, ", ")+")")
	}
	for _, tb := range []string{"ti", "tu"} {
		tl.exec(fmt.Sprintf("INSERT INTO %s VALUES %s", tb, strings.Join(rows, ", ")))
	}
}

func parseModelTime(s string) time.Time {
	for _, layout := range []string{"2006-01-02 15:04:05.999999", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	panic("model time " + s)
}

// literal is one constant: its SQL text, its value in the model, and the
// parameter it can be sent as (nil: it cannot).
type literal struct {
	sql   string
	value *modelValue
	param any
}

func (tl *typed) literal(col string) literal {
	if temporalCol(col) {
		days := []string{"2024-01-01", "2024-01-02", "2024-01-03"}
		tods := []string{"", "00:00:00", "10:00:00", "10:00:00.5", "10:00:00.123", "00:00:00.000001", "23:59:59.999", "10:00:01"}
		day, tod := days[tl.rng.Intn(len(days))], tods[tl.rng.Intn(len(tods))]
		text := day
		if tod != "" {
			text += " " + tod
		}
		v := &modelValue{t: parseModelTime(text)}
		digits := strings.NewReplacer("-", "", ":", "", " ", "").Replace(text)
		switch tl.rng.Intn(4) {
		case 0:
			if tod == "" {
				return literal{sql: "DATE '" + text + "'", value: v}
			}
			return literal{sql: "TIMESTAMP '" + text + "'", value: v}
		case 1:
			if tod != "" && !strings.Contains(tod, ".") {
				n, _ := strconv.ParseInt(digits, 10, 64)
				return literal{sql: digits, value: v, param: n}
			}
			if tod == "" {
				n, _ := strconv.ParseInt(digits, 10, 64)
				return literal{sql: digits, value: v, param: n}
			}
			return literal{sql: digits, value: v} // YYYYMMDDhhmmss.f
		default:
			return literal{sql: "'" + text + "'", value: v, param: text}
		}
	}
	if tl.rng.Intn(6) == 0 {
		f := []float64{1.5, 1.01, 2, 0.5, -1.5}[tl.rng.Intn(5)]
		return literal{sql: strconv.FormatFloat(f, 'e', -1, 64), value: &modelValue{f: &f}, param: f}
	}
	s := []string{"1.5", "1.005", "1.01", "1.015", "2", "2.0", "-1.5", "-1.50", "0.5", "1.0000000000000000000000001",
		"0.1234567890123456789012345", "0.12345678901234567890123455", "0", "3", "1.00000000000000000001"}[tl.rng.Intn(15)]
	return literal{sql: s, value: &modelValue{d: decimal.RequireFromString(s)}}
}

// modelCompare is the model's comparison of a column value with a literal.
func modelCompare(col *modelValue, lit *modelValue, temporal bool) int {
	switch {
	case temporal:
		return col.t.Compare(lit.t)
	case lit.f != nil:
		cf, _ := col.d.Float64()
		switch {
		case cf < *lit.f:
			return -1
		case cf > *lit.f:
			return 1
		}
		return 0
	}
	return col.d.Cmp(lit.d)
}

// truthOf is the model's three-valued answer ("1", "0", "NULL") of the
// predicate for one column value.
func truthOf(op string, v *modelValue, lits []literal, temporal bool) string {
	b := func(x bool) string {
		if x {
			return "1"
		}
		return "0"
	}
	if v == nil {
		if op == "<=>" {
			return "0"
		}
		return "NULL"
	}
	c := modelCompare(v, lits[0].value, temporal)
	switch op {
	case "=":
		return b(c == 0)
	case "<=>":
		return b(c == 0)
	case "<>":
		return b(c != 0)
	case "<":
		return b(c < 0)
	case "<=":
		return b(c <= 0)
	case ">":
		return b(c > 0)
	case ">=":
		return b(c >= 0)
	case "BETWEEN":
		return b(c >= 0 && modelCompare(v, lits[1].value, temporal) <= 0)
	case "IN", "NOT IN":
		in := slices.ContainsFunc(lits, func(l literal) bool { return modelCompare(v, l.value, temporal) == 0 })
		return b(in == (op == "IN"))
	}
	panic(op)
}

// predicate returns a predicate over col as a template (%s for each
// literal, in order), its operator and its literals.
func (tl *typed) predicate(col string) (string, string, []literal) {
	op := []string{"=", "=", "<>", "<", "<=", ">", ">=", "<=>", "BETWEEN", "IN", "NOT IN"}[tl.rng.Intn(11)]
	lits := []literal{tl.literal(col)}
	switch op {
	case "BETWEEN":
		lits = append(lits, tl.literal(col))
		return col + " BETWEEN %s AND %s", op, lits
	case "IN", "NOT IN":
		lits = append(lits, tl.literal(col), tl.literal(col))
		return col + " " + op + " (%s, %s, %s)", op, lits
	}
	if tl.rng.Intn(3) == 0 && op != "<=>" {
		// the literal first
		flip := map[string]string{"=": "=", "<>": "<>", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
		return "%s " + flip + " " + col, op, lits
	}
	return col + " " + op + " %s", op, lits
}

// fill puts the literals' SQL into tmpl, or "?" for those asParams
// accepts.
func fill(tmpl string, lits []literal, asParam func(literal) bool) string {
	as := make([]any, len(lits))
	for i, l := range lits {
		as[i] = l.sql
		if asParam != nil && asParam(l) {
			as[i] = "?"
		}
	}
	return fmt.Sprintf(tmpl, as...)
}

func (tl *typed) check() {
	col := typedCols[tl.rng.Intn(len(typedCols))].name
	tmpl, op, lits := tl.predicate(col)
	pred := fill(tmpl, lits, nil)
	temporal := temporalCol(col)
	var want []string
	wantTruth := map[string]string{}
	for id, v := range tl.vals[col] {
		tr := truthOf(op, v, lits, temporal)
		wantTruth[strconv.Itoa(id)] = tr
		if tr == "1" {
			want = append(want, strconv.Itoa(id))
		}
	}
	tl.checks++
	fail := func(what, q string, got any) {
		tl.failures++
		tl.t.Errorf("seed %d: %s\n  %s\n  gave %v\n  model %v", tl.seed, what, q, got, sorted(want))
	}
	// NoREC's unoptimizable form, on the unindexed table.
	ref := fmt.Sprintf("SELECT id, (%s) FROM tu", pred)
	got, ok := tl.truth(ref)
	if !ok {
		fail("error", ref, "an error")
		return
	}
	for id, w := range wantTruth {
		if got[id] != w {
			fail("value per row (id "+id+": "+got[id]+", model "+w+")", ref, got)
			return
		}
	}
	// The optimizable form, twice as text: the second run may come from
	// the plan cache, after a run of the same shape with the literals of
	// another predicate.
	q := fmt.Sprintf("SELECT id FROM ti WHERE %s", pred)
	for run := 0; run < 2; run++ {
		rs, err := tl.rows(q)
		if err != nil {
			fail("error", q, err)
			return
		}
		if !slices.Equal(sorted(rs), sorted(want)) {
			fail("index", q, sorted(rs))
			return
		}
		if run == 0 {
			other, _, olits := tl.predicate(col)
			_, _ = tl.rows("SELECT id FROM ti WHERE " + fill(other, olits, nil))
		}
	}
	// Prepared, the literals that can be parameters sent as such (typed
	// literals stay in the text), executed twice: the second execution
	// may come from the plan cache.
	var args []any
	for _, l := range lits {
		if l.param != nil {
			args = append(args, l.param)
		}
	}
	if len(args) > 0 {
		q := "SELECT id FROM ti WHERE " + fill(tmpl, lits, func(l literal) bool { return l.param != nil })
		for run := 0; run < 2; run++ {
			rs, err := tl.rows(q, args...)
			if err != nil {
				fail("error", q, err)
				return
			}
			if !slices.Equal(sorted(rs), sorted(want)) {
				fail(fmt.Sprintf("prepared %v", args), q, sorted(rs))
				return
			}
		}
	}
	// TLP: p, NOT p and p IS NULL partition the rows.
	var n [3]int
	for i, w := range []string{"(%s)", "NOT (%s)", "(%s) IS NULL"} {
		rs, err := tl.rows(fmt.Sprintf("SELECT COUNT(*) FROM ti WHERE "+w, pred))
		if err != nil || len(rs) != 1 {
			fail("error", pred, err)
			return
		}
		n[i], _ = strconv.Atoi(rs[0])
	}
	if n[0]+n[1]+n[2] != len(tl.vals[col]) || n[0] != len(want) {
		fail(fmt.Sprintf("TLP %d + %d + %d of %d", n[0], n[1], n[2], len(tl.vals[col])), pred, n)
	}
}
