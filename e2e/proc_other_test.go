//go:build !linux

package e2e

import "os/exec"

func setDeathSignal(cmd *exec.Cmd) {}
