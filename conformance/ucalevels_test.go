package conformance

import (
	"database/sql"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	gsql "github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/keyenc"
)

// utf8mb4_0900_as_ci compares UCA's levels one after the other: all
// primary weights, then all secondary ones (keyenc/ucalevels.go). MariaDB
// has no _0900_ collations; its utf8mb4_uca1400_nopad_as_ci (UCA 14.0.0,
// NO PAD like the _0900_ ones) stands in for MySQL's 9.0.0 on Latin
// letters, the accents Unicode 1.1 has (precomposed and combining, alone
// and stacked), expansions and ignorables, which both versions weigh
// alike. The two servers hold the same few thousand random strings:
// Myriad's ORDER BY (with and without the index), GROUP BY and an
// equality join must answer as MariaDB's.
func TestUCAMultiLevelAgainstMariaDB(t *testing.T) {
	const mariaColl = "utf8mb4_uca1400_nopad_as_ci"
	alphabet := []string{"a", "A", "b", "c", "e", "o", "s", "z", "á", "à", "â", "ä", "å", "ã", "é", "è", "ê", "ë",
		"ô", "ö", "õ", "ç", "ñ", "Á", "É", "Ö", "\u0301", "\u0300", "\u0302", "\u0308", "\u030a", "\u0303", "\u0327",
		"ß", "æ", "ø", "\x00", "\u200d", "\u00ad", "1", "-"}
	rnd := rand.New(rand.NewSource(9))
	const n = 2500
	strs := make([]string, n)
	seen := map[string]bool{}
	for i := range strs {
		for {
			var sb strings.Builder
			for l := 1 + rnd.Intn(5); l > 0; l-- {
				sb.WriteString(alphabet[rnd.Intn(len(alphabet))])
			}
			if s := sb.String(); !seen[s] {
				seen[s] = true
				strs[i] = s
				break
			}
		}
	}
	maria := mariaDBChars(t, 20)
	myr, err := sql.Open("mysql", myriadDSN(startMyriad(t), ""))
	if err != nil {
		t.Fatal(err)
	}
	defer myr.Close()
	myr.SetMaxOpenConns(1)
	for _, q := range []string{"CREATE DATABASE u", "USE u",
		"CREATE TABLE chars (k INT PRIMARY KEY, s VARCHAR(20) COLLATE utf8mb4_0900_as_ci, KEY ks (s))"} {
		if _, err := myr.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < n; i += 500 {
		args := make([]any, 0, 1000)
		for k := i; k < i+500; k++ {
			args = append(args, k, strs[k])
		}
		q := "INSERT INTO chars VALUES " + strings.TrimSuffix(strings.Repeat("(?,?),", 500), ",")
		for _, db := range []*sql.DB{maria, myr} {
			if _, err := db.Exec(q, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	all := func(db *sql.DB, q string) string {
		t.Helper()
		rows, err := db.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var a, b string
			if err := rows.Scan(&a, &b); err != nil {
				t.Fatal(err)
			}
			out = append(out, a+","+b)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return strings.Join(out, ";")
	}
	// The reference order first, to name the pairs where keyenc differs.
	want := all(maria, "SELECT k, DENSE_RANK() OVER (ORDER BY s COLLATE "+mariaColl+") FROM chars ORDER BY s COLLATE "+mariaColl+", k")
	var bad []string
	var prevK, prevRank string
	for _, kr := range strings.Split(want, ";") {
		k, rank, _ := strings.Cut(kr, ",")
		if prevK != "" {
			var a, b int
			fmt.Sscan(prevK, &a)
			fmt.Sscan(k, &b)
			wantCmp := -1
			if rank == prevRank {
				wantCmp = 0
			}
			if got := keyenc.CompareStrings(gsql.Collation_utf8mb4_0900_as_ci, strs[a], strs[b]); got != wantCmp {
				bad = append(bad, fmt.Sprintf("%+q vs %+q: keyenc %d, MariaDB %d", strs[a], strs[b], got, wantCmp))
			}
		}
		prevK, prevRank = k, rank
	}
	if len(bad) > 0 {
		t.Errorf("%d neighbours in MariaDB's order compare otherwise in keyenc:\n%s", len(bad), strings.Join(bad[:min(len(bad), 30)], "\n"))
	}
	for _, c := range []struct{ myriad, maria string }{
		{"SELECT k, 0 FROM chars ORDER BY s, k", "SELECT k, 0 FROM chars ORDER BY s COLLATE " + mariaColl + ", k"},
		{"SELECT k, 0 FROM chars FORCE INDEX (ks) WHERE s >= '' ORDER BY s, k", "SELECT k, 0 FROM chars ORDER BY s COLLATE " + mariaColl + ", k"},
		{"SELECT MIN(k), COUNT(*) FROM chars GROUP BY s ORDER BY MIN(k)",
			"SELECT MIN(k), COUNT(*) FROM chars GROUP BY s COLLATE " + mariaColl + " ORDER BY MIN(k)"},
		{"SELECT x.k, COUNT(*) FROM chars x JOIN chars y ON x.s = y.s GROUP BY x.k ORDER BY x.k",
			"SELECT x.k, COUNT(*) FROM chars x JOIN chars y ON x.s COLLATE " + mariaColl + " = y.s GROUP BY x.k ORDER BY x.k"},
	} {
		got, want := all(myr, c.myriad), all(maria, c.maria)
		if got != want {
			g, w := strings.Split(got, ";"), strings.Split(want, ";")
			i := 0
			for i < min(len(g), len(w))-1 && g[i] == w[i] {
				i++
			}
			t.Errorf("%s: %d rows, MariaDB %d; first difference at row %d: %q vs %q", c.myriad, len(g), len(w), i,
				g[min(i, len(g)-1)], w[min(i, len(w)-1)])
		}
	}
	t.Logf("%d strings in %s classes of equal ones under MariaDB's %s", n, prevRank, mariaColl)
}
