package server

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"time"
)

// Auto-generated certificates, as MySQL 8's auto_generate_certs: a server
// started without --tls-cert/--tls-key offers TLS with a self-signed
// certificate kept in the data directory (server-cert.pem, server-key.pem),
// made on the first start and reused afterwards. Clients that verify the
// server's identity need a real certificate; the rest (tls=preferred,
// skip-verify, --ssl without --ssl-verify-server-cert) get an encrypted
// connection, and Ssl_cipher says which.

const (
	autoCertFile = "server-cert.pem"
	autoKeyFile  = "server-key.pem"
)

// autoCertPaths returns the data directory's certificate and key, making
// them when neither exists. One without the other is an error rather than
// overwritten: an operator put it there.
func autoCertPaths(dataDir string) (cert, key string, err error) {
	cert, key = filepath.Join(dataDir, autoCertFile), filepath.Join(dataDir, autoKeyFile)
	_, errC := os.Stat(cert)
	_, errK := os.Stat(key)
	switch {
	case errC == nil && errK == nil:
		return cert, key, nil
	case errC == nil || errK == nil:
		return "", "", fmt.Errorf("%s and %s must both exist or both be absent", cert, key)
	case !errors.Is(errC, os.ErrNotExist) || !errors.Is(errK, os.ErrNotExist):
		return "", "", errors.Join(errC, errK)
	}
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", "", err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	if err != nil {
		return "", "", err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		// MySQL's auto-generated certificate's name.
		Subject:     pkix.Name{CommonName: "MySQL_Server_Myriad_Auto_Generated_Server_Certificate"},
		NotBefore:   now.Add(-time.Hour),
		NotAfter:    now.AddDate(10, 0, 0),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &priv.PublicKey, priv)
	if err != nil {
		return "", "", err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return "", "", err
	}
	if err := writeNew(key, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		return "", "", err
	}
	if err := writeNew(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		os.Remove(key)
		return "", "", err
	}
	return cert, key, nil
}

// writeNew writes a file that must not exist yet, durably.
func writeNew(path string, data []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
