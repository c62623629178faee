package conformance

import (
	"database/sql"
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

// keyenc derives its UCA expansions ('ß' weighs as "ss") from x/text's
// UCA 6.2.0 root collation; MySQL's unicode_ci is UCA 4.0.0 and
// unicode_520_ci 5.2.0, whose tables MariaDB shares. For every BMP
// character this compares MariaDB's WEIGHT_STRING of the character with
// that of the text keyenc expands it to: an expansion must weigh exactly
// as its character, and a character MariaDB gives several weights must
// expand. The characters where the UCA versions differ are listed in
// ucaVersionDifferences; any other mismatch fails.
func TestUCAExpansionsAgainstMariaDB(t *testing.T) {
	db := mariaDBChars(t, 20)
	colls := []gsql.CollationID{gsql.Collation_utf8mb4_unicode_ci, gsql.Collation_utf8mb4_unicode_520_ci,
		gsql.Collation_utf8mb4_0900_ai_ci}
	// MariaDB has no _0900_ collations; its uca1400_ai_ci (UCA 14.0.0)
	// stands in for utf8mb4_0900_ai_ci (9.0.0) on the characters Unicode
	// 9.0.0 has.
	mariaName := map[gsql.CollationID]string{gsql.Collation_utf8mb4_0900_ai_ci: "utf8mb4_uca1400_ai_ci"}
	in900 := rangetable.Assigned("9.0.0")
	// k = r for the character, r + 1<<20 for an expansion's text under
	// colls[0], r + 2<<20 under colls[1].
	var ks []any
	for r := rune(0); r < 0x10000; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		ks = append(ks, int(r), string(r))
		for i, c := range colls {
			if x, ok := keyenc.ExpansionOf(c, r); ok {
				ks = append(ks, int(r)+(i+1)<<20, x)
			}
		}
	}
	for len(ks) > 0 {
		n := min(len(ks), 2000)
		q := "INSERT INTO chars VALUES " + strings.TrimSuffix(strings.Repeat("(?,?),", n/2), ",")
		if _, err := db.Exec(q, ks[:n]...); err != nil {
			t.Fatal(err)
		}
		ks = ks[n:]
	}
	for i, c := range colls {
		ws := map[int]string{}
		name := c.Name()
		if n, ok := mariaName[c]; ok {
			name = n
		}
		rows, err := db.Query(fmt.Sprintf("SELECT k, HEX(WEIGHT_STRING(s COLLATE %s)) FROM chars", name))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var k int
			var w string
			if err := rows.Scan(&k, &w); err != nil {
				t.Fatal(err)
			}
			ws[k] = w
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		var bad []string
		expanding, knownBad := 0, 0
		known := map[rune]bool{}
		for _, r := range ucaVersionDifferences[c] {
			known[r] = true
		}
		for r := rune(0); r < 0x10000; r++ {
			w, ok := ws[int(r)]
			if !ok || c == gsql.Collation_utf8mb4_0900_ai_ci && !unicode.Is(in900, r) {
				continue
			}
			if c == gsql.Collation_utf8mb4_0900_ai_ci && r >= 0xAC00 && r <= 0xD7AF {
				// MySQL 8.0 weighs a Hangul syllable as its jamo
				// (my_decompose_hangul_syllable); MariaDB's uca1400
				// gives it weights of its own.
				continue
			}
			xw, expands := ws[int(r)+(i+1)<<20]
			several := len(w) > 4 && !implicitWeight(w)
			if known[r] {
				if expands && xw != w || !expands && several {
					knownBad++
				}
				continue
			}
			switch {
			case expands && xw != w:
				x, _ := keyenc.ExpansionOf(c, r)
				bad = append(bad, fmt.Sprintf("U+%04X expands to %q: weighs %s, the expansion %s", r, x, w, xw))
			case !expands && several:
				bad = append(bad, fmt.Sprintf("U+%04X weighs %s but does not expand", r, w))
			}
			if several {
				expanding++
			}
		}
		sort.Strings(bad)
		t.Logf("%s: %d BMP characters with several weights in MariaDB; %d known differences", c.Name(), expanding, knownBad)
		if len(bad) > 0 {
			t.Errorf("%s: %d characters differ from MariaDB: %s", c.Name(), len(bad),
				strings.Join(bad[:min(len(bad), 40)], "\n"))
		}
	}
}

// implicitWeight: w (hex) is one implicit weight, the two 16-bit units
// UCA gives a character without an entry (CJK ideographs, unassigned code
// points: a first unit FB40..FBFF), not an expansion.
func implicitWeight(w string) bool {
	return len(w) == 8 && strings.HasPrefix(w, "FB")
}

// ucaVersionDifferences lists, per collation, the BMP characters where
// keyenc's expansions and MariaDB's weights are known to differ (see
// docs/COMPATIBILITY.md): U+FDFA's 18 weights (MariaDB keeps 8); for the
// uca1400 stand-in, Malayalam chillus (U+0D54..U+0D56) and Limbu
// (U+191D, U+191E), Unicode 9.0.0 characters x/text's 6.2.0 does not know,
// and the Arabic letters with a high hamza, whose order changed after
// 6.2.0 (keyenc's ucaDrop).
var ucaVersionDifferences = map[gsql.CollationID][]rune{
	gsql.Collation_utf8mb4_unicode_520_ci: {0xFDFA},
	gsql.Collation_utf8mb4_0900_ai_ci: {0x0675, 0x0676, 0x0677, 0x0678, 0x0D54, 0x0D55, 0x0D56, 0x191D, 0x191E,
		0xFBDD, 0xFDFA},
}

// mariaDBChars starts a MariaDB with one connection to database u, which
// holds table chars (k INT PRIMARY KEY, s VARCHAR(width) utf8mb4_bin) for
// the characters a test weighs.
func mariaDBChars(t *testing.T, width int) *sql.DB {
	t.Helper()
	db, err := sql.Open("mysql", startMariaDB(t)+"?charset=utf8mb4")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	for _, q := range []string{"CREATE DATABASE u", "USE u",
		fmt.Sprintf("CREATE TABLE chars (k INT PRIMARY KEY, s VARCHAR(%d) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)", width)} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return db
}
