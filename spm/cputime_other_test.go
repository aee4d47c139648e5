//go:build !unix

package spm

import "time"

// cpuTime returns 0: the system does not say.
func cpuTime() time.Duration { return 0 }
