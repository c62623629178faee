package joinorder

// SetLoopsOnly switches the greedy planner to nested loops over table scans
// (the reference plan of the tests) and returns a function restoring it.
func SetLoopsOnly(on bool) func() {
	old := loopsOnly.Swap(on)
	return func() { loopsOnly.Store(old) }
}
