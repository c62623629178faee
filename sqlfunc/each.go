package sqlfunc

// eachChanged is xs with f applied to every element (f reports whether it
// changed one), copied only when f changes one; changed is whether it did.
// The rules rewrite expression lists this way so that a plan they leave
// alone keeps its slices and reports transform.SameTree.
func eachChanged[T any](xs []T, f func(i int, x T) (T, bool)) (out []T, changed bool) {
	for i, x := range xs {
		nx, ok := f(i, x)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]T(nil), xs...)
		}
		out[i] = nx
	}
	if out == nil {
		return xs, false
	}
	return out, true
}
