package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// functions answers for names whose GMS built-in is wrong or missing.
var functions = function.Registry{
	"sum": sql.Function1{Name: "sum", Fn: newSum},
	// MySQL's synonyms of USER(), missing from GMS (1305).
	"session_user":  sql.Function0{Name: "session_user", Fn: function.NewUser},
	"system_user":   sql.Function0{Name: "system_user", Fn: function.NewUser},
	"avg":           sql.Function1{Name: "avg", Fn: newAvg},
	"addtime":       sql.FunctionN{Name: "addtime", Fn: newAddTime},
	"subtime":       sql.FunctionN{Name: "subtime", Fn: newSubTime},
	"timestamp":     sql.FunctionN{Name: "timestamp", Fn: newTimestamp},
	"conv":          sql.Function3{Name: "conv", Fn: newConv},
	"hex":           sql.Function1{Name: "hex", Fn: newHex}, // hexnum.go
	"bin":           sql.Function1{Name: "bin", Fn: newBin}, // hexnum.go
	"oct":           sql.Function1{Name: "oct", Fn: newOct}, // hexnum.go
	"field":         sql.FunctionN{Name: "field", Fn: newField},
	"lpad":          sql.FunctionN{Name: "lpad", Fn: newLPad},
	"concat":        sql.FunctionN{Name: "concat", Fn: newConcat},      // its result type (concattype.go)
	"concat_ws":     sql.FunctionN{Name: "concat_ws", Fn: newConcatWS}, // concatws.go
	"rpad":          sql.FunctionN{Name: "rpad", Fn: newRPad},
	"locate":        sql.FunctionN{Name: "locate", Fn: newLocate},
	"instr":         sql.Function2{Name: "instr", Fn: newInstr},
	"round":         sql.FunctionN{Name: "round", Fn: newRound},
	"truncate":      sql.Function2{Name: "truncate", Fn: newTruncate},
	"makedate":      sql.Function2{Name: "makedate", Fn: newMakeDate},
	"greatest":      sql.FunctionN{Name: "greatest", Fn: newGreatest},
	"least":         sql.FunctionN{Name: "least", Fn: newLeast},
	"nullif":        sql.Function2{Name: "nullif", Fn: newNullIf},
	"strcmp":        sql.Function2{Name: "strcmp", Fn: newStrCmp},
	"sign":          sql.Function1{Name: "sign", Fn: newSign},
	"week":          sql.FunctionN{Name: "week", Fn: newWeek},
	"from_unixtime": sql.FunctionN{Name: "from_unixtime", Fn: newFromUnixtime},
	// Through the session's time zone (timezone.go).
	"unix_timestamp": sql.FunctionN{Name: "unix_timestamp", Fn: newUnixTimestampInt},
	"convert_tz":     sql.FunctionN{Name: "convert_tz", Fn: newConvertTz},
	"curdate":        sql.Function0{Name: "curdate", Fn: newCurDateValue("curdate")},
	"current_date":   sql.Function0{Name: "current_date", Fn: newCurDateValue("current_date")},
	// MySQL's result types and string arguments (typefix.go).
	"ceil":    sql.Function1{Name: "ceil", Fn: newCeil},
	"ceiling": sql.Function1{Name: "ceiling", Fn: newCeil},
	"floor":   sql.Function1{Name: "floor", Fn: newFloor},
	"upper":   fixed("upper", nil, stringResult, asText),
	"ucase":   fixed("ucase", nil, stringResult, asText),
	"lower":   fixed("lower", nil, stringResult, asText),
	"lcase":   fixed("lcase", nil, stringResult, asText),
	"reverse": fixed("reverse", nil, stringResult, asText),
	"right":   fixed("right", numberAsText, stringResult, asText),
	"left":    fixed("left", numberAsText, stringResult, asText),
	"format":  sql.FunctionN{Name: "format", Fn: newFormat}, // format.go
	// strfix.go
	"inet_aton":       sql.Function1{Name: "inet_aton", Fn: newInetAton},
	"from_base64":     sql.Function1{Name: "from_base64", Fn: newFromBase64},
	"soundex":         sql.Function1{Name: "soundex", Fn: newSoundex},
	"substring_index": sql.Function3{Name: "substring_index", Fn: newSubstringIndex},
	"repeat":          fixed("repeat", repeatArgs, stringResult, asText), // mathrange.go
	"quote":           fixed("quote", nil, stringResult, quoteNull),
	"crc32":           fixed("crc32", textArg, fixedType(types.Uint32), nil),
	"cos":             libm("cos", libmCos),
	"sin":             libm("sin", libmSin),
	"tan":             libm("tan", libmTan),
	"cot":             realFunction("cot", 1, realCot), // mathrange.go
	"acos":            libm("acos", libmAcos),
	"asin":            libm("asin", libmAsin),
	"atan":            libm("atan", libmAtan),
	"radians":         realFunction("radians", 1, realRadians),
	"degrees":         realFunction("degrees", 1, realDegrees),
	"log10":           fixed("log10", numericArg, fixedType(types.Float64), nil),
	"log2":            fixed("log2", numericArg, fixedType(types.Float64), nil),
	"ln":              fixed("ln", numericArg, fixedType(types.Float64), nil),
	"exp":             realFunction("exp", 1, realExp),
	"pow":             realFunction("pow", 2, realPow),
	"power":           realFunction("power", 2, realPow),
	"sqrt":            fixed("sqrt", numericArg, fixedType(types.Float64), nil),
	// MySQL's JSON path semantics (jsonpath.go).
	"json_extract":       sql.FunctionN{Name: "json_extract", Fn: newJSONExtract},
	"json_contains_path": sql.FunctionN{Name: "json_contains_path", Fn: newJSONContainsPath},
	// NULL while a view's schema is lent (lentdb.go).
	"database": sql.Function0{Name: "database", Fn: newDatabase},
	"schema":   sql.Function0{Name: "schema", Fn: newDatabase},
}

// Replace swaps the GMS expression nodes of n (and of its subqueries) for
// this package's, then gives every column reference to a replaced
// expression the replacement's type: GMS's planner copies an expression's
// type into the references to it when it builds the plan (and declares every
// SUM/AVG reference DOUBLE), so without this a DECIMAL SUM would still reach
// the client as a DOUBLE column.
func Replace(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if err := onlyFullGroupBy(ctx, n); err != nil {
		return n, transform.SameTree, err
	}
	n, same, err := replaceOnly(ctx, n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same1, err := storeConversions(n) // storeconv.go
	if err != nil {
		return n, transform.SameTree, err
	}
	same = same && same1
	n, same2, err := retype(n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same3, err := zeroDates(ctx, n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same4, err := divZeros(ctx, n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same5, err := jsonInsertDocs(n) // jsonkinds.go
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same6, err := insertRanges(ctx, n) // insertrange.go
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same7, err := intoUserVars(n) // uservartext.go
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same8, err := stringConditions(n) // strtruth.go
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same9, err := enumSubquerySorts(n) // enumcmp.go
	return n, same && same2 && same3 && same4 && same5 && same6 && same7 && same8 && same9, err
}

// replaceOnly is Replace without retyping references, for plans whose
// column references no longer carry column IDs (after GMS's
// assignExecIndexes).
func replaceOnly(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ignore := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.Update:
			ignore = ignore || n.Ignore
		case *plan.InsertInto:
			ignore = ignore || n.Ignore
		}
		return true
	})
	n, same, err := saturateTopN(n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same2, err := replaceBottomUp(ctx, n, ignore) // derivedref.go
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same3, err := unionBranchTypes(n) // branchcoll.go
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same4, err := selectListDoubles(n) // deccmpselect.go
	return n, same && same2 && same3 && same4, err
}

// ReplaceComparisons converts the string side of string-to-number
// comparisons (=, <, >, <=, >=, IN, BETWEEN) in n and its subqueries.
//
// It also retypes references to this package's aggregates: the once-before
// batch is where GMS fixes the column types of CREATE TABLE ... SELECT and of
// UNIONs from the plan, and column references still carry their IDs there.
func ReplaceComparisons(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	// Before any rewrite of the UNION's sides: it finds ORDER BY items
	// among their projections by identity.
	n, same0, err := unionOrderByConstant(n) // unionorder.go
	if err != nil {
		return n, transform.SameTree, err
	}
	late, nested := setOpDerivedColumns(n) // setopcmp.go
	n, same, err := replaceComparisons(ctx, n, func(e sql.Expression) bool {
		return !readsColumns(e, late) && !readsColumns(e, nested)
	})
	if err != nil {
		return n, transform.SameTree, err
	}
	n, sameMM, err := enumMinMaxes(n) // enumminmax.go
	if err != nil {
		return n, transform.SameTree, err
	}
	same = same && same0 && sameMM
	// References to this package's aggregates get their types first: a
	// UNION side's SUM(decimal) column is still GMS's DOUBLE here, and
	// unionColumns reads the sides' types (SUM(d) UNION SELECT 1 was
	// DOUBLE, 1 for MySQL's 1.00).
	n, same1, err := retype(n)
	if err != nil {
		return n, transform.SameTree, err
	}
	same = same && same1
	n, same3, err := unionColumns(ctx, n)
	if err != nil {
		return n, transform.SameTree, err
	}
	if late.Len() > 0 {
		var sameD bool
		n, sameD, err = derivedUnionColumns(ctx, n) // setopcmp.go
		if err != nil {
			return n, transform.SameTree, err
		}
		same3 = same3 && transform.TreeIdentity(sameD)
	}
	n, same4, err := nullDerived(n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same5, err := unionNulls(n) // unionnull.go
	if err != nil {
		return n, transform.SameTree, err
	}
	same3 = same3 && same4 && same5
	n, same2, err := retype(n)
	if err != nil || late.Len() == 0 {
		return n, same && same2 && same3, err
	}
	n, same6, err := lateComparisons(ctx, n, late, nested) // setopcmp.go
	return n, same && same2 && same3 && same6, err
}

// replaceComparisons converts the comparisons in n for which now reports
// true (and, for every expression, what must be typed before UNION and
// CREATE TABLE ... SELECT read the plan's types).
func replaceComparisons(ctx *sql.Context, n sql.Node, now func(sql.Expression) bool) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch e := e.(type) {
		case *exactDecimalLiteral:
			return e.child, transform.NewTree, nil
		case *sumAvg:
			// Before CREATE TABLE ... SELECT and UNION take AVG's type.
			if e.avg && e.incr != divIncrement(ctx) {
				na := *e
				na.incr = divIncrement(ctx)
				return &na, transform.NewTree, nil
			}
		case *expression.Div:
			// Likewise for a division's (integer and DECIMAL operands;
			// the rest waits for Replace's conversions).
			if r, ok := newDecDiv(ctx, e); ok {
				return r, transform.NewTree, nil
			}
		case *plan.Subquery:
			q, same, err := replaceComparisons(ctx, e.Query, now)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return e.WithQuery(q), transform.NewTree, nil
		case *expression.Case:
			// Before its operands' markers are read as GMS reads them.
			if ne, ok := hexComparison(e); ok { // hexcmp.go
				return ne, transform.NewTree, nil
			}
		case *expression.InTuple, *expression.HashInTuple, *expression.Between,
			*expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
			*expression.LessThanOrEqual, *expression.GreaterThanOrEqual, *plan.InSubquery:
			if !now(e) {
				return e, transform.SameTree, nil
			}
			// Here only, before GMS projects the arguments of aggregates
			// (found again by their text), not in Replace's late pass.
			if ne, ok := intConstArgs(ctx, e); ok { // intconst.go
				r, _, err := replaceExpr(ctx, ne, false)
				return r, transform.NewTree, err
			}
			return replaceExpr(ctx, e, false)
		}
		return e, transform.SameTree, nil
	})
}

func replaceExpr(ctx *sql.Context, e sql.Expression, ignore bool) (sql.Expression, transform.TreeIdentity, error) {
	ne, wrapped := timeTextArgs(e)
	ne, subWrapped := enumSubqueryArgs(ne) // enumcmp.go
	ne, enumWrapped := enumCompareArgs(ne) // enumcmp.go
	enumWrapped = enumWrapped || subWrapped
	ne, yearWrapped := yearCompareArgs(ne) // yearcmp.go
	r, same, err := replaceExprOnce(ctx, ne, ignore)
	if (wrapped || enumWrapped || yearWrapped) && err == nil {
		same = transform.NewTree
	}
	if c, ok := r.(*expression.Convert); ok && err == nil {
		// After the cast's own rewrites (its argument's text).
		if w, ok := newCastCharN(c); ok { // castcharn.go
			r, same = w, transform.NewTree
		}
	}
	return r, same, err
}

func replaceExprOnce(ctx *sql.Context, e sql.Expression, ignore bool) (sql.Expression, transform.TreeIdentity, error) {
	if ne, ok := hexComparison(e); ok { // hexcmp.go
		r, _, err := replaceExprOnce(ctx, ne, ignore)
		return r, transform.NewTree, err
	}
	if h, ok := e.(*hexLiteral); ok {
		// Left by a comparison that never came here: GMS's reading.
		return h.child, transform.NewTree, nil
	}
	if ne, ok := stringConditionArgs(e); ok { // strtruth.go
		r, _, err := replaceExprOnce(ctx, ne, ignore)
		return r, transform.NewTree, err
	}
	if ne, ok := temporalNumericArgs(e); ok { // temporalargs.go
		r, _, err := replaceExprOnce(ctx, ne, ignore)
		return r, transform.NewTree, err
	}
	if ne, ok := newCollatedResult(ctx, e); ok { // collatedresult.go
		return ne, transform.NewTree, nil
	}
	if ne, ok := bitAggArg(e); ok { // bitnum.go
		r, _, err := replaceExprOnce(ctx, ne, ignore)
		return r, transform.NewTree, err
	}
	if ne, ok := byteStringArgs(e); ok { // bytewise.go
		r, _, err := replaceExprOnce(ctx, ne, ignore)
		return r, transform.NewTree, err
	}
	if ne, ok := jsonOperands(e); ok { // jsonkinds.go
		r, _, err := replaceExprOnce(ctx, ne, ignore)
		return r, transform.NewTree, err
	}
	switch e.(type) {
	case *expression.Arithmetic, *expression.Div, *expression.IntDiv, *expression.Mod:
		if ne := temporalOperands(e); ne != e {
			r, _, err := replaceExpr(ctx, ne, ignore)
			return r, transform.NewTree, err
		}
		if ne := innerDivs(e); ne != e {
			r, _, err := replaceExpr(ctx, ne, ignore)
			return r, transform.NewTree, err
		}
	case *decDiv, *decArith:
		// Converted before (ReplaceComparisons, or a pass before this).
		if ne := innerDivs(e); ne != e {
			r, _, err := replaceExpr(ctx, ne, ignore)
			return r, transform.NewTree, err
		}
	case *sumAvg, *round, *expression.Convert, *castDecimal:
		// Aggregated, rounded and cast from all the digits (MySQL's
		// val_decimal): SUM(1/3) over two rows is 0.6667, not 0.6666;
		// CAST(1/3 AS DECIMAL(10,5)) 0.33333. A cast to a string keeps the
		// rounded text.
		if c, ok := e.(*expression.Convert); ok && !types.IsDecimal(c.Type()) {
			break
		}
		if ne := innerDivs(e); ne != e {
			r, _, err := replaceExpr(ctx, ne, ignore)
			return r, transform.NewTree, err
		}
	}
	switch e := e.(type) {
	case *function.Char:
		return &charFunc{e}, transform.NewTree, nil
	case *expression.ConvertUsing:
		return &convertUsing{e}, transform.NewTree, nil // convertusing.go
	case *expression.Like:
		if r, ok, err := withLikeEscape(e); err != nil || ok { // likeescape.go
			return r, transform.NewTree, err
		}
	case *plan.Subquery:
		q, same, err := Replace(ctx, e.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return e.WithQuery(q), transform.NewTree, nil
	case *expression.Arithmetic:
		if r := newDateArith(e); r != e {
			return r, transform.NewTree, nil
		}
		if isInt(e.LeftChild.Type()) && isInt(e.RightChild.Type()) {
			return &arith{left: e.LeftChild, right: e.RightChild, op: e.Op}, transform.NewTree, nil
		}
		if r := newRealResult(e); r != sql.Expression(e) {
			return r, transform.NewTree, nil
		}
		if types.IsDecimal(e.Type()) {
			return &decArith{e}, transform.NewTree, nil
		}
		return checkFinite(stringOperandsAsDouble(e))
	case *expression.Div:
		if r, ok := newDecDiv(ctx, e); ok {
			return r, transform.NewTree, nil
		}
		ne, same, err := stringOperandsAsDouble(e)
		if err == nil {
			if r := newRealResult(ne); r != ne {
				ne, same = r, transform.NewTree
			}
		}
		return checkFinite(ne, same, err)
	case *sumAvg:
		if e.avg && e.incr != divIncrement(ctx) {
			na := *e
			na.incr = divIncrement(ctx)
			return &na, transform.NewTree, nil
		}
	case *function.FindInSet:
		if r := newSetMember(e); r != nil { // findinset.go
			return r, transform.NewTree, nil
		}
		return &findInSetEmpty{e}, transform.NewTree, nil
	case *function.Extract:
		return &extractFn{e}, transform.NewTree, nil // extract.go
	case *function.TimestampDiff:
		// Built by the planner from the parser's node, not the registry.
		cs := e.Children()
		return newTimestampDiff(cs[0], cs[1], cs[2]), transform.NewTree, nil
	case *function.DateAdd, *function.DateSub:
		if r := newDateArith(e); r != e {
			return r, transform.NewTree, nil
		}
	case *expression.SetField:
		if r := storeConvertedSet(e); r != nil { // storeconv.go
			return r, transform.NewTree, nil
		}
		if r := jsonSetDoc(e); r != nil { // jsonkinds.go
			return r, transform.NewTree, nil
		}
		if r := userVarSet(e); r != nil { // uservartext.go
			return r, transform.NewTree, nil
		}
		if r := userVarStringSet(e); r != nil { // uservarcoll.go
			return r, transform.NewTree, nil
		}
		if r := lastInsertSetField(e); r != nil { // lastinsertvar.go
			return r, transform.NewTree, nil
		}
		if r := nonStrictSet(ctx, e, ignore); r != nil { // nonstrict.go
			return r, transform.NewTree, nil
		}
		if r := yearStoreSet(e); r != nil { // yearstore.go
			return r, transform.NewTree, nil
		}
		if r := rangeCheckedSet(e, ignore); r != sql.Expression(e) {
			return r, transform.NewTree, nil
		}
	case *gmsjson.JSONExtract:
		// -> and ->> are built as GMS's node, not through the registry.
		return &jsonExtract{e}, transform.NewTree, nil
	case *gmsjson.JSONUnquote:
		// ->> too (jsonkinds.go).
		return newJSONUnquote(e.Child), transform.NewTree, nil
	case *expression.BitOp:
		if bitOperandType(e.LeftChild.Type()) && bitOperandType(e.RightChild.Type()) {
			return &bitOp{e}, transform.NewTree, nil
		}
		if b := temporalBitOperands(e); b != nil { // bitnum.go
			return b, transform.NewTree, nil
		}
	case *expression.IntDiv:
		if isInt(e.LeftChild.Type()) && isInt(e.RightChild.Type()) {
			return newIntDiv(e.LeftChild, e.RightChild, false), transform.NewTree, nil
		}
		if isNumber(e.LeftChild.Type()) && isNumber(e.RightChild.Type()) {
			return &fracDiv{e}, transform.NewTree, nil
		}
		return stringOperandsAsDouble(e)
	case *expression.Mod:
		if isInt(e.LeftChild.Type()) && isInt(e.RightChild.Type()) {
			return newIntDiv(e.LeftChild, e.RightChild, true), transform.NewTree, nil
		}
		ne, same, err := stringOperandsAsDouble(e)
		if err == nil {
			if r := newRealResult(ne); r != ne {
				ne, same = r, transform.NewTree
			}
			if r := newFmod(ne); r != ne {
				ne, same = r, transform.NewTree
			}
		}
		return ne, same, err
	case *function.Hour, *function.Minute, *function.Second, *function.Microsecond, *function.TimeToSec:
		ne, changed, err := timePart(e)
		if err != nil || !changed {
			return e, transform.SameTree, err
		}
		return ne, transform.NewTree, nil
	case *function.Day, *function.Month, *function.Year, *function.Quarter, *function.DayOfWeek,
		*function.Weekday, *function.DayName, *function.MonthName, *function.DayOfYear,
		*function.ToDays, *function.WeekOfYear, *function.YearWeek, *function.LastDay,
		*function.Date, *dateFunc, *function.DateFormat:
		return newDatePart(e), transform.NewTree, nil // datepart.go
	case *function.Now, *function.UTCTimestamp:
		if r, ok := nowPrecision(e); ok {
			return r, transform.NewTree, nil
		}
	case *expression.Not:
		if e.Child.Type() == types.Null {
			// NOT NULL is an integer NULL in MySQL; GMS typed it NULL.
			return &fixedFn{inner: e, typ: fixedType(types.Int64)}, transform.NewTree, nil
		}
	case *expression.UserVar:
		if r := retypeUserVar(e); r != sql.Expression(e) {
			return r, transform.NewTree, nil
		}
	case *expression.SystemVar:
		if err := sysVarScopeErr(e); err != nil { // lastinsertvar.go
			return e, transform.SameTree, err
		}
		if r := lastInsertRead(e); r != nil { // lastinsertvar.go
			return r, transform.NewTree, nil
		}
	case *expression.UnaryMinus:
		if r := newTemporalNum(e.Child); r != e.Child {
			// MySQL negates a temporal's number (Item_func_neg reads its
			// argument in numeric context: -DATE'2024-01-02' is -20240102);
			// GMS answered 0, or failed with 1105 for a DATETIME column.
			nr, _, err := replaceExprOnce(ctx, expression.NewUnaryMinus(r), ignore)
			return nr, transform.NewTree, err
		}
		if types.IsBit(e.Child.Type()) {
			// A BIT is an unsigned integer (Field_bit, INT_RESULT): its
			// negation is a BIGINT; GMS stored -5 back into BIT(8), 1105.
			return &neg{unary: unary{e.Child}}, transform.NewTree, nil
		}
		if r := negUnsignedConstant(ctx, e); r != nil {
			return r, transform.NewTree, nil
		}
		if isInt(e.Child.Type()) {
			return &neg{unary: unary{e.Child}}, transform.NewTree, nil
		}
		if e.Child.Type() == types.Float32 {
			// Item_func_neg of a FLOAT is a DOUBLE (REAL_RESULT): -f of
			// FLOAT 2.2 is -2.200000047683716; GMS kept a FLOAT, which
			// printed -2.2.
			return expression.NewUnaryMinus(&toDouble{unary: unary{e.Child}}), transform.NewTree, nil
		}
	case *expression.Convert:
		t := e.Type()
		if c := newCastJSON(e); c != nil { // jsonkinds.go
			return c, transform.NewTree, nil
		}
		if h, ok := newHybridNum(e.Child).(*hybridNum); ok && (types.IsInteger(t) || types.IsFloat(t) || types.IsDecimal(t)) {
			h.dec = !types.IsFloat(t)
			// A date function's string result read as its number
			// (hybridnum.go), as MySQL's val_int/val_decimal read it.
			if ne, err := e.WithChildren(h); err == nil {
				r, _, err := replaceExpr(ctx, ne, ignore)
				return r, transform.NewTree, err
			}
		}
		if ct := e.Child.Type(); (isTemporal(ct) || timetype.Is(ct)) && (types.IsInteger(t) || types.IsFloat(t)) {
			// GMS casts a DATE/DATETIME to a Unix time and a TIME to 0;
			// MySQL's integer is the value's number (YYYYMMDDhhmmss,
			// hhmmss), its fraction rounded.
			if n := newTemporalNum(e.Child); n != e.Child {
				if ne, err := e.WithChildren(n); err == nil {
					r, _, err := replaceExpr(ctx, ne, ignore)
					return r, transform.NewTree, err
				}
			}
		}
		if ne, ok := textOfDecimalOrDatetime(e); ok { // dectext.go
			return ne, transform.NewTree, nil
		}
		if types.IsDecimal(t) {
			if err := castDecimalShapeErr(e); err != nil {
				return nil, transform.SameTree, err
			}
			if c := newCastDecimal(e); c != nil {
				return c, transform.NewTree, nil
			}
		}
		if t == types.Float32 {
			if c, err := newCastFloat(ctx, e, ignore); c != nil || err != nil {
				return c, transform.NewTree, err
			}
		}
		if types.IsText(e.Child.Type()) && (types.IsInteger(t) || types.IsDecimal(t) || types.IsFloat(t)) {
			return &castNum{e}, transform.NewTree, nil
		}
		if isInt(e.Child.Type()) && (types.IsDateType(t) || types.IsDatetimeType(t)) {
			return &castNumDate{e}, transform.NewTree, nil
		}
		if types.IsText(e.Child.Type()) && (types.IsDatetimeType(t) || types.IsTimestampType(t) || types.IsDateType(t)) {
			return &castZeroDatetime{e}, transform.NewTree, nil
		}
		if timetype.Is(t) {
			var inner sql.Expression = e
			if types.IsText(e.Child.Type()) || types.IsDecimal(e.Child.Type()) {
				inner = &castStrTime{e}
			}
			return &castTimeN{inner: inner, fsp: castTimePrecision(e)}, transform.NewTree, nil
		}
		if timetype.Is(e.Child.Type()) && (types.IsDateType(t) || types.IsDatetimeType(t)) {
			return &castTimeDatetime{e}, transform.NewTree, nil
		}
		if ct := e.Child.Type(); isInt(ct) && types.IsUnsigned(ct) && types.IsSigned(t) && t.Equals(types.Int64) {
			return &castSigned{e}, transform.NewTree, nil
		}
		if ct := e.Child.Type(); (types.IsDecimal(ct) || types.IsFloat(ct)) && types.IsInteger(t) {
			return &castNum{e}, transform.NewTree, nil
		}
	case *expression.Case, *function.If, *function.IfNull, *function.Coalesce:
		if f, ok := e.(*function.IfNull); ok {
			if c := ifNullAsCoalesce(f); c != nil {
				r, _, err := replaceExprOnce(ctx, c, ignore)
				return r, transform.NewTree, err
			}
		}
		if c, ok := e.(*expression.Case); ok {
			if sc, err := searchedCase(ctx, c, ignore); sc != nil || err != nil {
				if err != nil {
					return nil, transform.SameTree, err
				}
				r, _, err := replaceExprOnce(ctx, sc, ignore)
				return r, transform.NewTree, err
			}
		}
		if b := newBranchYearInt(e, false); b != nil { // branchyear.go
			return b, transform.NewTree, nil
		}
		if types.IsDecimal(e.Type()) || isInt(e.Type()) {
			if b := newBranchDecimal(e); b != nil {
				return b, transform.NewTree, nil
			}
		}
		if b := newBranchDouble(e); b != nil {
			return b, transform.NewTree, nil
		}
		if b := newBranchTemporal(e); b != nil {
			return b, transform.NewTree, nil
		}
		var x sql.Expression = e
		if b := newBranchStringCtx(ctx, e); b != nil {
			x = b
		}
		if c := collateBranches(ctx, x); c != e {
			return c, transform.NewTree, nil
		}
	case *expression.InTuple:
		if r, same, err := inAsDouble(ctx, e.Left(), e.Right(), false); r != nil || err != nil {
			return r, same, err
		}
	case *expression.HashInTuple:
		if r, same, err := inAsDouble(ctx, e.Left(), e.Right(), true); r != nil || err != nil {
			return r, same, err
		}
	case *expression.Between:
		// Refused (1270) before it becomes two comparisons of two operands.
		if err := CollationMix(ctx, e); err != nil {
			return nil, transform.SameTree, err
		}
		if r := collatedBetween(ctx, e); r != nil {
			return r, transform.NewTree, nil
		}
		// MySQL compares all three as DOUBLE when one is a number and
		// another a string (`s BETWEEN s AND -0.5` holds '-2'); GMS
		// compared the strings with each other and the number as a string.
		args := []sql.Expression{e.Val, e.Lower, e.Upper}
		if ta, ok := temporalsAsNumbers(args); ok {
			return expression.NewBetween(ta[0], ta[1], ta[2]), transform.NewTree, nil
		}
		num, str := false, false
		for _, a := range args {
			num = num || isNumber(a.Type())
			str = str || stringValued(a)
		}
		if num && str {
			for i, a := range args {
				if stringValued(a) {
					args[i] = &toDouble{unary: unary{a}}
				}
			}
			return expression.NewBetween(args[0], args[1], args[2]), transform.NewTree, nil
		}
		if types.IsText(e.Val.Type()) {
			// The conjunction simplifyFilters makes of a BETWEEN in WHERE,
			// also elsewhere: GMS's own Between evaluated NOT (s BETWEEN
			// NULL AND 'A') as true for rows where s > 'A' is false.
			return expression.NewAnd(expression.NewGreaterThanOrEqual(e.Val, e.Lower),
				expression.NewLessThanOrEqual(e.Val, e.Upper)), transform.NewTree, nil
		}
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
		if rc := rowComparison(e); rc != nil {
			// The element comparisons get this package's corrections too.
			r, _, err := transform.Expr(rc, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				return replaceExpr(ctx, e, ignore)
			})
			return r, transform.NewTree, err
		}
		if te, ok := compareAsTime(e); ok {
			return te, transform.NewTree, nil
		}
		if te, ok := compareTemporalAsNumber(e); ok {
			nd, _, err := compareDecimalsWide(te)
			return nd, transform.NewTree, err
		}
		ne, same, err := compareAsDouble(e)
		if err != nil {
			return nil, same, err
		}
		nd, dsame, err := compareDecimalsWide(ne)
		return nd, same && dsame, err
	}
	return e, transform.SameTree, nil
}

// compareAsDouble converts the string side of a string-to-number comparison
// to DOUBLE, as MySQL compares them.
func compareAsDouble(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	cs := e.Children()
	if len(cs) != 2 {
		return e, transform.SameTree, nil
	}
	l, r := cs[0], cs[1]
	lt, rt := l.Type(), r.Type()
	switch {
	case stringValued(l) && isNumber(rt):
		l = &toDouble{unary: unary{l}}
	case stringValued(r) && isNumber(lt):
		r = &toDouble{unary: unary{r}}
	default:
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(l, r)
	return ne, transform.NewTree, err
}

// stringOperandsAsDouble converts string operands of arithmetic to DOUBLE
// with MySQL's prefix rule and warning text (GMS's says "double", and reads
// nothing of '10abc' for some operators).
func stringOperandsAsDouble(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	cs := e.Children()
	changed := false
	for i, c := range cs {
		if isPlainString(c) {
			cs[i] = &toDouble{unary: unary{c}}
			changed = true
		}
	}
	if !changed {
		return e, transform.SameTree, nil
	}
	ne, err := e.WithChildren(cs...)
	return ne, transform.NewTree, err
}

// checkFinite wraps floating-point arithmetic in finite.
func checkFinite(e sql.Expression, same transform.TreeIdentity, err error) (sql.Expression, transform.TreeIdentity, error) {
	if err != nil || !types.IsFloat(e.Type()) {
		return e, same, err
	}
	return &finite{e}, transform.NewTree, nil
}

// isPlainString reports whether e is a string literal, column or CAST:
// GMS types some temporal functions (CURDATE()) as text, and MySQL reads
// those as dates, not as numeric prefixes, so only these are converted.
func isPlainString(e sql.Expression) bool {
	if !types.IsText(e.Type()) {
		return false
	}
	switch e.(type) {
	case *expression.Literal, *expression.GetField, *expression.Convert:
		return true
	}
	return false
}

// inAsDouble: IN compares a string with numbers as DOUBLE too.
func inAsDouble(ctx *sql.Context, left, right sql.Expression, hashed bool) (sql.Expression, transform.TreeIdentity, error) {
	tup, ok := right.(expression.Tuple)
	if !ok {
		return nil, transform.SameTree, nil
	}
	if r := inPairs(ctx, left, tup); r != nil {
		return r, transform.NewTree, nil
	}
	if r := decimalInPairs(left, tup); r != nil { // deccmp.go
		// The element comparisons get this package's corrections too:
		// `1.00 IN (1e3, s)` left `1.00 = s` comparing a string column
		// with a DECIMAL as strings, through an index range of '1.00'
		// that missed '1' (TestOracles seed 1795937892335844905).
		fixed, _, err := transform.Expr(r, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return replaceExpr(ctx, e, false)
		})
		return fixed, transform.NewTree, err
	}
	if r, same, err := inTemporalAsNumbers(ctx, left, tup, hashed); r != nil || err != nil {
		return r, same, err
	}
	changed := false
	if stringValued(left) {
		// NULL elements do not take part in choosing the comparison
		// (MySQL's Item_func_in aggregates the types with skip_nulls):
		// `s IN (1.00, NULL)` compares as DOUBLE like `s IN (1.00)`. GMS
		// compared the strings, and made an index range of '1.00' that
		// missed '1' and '1.0' (TestOracles seed 1795881217987403951).
		all, nums := true, 0
		for _, el := range tup {
			switch {
			case isNumber(el.Type()):
				nums++
			case isNullLiteral(el):
			default:
				all = false
			}
		}
		if all && nums > 0 {
			left, changed = &toDouble{unary: unary{left}}, true
		}
	} else if isNumber(left.Type()) {
		if types.IsDecimal(left.Type()) && anyFloat(tup) {
			// MySQL compares the list as DOUBLE when an element is a
			// DOUBLE (agg_cmp_type); no constant folding applies to IN
			// (deccmp.go, decimalAsDouble).
			left, changed = &toDouble{unary: unary{left}}, true
		}
		nt := make(expression.Tuple, len(tup))
		for i, el := range tup {
			nt[i] = el
			if stringValued(el) {
				nt[i], changed = &toDouble{unary: unary{el}}, true
			}
		}
		right = nt
		if w := widenInDecimals(left, nt); w != nil {
			right, changed = w, true
		}
	}
	if !changed {
		return nil, transform.SameTree, nil
	}
	if hashed {
		h, err := expression.NewHashInTuple(ctx, left, right)
		return h, transform.NewTree, err
	}
	return expression.NewInTuple(left, right), transform.NewTree, nil
}

func isNumber(t sql.Type) bool {
	return isInt(t) || types.IsDecimal(t) || types.IsFloat(t)
}

// ours reports whether e is (or holds) one of this package's expressions.
func ours(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *arith, *intDiv, *decDiv, *neg, *castNum, *finite, *toDouble, *bitOp, *decArith, *fracDiv, *dateArith, *addTime, *sumAvg, *timestamp, *castDecimal, *branchDecimal, *castSigned, *round, *castNumDate, *temporalNum, *castStrTime, *realResult, *doubleAgg, *branchColl, *asDecimal, *enumMinMax, *branchYearInt:
			return true
		}
		return false
	})
}

// subqueryOfOurs reports whether e is a scalar subquery whose plan holds one
// of this package's expressions: its type is its select item's, which the
// replacement may have changed after the planner copied the old one into
// the references to the subquery's alias (`SELECT k, (SELECT SUM(d) ...) AS
// s FROM t a GROUP BY a.k` read s as DOUBLE 1.5; MySQL DECIMAL 1.50).
func subqueryOfOurs(e sql.Expression) bool {
	sq, ok := e.(*plan.Subquery)
	if !ok || sq.Query == nil {
		return false
	}
	found := false
	transform.InspectExpressions(sq.Query, func(e sql.Expression) bool {
		if !found && e != nil && ours(e) {
			found = true
		}
		return !found
	})
	return found
}

// retype gives GetFields the type of the expression they refer to, for
// every column defined by one of ours: an aggregate, an alias over one, or
// a derived table's column over one, followed to a fixed point.
func retype(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	n, same, err := retypeDefs(n)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, same1, err := sortAliasTypes(n)
	return n, same && same1, err
}

// sortAliasTypes gives an ORDER BY's reference to a select-list alias over
// one of ours the alias's type. GMS puts the sort between two projections
// and reads the alias by position, and such an alias has no column id
// retypeDefs could follow: `SELECT COALESCE(y, s) AS c ... ORDER BY c`
// sorted the SMALLINT as text, 9 after 2024 (year27).
func sortAliasTypes(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n.(type) {
		case *plan.Sort, *plan.TopN:
		default:
			return n, transform.SameTree, nil
		}
		p, ok := n.Children()[0].(*plan.Project)
		if !ok {
			return n, transform.SameTree, nil
		}
		ex := n.(sql.Expressioner)
		exprs := ex.Expressions()
		changed := false
		for k, e := range exprs {
			gf, ok := e.(*expression.GetField)
			if !ok || gf.Table() != "" {
				// A table's column (`ORDER BY t.c`), not the alias.
				continue
			}
			// By name: the reference's index is not yet the alias's
			// position, and the alias has no id; a name two aliases share
			// is left alone.
			var a *expression.Alias
			for _, pe := range p.Projections {
				if pa, ok := pe.(*expression.Alias); ok && strings.EqualFold(pa.Name(), gf.Name()) {
					if a != nil {
						a = nil
						break
					}
					a = pa
				}
			}
			if a == nil || a.Id() != 0 || !ours(a.Child) || a.Type().Equals(gf.Type()) {
				continue
			}
			ngf := expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), a.Type(), gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).
				WithId(gf.Id()).(*expression.GetField)
			exprs[k] = ngf.WithQuotedNames(sql.GlobalSchemaFormatter, gf.IsQuotedIdentifier())
			changed = true
		}
		if !changed {
			return n, transform.SameTree, nil
		}
		nn, err := ex.WithExpressions(exprs...)
		if err != nil {
			return n, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	})
}

// retypeDefs is retype's work but for sortAliasTypes.
func retypeDefs(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	// Subqueries first: a scalar subquery's type is its select item's, and
	// the references to its alias take that type below.
	n, allSame, err := transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := e.(*plan.Subquery)
		if !ok || sq.Query == nil {
			return e, transform.SameTree, nil
		}
		q, same, err := retype(sq.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	if err != nil {
		return n, transform.SameTree, err
	}
	defs := map[sql.ColumnId]sql.Type{}
	refersToDef := func(e sql.Expression) bool {
		return ours(e) || transform.InspectExpr(e, func(e sql.Expression) bool {
			gf, ok := e.(*expression.GetField)
			if !ok {
				return false
			}
			_, known := defs[gf.Id()]
			return known
		})
	}
	for pass := 0; pass < 8; pass++ {
		transform.InspectExpressions(n, func(e sql.Expression) bool {
			switch e := e.(type) {
			case sql.Aggregation:
				// Ours, or another aggregate over one (MAX of a SUM column).
				if e.Id() != 0 && refersToDef(e) {
					defs[e.Id()] = e.Type()
				}
			case *expression.Alias:
				if e.Id() != 0 && (refersToDef(e.Child) || subqueryOfOurs(e.Child)) {
					defs[e.Id()] = e.Type()
				}
			}
			return true
		})
		// A derived table's columns have its query's types.
		transform.Inspect(n, func(n sql.Node) bool {
			if sq, ok := n.(*plan.SubqueryAlias); ok {
				sch := sq.Child.Schema()
				if sq.Columns().Len() != len(sch) {
					return true
				}
				i := 0
				sq.Columns().ForEach(func(id sql.ColumnId) {
					if i < len(sch) {
						defs[id] = sch[i].Type
					}
					i++
				})
			}
			return true
		})
		if len(defs) == 0 {
			return n, allSame, nil
		}
		// Into subqueries too: one reading a derived table's SUM column of
		// its outer query (`SELECT (SELECT x.s) FROM (SELECT SUM(d) s ...)
		// x`, as server/outeragg.go writes lifted aggregates) kept GMS's
		// DOUBLE for it.
		cur := defs
		var refs func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error)
		refs = func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if sq, ok := e.(*plan.Subquery); ok {
				q, qsame, err := transform.NodeExprsWithOpaque(sq.Query, refs)
				if err != nil || qsame {
					return e, transform.SameTree, err
				}
				return sq.WithQuery(q), transform.NewTree, nil
			}
			if ets, ok := e.(*expression.EnumToString); ok && !types.IsEnum(ets.Enum.Type()) {
				// The planner's text of a derived column it took for an
				// ENUM (its first arm's type), retyped a string by now:
				// GMS's EnumToString panicked on the string (1105, `SELECT
				// x FROM (SELECT e AS x ... UNION SELECT NULL) d UNION
				// SELECT 'zz'`).
				return ets.Enum, transform.NewTree, nil
			}
			gf, ok := e.(*expression.GetField)
			if !ok {
				return e, transform.SameTree, nil
			}
			t, ok := cur[gf.Id()]
			if !ok || t.Equals(gf.Type()) {
				return e, transform.SameTree, nil
			}
			ngf := expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).
				WithId(gf.Id()).(*expression.GetField)
			return ngf.WithQuotedNames(sql.GlobalSchemaFormatter, gf.IsQuotedIdentifier()), transform.NewTree, nil
		}
		nn, _, same, err := setOpRefs(n, defs, func(m map[sql.ColumnId]sql.Type, nd sql.Node) (sql.Node, transform.TreeIdentity, error) {
			cur = m
			return transform.OneNodeExprsWithNode(nd, func(_ sql.Node, e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				return refs(e)
			})
		})
		if err != nil {
			return n, transform.SameTree, err
		}
		if same {
			return nn, allSame, nil
		}
		n, allSame = nn, transform.NewTree
	}
	return n, allSame, nil
}

// setOpRefs is transform.NodeExprsWithOpaque(n, ...) with f given, for
// each node, the types its column references take: defs, except above a
// set operation whose left arm reads a column of defs, whose references
// there are the set operation's column (a union's columns have its left
// arm's column IDs) and take its type. retype gave the ORDER BY key of
// `SELECT x FROM (SELECT e AS x ... UNION SELECT NULL) d UNION SELECT 'zz'
// ORDER BY 1` the derived column's ENUM and sorted the VARCHAR union by
// member number. over is what n's ancestors read so.
func setOpRefs(n sql.Node, defs map[sql.ColumnId]sql.Type, f func(map[sql.ColumnId]sql.Type, sql.Node) (sql.Node, transform.TreeIdentity, error)) (nn sql.Node, over map[sql.ColumnId]sql.Type, same transform.TreeIdentity, err error) {
	children := n.Children()
	var newChildren []sql.Node
	for i, c := range children {
		nc, o, cs, err := setOpRefs(c, defs, f)
		if err != nil {
			return nil, nil, transform.SameTree, err
		}
		if !cs {
			if newChildren == nil {
				newChildren = append([]sql.Node(nil), children...)
			}
			newChildren[i] = nc
		}
		for id, t := range o {
			if over == nil {
				over = map[sql.ColumnId]sql.Type{}
			}
			over[id] = t
		}
	}
	same = transform.SameTree
	if newChildren != nil {
		if n, err = n.WithChildren(newChildren...); err != nil {
			return nil, nil, transform.SameTree, err
		}
		same = transform.NewTree
	}
	if so, ok := n.(*plan.SetOp); ok {
		for i, c := range so.Schema() {
			for _, id := range leftArmColumns(so, i, defs) {
				if !defs[id].Equals(c.Type) {
					if over == nil {
						over = map[sql.ColumnId]sql.Type{}
					}
					over[id] = c.Type
				}
			}
		}
	}
	m := defs
	if len(over) > 0 {
		m = make(map[sql.ColumnId]sql.Type, len(defs))
		for id, t := range defs {
			m[id] = t
		}
		for id, t := range over {
			m[id] = t
		}
	}
	n, sameN, err := f(m, n)
	if err != nil {
		return nil, nil, transform.SameTree, err
	}
	if _, ok := n.(*plan.SubqueryAlias); ok {
		// Its columns have IDs of their own above it.
		over = nil
	}
	return n, over, same && sameN, nil
}

// leftArmColumns are the IDs of defs' columns that so's left arm reads as
// its column i, down the projections of its left spine.
func leftArmColumns(so *plan.SetOp, i int, defs map[sql.ColumnId]sql.Type) []sql.ColumnId {
	var ids []sql.ColumnId
	for n := so.Left(); n != nil; {
		switch x := n.(type) {
		case *plan.Project:
			if i < len(x.Projections) {
				transform.InspectExpr(x.Projections[i], func(e sql.Expression) bool {
					if gf, ok := e.(*expression.GetField); ok {
						if _, known := defs[gf.Id()]; known {
							ids = append(ids, gf.Id())
						}
					}
					return false
				})
			}
			n = x.Child
		case *plan.SetOp:
			n = x.Left()
		case *plan.Sort, *plan.Limit, *plan.Offset, *plan.TopN, *plan.Distinct, *plan.OrderedDistinct, *plan.Filter:
			n = x.Children()[0]
		default:
			n = nil
		}
	}
	return ids
}

// isNullLiteral reports whether e is the constant NULL.
func isNullLiteral(e sql.Expression) bool {
	l, ok := e.(*expression.Literal)
	return ok && l.Value() == nil
}
