package server

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/keyenc"
)

// TestOrderByPadSpace: ORDER BY (and ORDER BY ... LIMIT) on a string
// column sorts by the column's collation with MySQL's padding, for every
// collation sysbench's tables are made with: random strings of letters in
// both cases, accents, spaces and tabs come back in the order of their key
// encodings (keyenc.StringKey, which the sort compared before it compared
// the strings themselves), ties broken by id.
func TestOrderByPadSpace(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ps")
	alphabet := []string{"a", "A", "b", "B", " ", "\t", "é", "É", "e", "z", "ß", "s"}
	r := rand.New(rand.NewPCG(3, 4))
	for _, coll := range []string{"latin1_swedish_ci", "utf8mb4_general_ci", "utf8mb4_unicode_ci", "utf8mb4_0900_ai_ci", "utf8mb4_bin"} {
		cs := strings.SplitN(coll, "_", 2)[0]
		table := "ps.t_" + coll
		mustExec(t, db, fmt.Sprintf("CREATE TABLE %s (id INT PRIMARY KEY, c VARCHAR(20) CHARACTER SET %s COLLATE %s, h CHAR(8) CHARACTER SET %s COLLATE %s)", table, cs, coll, cs, coll))
		vals := map[int]string{}
		var rows []string
		for id := 1; id <= 120; id++ {
			var b strings.Builder
			for j := r.IntN(6); j > 0; j-- {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			vals[id] = b.String()
			rows = append(rows, fmt.Sprintf("(%d, '%s', '%s')", id, vals[id], strings.TrimRight(vals[id], " ")))
		}
		mustExec(t, db, "INSERT INTO "+table+" VALUES "+strings.Join(rows, ","))
		id, err := sql.ParseCollation(cs, coll, false)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, 0, len(vals))
		for k := range vals {
			want = append(want, k)
		}
		sort.Slice(want, func(i, j int) bool {
			c := bytes.Compare(keyenc.StringKey(id, vals[want[i]]), keyenc.StringKey(id, vals[want[j]]))
			return c < 0 || c == 0 && want[i] < want[j]
		})
		check := func(q string, want []int) {
			t.Helper()
			got := queryRows(t, db, q)
			if len(got) != len(want) {
				t.Fatalf("%s: %d rows, want %d", q, len(got), len(want))
			}
			for i, row := range got {
				if row[0] != strconv.Itoa(want[i]) {
					t.Fatalf("%s: row %d is id %s (%q), want %d (%q)", q, i, row[0], vals[atoi(row[0])], want[i], vals[want[i]])
				}
			}
		}
		check("SELECT id FROM "+table+" ORDER BY c, id", want)
		check("SELECT id FROM "+table+" ORDER BY c, id LIMIT 10", want[:10])
		desc := append([]int(nil), want...)
		sort.SliceStable(desc, func(i, j int) bool {
			c := bytes.Compare(keyenc.StringKey(id, vals[desc[i]]), keyenc.StringKey(id, vals[desc[j]]))
			return c > 0 || c == 0 && desc[i] < desc[j]
		})
		check("SELECT id FROM "+table+" ORDER BY c DESC, id", desc)
		check("SELECT id FROM "+table+" WHERE id BETWEEN 1 AND 120 ORDER BY c, id", want)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
