// Package conftest finds the conformance sets that the tests of package
// bleu, of its engine (internal/...) and of the command check against
// sacreBLEU 2.6.0's goldens, and holds the helpers those tests share:
// [ReadLines], [RaceEnabled], [Guarded] memory for the assembly kernels'
// tests, and [CancelWithinLine] for every metric's AddReaders.
//
// # Sets
//
// A conformance set is a directory of goldens (goldens/) and the text they
// score (data/, edge/), laid out as testdata/README.md describes. There are
// two: the portable set in the module's testdata/portable, which every
// clone has, and the larger WMT set, which is not in the repository and is
// used when it is present, at $BLEU_CONFORMANCE_DIR or next to the module
// as ../shared/conformance.
//
// # Tolerances
//
// Integers, strings, signatures and scores must equal sacreBLEU's exactly,
// floats to the last bit. The one tolerance is here, for numbers read back
// from text printed with fewer digits than the goldens hold.
package conftest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// PercentTolerance is how far a number on the 0–100 scale printed with 10
// decimals (the command's -b -w 10) may be from sacreBLEU's unrounded one.
const PercentTolerance = 1e-9

// Set is a conformance set.
type Set struct {
	Name string // "portable" or "wmt": the name of its subtests
	Dir  string // absolute
}

// Portable and WMT are the sets' names.
const (
	Portable = "portable"
	WMT      = "wmt"
)

// Sets returns the sets to check: the portable set, which must be there
// (t fails otherwise), and the WMT set when it is present. root is the
// module root relative to the test's directory.
func Sets(t testing.TB, root string) []Set {
	t.Helper()
	portable := filepath.Join(root, "testdata", "portable")
	if _, err := os.Stat(filepath.Join(portable, "goldens")); err != nil {
		t.Fatalf("the portable conformance set is missing: %v", err)
	}
	sets := []Set{{Portable, abs(t, portable)}}
	if dir := WMTDir(root); dir != "" {
		sets = append(sets, Set{WMT, abs(t, dir)})
	}
	return sets
}

// WMTDir returns the WMT set's directory, $BLEU_CONFORMANCE_DIR or
// ../shared/conformance relative to the module root root, or "" if it is
// absent.
func WMTDir(root string) string {
	dir := os.Getenv("BLEU_CONFORMANCE_DIR")
	if dir == "" {
		dir = filepath.Join(root, "..", "shared", "conformance")
	}
	if _, err := os.Stat(filepath.Join(dir, "goldens")); err != nil {
		return ""
	}
	return dir
}

// ForEach runs f in a subtest per set, named by the set.
func ForEach(t *testing.T, root string, f func(t *testing.T, set Set)) {
	t.Helper()
	for _, set := range Sets(t, root) {
		t.Run(set.Name, func(t *testing.T) { f(t, set) })
	}
}

// LogChecks logs how many checks of a kind ran on a set ("portable:
// 12,345 score checks"), and fails t if none did: a set that checks
// nothing is broken, not passed.
func LogChecks(t testing.TB, set Set, n int64, what string) {
	t.Helper()
	if n == 0 {
		t.Fatalf("%s: no %s checks ran", set.Name, what)
	}
	t.Logf("%s: %s %s checks", set.Name, Thousands(n), what)
}

// Thousands formats n with commas between groups of three digits.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func abs(t testing.TB, dir string) string {
	t.Helper()
	a, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// ReadLines reads a data file's segments: its lines, split on "\n" with
// the final empty piece dropped and nothing else removed.
func ReadLines(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// BenchCorpus returns the en-de conformance set's JDExploreAcademy
// hypotheses and reference A under the module root root, and their size in
// bytes; it skips the benchmark when the set is absent.
func BenchCorpus(b *testing.B, root string) (hyps, refs []string, bytes int64) {
	dir := WMTDir(root)
	if dir == "" {
		b.Skip("no conformance set")
	}
	hyps = ReadLines(b, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))
	refs = ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
	for i := range hyps {
		bytes += int64(len(hyps[i]) + len(refs[i]))
	}
	return hyps, refs, bytes
}

// TwoRefPairs returns the set's pairs that have two references.
func TwoRefPairs(s Set) []string {
	if s.Name == Portable {
		return []string{"en", "mul", "zh"}
	}
	return []string{"en-de", "de-en", "en-zh"}
}

// System returns the file name of a system output every pair of the set
// has.
func System(s Set) string {
	if s.Name == Portable {
		return "sys-A.txt"
	}
	return "sys-JDExploreAcademy.txt"
}
