package engine

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
)

// Stored procedures: GMS parses, analyzes and runs them itself (CALL, IN /
// OUT / INOUT parameters, handlers, SIGNAL) from the CREATE statement; the
// engine only keeps each one as a catalog record of its schema, written by
// the DDL statement's transaction in one catalog change with the schema's
// procedure count.

var _ sql.StoredProcedureDatabase = (*Database)(nil)

// GetStoredProcedure implements sql.StoredProcedureDatabase. A schema
// without procedures answers from its record.
func (d *Database) GetStoredProcedure(ctx *sql.Context, name string) (sql.StoredProcedureDetails, bool, error) {
	if d.schema.Routines <= 0 {
		return sql.StoredProcedureDetails{}, false, nil
	}
	p, err := d.eng.cat.Routine(catalogReader(ctx), d.schema, name)
	if err != nil || p == nil {
		return sql.StoredProcedureDetails{}, false, err
	}
	if s, ok := ctx.Session.(*Session); ok {
		// GMS parses the definition next (planbuilder buildCall): its
		// string parameters take this database's collation
		// (sqlfunc.RoutineCollationer).
		s.routineColl = d.GetCollation(ctx)
	}
	return d.procedureDetails(p), true, nil
}

// GetStoredProcedures implements sql.StoredProcedureDatabase.
func (d *Database) GetStoredProcedures(ctx *sql.Context) ([]sql.StoredProcedureDetails, error) {
	d.eng.scans.RoutineSchemas.Add(1)
	if d.schema.Routines <= 0 {
		return nil, nil
	}
	var out []sql.StoredProcedureDetails
	err := d.eng.cat.ListRoutines(catalogReader(ctx), d.schema, func(p *catalog.Routine) error {
		out = append(out, d.procedureDetails(p))
		return nil
	})
	return out, err
}

// SaveStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) SaveStoredProcedure(ctx *sql.Context, spd sql.StoredProcedureDetails) error {
	if err := checkIdentifier(spd.Name); err != nil {
		return err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	// Read through the transaction: a concurrent CREATE of the same name
	// conflicts at commit instead of overwriting.
	if p, err := d.eng.cat.Routine(tx.kv, d.schema, spd.Name); err != nil {
		return err
	} else if p != nil {
		return sql.ErrStoredProcedureAlreadyExists.New(spd.Name)
	}
	ch := new(catalog.Change).PutRoutine(d.schema, &catalog.Routine{
		Name: spd.Name, CreateStmt: spd.CreateStatement, CreatedAt: spd.CreatedAt,
		ModifiedAt: spd.ModifiedAt, SQLMode: spd.SqlMode,
	})
	return d.bumpSchema(tx, ch, func(s *catalog.Schema) { s.Routines++ })
}

// DropStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) DropStoredProcedure(ctx *sql.Context, name string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if p, err := d.eng.cat.Routine(tx.kv, d.schema, name); err != nil {
		return err
	} else if p == nil {
		return sql.ErrStoredProcedureDoesNotExist.New(name)
	}
	return d.bumpSchema(tx, new(catalog.Change).DeleteRoutine(d.schema, name), func(s *catalog.Schema) { s.Routines-- })
}

func (d *Database) procedureDetails(p *catalog.Routine) sql.StoredProcedureDetails {
	return sql.StoredProcedureDetails{
		Name: p.Name, CreateStatement: p.CreateStmt, CreatedAt: p.CreatedAt,
		ModifiedAt: p.ModifiedAt, SqlMode: p.SQLMode,
	}
}
