package engine

import (
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
)

// Provider is the GMS database provider over the catalog.
type Provider struct {
	eng *Engine
}

var _ sql.CollatedDatabaseProvider = (*Provider)(nil)

// Provider returns the engine's GMS database provider.
func (e *Engine) Provider() *Provider { return &Provider{eng: e} }

// Database implements sql.DatabaseProvider: one cached catalog lookup.
func (p *Provider) Database(ctx *sql.Context, name string) (sql.Database, error) {
	s, err := p.eng.cat.Schema(catalogReader(ctx), name)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, sql.ErrDatabaseNotFound.New(name)
	}
	return &Database{eng: p.eng, schema: s}, nil
}

// HasDatabase implements sql.DatabaseProvider.
func (p *Provider) HasDatabase(ctx *sql.Context, name string) bool {
	s, err := p.eng.cat.Schema(catalogReader(ctx), name)
	return err == nil && s != nil
}

// AllDatabases implements sql.DatabaseProvider.
//
// GMS calls it on every resolved table while analyzing (assign_routines), as
// well as for SHOW DATABASES and information_schema. Listing every schema
// there would make each query O(schemas), so unless the statement is one
// that lists databases, the answer is scoped to the current database, which
// is all the per-table callers need (stored procedures are found through
// their schema: Database.GetStoredProcedure).
func (p *Provider) AllDatabases(ctx *sql.Context) []sql.Database {
	if !listsDatabases(ctx) {
		if cur := ctx.GetCurrentDatabase(); cur != "" {
			if db, err := p.Database(ctx, cur); err == nil {
				return []sql.Database{db}
			}
		}
		return nil
	}
	var all []sql.Database
	err := p.eng.cat.ListSchemas(catalogReader(ctx), func(s *catalog.Schema) error {
		all = append(all, &Database{eng: p.eng, schema: s})
		p.eng.scans.SchemasListed.Add(1)
		return nil
	})
	if err != nil {
		ctx.GetLogger().Warnf("listing schemas: %v", err)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name() < all[j].Name() })
	return all
}

// listsDatabases tells whether the running statement enumerates databases
// (SHOW DATABASES/SCHEMAS, information_schema). Deciding from the statement
// text is cheap and errs towards listing: a false positive costs only time.
func listsDatabases(ctx *sql.Context) bool {
	if strings.EqualFold(ctx.GetCurrentDatabase(), sql.InformationSchemaDatabaseName) {
		return true
	}
	q := ctx.Query()
	return containsFold(q, "information_schema") || containsFold(q, "databases") || containsFold(q, "schemas") ||
		containsFold(q, "schemata") || containsFold(q, "procedure status") || containsFold(q, "function status")
}

func containsFold(s, sub string) bool {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		if strings.EqualFold(s[i:i+n], sub) {
			return true
		}
	}
	return false
}

// CreateDatabase implements sql.MutableDatabaseProvider.
func (p *Provider) CreateDatabase(ctx *sql.Context, name string) error {
	return p.CreateCollatedDatabase(ctx, name, sql.Collation_Unspecified)
}

// CreateCollatedDatabase implements sql.CollatedDatabaseProvider.
func (p *Provider) CreateCollatedDatabase(ctx *sql.Context, name string, collation sql.CollationID) error {
	if err := checkIdentifier(name); err != nil {
		return err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if s, err := p.eng.cat.Schema(tx.kv, name); err != nil {
		return err
	} else if s != nil {
		return sql.ErrDatabaseExists.New(name)
	}
	id, err := p.eng.cat.NewID()
	if err != nil {
		return err
	}
	// GMS replaces a missing COLLATE with its own default before calling
	// here, so an explicit "COLLATE utf8mb4_0900_bin" and none at all look
	// the same; the statement text tells them apart.
	if collation == sql.Collation_Unspecified ||
		(collation == sql.Collation_Default && !containsFold(ctx.Query(), "collat") && !containsFold(ctx.Query(), "char")) {
		collation = p.eng.defaultCollation
	}
	if req := takeClone(ctx); req != nil {
		return p.eng.cloneInto(tx, req, &catalog.Schema{ID: id, Name: name})
	}
	return tx.writeCatalog(p.eng.cat, new(catalog.Change).PutSchema(&catalog.Schema{ID: id, Name: name, Collation: collation}))
}

// DropDatabase implements sql.MutableDatabaseProvider: one record delete and
// range tombstones, whatever the number of tables.
func (p *Provider) DropDatabase(ctx *sql.Context, name string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	s, err := p.eng.cat.Schema(tx.kv, name)
	if err != nil {
		return err
	}
	if s == nil {
		return sql.ErrDatabaseNotFound.New(name)
	}
	ch, err := p.eng.cat.DropSchemaChange(tx.kv, s)
	if err != nil {
		return err
	}
	p.eng.forgetUsage(s.ID)
	return tx.writeCatalog(p.eng.cat, ch)
}

// checkIdentifier enforces MySQL's 64-character identifier limit (1059).
func checkIdentifier(name string) error {
	if len([]rune(name)) > 64 {
		return mysql.NewSQLError(mysql.ERTooLongIdent, mysql.SSClientError, "Identifier name '%s' is too long", name)
	}
	return nil
}
