package conformance

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	gsql "github.com/dolthub/go-mysql-server/sql"
	"golang.org/x/text/unicode/rangetable"

	"github.com/myriaddb/myriad/keyenc"
)

// keyenc derives the characters the UCA collations ignore from x/text's
// UCA 6.2.0; MySQL's unicode_ci is UCA 4.0.0 and unicode_520_ci 5.2.0,
// whose tables MariaDB shares, and its uca1400 collations (UCA 14.0.0)
// stand in for the _0900_ ones (9.0.0) on the characters Unicode 9.0.0
// has. For every character of the BMP, the SMP and plane 14's tags and
// variation selectors, MariaDB's WEIGHT_STRING is empty exactly when
// keyenc ignores the character (keyenc's ucaIgnDrop and ucaIgnAdd hold
// where the versions differ from x/text's).
func TestUCAIgnorablesAgainstMariaDB(t *testing.T) {
	db := mariaDBChars(t, 4)
	var all []rune
	for _, rg := range [][2]rune{{0, 0x1FFFF}, {0xE0000, 0xE01FF}} {
		for r := rg[0]; r <= rg[1]; r++ {
			if utf8.ValidRune(r) {
				all = append(all, r)
			}
		}
	}
	for len(all) > 0 {
		n := min(len(all), 1000)
		args := make([]any, 0, 2*n)
		for _, r := range all[:n] {
			args = append(args, int(r), string(r))
		}
		q := "INSERT INTO chars VALUES " + strings.TrimSuffix(strings.Repeat("(?,?),", n), ",")
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
		all = all[n:]
	}
	in900 := rangetable.Assigned("9.0.0")
	for _, c := range []struct {
		coll    gsql.CollationID
		maria   string
		only    *unicode.RangeTable // characters the stand-in answers for
		bmpOnly bool
	}{
		{gsql.Collation_utf8mb4_unicode_ci, "utf8mb4_unicode_ci", nil, true},
		{gsql.Collation_utf8mb4_unicode_520_ci, "utf8mb4_unicode_520_ci", nil, false},
		{gsql.Collation_utf8mb4_0900_ai_ci, "utf8mb4_uca1400_ai_ci", in900, false},
		{gsql.Collation_utf8mb4_0900_as_ci, "utf8mb4_uca1400_as_ci", in900, false},
	} {
		rows, err := db.Query(fmt.Sprintf("SELECT k, HEX(WEIGHT_STRING(s COLLATE %s)) FROM chars", c.maria))
		if err != nil {
			t.Fatal(err)
		}
		var bad []string
		ignorable := 0
		for rows.Next() {
			var k int
			var w string
			if err := rows.Scan(&k, &w); err != nil {
				t.Fatal(err)
			}
			r := rune(k)
			if c.bmpOnly && r > 0xFFFF || c.only != nil && !unicode.Is(c.only, r) {
				continue
			}
			x, ok := keyenc.ExpansionOf(c.coll, r)
			ours := ok && x == ""
			if w == "" {
				ignorable++
			}
			if ours == (w == "") {
				continue
			}
			bad = append(bad, fmt.Sprintf("U+%04X: MariaDB weighs %q, keyenc ignores it: %v", r, w, ours))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		sort.Strings(bad)
		t.Logf("%s: %d ignorable characters in MariaDB's %s", c.coll.Name(), ignorable, c.maria)
		if len(bad) > 0 {
			t.Errorf("%s: %d characters differ from MariaDB:\n%s", c.coll.Name(), len(bad),
				strings.Join(bad[:min(len(bad), 60)], "\n"))
		}
	}
}
