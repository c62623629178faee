package engine

// SetMoveCountersFault lets engine_test act between a batch of
// MoveLegacyCounters reading its counters and committing their move.
func SetMoveCountersFault(f func()) { moveCountersFault = f }
