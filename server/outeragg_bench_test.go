package server

import (
	"testing"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// What the outer-aggregate rewrite adds to parsing a text-protocol point
// SELECT (no subquery: one AST walk), beside the parse alone.
func BenchmarkOuterAggregatesPointSelect(b *testing.B) {
	q := "SELECT c FROM sbtest1 WHERE id = 5"
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		stmt, err := ast.Parse(q)
		if err != nil {
			b.Fatal(err)
		}
		outerAggregatesIn(stmt)
	}
}

func BenchmarkParseOnlyPointSelect(b *testing.B) {
	q := "SELECT c FROM sbtest1 WHERE id = 5"
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ast.Parse(q); err != nil {
			b.Fatal(err)
		}
	}
}
