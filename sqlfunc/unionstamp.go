package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// unionStampColumn: TIMESTAMP(m) beside TIMESTAMP(n) in a UNION is
// TIMESTAMP(max(m, n)) in MySQL 8.0 (field_types_merge_rules keeps
// TIMESTAMP, Item_aggregate_type the larger decimals); GMS joined the two
// types to LONGTEXT, a BLOB on the wire whose rows printed each side's own
// digits (`.12` beside `.123456`, MySQL `.120000`). Both sides keep their
// values (the stored instants, as a TIMESTAMP column's are read) under the
// wider type (unionAs). ok is false for other columns.
func unionStampColumn(name [2]string, l, r sql.Expression, lt, rt sql.Type) (nl, nr sql.Expression, ok bool) {
	if lt.Type() != sqltypes.Timestamp || rt.Type() != sqltypes.Timestamp || !types.IsText(l.Type()) || !types.IsText(r.Type()) {
		return nil, nil, false
	}
	lg, lok := unionSide(l)
	rg, rok := unionSide(r)
	ld, dok := lt.(sql.DatetimeType)
	rd, eok := rt.(sql.DatetimeType)
	if !lok || !rok || !dok || !eok {
		return nil, nil, false
	}
	t, err := types.CreateDatetimeType(sqltypes.Timestamp, max(ld.Precision(), rd.Precision()))
	if err != nil {
		return nil, nil, false
	}
	return expression.NewAlias(name[0], &unionAs{unary: unary{retypedField(lg, lt)}, typ: t}),
		expression.NewAlias(name[1], &unionAs{unary: unary{retypedField(rg, rt)}, typ: t}), true
}
