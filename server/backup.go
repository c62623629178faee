package server

import (
	"fmt"
	"regexp"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/backup"
)

// backupStmt is Myriad's admin statement for an online backup. GMS's parser
// knows no such statement, so it is recognised here before parsing; it is
// Myriad's own (MySQL has no SQL-level BACKUP), used by `myriad backup`.
//
// BACKUP TO '/dir' WITH PROGRESS streams a row per step as the backup goes
// (stage, done_bytes, total_bytes), each flushed to the client at once, then
// a last row with stage 'done' and the summary; `myriad backup` draws its
// progress bar from them.
var backupStmt = regexp.MustCompile(`(?is)^\s*BACKUP\s+TO\s+'([^'\\]*)'(\s+WITH\s+PROGRESS)?\s*;?\s*$`)

// comBackup runs BACKUP TO '/dir' when query is one: a Pebble checkpoint of
// the running store (backup.Create) while other sessions keep writing.
// Requires SUPER. The directory is on the server's machine.
func (h *handler) comBackup(c *mysql.Conn, query string, cb mysql.ResultSpoolFn) (bool, error) {
	m := backupStmt.FindStringSubmatch(query)
	if m == nil {
		return false, nil
	}
	host := ""
	if v, ok := h.srv.auth.hosts.Load(c.ConnectionID); ok {
		host = v.(string)
	}
	mdb := h.srv.sqle.Analyzer.Catalog.MySQLDb
	rd := mdb.Reader()
	u := mdb.GetUser(rd, c.User, host, false)
	rd.Close()
	if u == nil || !u.PrivilegeSet.Has(sql.PrivilegeType_Super) {
		return true, mysql.NewSQLError(mysql.ERSpecifiedAccessDenied, "42000", // MySQL's SQLSTATE for 1227
			"Access denied; you need (at least one of) the SUPER privilege(s) for this operation")
	}
	if m[2] != "" {
		return true, h.backupWithProgress(c, m[1], cb)
	}
	s, err := backup.Create(h.srv.db, m[1])
	if err != nil {
		return true, mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "%s", err.Error())
	}
	res := &sqltypes.Result{
		Fields: []*querypb.Field{
			{Name: "files", Type: querypb.Type_INT64},
			{Name: "bytes", Type: querypb.Type_INT64},
			{Name: "seconds", Type: querypb.Type_FLOAT64},
		},
		Rows: [][]sqltypes.Value{{
			sqltypes.NewInt64(int64(s.Files)), sqltypes.NewInt64(s.Bytes), sqltypes.NewFloat64(s.Seconds),
		}},
	}
	if err := cb(res, false); err != nil {
		return true, fmt.Errorf("backup: send result: %w", err)
	}
	return true, nil
}

// progressEvery is the least time between two progress rows.
const progressEvery = 200 * time.Millisecond

func (h *handler) backupWithProgress(c *mysql.Conn, dir string, cb mysql.ResultSpoolFn) error {
	fields := []*querypb.Field{
		{Name: "stage", Type: querypb.Type_VARCHAR, Charset: mysql.CharacterSetUtf8},
		{Name: "done_bytes", Type: querypb.Type_INT64},
		{Name: "total_bytes", Type: querypb.Type_INT64},
		{Name: "files", Type: querypb.Type_INT64},
		{Name: "bytes", Type: querypb.Type_INT64},
		{Name: "seconds", Type: querypb.Type_FLOAT64},
	}
	sent := false
	send := func(row []sqltypes.Value) error {
		res := &sqltypes.Result{Rows: [][]sqltypes.Value{row}}
		if !sent {
			res.Fields, sent = fields, true
		}
		if err := cb(res, false); err != nil {
			return err
		}
		return c.FlushBuffer()
	}
	var sendErr error
	last := time.Time{}
	s, err := backup.CreateProgress(h.srv.db, dir, func(stage string, done, total int64) {
		if sendErr != nil || (time.Since(last) < progressEvery && done < total) {
			return
		}
		last = time.Now()
		sendErr = send([]sqltypes.Value{sqltypes.NewVarChar(stage), sqltypes.NewInt64(done), sqltypes.NewInt64(total),
			sqltypes.NULL, sqltypes.NULL, sqltypes.NULL})
	})
	if err != nil {
		err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState, "%s", err.Error())
		if sent {
			// An error cannot follow rows: the client sees the stream end (2013).
			return fmt.Errorf("backup: %w", err)
		}
		return err
	}
	if sendErr != nil {
		return fmt.Errorf("backup: send progress: %w", sendErr)
	}
	if err := send([]sqltypes.Value{sqltypes.NewVarChar("done"), sqltypes.NewInt64(s.Bytes), sqltypes.NewInt64(s.Bytes),
		sqltypes.NewInt64(int64(s.Files)), sqltypes.NewInt64(s.Bytes), sqltypes.NewFloat64(s.Seconds)}); err != nil {
		return fmt.Errorf("backup: send result: %w", err)
	}
	return nil
}
