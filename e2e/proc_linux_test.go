package e2e

import (
	"os/exec"
	"syscall"
)

// setDeathSignal makes the kernel kill the server if the test process dies
// (e.g. on a go test timeout), so no server outlives its test.
func setDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
