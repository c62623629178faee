package bench

import (
	"context"
	"time"
)

// AllOptions sizes the whole standard workload.
type AllOptions struct {
	Schemas    int
	Tables     int
	Parallel   int // provisioning and teardown clients
	Threads    int // insert clients
	Duration   time.Duration
	HotSchemas int // schemas of the hot set (one table each); default 100
	Teardown   bool
	Rounds     int // alternating hot/all slices (see CliffRun)
	Seed       uint64
}

// All runs provision, the hot and the full random-insert runs, the catalog
// queries and (optionally) teardown, in that order, and adds the "cliff":
// the full-set insert rate over the hot-set rate. Results so far are
// returned with the first error.
func All(ctx context.Context, t Target, o AllOptions, p Progress, each func(Result)) ([]Result, error) {
	if o.HotSchemas <= 0 {
		o.HotSchemas = 100
	}
	if o.HotSchemas > o.Schemas {
		o.HotSchemas = o.Schemas
	}
	var out []Result
	add := func(r Result) {
		out = append(out, r)
		if each != nil {
			each(r)
		}
	}
	r, err := Provision(ctx, t, ProvisionOptions{Schemas: o.Schemas, Tables: o.Tables, Parallel: o.Parallel}, p)
	if err != nil {
		return out, err
	}
	add(r)
	rs, err := CliffRun(ctx, t, CliffOptions{HotSchemas: o.HotSchemas, Schemas: o.Schemas, Tables: o.Tables,
		Threads: o.Threads, Duration: o.Duration, Rounds: o.Rounds, Seed: o.Seed}, p)
	if err != nil {
		return out, err
	}
	for _, r := range rs {
		add(r)
	}
	r, err = Catalog(ctx, t, CatalogOptions{})
	if err != nil {
		return out, err
	}
	add(r)
	if o.Teardown {
		r, err = Teardown(ctx, t, TeardownOptions{Parallel: o.Parallel}, p)
		if err != nil {
			return out, err
		}
		add(r)
	}
	return out, nil
}

// Cliff compares a full-set insert run with a hot-set one: the ratio is what
// MySQL loses (~0.015) once tables miss its caches.
func Cliff(hot, full Result) Result {
	r := newResult("cliff")
	r.Params["hot_tables"] = hot.Params["schemas"] * hot.Params["tables"]
	r.Params["all_tables"] = full.Params["schemas"] * full.Params["tables"]
	if h := hot.Metrics["inserts_per_s"]; h > 0 {
		r.Metrics["all_over_hot_ratio"] = full.Metrics["inserts_per_s"] / h
	}
	return r
}

// AddCliffs appends, for every target with an insert-hot and an insert-all
// result and no cliff yet, the cliff between them (results gathered by
// separate `myriad bench insert --step ...` runs).
func AddCliffs(rs []Result) []Result {
	hot, all, has := map[string]Result{}, map[string]Result{}, map[string]bool{}
	var order []string
	for _, r := range rs {
		switch r.Step {
		case "insert-hot":
			hot[r.Target] = r
			order = append(order, r.Target)
		case "insert-all":
			all[r.Target] = r
		case "cliff":
			has[r.Target] = true
		}
	}
	for _, t := range order {
		h, ok1 := hot[t]
		a, ok2 := all[t]
		if ok1 && ok2 && !has[t] {
			c := Cliff(h, a)
			c.Target = t
			rs = append(rs, c)
			has[t] = true
		}
	}
	return rs
}
