package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Result is one measured step. Metrics are named with their unit as a suffix
// (`_per_s`, `_s`, `_ms`, `_bytes`, ...) so a report can format them without a
// schema, and so the scripts that add figures measured outside the bench
// (disk use, RSS, restart time) can write the same JSON lines.
type Result struct {
	Target  string             `json:"target,omitempty"`
	Step    string             `json:"step"`
	Params  map[string]int64   `json:"params,omitempty"`
	Metrics map[string]float64 `json:"metrics"`
	Note    string             `json:"note,omitempty"`
}

func newResult(step string) Result {
	return Result{Step: step, Params: map[string]int64{}, Metrics: map[string]float64{}}
}

// WriteJSON writes results as JSON lines.
func WriteJSON(w io.Writer, rs ...Result) error {
	enc := json.NewEncoder(w)
	for _, r := range rs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// ReadJSON reads JSON lines written by WriteJSON (blank lines are skipped).
func ReadJSON(r io.Reader) ([]Result, error) {
	var out []Result
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		b := strings.TrimSpace(sc.Text())
		if b == "" {
			continue
		}
		var res Result
		if err := json.Unmarshal([]byte(b), &res); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if res.Step == "" {
			return nil, fmt.Errorf("line %d: no step", line)
		}
		out = append(out, res)
	}
	return out, sc.Err()
}

// Markdown renders results as one table: a row per step and metric, a column
// per target, in the order they first appear.
func Markdown(rs []Result) string {
	var targets []string
	seenT := map[string]bool{}
	type rowKey struct{ step, params, metric string }
	var rows []rowKey
	seenR := map[rowKey]bool{}
	cells := map[rowKey]map[string]string{}
	for _, r := range rs {
		t := r.Target
		if t == "" {
			t = "target"
		}
		if !seenT[t] {
			seenT[t] = true
			targets = append(targets, t)
		}
		names := make([]string, 0, len(r.Metrics))
		for m := range r.Metrics {
			names = append(names, m)
		}
		sort.Strings(names)
		for _, m := range names {
			k := rowKey{r.Step, formatParams(r.Params), m}
			if !seenR[k] {
				seenR[k] = true
				rows = append(rows, k)
				cells[k] = map[string]string{}
			}
			cells[k][t] = formatMetric(m, r.Metrics[m])
		}
	}
	var b strings.Builder
	b.WriteString("| step | parameters | metric |")
	for _, t := range targets {
		b.WriteString(" " + t + " |")
	}
	b.WriteString("\n| --- | --- | --- |")
	for range targets {
		b.WriteString(" ---: |")
	}
	b.WriteString("\n")
	for _, k := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s |", k.step, k.params, k.metric)
		for _, t := range targets {
			v, ok := cells[k][t]
			if !ok {
				v = "–"
			}
			b.WriteString(" " + v + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Text renders results for a terminal: one line per step.
func Text(rs []Result) string {
	var b strings.Builder
	for _, r := range rs {
		names := make([]string, 0, len(r.Metrics))
		for m := range r.Metrics {
			names = append(names, m)
		}
		sort.Strings(names)
		label := r.Step
		if r.Target != "" {
			label = r.Target + " " + label
		}
		fmt.Fprintf(&b, "%-24s %-34s", label, formatParams(r.Params))
		for _, m := range names {
			fmt.Fprintf(&b, "  %s=%s", m, formatMetric(m, r.Metrics[m]))
		}
		if r.Note != "" {
			fmt.Fprintf(&b, "  (%s)", r.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func formatParams(p map[string]int64) string {
	if len(p) == 0 {
		return ""
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + strconv.FormatInt(p[k], 10)
	}
	return strings.Join(parts, " ")
}

func formatMetric(name string, v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "n/a"
	case strings.HasSuffix(name, "_bytes"):
		return humanBytes(v)
	case strings.HasSuffix(name, "ratio"):
		return strconv.FormatFloat(v, 'f', 3, 64)
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatInt(int64(v), 10)
	case math.Abs(v) >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case math.Abs(v) >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	default:
		return strconv.FormatFloat(v, 'f', 4, 64)
	}
}

func humanBytes(v float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	i := 0
	for math.Abs(v) >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 {
		return strconv.FormatFloat(v, 'f', 0, 64) + " B"
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[i]
}
