package sqltext

// OperatorPasses are the passes the engine's parser (sqlfunc.Parser)
// makes over a statement before its inner parser reads it: Operators, then
// TemporalLiterals. It returns what each changed, for mapping offsets and
// names back to q.
func OperatorPasses(q string) (text string, ops []Edit, lits []TemporalLiteral) {
	text, ops = Operators(q)
	text, lits = TemporalLiterals(text)
	return text, ops, lits
}

// ParserText is the text the parser itself (vitess's grammar) reads for
// q, a statement Rewrite has corrected: OperatorPasses, which the engine's
// parser makes, then ParserEdits, which the parser inside it (the server's
// doParser) makes. A parser that reads statement text outside that chain
// (the protocol library's, of a COM_STMT_PREPARE, before any handler sees
// it) reads this, so that a statement the engine accepts is never refused
// there with 1064: the wire guard once made only some of these passes and
// `DATE_ADD(?, INTERVAL '1:2' DAY_HOUR)` or `TRIM(LEADING FROM ?)` could be
// run but not prepared. The server's TestParserTextIsEngineText checks that
// the engine's chain hands its innermost parser exactly this text. It
// returns q itself when no pass changes anything.
func ParserText(q string) string {
	text, _, _ := OperatorPasses(q)
	text, _, _ = ParserEdits(text)
	return text
}
