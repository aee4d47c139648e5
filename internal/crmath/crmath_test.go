package crmath

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The reference for Log and Exp: series evaluated with math/big at
// 300 bits, then rounded to the nearest float64.

const refPrec = 300

func refFloat(x float64) *big.Float { return new(big.Float).SetPrec(refPrec).SetFloat64(x) }
func refInt(n int64) *big.Float     { return new(big.Float).SetPrec(refPrec).SetInt64(n) }

// refLogReduced returns log(m) for m in [1/√2, √2] as 2·atanh((m-1)/(m+1)).
func refLogReduced(m *big.Float) *big.Float {
	one := refInt(1)
	z := new(big.Float).SetPrec(refPrec).Quo(new(big.Float).SetPrec(refPrec).Sub(m, one), new(big.Float).SetPrec(refPrec).Add(m, one))
	z2 := new(big.Float).SetPrec(refPrec).Mul(z, z)
	sum := new(big.Float).SetPrec(refPrec)
	term := new(big.Float).SetPrec(refPrec).Set(z)
	for k := int64(1); term.Sign() != 0; k += 2 {
		t := new(big.Float).SetPrec(refPrec).Quo(term, refInt(k))
		sum.Add(sum, t)
		if t.Sign() == 0 || t.MantExp(nil)-sum.MantExp(nil) < -refPrec-8 {
			break
		}
		term.Mul(term, z2)
	}
	return sum.Mul(sum, refInt(2))
}

var refLn2 = refLogReduced(refInt(2))

func refLog(x float64) float64 {
	fr, e := math.Frexp(x)
	if fr < math.Sqrt2/2 {
		fr *= 2
		e--
	}
	r := refLogReduced(refFloat(fr))
	r.Add(r, new(big.Float).SetPrec(refPrec).Mul(refLn2, refInt(int64(e))))
	f, _ := r.Float64()
	return f
}

func refExp(x float64) float64 {
	k := math.Round(x / math.Ln2)
	r := new(big.Float).SetPrec(refPrec).Sub(refFloat(x), new(big.Float).SetPrec(refPrec).Mul(refLn2, refFloat(k)))
	sum, term := refInt(1), refInt(1)
	for i := int64(1); ; i++ {
		term.Mul(term, r)
		term.Quo(term, refInt(i))
		if term.Sign() == 0 || term.MantExp(nil) < -refPrec-8 {
			break
		}
		sum.Add(sum, term)
	}
	sum.SetMantExp(sum, int(k))
	f, _ := sum.Float64()
	return f
}

func TestExpTable(t *testing.T) {
	for j, v := range expTable {
		// (hi + lo)^64 must be 2^j to about 2^-104.
		x := new(big.Float).SetPrec(refPrec).Add(refFloat(v.hi), refFloat(v.lo))
		p := refInt(1)
		for range 64 {
			p.Mul(p, x)
		}
		want := new(big.Float).SetPrec(refPrec).SetMantExp(refInt(1), j)
		rel := new(big.Float).SetPrec(refPrec).Quo(new(big.Float).SetPrec(refPrec).Sub(p, want), want)
		// 64 multiplications scale the relative error by 64 = 2^6.
		if r, _ := rel.Float64(); math.Abs(r) > 0x1p-98 {
			t.Errorf("expTable[%d] = %v: relative error of its 64th power %g", j, v, r)
		}
		if math.Abs(v.lo) > math.Nextafter(v.hi, 2)-v.hi {
			t.Errorf("expTable[%d] = %v is not normalized", j, v)
		}
	}
}

// libmInputs returns test arguments: random ones over the ranges BLEU uses
// and beyond, and the hard neighbourhoods (near 1 for log, near 0 for exp).
func libmInputs(n int) (logs, exps []float64) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range n {
		u := r.Float64()
		switch i % 5 {
		case 0: // precisions in percent
			logs = append(logs, u*100)
		case 1: // close to 1
			logs = append(logs, 1+(u-0.5)*math.Pow(2, -float64(r.IntN(50))))
		case 2: // any magnitude
			logs = append(logs, math.Exp((u-0.5)*1300))
		case 3: // ratios of counts
			logs = append(logs, 100*float64(r.IntN(100000)+1)/float64(r.IntN(100000)+1))
		case 4:
			logs = append(logs, float64(r.IntN(1000)+1))
		}
		switch i % 4 {
		case 0: // the mean log precision, and brevity penalty arguments
			exps = append(exps, (u-0.8)*30)
		case 1: // close to 0
			exps = append(exps, (u-0.5)*math.Pow(2, -float64(r.IntN(60))))
		case 2: // the whole range
			exps = append(exps, (u-0.5)*1400)
		case 3:
			exps = append(exps, 1-float64(r.IntN(5000)+1)/float64(r.IntN(5000)+1))
		}
	}
	return logs, exps
}

func TestLogExp(t *testing.T) {
	t.Parallel()
	n := 20000
	if testing.Short() {
		n = 2000
	}
	logs, exps := libmInputs(n)
	logs = append(logs, 1, 2, 100, 0.5, math.Nextafter(1, 2), math.Nextafter(1, 0), 1e-270, 1e270, 33.7, 66.3)
	exps = append(exps, 0, 1, -1, 1e-300, -1e-300, math.Log(100), 4.605170185988092, -707.9, 708.9, 0.5)
	bad, slow := 0, 0
	check := func(name string, x, got, want float64) {
		if got != want {
			bad++
			if bad <= 10 {
				t.Errorf("%s(%v) = %v, want %v", name, x, got, want)
			}
		}
	}
	for _, x := range logs {
		want := refLog(x)
		check("Log", x, Log(x), want)
		if x > 0x1p-900 && x < 0x1p900 && x != 1 {
			check("slowLog", x, slowLog(x), want)
			if y, ok := fastLog(x); ok {
				check("fastLog", x, y, want)
			} else {
				slow++
			}
		}
	}
	for _, x := range exps {
		want := refExp(x)
		check("Exp", x, Exp(x), want)
		if x > -708 && x < 708 {
			check("slowExp", x, slowExp(x), want)
			if y, ok := fastExp(x); ok {
				check("fastExp", x, y, want)
			} else {
				slow++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d results not correctly rounded", bad, 3*(len(logs)+len(exps)))
	}
	// The fast paths decide all but the rare hard cases.
	t.Logf("the fast paths gave up %d times in %d", slow, len(logs)+len(exps))
	if slow > len(logs)/100 {
		t.Errorf("the fast paths gave up %d times in %d", slow, len(logs)+len(exps))
	}
}

func TestLogExpSpecial(t *testing.T) {
	same := func(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }
	for _, x := range []float64{0, -1, math.Inf(1), math.Inf(-1), math.NaN(), 1e-310, 0x1p-901, 0x1p901, math.MaxFloat64} {
		if got, want := Log(x), math.Log(x); !same(got, want) {
			t.Errorf("Log(%v) = %v, want math.Log's %v", x, got, want)
		}
	}
	for _, x := range []float64{-9999999999, -2.5e9, -745.2, -708.5, 709.5, 710, math.Inf(1), math.Inf(-1), math.NaN()} {
		if got, want := Exp(x), math.Exp(x); !same(got, want) {
			t.Errorf("Exp(%v) = %v, want math.Exp's %v", x, got, want)
		}
	}
	if got := Exp(4 * Log(100) / 4); got != 100.00000000000004 {
		t.Errorf("exp(log(100)) = %v, want sacreBLEU's 100.00000000000004", got)
	}
}

func BenchmarkLog(b *testing.B) {
	x := 33.7
	s := 0.0
	for b.Loop() {
		s += Log(x)
		x += 1e-9
	}
	sinkFloat = s
}

func BenchmarkExp(b *testing.B) {
	x := 3.5
	s := 0.0
	for b.Loop() {
		s += Exp(x)
		x -= 1e-9
	}
	sinkFloat = s
}

var sinkFloat float64
