package engine

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// Events: Myriad has no event scheduler and stores no event, so every
// schema has none. The schema still answers as an event database, because
// GMS's information_schema.EVENTS, SHOW EVENTS and SHOW CREATE EVENT fail
// (1105 "doesn't support events") on a schema that does not, where MySQL
// lists no event (or 1539 for a named one). Creating or altering an event
// stays refused as before.

var _ sql.EventDatabase = (*Database)(nil)

// GetEvent implements sql.EventDatabase.
func (d *Database) GetEvent(*sql.Context, string) (sql.EventDefinition, bool, error) {
	return sql.EventDefinition{}, false, nil
}

// GetEvents implements sql.EventDatabase.
func (d *Database) GetEvents(*sql.Context) ([]sql.EventDefinition, interface{}, error) {
	return nil, nil, nil
}

// SaveEvent implements sql.EventDatabase: CREATE EVENT is refused.
func (d *Database) SaveEvent(*sql.Context, sql.EventDefinition) (bool, error) {
	return false, sql.ErrEventsNotSupported.New(d.Name())
}

// DropEvent implements sql.EventDatabase: there is no event to drop.
func (d *Database) DropEvent(_ *sql.Context, name string) error {
	return sql.ErrEventDoesNotExist.New(name)
}

// UpdateEvent implements sql.EventDatabase: ALTER EVENT is refused.
func (d *Database) UpdateEvent(*sql.Context, string, sql.EventDefinition) (bool, error) {
	return false, sql.ErrEventsNotSupported.New(d.Name())
}

// UpdateLastExecuted implements sql.EventDatabase; no event runs.
func (d *Database) UpdateLastExecuted(_ *sql.Context, name string, _ time.Time) error {
	return sql.ErrEventDoesNotExist.New(name)
}

// NeedsToReloadEvents implements sql.EventDatabase.
func (d *Database) NeedsToReloadEvents(*sql.Context, interface{}) (bool, error) {
	return false, nil
}
