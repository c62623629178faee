package catalog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/myriaddb/myriad/keyenc"
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
	ok, err := c.getObject(r, kindView, s, name, v)
	if !ok {
		return nil, err
	}
	v.Name = name
	return v, err
}

// ListViews streams the views of s in name order.
func (c *Catalog) ListViews(r Reader, s *Schema, fn func(*View) error) error {
	return c.listObjects(r, kindView, s, func(name string, js []byte) error {
		v := &View{Name: name}
		if err := json.Unmarshal(js, v); err != nil {
			return fmt.Errorf("catalog: corrupt view record %q: %w", name, err)
		}
		return fn(v)
	})
}

// PutView writes a view record and returns its key, which marks the
// writer's transaction as having changed the dictionary.
func (c *Catalog) PutView(w Writer, s *Schema, v *View) (string, error) {
	return putObject(w, kindView, s, v.Name, v)
}

// DeleteView removes a view record and returns its key.
func (c *Catalog) DeleteView(w Writer, s *Schema, name string) string {
	return deleteObject(w, kindView, s, name)
}

// ListTriggers streams the triggers of s in name order.
func (c *Catalog) ListTriggers(r Reader, s *Schema, fn func(*Trigger) error) error {
	return c.listObjects(r, kindTrig, s, func(name string, js []byte) error {
		g := &Trigger{Name: name}
		if err := json.Unmarshal(js, g); err != nil {
			return fmt.Errorf("catalog: corrupt trigger record %q: %w", name, err)
		}
		return fn(g)
	})
}

// PutTrigger writes a trigger record and returns its key.
func (c *Catalog) PutTrigger(w Writer, s *Schema, g *Trigger) (string, error) {
	return putObject(w, kindTrig, s, g.Name, g)
}

// DeleteTrigger removes a trigger record and returns its key.
func (c *Catalog) DeleteTrigger(w Writer, s *Schema, name string) string {
	return deleteObject(w, kindTrig, s, name)
}

func (c *Catalog) getObject(r Reader, kind byte, s *Schema, name string, into any) (bool, error) {
	if r == nil {
		r = c.db
	}
	v, ok, err := r.Get(objectKey(kind, s.ID, name))
	if err != nil || !ok {
		return false, err
	}
	_, js, err := recordName(v)
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(js, into); err != nil {
		return false, fmt.Errorf("catalog: corrupt record %q: %w", name, err)
	}
	return true, nil
}

func (c *Catalog) listObjects(r Reader, kind byte, s *Schema, fn func(name string, js []byte) error) error {
	if r == nil {
		r = c.db
	}
	lo := objectPrefix(kind, s.ID)
	return scan(r, lo, keyenc.PrefixEnd(lo), func(_, v []byte) error {
		name, js, err := recordName(v)
		if err != nil {
			return err
		}
		return fn(name, js)
	})
}

func putObject(w Writer, kind byte, s *Schema, name string, rec any) (string, error) {
	v, err := encodeRecord(name, rec)
	if err != nil {
		return "", err
	}
	key := objectKey(kind, s.ID, name)
	w.Set(key, v)
	return string(key), nil
}

func deleteObject(w Writer, kind byte, s *Schema, name string) string {
	key := objectKey(kind, s.ID, name)
	w.Delete(key)
	return string(key)
}
