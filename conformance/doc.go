// Package conformance holds the tests that prove Myriad answers like MySQL
// 8.0 and hunt for cases where it does not:
//
//   - TestDifferential runs the SQL corpus in testdata/corpus against an
//     in-process Myriad and a throwaway MariaDB 10.11 and compares rows,
//     column types, error numbers and affected-row counts; where MySQL 8.0
//     and MariaDB disagree the corpus carries MySQL's answer.
//   - TestOracles generates random schemas and queries and checks Myriad
//     against itself with SQLancer's TLP and NoREC oracles (no second server).
//   - TestSQLLogicTest runs the sqllogictest subset in ../shared/sqllogictest.
//
// It owns no production code: everything here is test machinery, so it must
// never be imported by the server, and it must never leave a server or a
// data directory behind after a test.
package conformance
