package sqlfunc

import (
	"bytes"
	"crypto/aes"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// AES_ENCRYPT and AES_DECRYPT in MySQL's default block_encryption_mode,
// aes-128-ecb (missing in GMS: 1305). The key is folded into 16 bytes by
// XOR (my_aes_create_key), the text padded PKCS#7; a ciphertext that does
// not decrypt to a valid padding is NULL, as MySQL answers. An init vector
// argument is accepted and unused, as ECB uses none. Both are written on
// crypto/aes (the standard library) rather than a cipher-mode package: ECB
// is one block call per 16 bytes.

func aesKey(key []byte) []byte {
	k := make([]byte, 16)
	for i, b := range key {
		k[i%16] ^= b
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

func aesEncrypt(ctx *sql.Context, args []any) (any, error) {
	c, err := aes.NewCipher(aesKey(aesBytes(ctx, args[1])))
	if err != nil {
		return nil, err
	}
	src := aesBytes(ctx, args[0])
	pad := aes.BlockSize - len(src)%aes.BlockSize
	src = append(append([]byte(nil), src...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	out := make([]byte, len(src))
	for i := 0; i < len(src); i += aes.BlockSize {
		c.Encrypt(out[i:i+aes.BlockSize], src[i:i+aes.BlockSize])
	}
	return out, nil
}

func aesDecrypt(ctx *sql.Context, args []any) (any, error) {
	c, err := aes.NewCipher(aesKey(aesBytes(ctx, args[1])))
	if err != nil {
		return nil, err
	}
	src := aesBytes(ctx, args[0])
	if len(src) == 0 || len(src)%aes.BlockSize != 0 {
		return nil, nil
	}
	out := make([]byte, len(src))
	for i := 0; i < len(src); i += aes.BlockSize {
		c.Decrypt(out[i:i+aes.BlockSize], src[i:i+aes.BlockSize])
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

func init() {
	functions["aes_encrypt"] = typedFn("aes_encrypt", 2, 3, types.LongBlob, aesEncrypt)
	functions["aes_decrypt"] = typedFn("aes_decrypt", 2, 3, types.LongBlob, aesDecrypt)
}
