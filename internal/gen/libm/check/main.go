// Command check compares internal/libm with the C library: it generates
// arguments for exp and log, has Debian 12's /usr/bin/python3 evaluate
// them with math.exp and math.log (internal/gen/libm/glibc.py eval, which
// calls glibc 2.36's __exp_fma and __log_fma), and requires libm's results
// to be bit-identical. Run from the module root:
//
//	go run ./internal/gen/libm/check -n 2000000 [-formula formula.txt] [-sample internal/libm/testdata/glibc.txt]
//
// The arguments (-n for each of ten groups, seeded, so that every run
// with the same flags checks the same ones) are uniform over the exponent
// ranges of exp's paths (tiny, main, overflow and subnormal results) and
// of log's (every binade including subnormals, the path near 1), ratios of
// integers like BLEU's precisions and brevity penalties, and boundaries.
// -formula adds the arguments sacreBLEU's BLEU produced on the conformance
// sets:
//
//	SACREBLEU_DIR=/path/to/sacrebleu /usr/bin/python3 internal/gen/libm/glibc.py \
//	    formula testdata/portable ../shared/conformance >formula.txt
//
// Where glibc's result is not the correctly rounded one (internal/crmath
// disagrees) the case is hard: -sample writes the hard cases above all,
// and a spread of the others, as the committed sample.
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"github.com/go-bleu/bleu/internal/crmath"
	"github.com/go-bleu/bleu/internal/libm"
)

const (
	opExp = 0
	opLog = 1
	// raised is glibc.py's result where Python raises instead of returning
	// C's inf, nan or 0 (overflow, log of 0 or a negative).
	raised = 0x7ff8deadbeefdead
)

var opName = [2]string{"exp", "log"}

type tcase struct {
	op    int
	x, y  uint64
	group string
}

type generator struct {
	name string
	op   int
	next func(r *rand.Rand) float64
}

func between(lo, hi float64) func(r *rand.Rand) float64 {
	return func(r *rand.Rand) float64 { return lo + (hi-lo)*r.Float64() }
}

// binades returns a float64 with random sign (if signed), a uniformly
// random biased exponent in [lo, hi] and a random mantissa.
func binades(lo, hi uint64, signed bool) func(r *rand.Rand) float64 {
	return func(r *rand.Rand) float64 {
		b := (lo+r.Uint64N(hi-lo+1))<<52 | r.Uint64()>>12
		if signed && r.Uint64()&1 == 1 {
			b |= 1 << 63
		}
		return math.Float64frombits(b)
	}
}

var generators = []generator{
	// exp: |x| from 2^-60 (tiny path) to 2^10 (overflow, subnormal results).
	{"exp-binades", opExp, binades(0x3ff-60, 0x3ff+10, true)},
	{"exp-range", opExp, between(-745.2, 709.8)},
	{"exp-subnormal", opExp, between(-745.2, -708.3)},
	{"exp-bleu", opExp, between(-30, 1)},
	{"exp-brevity", opExp, func(r *rand.Rand) float64 {
		h := 1 + r.Float64()*float64(r.Uint64N(1e6))
		return 1 - float64(int(h+r.Float64()*h*3))/float64(int(h))
	}},
	// log: every positive binade, subnormals included; near 1; ratios.
	{"log-binades", opLog, binades(0, 0x7fe, false)},
	{"log-near1", opLog, between(1-0x1p-4, 1+0x1.09p-4)},
	{"log-ratio", opLog, func(r *rand.Rand) float64 {
		b := 1 + r.Uint64N(1+r.Uint64N(1e7))
		return float64(r.Uint64N(b)+1) / float64(b)
	}},
	{"log-percent", opLog, func(r *rand.Rand) float64 {
		b := 1 + r.Uint64N(1+r.Uint64N(1e7))
		return 100 * float64(r.Uint64N(b)+1) / float64(b)
	}},
	{"log-int", opLog, func(r *rand.Rand) float64 { return float64(1 + r.Uint64N(1+r.Uint64N(1e9))) }},
}

// boundaries are the arguments at and beside the edges of glibc's paths.
func boundaries() []tcase {
	var cs []tcase
	add := func(op int, xs ...float64) {
		for _, x := range xs {
			for d := -3; d <= 3; d++ {
				b := math.Float64bits(x)
				if (x == 0 || math.IsInf(x, 0) || math.IsNaN(x)) && d != 0 {
					continue
				}
				cs = append(cs, tcase{op: op, x: uint64(int64(b) + int64(d)), group: "boundary"})
			}
		}
	}
	add(opExp, 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		0x1p-54, -0x1p-54, 512, -512, 1024, -1024, 709.782712893384, -708.3964185322641,
		-745.1332191019411, -745.1332191019412, -744.44007192138, 1, -1, 0.5, math.Ln2, 2)
	add(opLog, 0, math.Copysign(0, -1), math.Inf(1), math.NaN(), -1, 1, 1-0x1p-4, 1+0x1.09p-4,
		0x1p-1022, 0x1p-1074, math.MaxFloat64, 2, 0.5, math.E, 0x1.6p-1, 0x1.6p0, 10, 100)
	return cs
}

type checker struct {
	n      int
	bad    int
	badBy  map[string]int
	hard   map[string]int
	perOp  [2]int
	hardC  []tcase
	random map[string][]tcase
}

// want returns glibc's result for c as the sample records it: the bits
// Python returned, or C's value where Python raised.
func want(c tcase) uint64 {
	if c.y != raised {
		return c.y
	}
	x := math.Float64frombits(c.x)
	if c.op == opExp {
		return math.Float64bits(math.Inf(1)) // OverflowError: C returned +Inf
	}
	if x == 0 {
		return math.Float64bits(math.Inf(-1))
	}
	return c.y // ValueError for x < 0: C returned a NaN, compared as NaN
}

func (k *checker) add(c tcase) {
	k.n++
	k.perOp[c.op]++
	x := math.Float64frombits(c.x)
	var got, cr float64
	if c.op == opExp {
		got, cr = libm.Exp(x), crmath.Exp(x)
	} else {
		got, cr = libm.Log(x), crmath.Log(x)
	}
	w := want(c)
	// Python returns a NaN argument itself, without calling the C library.
	ok := math.Float64bits(got) == w || ((w == raised || math.IsNaN(x)) && math.IsNaN(got))
	if !ok {
		k.bad++
		k.badBy[c.group]++
		if k.bad <= 20 {
			log.Printf("%s %s (%016x, %s): libm %x, glibc %x", opName[c.op], strconv.FormatFloat(x, 'x', -1, 64), c.x, c.group, math.Float64bits(got), w)
		}
	}
	if c.y == raised {
		return
	}
	if math.Float64bits(cr) != c.y && !math.IsNaN(x) {
		if rounded(c) {
			k.hard[opName[c.op]]++
		}
		k.hardC = append(k.hardC, c)
	}
	if c.group == "formula" || len(k.random[c.group]) < 1<<16 {
		k.random[c.group] = append(k.random[c.group], c)
	}
}

func main() {
	n := flag.Int("n", 1000000, "random arguments per generator group")
	seed := flag.Uint64("seed", 1, "PRNG seed")
	python := flag.String("python", "/usr/bin/python3", "Debian 12's python3")
	script := flag.String("script", "internal/gen/libm/glibc.py", "glibc.py")
	formula := flag.String("formula", "", "output of glibc.py formula")
	sample := flag.String("sample", "", "write the committed sample here")
	flag.Parse()

	k := &checker{hard: map[string]int{}, badBy: map[string]int{}, random: map[string][]tcase{}}
	cmd := exec.Command(*python, *script, "eval")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	pending := make(chan []tcase, 4)
	go func() {
		w := bufio.NewWriterSize(stdin, 1<<20)
		emit := func(cs []tcase) {
			pending <- cs // before writing: python's results must be read meanwhile
			buf := make([]byte, 16)
			for _, c := range cs {
				binary.LittleEndian.PutUint64(buf, uint64(c.op))
				binary.LittleEndian.PutUint64(buf[8:], c.x)
				if _, err := w.Write(buf); err != nil {
					log.Fatal(err)
				}
			}
			if err := w.Flush(); err != nil {
				log.Fatal(err)
			}
		}
		emit(boundaries())
		for gi, g := range generators {
			r := rand.New(rand.NewPCG(*seed, uint64(gi)))
			const chunk = 1 << 16
			for done := 0; done < *n; done += chunk {
				cs := make([]tcase, 0, chunk)
				for i := 0; i < chunk && done+i < *n; i++ {
					cs = append(cs, tcase{op: g.op, x: math.Float64bits(g.next(r)), group: g.name})
				}
				emit(cs)
			}
		}
		close(pending)
		stdin.Close()
	}()
	rd := bufio.NewReaderSize(stdout, 1<<20)
	buf := make([]byte, 8)
	for cs := range pending {
		for _, c := range cs {
			if _, err := io.ReadFull(rd, buf); err != nil {
				log.Fatal(err)
			}
			c.y = binary.LittleEndian.Uint64(buf)
			k.add(c)
		}
	}
	if err := cmd.Wait(); err != nil {
		log.Fatal(err)
	}
	nf := 0
	if *formula != "" {
		nf = k.readFormula(*formula)
	}
	fmt.Printf("checked %d arguments (exp %d, log %d; %d from sacreBLEU's formulas): %d differ from glibc\n",
		k.n, k.perOp[opExp], k.perOp[opLog], nf, k.bad)
	if k.bad > 0 {
		fmt.Printf("differing by group: %v\n", k.badBy)
	}
	fmt.Printf("glibc not correctly rounded (differs from internal/crmath): exp %d, log %d\n", k.hard["exp"], k.hard["log"])
	byGroup := map[string]int{}
	for _, c := range k.hardC {
		byGroup[c.group]++
	}
	fmt.Printf("not correctly rounded by group: %v\n", byGroup)
	if *sample != "" {
		k.writeSample(*sample)
	}
	if k.bad > 0 {
		os.Exit(1)
	}
}

func (k *checker) readFormula(path string) int {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	n := 0
	for s.Scan() {
		var op string
		var x, y uint64
		if _, err := fmt.Sscanf(s.Text(), "%s %x %x", &op, &x, &y); err != nil {
			log.Fatalf("%s: %q: %v", path, s.Text(), err)
		}
		c := tcase{op: opExp, x: x, y: y, group: "formula"}
		if op == "log" {
			c.op = opLog
		}
		k.add(c)
		n++
	}
	if err := s.Err(); err != nil {
		log.Fatal(err)
	}
	return n
}

// rounded reports whether crmath computes c's function correctly rounded
// at its argument, so that a result differing from crmath's is a hard
// case.
func rounded(c tcase) bool {
	x := math.Float64frombits(c.x)
	if c.op == opExp {
		return crmath.ExpRounded(x)
	}
	return crmath.LogRounded(x)
}

// writeSample writes the hard cases (up to 2,500 an operation, taken in
// turn from each group, the formulas' first), 250 of every random group,
// 2,000 of the formulas' arguments and all boundaries, sorted and
// deduplicated.
func (k *checker) writeSample(path string) {
	seen := map[[2]uint64]bool{}
	var lines []string
	put := func(c tcase, section string) {
		key := [2]uint64{uint64(c.op), c.x}
		if seen[key] || c.y == raised || math.IsNaN(math.Float64frombits(c.x)) {
			return
		}
		seen[key] = true
		if section == "hard" && !rounded(c) {
			// Outside crmath's domain its result is math's, so glibc's
			// differing from it does not make the case hard.
			section = "range"
		}
		lines = append(lines, fmt.Sprintf("%s %016x %016x %s", opName[c.op], c.x, c.y, section))
	}
	// Hard cases: round-robin over the groups, so that every group (the
	// formulas' first) gives its share of each operation's quota.
	byGroup := map[string][]tcase{}
	for _, c := range k.hardC {
		byGroup[opName[c.op]+" "+c.group] = append(byGroup[opName[c.op]+" "+c.group], c)
	}
	hard := map[int]int{}
	groups := sortedKeys(byGroup)
	sort.SliceStable(groups, func(i, j int) bool {
		return strings.HasSuffix(groups[i], " formula") && !strings.HasSuffix(groups[j], " formula")
	})
	for i, more := 0, true; more; i++ {
		more = false
		for _, g := range groups {
			if cs := byGroup[g]; i < len(cs) && hard[cs[i].op] < 2500 {
				hard[cs[i].op]++
				put(cs[i], "hard")
				more = true
			}
		}
	}
	for _, g := range sortedKeys(k.random) {
		cs := k.random[g]
		quota := 250
		if g == "formula" {
			quota = 2000
		}
		if g == "boundary" {
			quota = len(cs)
		}
		step := max(1, len(cs)/quota)
		for i := 0; i < len(cs) && i/step < quota; i += step {
			put(cs[i], g)
		}
	}
	sort.Strings(lines)
	var b strings.Builder
	b.WriteString(`# Arguments of exp and log with glibc 2.36's results (__exp_fma, __log_fma),
# as Debian 12's /usr/bin/python3 computed them with math.exp and math.log.
# Written by go run ./internal/gen/libm/check -sample; checked by .ci/run
# (internal/gen/libm/glibc.py check). Columns: function, argument's bits,
# result's bits, group: "hard" where glibc's result is not the correctly
# rounded one, "range" where it differs from Go's math package outside
# internal/crmath's correctly rounded domain (exp past ±708, log past
# 2^±900), "formula" for arguments sacreBLEU's BLEU formula passed on
# the conformance sets, otherwise the random group or "boundary".
`)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("wrote %s: %d cases (%d hard)\n", path, len(lines), hard[opExp]+hard[opLog])
}

func sortedKeys(m map[string][]tcase) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
