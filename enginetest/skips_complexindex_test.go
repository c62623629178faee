package enginetest

// complexIndexSkips lists ComplexIndexQueries cases Myriad cannot pass. It
// held 226 queries whose overlapping key spans returned duplicate rows
// (OR of ranges over a multi-column index); since spans are merged
// (engine.mergeSpans) they all pass and the list is empty.
var complexIndexSkips = []skip{}
