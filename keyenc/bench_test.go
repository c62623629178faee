package keyenc

import (
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// benchAppend measures one value both ways: with the type dispatched per call
// (AppendValue) and with the column's encoder built beforehand (Encoder), as
// the engine's layouts keep it.
func benchAppend(b *testing.B, typ sql.Type, v any) {
	b.Helper()
	enc := EncoderFor(typ)
	ways := []struct {
		name string
		add  func(buf []byte) ([]byte, error)
	}{
		{"AppendValue", func(buf []byte) ([]byte, error) { return AppendValue(testCtx, buf, typ, v) }},
		{"Encoder", func(buf []byte) ([]byte, error) { return enc.Append(testCtx, buf, v) }},
	}
	for _, w := range ways {
		b.Run(w.name, func(b *testing.B) {
			buf := make([]byte, 0, 256)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var err error
				if buf, err = w.add(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAppendInt64(b *testing.B) { benchAppend(b, types.Int64, int64(123456789)) }
func BenchmarkAppendInt32(b *testing.B) { benchAppend(b, types.Int32, int32(-42)) }
func BenchmarkAppendFloat64(b *testing.B) {
	benchAppend(b, types.Float64, 3.25)
}
func BenchmarkAppendDecimal(b *testing.B) {
	benchAppend(b, types.MustCreateColumnDecimalType(20, 4), decimal.RequireFromString("-12345.6700"))
}
func BenchmarkAppendDatetime(b *testing.B) {
	benchAppend(b, types.DatetimeMaxPrecision, time.Date(2024, 5, 6, 7, 8, 9, 123000, time.UTC))
}
func BenchmarkAppendStringASCII_ai_ci(b *testing.B) {
	benchAppend(b, types.MustCreateString(sqltypes.VarChar, 255, sql.Collation_utf8mb4_0900_ai_ci), "The quick brown fox jumps over")
}
func BenchmarkAppendStringUnicode_ai_ci(b *testing.B) {
	benchAppend(b, types.MustCreateString(sqltypes.VarChar, 255, sql.Collation_utf8mb4_0900_ai_ci), "Größenwahn über Ärger 中文 😀")
}
func BenchmarkAppendStringASCII_0900_bin(b *testing.B) {
	benchAppend(b, types.MustCreateString(sqltypes.VarChar, 255, sql.Collation_utf8mb4_0900_bin), "The quick brown fox jumps over")
}
func BenchmarkAppendVarbinary(b *testing.B) {
	benchAppend(b, types.MustCreateBinary(sqltypes.VarBinary, 255), []byte("some\x00binary\xffdata\x00"))
}

// indexKeyCols is a four-column secondary index (INT, VARCHAR ai_ci,
// DECIMAL, BINARY(16)): the values a CREATE INDEX or an insert encodes per row.
var indexKeyCols = []struct {
	typ sql.Type
	v   any
}{
	{types.Int32, int32(-42)},
	{types.MustCreateString(sqltypes.VarChar, 64, sql.Collation_utf8mb4_0900_ai_ci), "tenant-0042"},
	{types.MustCreateColumnDecimalType(12, 2), decimal.RequireFromString("1234.50")},
	{types.MustCreateBinary(sqltypes.Binary, 16), []byte("0123456789abcdef")},
}

// BenchmarkIndexKey encodes the key with the type dispatched on every value
// (AppendValue) and with the column encoders built once, as the engine's
// layouts keep them (Encoders).
func BenchmarkIndexKey(b *testing.B) {
	encs := make([]Encoder, len(indexKeyCols))
	for i, c := range indexKeyCols {
		encs[i] = EncoderFor(c.typ)
	}
	ways := []struct {
		name string
		add  func(buf []byte, col int) ([]byte, error)
	}{
		{"AppendValue", func(buf []byte, col int) ([]byte, error) {
			return AppendValue(testCtx, buf, indexKeyCols[col].typ, indexKeyCols[col].v)
		}},
		{"Encoders", func(buf []byte, col int) ([]byte, error) {
			return encs[col].Append(testCtx, buf, indexKeyCols[col].v)
		}},
	}
	for _, w := range ways {
		b.Run(w.name, func(b *testing.B) {
			buf := make([]byte, 0, 256)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				buf = buf[:0]
				for col := range indexKeyCols {
					var err error
					if buf, err = w.add(buf, col); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkCompareStringsUnicodeCI compares two sysbench-like c values that
// differ early, as ORDER BY c does n log n times per read_only range.
func BenchmarkCompareStringsUnicodeCI(b *testing.B) {
	x := "83868641912-28773972837-60736120486-75162659906-27563526494-20381887404-41576422241-93426793964-56405065102-33518432330"
	y := "38014276128-25250245652-62722561801-27818678124-24890218270-18312424692-92565570600-36243745486-21199862476-38576014630"
	for i := 0; i < b.N; i++ {
		CompareStrings(sql.Collation_utf8mb4_unicode_ci, x, y)
	}
}
