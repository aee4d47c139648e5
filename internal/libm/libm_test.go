package libm

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/crmath"
)

// TestGlibcSample compares every case of testdata/glibc.txt, glibc 2.36's
// results as Debian 12's python3 returned them, bit for bit.
func TestGlibcSample(t *testing.T) {
	f, err := os.Open("testdata/glibc.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	groups := map[string]int{}
	s := bufio.NewScanner(f)
	for line := 1; s.Scan(); line++ {
		text := s.Text()
		if strings.HasPrefix(text, "#") {
			continue
		}
		var op, group string
		var x, y uint64
		if _, err := fmt.Sscanf(text, "%s %x %x %s", &op, &x, &y, &group); err != nil {
			t.Fatalf("glibc.txt:%d: %q: %v", line, text, err)
		}
		fn := map[string]func(float64) float64{"exp": Exp, "log": Log}[op]
		if fn == nil {
			t.Fatalf("glibc.txt:%d: unknown function %q", line, op)
		}
		groups[group]++
		arg := math.Float64frombits(x)
		if group == "hard" {
			// The point of the case: glibc is not correctly rounded here,
			// which crmath can tell only inside its domain (outside, the
			// group is "range").
			cr := map[string]func(float64) float64{"exp": crmath.Exp, "log": crmath.Log}[op]
			inside := map[string]func(float64) bool{"exp": crmath.ExpRounded, "log": crmath.LogRounded}[op]
			if !inside(arg) {
				t.Errorf("glibc.txt:%d: %s(%s): a hard case outside crmath's correctly rounded domain", line, op, strconv.FormatFloat(arg, 'x', -1, 64))
			} else if math.Float64bits(cr(arg)) == y {
				t.Errorf("glibc.txt:%d: %s(%s): glibc's result is the correctly rounded one, not a hard case", line, op, strconv.FormatFloat(arg, 'x', -1, 64))
			}
		}
		if got := math.Float64bits(fn(arg)); got != y {
			t.Errorf("glibc.txt:%d: %s(%s) = %#016x (%v), glibc %#016x (%v) [%s]", line, op,
				strconv.FormatFloat(arg, 'x', -1, 64), got, math.Float64frombits(got), y, math.Float64frombits(y), group)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	// The sample must keep its point: the cases where glibc is not
	// correctly rounded, and the formulas' arguments.
	if groups["hard"] < 2000 || groups["formula"] < 1000 || groups["boundary"] < 100 {
		t.Errorf("sample groups %v: too few hard, formula or boundary cases", groups)
	}
}

// TestSpecial checks the values glibc returns where Python raises instead
// (so the sample cannot hold them) and the signed zeros.
func TestSpecial(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		name string
		fn   func(float64) float64
		x    float64
		want float64
	}{
		{"exp", Exp, inf, inf},
		{"exp", Exp, -inf, 0},
		{"exp", Exp, 709.79, inf},
		{"exp", Exp, 1e300, inf},
		{"exp", Exp, -1e300, 0},
		{"exp", Exp, -746, 0},
		{"exp", Exp, 0, 1},
		{"exp", Exp, math.Copysign(0, -1), 1},
		{"exp", Exp, -745.1332191019411, 0x1p-1074},
		{"exp", Exp, 0x1p-60, 1},
		{"exp", Exp, -0x1p-60, 1},
		{"log", Log, 0, -inf},
		{"log", Log, math.Copysign(0, -1), -inf},
		{"log", Log, inf, inf},
		{"log", Log, 1, 0},
		{"log", Log, 0x1p-1074, -744.4400719213812},
		{"log", Log, math.MaxFloat64, 709.782712893384},
	}
	for _, tt := range tests {
		if got := tt.fn(tt.x); math.Float64bits(got) != math.Float64bits(tt.want) {
			t.Errorf("%s(%v) = %v, want %v", tt.name, tt.x, got, tt.want)
		}
	}
	for _, x := range []float64{-1, -inf, -0x1p-1074, nan} {
		if got := Log(x); !math.IsNaN(got) {
			t.Errorf("log(%v) = %v, want NaN", x, got)
		}
	}
	if got := Exp(nan); !math.IsNaN(got) {
		t.Errorf("exp(NaN) = %v, want NaN", got)
	}
}

var sink float64

// The arguments of the benchmarks: BLEU's (logs of precisions in percent,
// exps of means of logs and of brevity ratios).
var (
	logArgs = [8]float64{61.2, 33.3, 18.75, 10.4, 97.5, 0.42, 55.5, 7.25}
	expArgs = [8]float64{-0.31, -0.0042, 3.3, 2.9, -1.7, 0.01, -12.5, 4.2}
)

func BenchmarkExp(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		sink += Exp(expArgs[i&7])
	}
}

func BenchmarkMathExp(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		sink += math.Exp(expArgs[i&7])
	}
}

func BenchmarkLog(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		sink += Log(logArgs[i&7])
	}
}

func BenchmarkMathLog(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		sink += math.Log(logArgs[i&7])
	}
}
