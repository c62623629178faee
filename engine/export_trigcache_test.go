package engine

// TriggerIndexParses is how many times a schema's triggers were parsed to
// find which tables have which triggers.
func TriggerIndexParses() int64 { return trigIndexParses.Load() }
