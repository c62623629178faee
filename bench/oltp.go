package bench

import (
	"bufio"
	"context"
	"fmt"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The OLTP side by side (issue #12 item 8): sysbench's six standard OLTP
// tests at several thread counts against Myriad and MariaDB from Debian,
// in both durability pairings, alternating the servers within each cell
// so that a shared machine's drift weighs on both alike. sysbench is an
// external program (Debian's package); this file starts it and reads its
// summary, nothing more.

// OLTPTests are sysbench's standard OLTP tests, in the order.
var OLTPTests = []string{"oltp_point_select", "oltp_read_only", "oltp_read_write",
	"oltp_write_only", "oltp_insert", "oltp_update_index"}

// Pairings are the durability settings compared: Myriad's --durability
// against MariaDB's innodb_flush_log_at_trx_commit.
var Pairings = map[string]int{"async": 0, "sync": 1}

// OLTPOptions configures an OLTP side-by-side run.
type OLTPOptions struct {
	Tests      []string
	Threads    []int
	Duration   time.Duration
	Tables     int
	TableSize  int
	Rounds     int      // runs per server and cell, alternating the servers
	Durability []string // keys of Pairings
	PSMode     string   // sysbench --db-ps-mode: auto (prepared) or disable
	Sysbench   string   // the sysbench program
}

// Sysbench runs one sysbench phase of test against tg and returns its
// output.
func Sysbench(ctx context.Context, prog, test string, tg Target, o OLTPOptions, threads int, phase string) (string, error) {
	args := []string{test, "--db-driver=mysql", "--mysql-host=" + tg.Host, "--mysql-port=" + strconv.Itoa(tg.Port),
		"--mysql-user=" + tg.User, "--mysql-password=" + tg.Password, "--mysql-db=sbtest",
		"--tables=" + strconv.Itoa(o.Tables), "--table-size=" + strconv.Itoa(o.TableSize),
		"--threads=" + strconv.Itoa(threads), "--time=" + strconv.Itoa(int(o.Duration.Seconds())),
		"--report-interval=0", "--db-ps-mode=" + o.PSMode, "--mysql-ignore-errors=all", phase}
	out, err := exec.CommandContext(ctx, prog, args...).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("sysbench %s %s on port %d: %v\n%s", test, phase, tg.Port, err, tail(string(out), 20))
	}
	return string(out), nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// SysbenchSummary is what a sysbench run reports: transactions and ignored
// errors per second, and the 95th percentile latency.
type SysbenchSummary struct {
	TPS, ErrorsPerS, P95ms float64
	Transactions, Errors   int64
}

// ParseSysbench reads a sysbench run's summary ("transactions: N (X per
// sec.)", "ignored errors: ...", "95th percentile: ..."). A summary without
// a transactions line is an error: the run failed.
func ParseSysbench(out string) (SysbenchSummary, error) {
	var s SysbenchSummary
	found := false
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		name, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		f := strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(rest))
		switch name {
		case "transactions", "ignored errors":
			if len(f) < 2 {
				continue
			}
			n, err1 := strconv.ParseInt(f[0], 10, 64)
			r, err2 := strconv.ParseFloat(f[1], 64)
			if err1 != nil || err2 != nil {
				return s, fmt.Errorf("sysbench summary line %q", line)
			}
			if name == "transactions" {
				s.Transactions, s.TPS, found = n, r, true
			} else {
				s.Errors, s.ErrorsPerS = n, r
			}
		case "95th percentile":
			if len(f) > 0 {
				s.P95ms, _ = strconv.ParseFloat(f[0], 64)
			}
		}
	}
	if !found {
		return s, fmt.Errorf("no transactions line in sysbench's output:\n%s", tail(out, 20))
	}
	return s, nil
}

// OLTP runs every test x threads cell of o against the two servers of one
// durability pairing (prepared here: database sbtest, o.Tables tables of
// o.TableSize rows), o.Rounds times each, and emits a Result per run:
// step "oltp", Target the server's name, Note "test durability", params
// threads and round, metrics tps, errors_per_s, p95_ms.
func OLTP(ctx context.Context, durability string, servers []*Server, o OLTPOptions, p Progress, emit func(Result)) error {
	for _, s := range servers {
		db, err := s.Target.Open(ctx, 1)
		if err != nil {
			return err
		}
		_, err = db.ExecContext(ctx, "CREATE DATABASE IF NOT EXISTS sbtest")
		db.Close()
		if err != nil {
			return err
		}
		if _, err := Sysbench(ctx, o.Sysbench, "oltp_read_write", s.Target, o, 4, "prepare"); err != nil {
			return err
		}
	}
	cells := len(o.Tests) * len(o.Threads) * o.Rounds * len(servers)
	b := p.start("oltp "+durability, "runs", int64(cells))
	defer b.finish()
	for _, test := range o.Tests {
		for _, th := range o.Threads {
			for r := 0; r < o.Rounds; r++ {
				order := append([]*Server(nil), servers...)
				if r%2 == 1 { // alternate who goes first
					for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
						order[i], order[j] = order[j], order[i]
					}
				}
				for _, s := range order {
					out, err := Sysbench(ctx, o.Sysbench, test, s.Target, o, th, "run")
					if err != nil {
						return err
					}
					sum, err := ParseSysbench(out)
					if err != nil {
						return fmt.Errorf("%s %s %d threads: %w", s.Name, test, th, err)
					}
					res := newResult("oltp")
					res.Target, res.Note = s.Name, test+" "+durability
					res.Params["threads"], res.Params["round"] = int64(th), int64(r)
					res.Metrics["tps"], res.Metrics["errors_per_s"], res.Metrics["p95_ms"] = sum.TPS, sum.ErrorsPerS, sum.P95ms
					emit(res)
					b.add(1)
				}
			}
		}
	}
	return nil
}

// OLTPCell is one test x threads x durability cell of the ratio table.
type OLTPCell struct {
	Test, Durability string
	Threads          int
	// Myriad's and MariaDB's transactions/s, one per round.
	Myriad, MariaDB []float64
	// Errors per second, summed over the rounds.
	MyriadErrors, MariaDBErrors float64
}

// Ratio is Myriad's median tps over MariaDB's.
func (c OLTPCell) Ratio() float64 { return medianOf(c.Myriad) / medianOf(c.MariaDB) }

// Spread is the lowest and highest ratio of any pairing of a Myriad run
// with a MariaDB run of the cell.
func (c OLTPCell) Spread() (lo, hi float64) {
	lo, hi = c.Ratio(), c.Ratio()
	for _, a := range c.Myriad {
		for _, b := range c.MariaDB {
			r := a / b
			lo, hi = min(lo, r), max(hi, r)
		}
	}
	return lo, hi
}

func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// OLTPCells gathers the "oltp" results into cells, in the order of
// OLTPTests and ascending threads.
func OLTPCells(rs []Result) []OLTPCell {
	type key struct {
		test, dur string
		th        int
	}
	byKey := map[key]*OLTPCell{}
	var keys []key
	for _, r := range rs {
		if r.Step != "oltp" {
			continue
		}
		test, dur, _ := strings.Cut(r.Note, " ")
		k := key{test, dur, int(r.Params["threads"])}
		c := byKey[k]
		if c == nil {
			c = &OLTPCell{Test: test, Durability: dur, Threads: k.th}
			byKey[k] = c
			keys = append(keys, k)
		}
		switch r.Target {
		case "myriad":
			c.Myriad = append(c.Myriad, r.Metrics["tps"])
			c.MyriadErrors += r.Metrics["errors_per_s"]
		case "mariadb":
			c.MariaDB = append(c.MariaDB, r.Metrics["tps"])
			c.MariaDBErrors += r.Metrics["errors_per_s"]
		}
	}
	rank := map[string]int{}
	for i, t := range OLTPTests {
		rank[t] = i
	}
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.dur != b.dur {
			return a.dur < b.dur
		}
		if a.test != b.test {
			return rank[a.test] < rank[b.test]
		}
		return a.th < b.th
	})
	out := make([]OLTPCell, 0, len(keys))
	for _, k := range keys {
		out = append(out, *byKey[k])
	}
	return out
}

// OLTPMarkdown renders the cells as the table, one per durability
// pairing: a row per test, a column per thread count, each cell
// "ratio (lo-hi)" of Myriad's tps over MariaDB's, then the raw figures.
func OLTPMarkdown(cells []OLTPCell) string {
	var b strings.Builder
	var durs []string
	threads := map[string][]int{}
	byDur := map[string]map[string]map[int]OLTPCell{}
	for _, c := range cells {
		if byDur[c.Durability] == nil {
			byDur[c.Durability] = map[string]map[int]OLTPCell{}
			durs = append(durs, c.Durability)
		}
		if byDur[c.Durability][c.Test] == nil {
			byDur[c.Durability][c.Test] = map[int]OLTPCell{}
		}
		if !slices.Contains(threads[c.Durability], c.Threads) {
			threads[c.Durability] = append(threads[c.Durability], c.Threads)
		}
		byDur[c.Durability][c.Test][c.Threads] = c
	}
	for _, d := range durs {
		ths := threads[d]
		sort.Ints(ths)
		fmt.Fprintf(&b, "\nMyriad `--durability %s` vs MariaDB `innodb_flush_log_at_trx_commit=%d`: Myriad tps / MariaDB tps (median of the rounds; lowest-highest ratio of any two runs)\n\n", d, Pairings[d])
		b.WriteString("| test |")
		for _, th := range ths {
			fmt.Fprintf(&b, " %d |", th)
		}
		b.WriteString("\n| --- |")
		for range ths {
			b.WriteString(" --- |")
		}
		b.WriteString("\n")
		for _, t := range OLTPTests {
			row, ok := byDur[d][t]
			if !ok {
				continue
			}
			fmt.Fprintf(&b, "| %s |", t)
			for _, th := range ths {
				c, ok := row[th]
				if !ok || len(c.Myriad) == 0 || len(c.MariaDB) == 0 {
					b.WriteString(" |")
					continue
				}
				lo, hi := c.Spread()
				fmt.Fprintf(&b, " %.2f (%.2f-%.2f) |", c.Ratio(), lo, hi)
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "\n| test | threads | Myriad tps | MariaDB tps | Myriad errors/s | MariaDB errors/s |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, t := range OLTPTests {
			for _, th := range ths {
				c, ok := byDur[d][t][th]
				if !ok {
					continue
				}
				fmt.Fprintf(&b, "| %s | %d | %s | %s | %.2f | %.2f |\n", t, th, joinFloats(c.Myriad), joinFloats(c.MariaDB),
					c.MyriadErrors/float64(max(1, len(c.Myriad))), c.MariaDBErrors/float64(max(1, len(c.MariaDB))))
			}
		}
	}
	return b.String()
}

func joinFloats(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strings.Join(parts, " / ")
}

// OLTPChart draws the ratios of one durability pairing as an SVG bar
// chart: a group of bars per test, a bar per thread count, and the 1.0
// line (MariaDB's speed). Written by hand: gonum/plot, the obvious
// library, would upgrade golang.org/x/text (the SQL layer's character
// sets) and add eight modules for one chart.
func OLTPChart(cells []OLTPCell, durability string) string {
	var sel []OLTPCell
	var ths []int
	maxR := 1.2
	for _, c := range cells {
		if c.Durability != durability || len(c.Myriad) == 0 || len(c.MariaDB) == 0 {
			continue
		}
		sel = append(sel, c)
		if !slices.Contains(ths, c.Threads) {
			ths = append(ths, c.Threads)
		}
		maxR = max(maxR, c.Ratio()*1.1)
	}
	sort.Ints(ths)
	const w, h, left, bottom, top = 760, 320, 50, 60, 30
	var tests []string
	for _, t := range OLTPTests {
		for _, c := range sel {
			if c.Test == t {
				tests = append(tests, t)
				break
			}
		}
	}
	colors := []string{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2"}
	plotH := float64(h - bottom - top)
	y := func(r float64) float64 { return float64(top) + plotH*(1-r/maxR) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="13">Myriad / MariaDB transactions per second (%s durability pairing)</text>`+"\n", left, durability)
	for r := 0.0; r <= maxR; r += 0.25 {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%.2f</text>`+"\n",
			left, w-10, y(r), y(r), left-4, y(r)+4, r)
	}
	if len(tests) > 0 && len(ths) > 0 {
		groupW := float64(w-left-10) / float64(len(tests))
		barW := groupW * 0.8 / float64(len(ths))
		for gi, t := range tests {
			x0 := float64(left) + groupW*float64(gi) + groupW*0.1
			for _, c := range sel {
				if c.Test != t {
					continue
				}
				i := sort.SearchInts(ths, c.Threads)
				x := x0 + barW*float64(i)
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s, %d threads: %.2f</title></rect>`+"\n",
					x, y(c.Ratio()), barW-1, y(0)-y(c.Ratio()), colors[i%len(colors)], t, c.Threads, c.Ratio())
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x0+groupW*0.4, h-bottom+16, strings.TrimPrefix(t, "oltp_"))
		}
		for i, th := range ths {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%d threads</text>`+"\n",
				left+i*90, h-20, colors[i%len(colors)], left+i*90+14, h-11, th)
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#000" stroke-dasharray="4 3"/>`+"\n", left, w-10, y(1), y(1))
	b.WriteString("</svg>\n")
	return b.String()
}
