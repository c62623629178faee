package engine

// TableColumns is the column names of the base table db.table as last
// committed; ok is false when there is no such base table (a view, a CTE,
// information_schema). The server's parse-time rewrite of GROUP BY ...
// WITH ROLLUP (server/rollupfrom.go) reads it to resolve a GROUP BY name
// against the FROM tables before the select aliases, as MySQL does; the
// planner has not seen the statement yet.
func (s *Session) TableColumns(db, table string) (names []string, ok bool) {
	if s == nil || s.eng == nil {
		return nil, false
	}
	t := s.eng.committedTable(db, table) // floatscale.go
	if t == nil {
		return nil, false
	}
	names = make([]string, len(t.Columns))
	for i := range t.Columns {
		names[i] = t.Columns[i].Name
	}
	return names, true
}
