package main

import (
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// systemMemory returns the memory the process may still take: the least of
// the address-space limit (ulimit -v) less the address space already
// mapped, and the machine's RAM and swap. It returns 0 when it knows
// neither.
func systemMemory() int64 {
	limit := int64(math.MaxInt64)
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur < math.MaxInt64 {
		limit = int64(rl.Cur) - mappedBytes()
	}
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) == nil {
		unit := max(int64(si.Unit), 1)
		limit = min(limit, (int64(si.Totalram)+int64(si.Totalswap))*unit)
	}
	if limit == math.MaxInt64 {
		return 0
	}
	return max(limit, 1)
}

// mappedBytes returns the process's address space now (VmSize), or 0.
func mappedBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	pages, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}
