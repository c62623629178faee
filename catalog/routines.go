package catalog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/myriaddb/myriad/keys"
)

// Routine is a stored procedure of a schema. GMS parses CreateStmt again
// on every CALL (and for SHOW CREATE PROCEDURE, information_schema.ROUTINES),
// so the statement text as the client sent it is the whole definition.
type Routine struct {
	Name       string    `json:"-"`
	CreateStmt string    `json:"c"`
	CreatedAt  time.Time `json:"t"`
	ModifiedAt time.Time `json:"mt"`
	SQLMode    string    `json:"m,omitempty"`
}

// PutRoutine writes a stored procedure record.
func (ch *Change) PutRoutine(s *Schema, p *Routine) *Change {
	return ch.add(Op{Kind: OpPutRoutine, Schema: s, Routine: p})
}

// DeleteRoutine removes a stored procedure record.
func (ch *Change) DeleteRoutine(s *Schema, name string) *Change {
	return ch.add(Op{Kind: OpDeleteRoutine, Schema: s, Name: name})
}

// Routine returns the named stored procedure of s or nil (names compare
// case-insensitively, as MySQL's routine names do).
func (c *Catalog) Routine(r Reader, s *Schema, name string) (*Routine, error) {
	if r == nil {
		r = c.db
	}
	v, ok, err := r.Get(keys.Routine(s.ID, name))
	if err != nil || !ok {
		return nil, err
	}
	return DecodeRoutineRecord(v)
}

// ListRoutines streams the stored procedures of s in name order.
func (c *Catalog) ListRoutines(r Reader, s *Schema, fn func(*Routine) error) error {
	return c.listRecords(r, keys.RoutineRecords, s, func(name string, js []byte) error {
		p, err := decodeRoutineJSON(name, js)
		if err != nil {
			return err
		}
		return fn(p)
	})
}

// DecodeRoutineRecord decodes a stored procedure record (a tenant file's).
func DecodeRoutineRecord(v []byte) (*Routine, error) {
	name, js, err := recordName(v)
	if err != nil {
		return nil, err
	}
	return decodeRoutineJSON(name, js)
}

func decodeRoutineJSON(name string, js []byte) (*Routine, error) {
	p := &Routine{Name: name}
	if err := json.Unmarshal(js, p); err != nil {
		return nil, fmt.Errorf("catalog: corrupt routine record %q: %w", name, err)
	}
	return p, nil
}
