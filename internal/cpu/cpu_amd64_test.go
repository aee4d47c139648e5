//go:build amd64 && !purego

package cpu

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestCPUFeatures compares the features that cpuid finds with those
// Linux lists in /proc/cpuinfo, where there is one.
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
	}{{"ssse3", HasSSSE3}, {"sse4_1", HasSSE41}, {"bmi1", HasBMI1}, {"abm", HasLZCNT}} {
		if want := slices.Contains(flags, f.name); f.has != want {
			t.Errorf("cpuid finds %s %v, /proc/cpuinfo %v", f.name, f.has, want)
		}
	}
}
