// Package keyenc owns Myriad's order-preserving key encoding: the byte form
// that SQL values take inside Pebble keys (primary keys, secondary-index
// entries) and the variable-length integers used for schema/table/index IDs in
// key prefixes.
//
// The central guarantee is that for two values a and b of one column type t,
//
//	sign(bytes.Compare(enc(a), enc(b))) == sign(t.Compare(ctx, a, b))
//
// where t.Compare is go-mysql-server's comparison (collation-aware for strings),
// with the single deliberate exception that NULL sorts before every non-NULL
// value, as in MySQL ascending order (GMS's CompareNulls puts NULL last).
// Values that compare equal encode to identical bytes, so a UNIQUE index
// rejects 'a' after 'A' under a case-insensitive collation exactly like MySQL.
//
// Every encoded value is self-delimiting and prefix-free: the encoding of one
// value is never a proper prefix of another value's encoding of the same
// column type. Therefore the concatenation of several column encodings orders
// exactly like the tuple of values, SkipValue can split composite keys without
// knowing the column types, and all keys whose column equals v are exactly the
// range [p+enc(v), PrefixEnd(p+enc(v))).
//
// Encoded values are not meant to be decoded back into SQL values (string
// encodings hold collation weights, not characters); rows keep their full
// values elsewhere.
//
// # Encoding format
//
// Each value starts with one marker byte:
//
//	0x00        NULL
//	0x10..0x18  negative integer, followed by 8..0 bytes (see below)
//	0x19..0x21  non-negative integer, followed by 0..8 big-endian bytes
//	0x30        float: 8 bytes, IEEE-754 bits with sign flipped (-0 == +0)
//	0x40        negative decimal
//	0x41        decimal zero
//	0x42        positive decimal
//	0x50        collated string: collation weights, terminated by 0x00
//	0x51        binary string: raw bytes with 0x00 -> 0x00 0xFF, end 0x00 0x01
//	0x60        DATE/DATETIME/TIMESTAMP: int(unix seconds) + uvarint(nanos)
//
// The integer family (0x10..0x21) encodes all integer columns (signed and
// unsigned share one numeric order), YEAR, ENUM (by index), SET (by bitmap),
// BIT and TIME (microseconds). A non-negative integer v uses marker 0x19+n and
// its n minimal big-endian bytes (0 takes no bytes at all); a negative v uses
// marker 0x18-n followed by the complement of the n minimal big-endian bytes
// of -v-1.
//
// Decimals are normalised to 0.d1d2...dk × 10^E with d1 != 0 and no trailing
// zeros (so 1.0 and 1.00 encode identically); E follows as an integer-family
// value and the digits as nibbles d+1, two per byte, ended by a 0 nibble.
// Negative decimals store -E and complement the digit bytes.
//
// Collated strings store, per character, the weight that the column
// collation's Sorter assigns to it, in a variable-length big-endian form whose
// first byte is never 0x00, then a 0x00 terminator. That is precisely what GMS
// StringType.Compare compares: weight sequences rune by rune, a shorter
// sequence first, with no PAD SPACE trimming ('a' < 'a '). Under the UCA
// collations an expanding character ('ß') writes the weights of the
// characters it expands to ("ss", uca.go), where MySQL and GMS differ; so
// does PAD SPACE (strings.go). Under utf8mb4_0900_as_ci a key is UCA's two
// levels, every primary weight and then every secondary one
// (ucalevels.go). Compare and CompareStrings are the order the keys are in.
//
// # What this package must never do
//
// keyenc is a leaf: it never performs I/O, never touches Pebble, and never
// depends on the catalog, kv, engine or any other Myriad package. It holds no
// per-table state; everything it needs comes from the sql.Type handed in.
package keyenc
