package sqlfunc

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// AES_ENCRYPT and AES_DECRYPT (missing in GMS: 1305) in the session's
// block_encryption_mode, aes-128-ecb by default: the key folded into the
// mode's key length by XOR (my_aes_create_key), the text padded PKCS#7, a
// ciphertext that does not decrypt to a valid padding NULL, as MySQL
// answers. ECB ignores an init vector; CBC requires one of at least 16
// bytes (its first 16 are used). The stream modes (cfb1, cfb8, cfb128,
// ofb) are refused rather than answered in another mode. Written on the
// standard library's crypto/aes and crypto/cipher.

func aesKey(key []byte, n int) []byte {
	k := make([]byte, n)
	for i, b := range key {
		k[i%n] ^= b
	}
	return k
}

func aesBytes(ctx *sql.Context, v any) []byte {
	if b, ok := v.([]byte); ok {
		return b
	}
	s, ok := asString(v)
	if !ok {
		s, _ = types.ConvertToString(ctx, v, types.LongText, nil)
	}
	return []byte(s)
}

// aesMode reads block_encryption_mode: the key length and whether it is
// CBC (else ECB).
func aesMode(ctx *sql.Context, nargs int) (keyLen int, cbc bool, err error) {
	mode := "aes-128-ecb"
	if ctx != nil && ctx.Session != nil {
		if v, err := ctx.Session.GetSessionVariable(ctx, "block_encryption_mode"); err == nil {
			if s, ok := v.(string); ok {
				mode = strings.ToLower(s)
			}
		}
	}
	switch mode {
	case "aes-128-ecb", "aes-128-cbc":
		keyLen = 16
	case "aes-192-ecb", "aes-192-cbc":
		keyLen = 24
	case "aes-256-ecb", "aes-256-cbc":
		keyLen = 32
	default:
		return 0, false, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
			"This version of MySQL doesn't yet support 'block_encryption_mode %s'", mode)
	}
	cbc = strings.HasSuffix(mode, "-cbc")
	if cbc && nargs < 3 {
		return 0, false, mysql.NewSQLError(1582, "42000",
			"Incorrect parameter count in the call to native function 'aes_encrypt'")
	}
	return keyLen, cbc, nil
}

// aesBlock is the cipher and, for CBC, the init vector; nil when the
// vector is too short (MySQL: NULL with a warning).
func aesBlock(ctx *sql.Context, args []any) (cipher.Block, []byte, error) {
	keyLen, cbc, err := aesMode(ctx, len(args))
	if err != nil {
		return nil, nil, err
	}
	c, err := aes.NewCipher(aesKey(aesBytes(ctx, args[1]), keyLen))
	if err != nil {
		return nil, nil, err
	}
	if !cbc {
		return c, nil, nil
	}
	if args[2] == nil {
		return nil, nil, nil
	}
	iv := aesBytes(ctx, args[2])
	if len(iv) < aes.BlockSize {
		return nil, nil, mysql.NewSQLError(1619, "HY000", "The initialization vector supplied to aes_encrypt is too short. Must be at least 16 bytes long")
	}
	return c, iv[:aes.BlockSize], nil
}

func aesEncrypt(ctx *sql.Context, args []any) (any, error) {
	c, iv, err := aesBlock(ctx, args)
	if err != nil || c == nil {
		return nil, err
	}
	src := aesBytes(ctx, args[0])
	pad := aes.BlockSize - len(src)%aes.BlockSize
	src = append(append([]byte(nil), src...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	out := make([]byte, len(src))
	if iv != nil {
		cipher.NewCBCEncrypter(c, iv).CryptBlocks(out, src)
		return out, nil
	}
	for i := 0; i < len(src); i += aes.BlockSize {
		c.Encrypt(out[i:i+aes.BlockSize], src[i:i+aes.BlockSize])
	}
	return out, nil
}

func aesDecrypt(ctx *sql.Context, args []any) (any, error) {
	c, iv, err := aesBlock(ctx, args)
	if err != nil || c == nil {
		return nil, err
	}
	src := aesBytes(ctx, args[0])
	if len(src) == 0 || len(src)%aes.BlockSize != 0 {
		return nil, nil
	}
	out := make([]byte, len(src))
	if iv != nil {
		cipher.NewCBCDecrypter(c, iv).CryptBlocks(out, src)
	} else {
		for i := 0; i < len(src); i += aes.BlockSize {
			c.Decrypt(out[i:i+aes.BlockSize], src[i:i+aes.BlockSize])
		}
	}
	pad := int(out[len(out)-1])
	if pad == 0 || pad > aes.BlockSize {
		return nil, nil
	}
	for _, b := range out[len(out)-pad:] {
		if int(b) != pad {
			return nil, nil
		}
	}
	return out[:len(out)-pad], nil
}

// aesFn is name typed binary; a NULL text or key is NULL, a NULL init
// vector is aesBlock's to judge.
func aesFn(name string, eval func(*sql.Context, []any) (any, error)) sql.FunctionN {
	f := newStrFn(name, 2, 3, eval, func(i int) bool { return i < 2 })
	return sql.FunctionN{Name: name, Fn: func(args ...sql.Expression) (sql.Expression, error) {
		e, err := f.Fn(args...)
		if err != nil {
			return nil, err
		}
		e.(*strFn).typ = types.LongBlob
		return e, nil
	}}
}

func init() {
	functions["aes_encrypt"] = aesFn("aes_encrypt", aesEncrypt)
	functions["aes_decrypt"] = aesFn("aes_decrypt", aesDecrypt)
}
