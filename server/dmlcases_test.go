package server

import (
	"context"
	"database/sql"
	"testing"
)

// dmlCase is one DML statement run as text and as a prepared statement with
// one argument, against a state reset before each run: either the error
// number it fails with, or its affected rows; then the state it leaves.
type dmlCase struct {
	q, qp    string // text, prepared with one argument
	arg      any
	errNo    int // else affected
	affected int64
	want     string // joinRows of stateQ afterwards
}

// runDMLCases runs each case twice (text, then prepared), each time after
// the reset statements, and compares the outcome and stateQ's rows.
func runDMLCases(t *testing.T, db *sql.DB, reset []string, stateQ string, cases []dmlCase) {
	t.Helper()
	ctx := context.Background()
	for _, tc := range cases {
		for _, prepared := range []bool{false, true} {
			for _, q := range reset {
				mustExec(t, db, q)
			}
			q, args := tc.q, []any(nil)
			if prepared {
				q, args = tc.qp, []any{tc.arg}
			}
			r, err := db.ExecContext(ctx, q, args...)
			switch {
			case tc.errNo != 0:
				if mysqlErrNo(err) != tc.errNo {
					t.Errorf("%s %v: got %v, want error %d", q, args, err, tc.errNo)
				}
			case err != nil:
				t.Errorf("%s %v: %v", q, args, err)
				continue
			default:
				if n, _ := r.RowsAffected(); n != tc.affected {
					t.Errorf("%s %v: affected %d, want %d", q, args, n, tc.affected)
				}
			}
			if got := joinRows(queryRows(t, db, stateQ)); got != tc.want {
				t.Errorf("%s %v: rows %s, want %s", q, args, got, tc.want)
			}
		}
	}
}
