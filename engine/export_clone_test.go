package engine

// SetCloneFault lets engine_test make a clone fail after n tables' data.
func SetCloneFault(f func(tablesCopied int) error) { cloneFault = f }
