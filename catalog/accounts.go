package catalog

import (
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// The accounts record: GMS's mysql tables (users, grants, roles) as the one
// blob GMS serializes them to. The server hands the blob over and gets it
// back; it never reads or writes the key itself.

// accountsKey is the one place that names the record's key.
func accountsKey() []byte { return keys.Accounts("mysql_db") }

// LoadAccounts returns the persisted accounts blob; ok is false on a data
// directory that never had accounts.
func (c *Catalog) LoadAccounts() (data []byte, ok bool, err error) {
	return c.db.Get(accountsKey())
}

// SaveAccounts replaces the accounts blob and commits it by itself: GMS
// persists accounts after an account statement (CREATE/DROP USER, GRANT,
// REVOKE, SET PASSWORD) outside any kv transaction, and one record keeps
// startup a single read since accounts are few and change rarely.
func (c *Catalog) SaveAccounts(data []byte) error {
	b := kv.NewWriteBatch()
	b.Set(accountsKey(), data)
	c.version.Add(1)
	defer c.version.Add(1)
	return c.db.Apply(b)
}
