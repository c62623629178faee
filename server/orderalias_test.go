package server

import "testing"

// TestDistinctOrderByPosition: SELECT DISTINCT with ORDER BY the position of
// an aliased expression, as Django's QuerySet.dates()/datetimes() write it.
// GMS sorted with the expression over the projected row and failed with
// "unable to sort: unable to find field with index N in row of 1 columns".
func TestDistinctOrderByPosition(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE o")
	db := ts.connectWith("o", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE art (id INT PRIMARY KEY, title VARCHAR(10), x INT, pub DATETIME)")
	mustExec(t, db, "INSERT INTO art VALUES (1,'a',1,'2005-07-28 12:15:00'),(2,'b',2,'2005-07-29 02:15:00'),"+
		"(3,'B',2,'2005-07-29 05:15:00')")
	wantRows(t, db, "SELECT DISTINCT x + 1 AS f FROM art ORDER BY 1 DESC", "3", "2")
	wantRows(t, db, "SELECT DISTINCT x + 1 AS f FROM art ORDER BY 1 DESC LIMIT 1", "3")
	// A collated string column: PadSpace runs the DISTINCT as a GROUP BY.
	wantRows(t, db, "SELECT DISTINCT title AS f FROM art ORDER BY 1", "a", "b")
	wantRows(t, db, "SELECT DISTINCT title AS f, x * 10 AS g FROM art ORDER BY 2 DESC, 1", "b,20", "a,10")
	wantRows(t, db, "SELECT DISTINCT CAST(DATE_FORMAT(art.pub, '%Y-%m-%d 00:00:00') AS DATETIME) AS d"+
		" FROM art WHERE art.pub IS NOT NULL ORDER BY 1 DESC", "2005-07-29 00:00:00", "2005-07-28 00:00:00")
}
