package catalog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/myriaddb/myriad/keys"
)

// View is a stored view definition.
type View struct {
	Name       string `json:"-"`
	Definition string `json:"d"` // the SELECT
	CreateStmt string `json:"c"` // the full CREATE VIEW statement
	SQLMode    string `json:"m,omitempty"`
}

// Trigger is a stored trigger definition.
type Trigger struct {
	Name       string    `json:"-"`
	CreateStmt string    `json:"c"`
	CreatedAt  time.Time `json:"t"`
	SQLMode    string    `json:"m,omitempty"`
}

// Views and triggers are rare, so they are not cached: a lookup is one point
// read, a listing one prefix scan of one schema.

// View returns the named view of s or nil.
func (c *Catalog) View(r Reader, s *Schema, name string) (*View, error) {
	v := &View{}
	ok, err := c.getRecord(r, keys.View(s.ID, name), v)
	if !ok {
		return nil, err
	}
	v.Name = name
	return v, err
}

// ListViews streams the views of s in name order.
func (c *Catalog) ListViews(r Reader, s *Schema, fn func(*View) error) error {
	return c.listRecords(r, keys.ViewRecords, s, func(name string, js []byte) error {
		v := &View{Name: name}
		if err := json.Unmarshal(js, v); err != nil {
			return fmt.Errorf("catalog: corrupt view record %q: %w", name, err)
		}
		return fn(v)
	})
}

// ListTriggers streams the triggers of s in name order.
func (c *Catalog) ListTriggers(r Reader, s *Schema, fn func(*Trigger) error) error {
	return c.listRecords(r, keys.TriggerRecords, s, func(name string, js []byte) error {
		g := &Trigger{Name: name}
		if err := json.Unmarshal(js, g); err != nil {
			return fmt.Errorf("catalog: corrupt trigger record %q: %w", name, err)
		}
		return fn(g)
	})
}

func (c *Catalog) getRecord(r Reader, key []byte, into any) (bool, error) {
	if r == nil {
		r = c.db
	}
	v, ok, err := r.Get(key)
	if err != nil || !ok {
		return false, err
	}
	var stored string
	if err := decodeObject(v, &stored, into); err != nil {
		return false, err
	}
	return true, nil
}

// listRecords streams the records of s in the span span(s.ID).
func (c *Catalog) listRecords(r Reader, span func(schemaID uint64) (lo, hi []byte), s *Schema, fn func(name string, js []byte) error) error {
	if r == nil {
		r = c.db
	}
	lo, hi := span(s.ID)
	return scan(r, lo, hi, func(_, v []byte) error {
		name, js, err := recordName(v)
		if err != nil {
			return err
		}
		return fn(name, js)
	})
}
