package sqlfunc

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// RoutineCollationer is the session's side of routineCollations
// (engine.Session): the default collation of the database whose stored
// routine is being read for a CALL.
type RoutineCollationer interface {
	RoutineCollation() (sql.CollationID, bool)
}

// routineCollations gives the string parameters of a CREATE PROCEDURE and
// the string variables a routine, trigger or event body DECLAREs without a character set or
// collation the database's default collation: MySQL's manual (CREATE
// PROCEDURE) says "If CHARACTER SET and COLLATE are not present, the
// database character set and collation in effect at routine creation time
// are used". GMS typed them utf8mb4_0900_bin, the server's compiled-in
// default, so `CREATE PROCEDURE p(a VARCHAR(10)) SELECT a = 'ABC'` answered
// 0 for CALL p('abc') (MySQL 1, in a utf8mb4_0900_ai_ci database). The
// type is fixed on the parsed column type (ResolvedType, which GMS's
// ColumnTypeToType returns as it is); the routine is parsed again at each
// CALL, when the session names its database's collation.
func routineCollations(ctx context.Context, stmt ast.Statement) {
	var cts []*ast.ColumnType
	var visit ast.Visit
	visit = func(n ast.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *ast.DDL:
			// The parser's walk stops at a CREATE's body.
			if ps := n.ProcedureSpec; ps != nil {
				for i := range ps.Params {
					cts = appendUnspecifiedString(cts, &ps.Params[i].Type)
				}
				_ = ast.Walk(visit, ps.Body)
			}
			if n.TriggerSpec != nil {
				_ = ast.Walk(visit, n.TriggerSpec.Body)
			}
			if n.EventSpec != nil {
				_ = ast.Walk(visit, n.EventSpec.Body)
			}
		case *ast.Declare:
			if n.Variables != nil {
				cts = appendUnspecifiedString(cts, &n.Variables.VarType)
			}
		}
		return true, nil
	}
	_ = ast.Walk(visit, stmt)
	if len(cts) == 0 {
		return
	}
	coll, ok := routineCollation(ctx)
	if !ok {
		return
	}
	for _, ct := range cts {
		t, err := types.ColumnTypeToType(ct)
		if err != nil {
			continue // GMS reports it when it builds the routine
		}
		tc, ok := t.(sql.TypeWithCollation)
		if !ok || !types.IsText(t) || types.IsBinaryType(t) {
			continue
		}
		if nt, err := tc.WithNewCollation(coll); err == nil {
			ct.ResolvedType = nt
		}
	}
}

// appendUnspecifiedString appends ct when it is a character type declared
// without a character set or collation.
func appendUnspecifiedString(cts []*ast.ColumnType, ct *ast.ColumnType) []*ast.ColumnType {
	if ct.Charset != "" || ct.Collate != "" || ct.BinaryCollate || ct.ResolvedType != nil {
		return cts
	}
	switch strings.ToLower(ct.Type) {
	case "char", "varchar", "nchar", "nvarchar", "character", "tinytext", "text", "mediumtext", "longtext", "long":
		return append(cts, ct)
	}
	return cts
}

// routineCollation is the collation of the database a CALL reads the
// routine of, else (CREATE PROCEDURE) of the current database.
func routineCollation(ctx context.Context) (sql.CollationID, bool) {
	sctx, ok := ctx.(*sql.Context)
	if !ok || sctx.Session == nil {
		return 0, false
	}
	if rc, ok := sctx.Session.(RoutineCollationer); ok {
		if c, ok := rc.RoutineCollation(); ok {
			return c, true
		}
	}
	v, err := sctx.GetSessionVariable(sctx, "collation_database")
	if err != nil {
		return 0, false
	}
	name, _ := v.(string)
	c, err := sql.ParseCollation("", name, false)
	if err != nil || c == sql.Collation_Unspecified {
		return 0, false
	}
	return c, true
}
