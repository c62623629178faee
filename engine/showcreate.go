package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/floattype"
)

// ShowCreateParentSchema makes SHOW CREATE TABLE name the schema of a
// foreign key's parent when it is not the table's own, as MySQL does
// (REFERENCES `other`.`p`): GMS prints the parent table alone, so a dump
// of one schema would reload the key pointing into its own schema.
// It also prints an ENUM or SET column's default as its value: GMS prints
// the stored number (DEFAULT '2' for 'published'), which a dump reloads as
// another value and ORMs (Alembic autogenerate) report as a changed default.
func ShowCreateParentSchema(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	sc, ok := n.(*plan.ShowCreateTable)
	if !ok || sc.IsView {
		return n, transform.SameTree, nil
	}
	t := tableOfNode(sc.Child)
	if t == nil {
		return n, transform.SameTree, nil
	}
	var fks []int
	for i := range t.def.FKs {
		if !strings.EqualFold(t.def.FKs[i].ParentSchema, t.db.schema.Name) {
			fks = append(fks, i)
		}
	}
	keys := append(funcIndexLines(t.def), spatialLines(t.def)...)
	floats := declaredFloats(t.def)
	if len(fks) == 0 && !hasEnumDefault(sc.TargetSchema()) && len(keys) == 0 && len(floats) == 0 && !hasQuotedComment(sc.TargetSchema()) {
		return n, transform.SameTree, nil
	}
	q := &qualifiedShowCreate{ShowCreateTable: sc, keys: keys, floats: floats}
	for _, i := range fks {
		fk := &t.def.FKs[i]
		q.lines = append(q.lines, "CONSTRAINT "+quoteIdent(fk.Name)+" FOREIGN KEY (")
		q.from = append(q.from, " REFERENCES "+quoteIdent(fk.ParentTable)+" (")
		q.to = append(q.to, " REFERENCES "+quoteIdent(fk.ParentSchema)+"."+quoteIdent(fk.ParentTable)+" (")
	}
	return q, transform.NewTree, nil
}

// hasQuotedComment: GMS prints a column's COMMENT between quotes without
// escaping it (COMMENT 'it's'), so SHOW CREATE TABLE of such a column does
// not parse and mysqldump's output cannot be reloaded.
func hasQuotedComment(s sql.Schema) bool {
	for _, c := range s {
		if strings.ContainsAny(c.Comment, `'\`) {
			return true
		}
	}
	return false
}

func hasEnumDefault(s sql.Schema) bool {
	for _, c := range s {
		if enumDefault(c) || enumQuoted(c) != nil {
			return true
		}
	}
	return false
}

// enumQuoted is an ENUM or SET column's values when one holds a quote or
// backslash, which GMS prints unescaped (enum('a's')): MySQL doubles the
// quote, and a dump must parse.
func enumQuoted(c *sql.Column) []string {
	var vals []string
	switch t := c.Type.(type) {
	case sql.EnumType:
		vals = t.Values()
	case sql.SetType:
		vals = t.Values()
	default:
		return nil
	}
	for _, v := range vals {
		if strings.ContainsAny(v, `'\`) {
			return vals
		}
	}
	return nil
}

func quoteValues(vals []string, escape bool) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		if escape {
			v = quoteString(v)
		}
		q[i] = "'" + v + "'"
	}
	return "(" + strings.Join(q, ",") + ")"
}

func quoteString(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", "''")
}

func enumDefault(c *sql.Column) bool {
	if c.Default == nil || !c.Default.IsLiteral() {
		return false
	}
	switch c.Type.(type) {
	case sql.EnumType, sql.SetType:
		return true
	}
	return false
}

// enumDefaults are the column lines' replacements of DEFAULT '<number>' by
// DEFAULT '<value>', for every ENUM or SET column with a literal default,
// and of the unescaped values and comments GMS prints by escaped ones.
func enumDefaults(ctx *sql.Context, s sql.Schema) (cols, from, to []string) {
	for _, c := range s {
		if vals := enumQuoted(c); vals != nil {
			cols = append(cols, "  "+quoteIdent(c.Name)+" ")
			from = append(from, quoteValues(vals, false))
			to = append(to, quoteValues(vals, true))
		}
		if strings.ContainsAny(c.Comment, `'\`) {
			cols = append(cols, "  "+quoteIdent(c.Name)+" ")
			from = append(from, " COMMENT '"+c.Comment+"'")
			to = append(to, " COMMENT '"+quoteString(c.Comment)+"'")
		}
		if !enumDefault(c) {
			continue
		}
		v, err := c.Default.Eval(ctx, nil)
		if err != nil || v == nil {
			continue
		}
		var text string
		switch t := c.Type.(type) {
		case sql.EnumType:
			n, ok := v.(uint16)
			if !ok {
				continue
			}
			if text, ok = t.At(int(n)); !ok {
				continue
			}
		case sql.SetType:
			n, ok := v.(uint64)
			if !ok {
				continue
			}
			if text, err = t.BitsToString(n); err != nil {
				continue
			}
		}
		cols = append(cols, "  "+quoteIdent(c.Name)+" ")
		from = append(from, fmt.Sprintf(" DEFAULT '%v'", v))
		to = append(to, " DEFAULT '"+quoteString(text)+"'")
	}
	return cols, from, to
}

// qualifiedShowCreate runs GMS's SHOW CREATE TABLE and rewrites the
// REFERENCES clause of the constraint lines it names and the defaults of
// ENUM and SET columns.
type qualifiedShowCreate struct {
	*plan.ShowCreateTable
	lines, from, to []string
	// keys are the lines of functional indexes, which GMS does not see
	// (funcindex.go): they follow GMS's key lines.
	keys []string
	// floats: the starts of FLOAT(M,D)/DOUBLE(M,D) column lines as GMS
	// prints them (`  `+"`a` float") and as MySQL does ("`a` float(7,4)").
	floats [][2]string
}

// declaredFloats are the column line starts of t's FLOAT(M,D) and
// DOUBLE(M,D) columns and of its DECIMAL, FLOAT and DOUBLE columns
// declared UNSIGNED, GMS's (whose types keep neither a float's scale nor
// those types' sign) and MySQL's.
func declaredFloats(t *catalog.Table) [][2]string {
	var out [][2]string
	for i := range t.Columns {
		c := &t.Columns[i]
		w, zf := c.Type.Zerofill()
		if zf && sqltypes.IsIntegral(c.Type.Q) {
			// GMS prints the unsigned integer without width or attribute.
			at := "  " + quoteIdent(c.Name) + " " + unsignedIntName(c.Type.Q)
			out = append(out, [2]string{at, "  " + quoteIdent(c.Name) + " " + floattype.ZerofillName(unsignedIntName(c.Type.Q), w)})
			continue
		}
		m, d, ok := c.Type.FloatScale()
		unsigned := c.Type.Unsigned()
		if !ok && !unsigned {
			continue
		}
		var name string
		switch c.Type.Q {
		case sqltypes.Float32:
			name = "float"
		case sqltypes.Float64:
			name = "double"
		default:
			// DECIMAL UNSIGNED: GMS prints decimal(p,s).
			name = fmt.Sprintf("decimal(%d,%d)", c.Type.P, c.Type.S)
		}
		at := "  " + quoteIdent(c.Name) + " " + name
		to := at
		if ok {
			to = fmt.Sprintf("%s(%d,%d)", at, m, d)
		}
		if unsigned {
			to += " unsigned"
		}
		if zf {
			to += " zerofill"
		}
		out = append(out, [2]string{at, to})
	}
	return out
}

var _ sql.ExecSourceRel = (*qualifiedShowCreate)(nil)

func (q *qualifiedShowCreate) Children() []sql.Node { return nil }

func (q *qualifiedShowCreate) WithChildren(c ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(q, c...)
}

// The With* methods GMS's later rules call (column defaults, checks)
// must keep the wrapper.
func (q *qualifiedShowCreate) rewrap(n sql.Node, err error) (sql.Node, error) {
	sc, ok := n.(*plan.ShowCreateTable)
	if err != nil || !ok {
		return n, err
	}
	c := *q
	c.ShowCreateTable = sc
	return &c, nil
}

func (q *qualifiedShowCreate) WithTargetSchema(s sql.Schema) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithTargetSchema(s))
}

func (q *qualifiedShowCreate) WithPrimaryKeySchema(s sql.PrimaryKeySchema) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithPrimaryKeySchema(s))
}

func (q *qualifiedShowCreate) WithChecks(c sql.CheckConstraints) sql.Node {
	n, _ := q.rewrap(q.ShowCreateTable.WithChecks(c), nil)
	return n
}

func (q *qualifiedShowCreate) WithAsOf(e sql.Expression) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithAsOf(e))
}

func (q *qualifiedShowCreate) WithExpressions(e ...sql.Expression) (sql.Node, error) {
	return q.rewrap(q.ShowCreateTable.WithExpressions(e...))
}

func (q *qualifiedShowCreate) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, q.ShowCreateTable, row)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, it)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r) < 2 {
			continue
		}
		text, ok := r[1].(string)
		if !ok {
			continue
		}
		ls := strings.Split(text, "\n")
		cols, from, to := enumDefaults(ctx, q.ShowCreateTable.TargetSchema())
		for i, l := range ls {
			for _, f := range q.floats {
				if rest, ok := strings.CutPrefix(l, f[0]); ok && (rest == "" || rest[0] == ' ' || rest[0] == ',') {
					ls[i] = f[1] + rest
					l = ls[i]
				}
			}
			for j := range cols {
				if strings.HasPrefix(l, cols[j]) {
					ls[i] = strings.Replace(ls[i], from[j], to[j], 1)
				}
			}
			for j := range q.lines {
				if strings.Contains(l, q.lines[j]) {
					ls[i] = strings.Replace(l, q.from[j], q.to[j], 1)
				}
			}
		}
		if len(q.keys) > 0 {
			ls = insertKeyLines(ls, q.keys)
		}
		r[1] = strings.Join(ls, "\n")
	}
	return sql.RowsToRowIter(rows...), nil
}

// unsignedIntName is GMS's name of an unsigned integer type.
func unsignedIntName(q querypb.Type) string {
	switch q {
	case sqltypes.Uint8:
		return "tinyint unsigned"
	case sqltypes.Uint16:
		return "smallint unsigned"
	case sqltypes.Uint24:
		return "mediumint unsigned"
	case sqltypes.Uint64:
		return "bigint unsigned"
	}
	return "int unsigned"
}
