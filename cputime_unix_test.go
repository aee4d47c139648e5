//go:build unix

package bleu_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time, user and system, that the process has used
// so far, or 0 where the system does not say.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
