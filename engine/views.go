package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
)

var _ sql.ViewDatabase = (*Database)(nil)

// CreateView implements sql.ViewDatabase.
func (d *Database) CreateView(ctx *sql.Context, name, selectStatement, createViewStmt string) error {
	if err := checkIdentifier(name); err != nil {
		return err
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if v, err := d.eng.cat.View(tx.kv, d.schema, name); err != nil {
		return err
	} else if v != nil {
		return sql.ErrExistingView.New(d.Name(), name)
	}
	if t, err := d.eng.cat.Table(tx.kv, d.schema, name); err != nil {
		return err
	} else if t != nil {
		return sql.ErrTableAlreadyExists.New(name)
	}
	ch := new(catalog.Change).PutView(d.schema, &catalog.View{
		Name: name, Definition: selectStatement, CreateStmt: createViewStmt, SQLMode: sql.LoadSqlMode(ctx).String(),
	})
	return d.bumpSchema(tx, ch, func(s *catalog.Schema) { s.Views++ })
}

// bumpSchema writes ch, which adds or removes a view or trigger, with the
// schema record rewritten with the changed object count.
func (d *Database) bumpSchema(tx *Transaction, ch *catalog.Change, change func(*catalog.Schema)) error {
	s, err := d.eng.cat.Schema(tx.kv, d.schema.Name)
	if err != nil {
		return err
	}
	if s == nil {
		return sql.ErrDatabaseNotFound.New(d.schema.Name)
	}
	change(s)
	if err := tx.writeCatalog(d.eng.cat, ch.PutSchema(s)); err != nil {
		return err
	}
	d.schema = s
	return nil
}

// DropView implements sql.ViewDatabase.
func (d *Database) DropView(ctx *sql.Context, name string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if v, err := d.eng.cat.View(tx.kv, d.schema, name); err != nil {
		return err
	} else if v == nil {
		return sql.ErrViewDoesNotExist.New(d.Name(), name)
	}
	return d.bumpSchema(tx, new(catalog.Change).DeleteView(d.schema, name), func(s *catalog.Schema) { s.Views-- })
}

// GetViewDefinition implements sql.ViewDatabase. GMS asks on every table
// resolution; a schema without views answers from its record.
func (d *Database) GetViewDefinition(ctx *sql.Context, name string) (sql.ViewDefinition, bool, error) {
	if d.schema.Views <= 0 {
		return sql.ViewDefinition{}, false, nil
	}
	v, err := d.eng.cat.View(catalogReader(ctx), d.schema, name)
	if err != nil || v == nil {
		return sql.ViewDefinition{}, false, err
	}
	return viewDef(v), true, nil
}

// AllViews implements sql.ViewDatabase.
func (d *Database) AllViews(ctx *sql.Context) ([]sql.ViewDefinition, error) {
	if d.schema.Views <= 0 {
		return nil, nil
	}
	var out []sql.ViewDefinition
	err := d.eng.cat.ListViews(catalogReader(ctx), d.schema, func(v *catalog.View) error {
		out = append(out, viewDef(v))
		return nil
	})
	return out, err
}

func viewDef(v *catalog.View) sql.ViewDefinition {
	return sql.ViewDefinition{Name: v.Name, TextDefinition: v.Definition, CreateViewStatement: v.CreateStmt, SqlMode: v.SQLMode}
}

var _ sql.TriggerDatabase = (*Database)(nil)

// GetTriggers implements sql.TriggerDatabase. GMS asks on every write; a
// schema without triggers answers from its record.
func (d *Database) GetTriggers(ctx *sql.Context) ([]sql.TriggerDefinition, error) {
	if d.schema.Triggers <= 0 {
		return nil, nil
	}
	var out []sql.TriggerDefinition
	err := d.eng.cat.ListTriggers(catalogReader(ctx), d.schema, func(g *catalog.Trigger) error {
		out = append(out, sql.TriggerDefinition{Name: g.Name, CreateStatement: g.CreateStmt, CreatedAt: g.CreatedAt, SqlMode: g.SQLMode})
		return nil
	})
	return out, err
}

// CreateTrigger implements sql.TriggerDatabase.
func (d *Database) CreateTrigger(ctx *sql.Context, def sql.TriggerDefinition) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	exists := false
	err = d.eng.cat.ListTriggers(tx.kv, d.schema, func(g *catalog.Trigger) error {
		exists = exists || lower(g.Name) == lower(def.Name)
		return nil
	})
	if err != nil {
		return err
	}
	if exists {
		return mysql.NewSQLError(1359, mysql.SSUnknownSQLState, "Trigger already exists")
	}
	ch := new(catalog.Change).PutTrigger(d.schema, &catalog.Trigger{
		Name: def.Name, CreateStmt: def.CreateStatement, CreatedAt: def.CreatedAt, SQLMode: def.SqlMode,
	})
	return d.bumpSchema(tx, ch, func(s *catalog.Schema) { s.Triggers++ })
}

// DropTrigger implements sql.TriggerDatabase.
func (d *Database) DropTrigger(ctx *sql.Context, name string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	found := false
	err = d.eng.cat.ListTriggers(tx.kv, d.schema, func(g *catalog.Trigger) error {
		found = found || lower(g.Name) == lower(name)
		return nil
	})
	if err != nil {
		return err
	}
	if !found {
		return sql.ErrTriggerDoesNotExist.New(name)
	}
	return d.bumpSchema(tx, new(catalog.Change).DeleteTrigger(d.schema, name), func(s *catalog.Schema) { s.Triggers-- })
}

// HasView tells whether the schema named schema holds a view named name in
// the committed catalog (the server asks before a statement runs).
func (e *Engine) HasView(schema, name string) bool {
	s, err := e.cat.Schema(nil, schema)
	if err != nil || s == nil || s.Views <= 0 {
		return false
	}
	v, err := e.cat.View(nil, s, name)
	return err == nil && v != nil
}
