package sqltext

import "testing"

func TestUnwrapQuery(t *testing.T) {
	for in, want := range map[string]string{
		"(SELECT a AS col1 FROM t)":                                      " SELECT a AS col1 FROM t ",
		"  ((SELECT 1))":                                                 "    SELECT 1  ",
		"(SELECT id FROM t) LIMIT 21":                                    " SELECT id FROM t  LIMIT 21",
		"(SELECT id FROM t WHERE x = ')') ORDER BY 1;":                   " SELECT id FROM t WHERE x = ')'  ORDER BY 1;",
		"/* c */ (WITH x AS (SELECT 1) SELECT * FROM x)":                 "/* c */  WITH x AS (SELECT 1) SELECT * FROM x ",
		"((SELECT 1) UNION (SELECT 2))":                                  " (SELECT 1) UNION (SELECT 2) ",
		"(SELECT 1); (SELECT 2)":                                         " SELECT 1 ; (SELECT 2)",
		"(SELECT a FROM t WHERE b IN (SELECT c FROM u LIMIT 1)) LIMIT 2": " SELECT a FROM t WHERE b IN (SELECT c FROM u LIMIT 1)  LIMIT 2",
		// Nested pairs, each judged with the ones outside it blanked.
		"((SELECT a FROM t) LIMIT 3)":              "  SELECT a FROM t  LIMIT 3 ",
		"((SELECT a FROM t LIMIT 1) LIMIT 3)":      " (SELECT a FROM t LIMIT 1) LIMIT 3 ",
		"(((SELECT 1)) ORDER BY 1)":                "   SELECT 1   ORDER BY 1 ",
		"( /* c */ (SELECT 1) -- x\n)":             "  /* c */  SELECT 1  -- x\n ",
		"((SELECT 1) UNION (SELECT 2)) ORDER BY 1": " (SELECT 1) UNION (SELECT 2)  ORDER BY 1",
		// Clause words that are names, variables or inside a subquery.
		"(SELECT t.limit, @for FROM t) LIMIT 1":                                " SELECT t.limit, @for FROM t  LIMIT 1",
		"(SELECT a FROM t WHERE b IN (SELECT c FROM u ORDER BY c)) ORDER BY a": " SELECT a FROM t WHERE b IN (SELECT c FROM u ORDER BY c)  ORDER BY a",
		"(SELECT 'a''(' AS `x)`) # (\n":                                        " SELECT 'a''(' AS `x)`  # (\n",
		"(select 1) limit 1":                                                   " select 1  limit 1",
	} {
		got, ok := unwrapQuery(in)
		if !ok || got != want {
			t.Errorf("unwrapQuery(%q) = %q, %v; want %q", in, got, ok, want)
		}
		if len(got) != len(in) {
			t.Errorf("unwrapQuery(%q) changed the length", in)
		}
	}
	for _, in := range []string{
		"SELECT 1",
		"(SELECT 1) UNION (SELECT 2)",
		"(SELECT 1) UNION ALL SELECT 2",
		"(SELECT a FROM t LIMIT 5) LIMIT 2",
		"(SELECT a FROM t ORDER BY a) ORDER BY b",
		"(SELECT a FROM t FOR UPDATE) LIMIT 1",
		"(1) + 1",
		"(SELECT 1",
		"( SELECT 1 ) = 1",
		"((SELECT a FROM t) ORDER BY a) LIMIT 2",
		"(SELECT a INTO @x FROM t) LIMIT 1",
		"(SELECT a FROM t LOCK IN SHARE MODE) ORDER BY a",
		"(SELECT 1) LIMITS",
		"(/*!SELECT 1*/)",
		"(\fSELECT 1)",
		"()",
	} {
		if got, ok := unwrapQuery(in); ok || got != in {
			t.Errorf("unwrapQuery(%q) = %q, %v; want it unchanged", in, got, ok)
		}
	}
}
