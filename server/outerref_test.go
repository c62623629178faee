package server

import (
	"database/sql"
	"fmt"
	"reflect"
	"testing"
)

// TestSubqueryOuterRefAboveGroupBy: a subquery reading a column of its outer
// query, evaluated above the GROUP BY (select list, GROUP BY alias or
// position, HAVING, ORDER BY), as Django writes GROUP BY a Subquery/Exists
// annotation and HAVING COUNT(...) = (subquery). GMS did not pass the column
// up through the GroupBy, so the subquery read whichever output column sat at
// the column's id: wrong groups and values without an error. The expected
// rows are MariaDB 10.11's over the same data.
func TestSubqueryOuterRefAboveGroupBy(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE o")
	db := ts.connectWith("o", "multiStatements=true")
	mustExec(t, db, "CREATE TABLE b (id INT PRIMARY KEY, name VARCHAR(20), k INT)")
	mustExec(t, db, "CREATE TABLE a (id INT PRIMARY KEY, b_id INT, k INT, v INT)")
	mustExec(t, db, "INSERT INTO b VALUES (1,'x',1),(2,'y',2),(3,'x',3),(4,'z',1)")
	mustExec(t, db, "INSERT INTO a VALUES (1,1,1,10),(2,2,1,20),(3,3,2,30),(4,1,3,40),(5,NULL,3,50),(6,4,2,60),(7,2,5,70)")

	for _, c := range []struct {
		q    string
		want []string
	}{
		// GROUP BY a subquery annotation, the subquery first or last
		{"SELECT (SELECT b.name FROM b WHERE b.id = a.b_id) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n",
			[]string{"NULL,1", "x,3", "y,2", "z,1"}},
		{"SELECT COUNT(*), (SELECT b.name FROM b WHERE b.id = a.b_id) AS n FROM a GROUP BY n ORDER BY n",
			[]string{"1,NULL", "3,x", "2,y", "1,z"}},
		{"SELECT (SELECT b.name FROM b WHERE b.id = a.b_id) AS n, SUM(v) FROM a GROUP BY n ORDER BY SUM(v)",
			[]string{"NULL,50", "z,60", "x,80", "y,90"}},
		{"SELECT (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c, COUNT(*) FROM a GROUP BY c ORDER BY c",
			[]string{"0,1", "1,4", "2,2"}},
		// Django's shape: GROUP BY position, a grouped subquery inside
		{"SELECT (SELECT COUNT(b.id) FROM b WHERE b.k = a.k AND b.id > 1 GROUP BY b.k) AS s, COUNT(*) AS total FROM a GROUP BY 1 ORDER BY 1",
			[]string{"NULL,1", "1,6"}},
		{"SELECT COUNT(*) AS total, (SELECT COUNT(b.id) FROM b WHERE b.k = a.k AND b.id > 1 GROUP BY b.k) AS s FROM a GROUP BY 2 ORDER BY 2",
			[]string{"1,NULL", "6,1"}},
		// GROUP BY an EXISTS annotation
		{"SELECT EXISTS(SELECT 1 FROM b WHERE b.id = a.b_id AND b.name='x') AS e, COUNT(*) FROM a GROUP BY e ORDER BY e",
			[]string{"0,4", "1,3"}},
		{"SELECT COUNT(*), SUM(v), EXISTS(SELECT 1 FROM b WHERE b.id = a.b_id AND b.name='x') AS e FROM a GROUP BY e ORDER BY e",
			[]string{"4,200,0", "3,80,1"}},
		{"SELECT SUM(v), NOT EXISTS(SELECT 1 FROM b WHERE b.k = a.k) AS e FROM a GROUP BY 2 ORDER BY 2",
			[]string{"210,0", "70,1"}},
		// a subquery over a grouped column the select list does not name
		{"SELECT SUM(v), (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c FROM a GROUP BY a.k ORDER BY 2, 1",
			[]string{"70,0", "90,1", "90,1", "30,2"}},
		{"SELECT SUM(v), (SELECT MAX(b.name) FROM b WHERE b.k = a.k) AS m FROM a GROUP BY a.k ORDER BY 1",
			[]string{"30,z", "70,NULL", "90,y", "90,x"}},
		{"SELECT SUM(v), (SELECT COUNT(*) FROM b WHERE b.k = a.k) + COUNT(*) AS c FROM a GROUP BY a.k ORDER BY 1",
			[]string{"30,4", "70,1", "90,3", "90,3"}},
		{"SELECT * FROM (SELECT SUM(v) s, (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c FROM a GROUP BY a.k) d ORDER BY 1",
			[]string{"30,2", "70,0", "90,1", "90,1"}},
		// HAVING and ORDER BY
		{"SELECT COUNT(*) FROM a GROUP BY a.k HAVING COUNT(*) = (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY 1",
			[]string{"2"}},
		{"SELECT COUNT(*) FROM a GROUP BY a.k HAVING COUNT(*) = (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY 1 LIMIT 2",
			[]string{"2"}},
		{"SELECT SUM(v) FROM a GROUP BY a.k HAVING SUM(v) > (SELECT SUM(b.id) * 10 FROM b WHERE b.k = a.k) ORDER BY 1",
			[]string{"90", "90"}},
		{"SELECT SUM(v) FROM a GROUP BY a.k HAVING (SELECT COUNT(*) FROM b WHERE b.k = a.k) > 0 ORDER BY 1",
			[]string{"30", "90", "90"}},
		{"SELECT SUM(v) FROM a GROUP BY a.k ORDER BY (SELECT COUNT(*) FROM b WHERE b.k = a.k), 1",
			[]string{"70", "90", "90", "30"}},
		// DISTINCT, and ORDER BY the alias above it
		{"SELECT DISTINCT (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c FROM a GROUP BY a.k ORDER BY 1",
			[]string{"0", "1", "2"}},
		// each part of a UNION
		{"SELECT SUM(v) s, (SELECT COUNT(*) FROM b WHERE b.k = a.k) c FROM a GROUP BY a.k UNION ALL SELECT 1, 2 ORDER BY 1, 2",
			[]string{"1,2", "30,2", "70,0", "90,1", "90,1"}},
		{"SELECT (SELECT (SELECT b.name FROM b WHERE b.id = a.b_id) FROM b b2 WHERE b2.id = 1) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n",
			[]string{"NULL,1", "x,3", "y,2", "z,1"}},
		// a derived table inside the subquery
		{"SELECT (SELECT x.n FROM (SELECT b.name n, b.id FROM b) x WHERE x.id = a.b_id) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n",
			[]string{"NULL,1", "x,3", "y,2", "z,1"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
	// prepared, as drivers send it with arguments
	var got []string
	rows, err := db.Query("SELECT (SELECT b.name FROM b WHERE b.id = a.b_id AND b.k > ?) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n", 1)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n sql.NullString
		var c int
		if err := rows.Scan(&n, &c); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s,%d", n.String, c))
	}
	if want := []string{",4", "x,1", "y,2"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("prepared: got %q, want %q", got, want)
	}
}
