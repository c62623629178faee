package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// preIndexRewriteDeep is preIndexRewrite also inside the subqueries of
// expressions. GMS's simplifyFilters, which preIndexRewrite must precede,
// recurses into the subqueries of a Filter's expression, so `WHERE (SELECT
// COUNT(*) FROM t s WHERE s.c LIKE 'A') <= t.n` had its LIKE turned into
// s.c = 'A', which pads ('a ' LIKE 'A' is false, 'a ' = 'A' true under
// utf8mb4_general_ci): the same subquery counted 1 in the select list and 2
// in WHERE (the randomized oracles' NoREC finding, oracle14).
func preIndexRewriteDeep(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return deep(ctx, n, preIndexRewrite) // deep.go
}
