package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// MySQL's collation aggregation (DTCollation::aggregate and
// agg_item_collations in sql/item.cc): how the collations and derivations
// of several string operands give one, and when they give none (1267,
// 1270, 1271 "Illegal mix of collations"). GMS's ResolveCoercibility differs
// where neither side wins: two IMPLICIT columns of different collations of
// one character set resolve to the left one (MySQL: no collation, of
// derivation NONE, an error where a comparison needs one), and two EXPLICIT
// COLLATE clauses likewise (MySQL: an error wherever they meet).

// Derivations, in MySQL's numbering (which GMS's coercibility bytes share).
const (
	derivExplicit  byte = 0
	derivNone      byte = 1
	derivImplicit  byte = 2
	derivSysconst  byte = 3
	derivCoercible byte = 4
	derivNumeric   byte = 5
	derivIgnorable byte = 6
)

var derivNames = [...]string{"EXPLICIT", "NONE", "IMPLICIT", "SYSCONST", "COERCIBLE", "NUMERIC", "IGNORABLE"}

// aggFlags are MySQL's MY_COLL_* flags of an aggregation.
type aggFlags uint8

const (
	allowSupersetConv aggFlags = 1 << iota
	allowCoercibleConv
	allowNumericConv
	disallowNone
)

const (
	// forStringResult is agg_arg_charsets_for_string_result (CONCAT, CASE).
	forStringResult = allowSupersetConv | allowCoercibleConv | allowNumericConv
	// forComparison is agg_arg_charsets_for_comparison (=, LIKE, IN).
	forComparison = allowSupersetConv | allowCoercibleConv | disallowNone
	// forStringWithComparison is
	// agg_arg_charsets_for_string_result_with_comparison (REPLACE).
	forStringWithComparison = forStringResult | disallowNone
)

// dtColl is one operand's DTCollation: collation, derivation, and whether
// its repertoire is ASCII (a literal of ASCII characters, a number), which
// any character set can take.
type dtColl struct {
	coll  sql.CollationID
	deriv byte
	ascii bool
}

// latin1 is the character set MySQL gives numbers (my_charset_numeric).
var numericColl = dtColl{coll: sql.Collation_latin1_swedish_ci, deriv: derivNumeric, ascii: true}

// dtOf is e's DTCollation. Anything that is not a string (numbers, dates,
// ENUM, JSON) is NUMERIC here: it loses to every string; MySQL gives ENUM
// and JSON columns IMPLICIT collations, which is not modelled.
func dtOf(ctx *sql.Context, e sql.Expression) dtColl {
	t := e.Type()
	if t == types.Null {
		return dtColl{coll: sql.Collation_binary, deriv: derivIgnorable, ascii: true}
	}
	if !textType(t) || isTimeText(e) || isTemporalText(e) {
		// a temporal's text too (Item_temporal: DERIVATION_NUMERIC)
		return numericColl
	}
	if d, ok := e.(*decimalText); ok && !types.IsText(d.child.Type()) {
		return numericColl
	}
	c, k := Coercibility(ctx, e)
	if c == sql.Collation_Unspecified || k > derivIgnorable {
		return dtColl{coll: sql.Collation_binary, deriv: derivIgnorable, ascii: true}
	}
	d := dtColl{coll: c, deriv: k}
	if l, ok := e.(*expression.Literal); ok {
		switch v := l.Value().(type) {
		case string:
			d.ascii = isASCII(v)
		case []byte:
			d.ascii = isASCII(string(v))
		case nil:
			d.ascii = true
		}
	}
	return d
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func binSort(c sql.CollationID) bool {
	return c == sql.Collation_binary || strings.HasSuffix(c.Name(), "_bin")
}

func unicodeSet(cs sql.CharacterSetID) bool {
	switch cs {
	case sql.CharacterSet_utf8mb4, sql.CharacterSet_utf8mb3, sql.CharacterSet_utf16, sql.CharacterSet_utf16le,
		sql.CharacterSet_utf32, sql.CharacterSet_ucs2:
		return true
	}
	return false
}

// supplementSet: the character set holds characters beyond the BMP.
func supplementSet(cs sql.CharacterSetID) bool {
	switch cs {
	case sql.CharacterSet_utf8mb4, sql.CharacterSet_utf16, sql.CharacterSet_utf16le, sql.CharacterSet_utf32:
		return true
	}
	return false
}

// leftIsSuperset is MySQL's left_is_superset: right converts into left's
// character set without loss.
func leftIsSuperset(l, r dtColl) bool {
	lcs, rcs := l.coll.CharacterSet(), r.coll.CharacterSet()
	if unicodeSet(lcs) && (l.deriv < r.deriv || l.deriv == r.deriv &&
		(!unicodeSet(rcs) || lcs == sql.CharacterSet_utf8mb4 && rcs == sql.CharacterSet_utf8mb3)) {
		return true
	}
	if unicodeSet(lcs) && supplementSet(lcs) && unicodeSet(rcs) && l.deriv == r.deriv {
		return true
	}
	return r.ascii && (l.deriv < r.deriv || l.deriv == r.deriv && !l.ascii)
}

// aggregate is DTCollation::aggregate: d takes in o; true when they cannot
// be aggregated.
func (d *dtColl) aggregate(o dtColl, flags aggFlags) bool {
	if d.coll.CharacterSet() != o.coll.CharacterSet() {
		switch {
		case d.coll == sql.Collation_binary:
			if d.deriv > o.deriv {
				*d = o
			}
		case o.coll == sql.Collation_binary:
			if o.deriv <= d.deriv {
				*d = o
			}
		case flags&allowSupersetConv != 0 && leftIsSuperset(*d, o):
		case flags&allowSupersetConv != 0 && leftIsSuperset(o, *d):
			*d = o
		case flags&allowCoercibleConv != 0 && d.deriv < o.deriv && o.deriv >= derivSysconst:
		case flags&allowCoercibleConv != 0 && o.deriv < d.deriv && d.deriv >= derivSysconst:
			*d = o
		default:
			*d = dtColl{coll: sql.Collation_binary, deriv: derivNone, ascii: d.ascii && o.ascii}
			return true
		}
		d.ascii = d.ascii && o.ascii
		return false
	}
	switch {
	case d.deriv < o.deriv:
	case o.deriv < d.deriv:
		*d = o
		return false
	case d.coll == o.coll:
	case d.deriv == derivExplicit:
		*d = dtColl{coll: sql.Collation_Unspecified, deriv: derivNone}
		return true
	case binSort(d.coll) && binSort(o.coll):
		// utf8mb4_bin pads, utf8mb4_0900_bin does not: neither is chosen.
		d.deriv = derivNone
		return false
	case binSort(d.coll):
		return false
	case binSort(o.coll):
		*d = o
		return false
	default:
		d.coll, d.deriv = d.coll.CharacterSet().BinaryCollation(), derivNone
	}
	d.ascii = d.ascii && o.ascii
	return false
}

// aggregateArgs is agg_item_collations over args for the operation op
// (MySQL's function name, for the error).
func aggregateArgs(ctx *sql.Context, op string, args []sql.Expression, flags aggFlags) (dtColl, error) {
	dts := make([]dtColl, len(args))
	for i, a := range args {
		dts[i] = dtOf(ctx, a)
	}
	return aggregateDTs(ctx, op, dts, flags)
}

func aggregateDTs(ctx *sql.Context, op string, dts []dtColl, flags aggFlags) (dtColl, error) {
	if len(dts) == 0 {
		return dtColl{coll: ctx.GetCollation(), deriv: derivCoercible, ascii: true}, nil
	}
	c := dts[0]
	unknown := false
	for _, o := range dts[1:] {
		if c.aggregate(o, flags) {
			if c.deriv == derivNone && c.coll == sql.Collation_binary {
				unknown = true
				continue
			}
			return c, illegalMixError(op, dts)
		}
	}
	if unknown && c.deriv != derivExplicit || flags&disallowNone != 0 && c.deriv == derivNone {
		return c, illegalMixError(op, dts)
	}
	if flags&allowNumericConv != 0 && c.deriv == derivNumeric {
		c = dtColl{coll: ctx.GetCollation(), deriv: derivCoercible, ascii: true}
	}
	return c, nil
}

// illegalMixError is my_coll_agg_error: 1267 for two operands, 1270 for
// three, 1271 for more.
func illegalMixError(op string, dts []dtColl) error {
	name := func(d dtColl) string {
		n := "binary"
		if d.coll != sql.Collation_Unspecified {
			n = d.coll.Name()
		}
		return fmt.Sprintf("(%s,%s)", n, derivNames[d.deriv])
	}
	switch len(dts) {
	case 2:
		return &mysql.SQLError{Num: mysql.ERCantAggregate2Collations, State: "HY000",
			Message: fmt.Sprintf("Illegal mix of collations %s and %s for operation '%s'", name(dts[0]), name(dts[1]), op)}
	case 3:
		return &mysql.SQLError{Num: mysql.ERCantAggregate3Collations, State: "HY000",
			Message: fmt.Sprintf("Illegal mix of collations %s, %s, %s for operation '%s'", name(dts[0]), name(dts[1]), name(dts[2]), op)}
	}
	return &mysql.SQLError{Num: mysql.ERCantAggregateNCollations, State: "HY000",
		Message: fmt.Sprintf("Illegal mix of collations for operation '%s'", op)}
}

// stringResultFuncs aggregate all their arguments for their result's
// collation (agg_arg_charsets_for_string_result; a numeric argument such as
// LPAD's length is NUMERIC and never decides). Two EXPLICIT collations meet
// in them as an error; two IMPLICIT ones give NONE, an error only where a
// comparison then needs the result's collation.
var stringResultFuncs = map[string]bool{
	"concat": true, "concat_ws": true, "insert": true, "lpad": true, "rpad": true, "elt": true,
	"make_set": true, "export_set": true,
	"lower": true, "upper": true, "lcase": true, "ucase": true, "left": true, "right": true,
	"substring": true, "substr": true, "mid": true, "reverse": true, "repeat": true,
	"ltrim": true, "rtrim": true,
}

// comparisonFuncs compare their first two arguments as strings
// (agg_arg_charsets_for_comparison).
var comparisonFuncs = map[string]bool{
	"strcmp": true, "find_in_set": true, "locate": true, "instr": true, "position": true,
}

// CollationMix is MySQL's refusal of e, an operation on strings whose
// collations do not aggregate (1267, 1270 or 1271 "Illegal mix of
// collations"): two IMPLICIT columns of different collations of one
// character set compared (=, LIKE, IN, BETWEEN, STRCMP, FIND_IN_SET,
// LOCATE, INSTR) or searched (REPLACE, SUBSTRING_INDEX, TRIM), two EXPLICIT
// COLLATE clauses anywhere, a CONCAT of such columns compared with anything.
// GMS picked one of the collations. engine/padspace.go calls it on every
// expression of a plan.
func CollationMix(ctx *sql.Context, e sql.Expression) error {
	op, args, flags := mixOperands(e)
	if op == "" {
		return nil
	}
	_, err := aggregateArgs(ctx, op, args, flags)
	return err
}

func mixOperands(e sql.Expression) (string, []sql.Expression, aggFlags) {
	switch c := e.(type) {
	case *expression.Like:
		return bothText("like", c.LeftChild, c.RightChild)
	case *expression.Equals:
		return bothText("=", c.Left(), c.Right())
	case *expression.NullSafeEquals:
		return bothText("<=>", c.Left(), c.Right())
	case *expression.LessThan:
		return bothText("<", c.Left(), c.Right())
	case *expression.GreaterThan:
		return bothText(">", c.Left(), c.Right())
	case *expression.LessThanOrEqual:
		return bothText("<=", c.Left(), c.Right())
	case *expression.GreaterThanOrEqual:
		return bothText(">=", c.Left(), c.Right())
	case *expression.Between:
		return allText("between", forComparison, c.Val, c.Lower, c.Upper)
	case *expression.InTuple:
		return inOperands(c.Left(), c.Right())
	case *expression.HashInTuple:
		ch := c.Children()
		return inOperands(ch[0], ch[1])
	}
	f, ok := e.(sql.FunctionExpression)
	if !ok {
		return "", nil, 0
	}
	name := f.FunctionName()
	ch := e.Children()
	switch {
	case comparisonFuncs[name] && len(ch) >= 2:
		return bothText(name, ch[0], ch[1])
	case name == "replace":
		return name, ch, forStringWithComparison
	case name == "substring_index" && len(ch) >= 2:
		return name, ch[:2], forStringWithComparison
	case name == "trim" && len(ch) == 2:
		// TRIM(remstr FROM str): MySQL names remstr first.
		return name, []sql.Expression{ch[1], ch[0]}, forStringWithComparison
	case stringResultFuncs[name] && len(ch) >= 2:
		return name, stringArgs(name, ch), forStringResult
	}
	return "", nil, 0
}

// stringArgs are the arguments of a string function that MySQL aggregates
// (LPAD's string and padding, not its length), which its error names.
func stringArgs(name string, ch []sql.Expression) []sql.Expression {
	pick := func(is ...int) []sql.Expression {
		out := make([]sql.Expression, 0, len(is))
		for _, i := range is {
			if i < len(ch) {
				out = append(out, ch[i])
			}
		}
		return out
	}
	switch name {
	case "lpad", "rpad":
		return pick(0, 2)
	case "insert":
		return pick(0, 3)
	case "elt", "make_set":
		return ch[1:]
	case "export_set":
		return pick(1, 2, 3)
	case "concat", "concat_ws":
		return ch
	}
	return ch[:1]
}

func bothText(op string, l, r sql.Expression) (string, []sql.Expression, aggFlags) {
	return allText(op, forComparison, l, r)
}

// allText: the operands if all are strings (else the comparison is not of
// strings and has no collation).
func allText(op string, flags aggFlags, args ...sql.Expression) (string, []sql.Expression, aggFlags) {
	for _, a := range args {
		if !types.IsText(a.Type()) {
			return "", nil, 0
		}
	}
	return op, args, flags
}

func inOperands(left, right sql.Expression) (string, []sql.Expression, aggFlags) {
	tup, ok := right.(expression.Tuple)
	if !ok {
		return "", nil, 0
	}
	return allText("in", forComparison, append([]sql.Expression{left}, tup...)...)
}

// derivedAggregate is the collation and derivation of a string function
// that aggregates its arguments (CONCAT, REPLACE, LOWER, ...), false for
// any other expression or when the arguments do not aggregate (CollationMix
// refuses those).
func derivedAggregate(ctx *sql.Context, e sql.Expression) (sql.CollationID, byte, bool) {
	f, ok := e.(sql.FunctionExpression)
	if !ok || !types.IsText(e.Type()) {
		return 0, 0, false
	}
	name := f.FunctionName()
	if !stringResultFuncs[name] && name != "replace" && name != "substring_index" && name != "trim" {
		return 0, 0, false
	}
	ch := e.Children()
	if len(ch) == 0 {
		return 0, 0, false
	}
	d, err := aggregateArgs(ctx, name, ch, forStringResult)
	if err != nil || d.coll == sql.Collation_Unspecified {
		return 0, 0, false
	}
	return d.coll, d.deriv, true
}

// Derived is an expression with the collation and derivation MySQL gives
// it, for GMS code that asks its operands (sql.GetCoercibility): LIKE
// matches in its operands' resolved collation, which GMS resolves with its
// own rules from types (CONCAT(COALESCE(c, c), COALESCE(NULL, 'a')) LIKE
// 'A' matched in utf8mb4_0900_bin, not c's utf8mb4_0900_ai_ci).
type Derived struct {
	child sql.Expression
	coll  sql.CollationID
	deriv byte
}

var _ sql.Expression = (*Derived)(nil)
var _ sql.CollationCoercible = (*Derived)(nil)

func (d *Derived) Resolved() bool             { return d.child.Resolved() }
func (d *Derived) IsNullable() bool           { return d.child.IsNullable() }
func (d *Derived) Type() sql.Type             { return d.child.Type() }
func (d *Derived) Children() []sql.Expression { return []sql.Expression{d.child} }
func (d *Derived) String() string             { return d.child.String() }
func (d *Derived) DebugString() string {
	return fmt.Sprintf("derived(%s, %s, %s)", sql.DebugString(d.child), d.coll, derivNames[d.deriv])
}
func (d *Derived) Eval(ctx *sql.Context, row sql.Row) (any, error) { return d.child.Eval(ctx, row) }
func (d *Derived) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return d.coll, d.deriv
}

func (d *Derived) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	return &Derived{child: children[0], coll: d.coll, deriv: d.deriv}, nil
}

// LikeCollation is the collation x LIKE p matches in: x's and p's
// aggregated as a comparison's operands.
func LikeCollation(ctx *sql.Context, l *expression.Like) (sql.CollationID, byte, error) {
	d, err := aggregateArgs(ctx, "like", []sql.Expression{l.LeftChild, l.RightChild}, forComparison)
	return d.coll, d.deriv, err
}

// CollateLike makes l match in MySQL's collation for it (LikeCollation)
// where GMS's own resolution picks another one, by giving both operands
// that collation (Derived); unchanged (false) otherwise.
func CollateLike(ctx *sql.Context, l *expression.Like) (sql.Expression, bool, error) {
	if !textType(l.LeftChild.Type()) || !textType(l.RightChild.Type()) {
		return l, false, nil
	}
	coll, deriv, err := LikeCollation(ctx, l)
	if err != nil {
		return nil, false, err
	}
	if gms, _ := l.CollationCoercibility(ctx); gms == coll || coll == sql.Collation_Unspecified {
		return l, false, nil
	}
	ne, err := l.WithChildren(&Derived{child: l.LeftChild, coll: coll, deriv: deriv},
		&Derived{child: l.RightChild, coll: coll, deriv: deriv})
	return ne, err == nil, err
}

// textType: t is a character string type, GMS's or one of Myriad's
// wrappers around one (types.IsText asserts GMS's concrete type, so a
// scalar subquery's MIN of a utf8mb4_bin column was no text here and its
// LIKE matched case-insensitively: TestOracles seed 1795937892335844905).
func textType(t sql.Type) bool {
	if types.IsText(t) {
		return true
	}
	st, ok := t.(sql.StringType)
	if !ok || st.Collation() == sql.Collation_binary {
		return false
	}
	switch t.Type() {
	case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
		return true
	}
	return false
}

// IsField reports whether e is FIELD(key, a, ...), whose children are its
// comparisons key = a, ... .
func IsField(e sql.Expression) bool {
	_, ok := e.(*field)
	return ok
}

// ComparisonCollation is the one collation MySQL compares all of args in
// when they are all strings (agg_arg_charsets_for_comparison, as
// Item_func_field::resolve_type does over all its arguments); false when
// some operand is not a string; an error when they do not aggregate.
func ComparisonCollation(ctx *sql.Context, op string, args []sql.Expression) (sql.CollationID, bool, error) {
	op, args, flags := allText(op, forComparison, args...)
	if op == "" {
		return 0, false, nil
	}
	d, err := aggregateArgs(ctx, op, args, flags)
	if err != nil {
		return 0, false, err
	}
	return d.coll, d.coll != sql.Collation_Unspecified, nil
}
