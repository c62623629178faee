package engine

// SetCloneFault lets engine_test make a clone fail after n tables' data.
func SetCloneFault(f func(tablesCopied int) error) { cloneFault = f }

// SetImportFault lets engine_test make an import fail after n rows frames.
func SetImportFault(f func(frames int) error) { importFault = f }
