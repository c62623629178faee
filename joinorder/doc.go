// Package joinorder bounds join planning time.
package joinorder
