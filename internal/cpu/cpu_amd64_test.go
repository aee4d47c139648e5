//go:build amd64 && !purego

package cpu

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestCPUFeatures compares the features that cpuid finds with those
// Linux lists in /proc/cpuinfo, where there is one. A kernel lists no
// feature the processor lacks, but may leave out one it has (a virtual
// machine's kernel was seen without abm, whose LZCNT worked): cpuid must
// find every feature listed, and may find more. Whether a feature found
// works is for the kernels' own tests (chrf's TestAsmKernels), which
// would fail on instructions that do not.
func TestCPUFeatures(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo")
	}
	var flags []string
	for line := range strings.Lines(string(info)) {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = strings.Fields(value)
			break
		}
	}
	if flags == nil {
		t.Skip("no flags in /proc/cpuinfo")
	}
	for _, f := range []struct {
		name string
		has  bool
	}{{"ssse3", HasSSSE3}, {"sse4_1", HasSSE41}, {"bmi1", HasBMI1}, {"bmi2", HasBMI2}, {"abm", HasLZCNT}} {
		switch listed := slices.Contains(flags, f.name); {
		case listed && !f.has:
			t.Errorf("/proc/cpuinfo lists %s, which cpuid does not find", f.name)
		case f.has && !listed:
			t.Logf("cpuid finds %s, which /proc/cpuinfo does not list", f.name)
		}
	}
}
