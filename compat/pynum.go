package compat

import (
	"errors"
	"math/big"
)

// pyNum is a Python number as NLTK's smoothing functions compute with it:
// an int or a fractions.Fraction (exact, in r) or a float (in f). The
// arithmetic follows Python's: int and Fraction operands stay exact,
// int / int is a correctly rounded float, and an operation with a float
// converts the other operand to the nearest float first.
type pyNum struct {
	kind pyKind
	r    *big.Rat // pyInt, pyFraction; never mutated once set
	f    float64  // pyFloat
}

type pyKind uint8

const (
	pyInt pyKind = iota
	pyFraction
	pyFloat
)

var errZeroDivision = errors.New("ZeroDivisionError")

func pyIntOf(n int64) pyNum     { return pyNum{kind: pyInt, r: new(big.Rat).SetInt64(n)} }
func pyFloatOf(f float64) pyNum { return pyNum{kind: pyFloat, f: f} }

// pyFractionOf is Fraction(num, den, _normalize=False): its value is all
// that the arithmetic below reads, so normalizing changes nothing.
func pyFractionOf(num, den int64) pyNum {
	return pyNum{kind: pyFraction, r: big.NewRat(num, den)}
}

// float is float(x): the nearest float64 (Python's int true division, and
// Fraction.__float__, round correctly).
func (x pyNum) float() float64 {
	if x.kind == pyFloat {
		return x.f
	}
	f, _ := x.r.Float64()
	return f
}

func (x pyNum) sign() int {
	if x.kind == pyFloat {
		switch {
		case x.f > 0:
			return 1
		case x.f < 0:
			return -1
		}
		return 0
	}
	return x.r.Sign()
}

func exactKind(a, b pyNum) pyKind {
	if a.kind == pyFraction || b.kind == pyFraction {
		return pyFraction
	}
	return pyInt
}

func pyAdd(a, b pyNum) pyNum {
	if a.kind == pyFloat || b.kind == pyFloat {
		return pyFloatOf(a.float() + b.float())
	}
	return pyNum{kind: exactKind(a, b), r: new(big.Rat).Add(a.r, b.r)}
}

func pyMul(a, b pyNum) pyNum {
	if a.kind == pyFloat || b.kind == pyFloat {
		return pyFloatOf(a.float() * b.float())
	}
	return pyNum{kind: exactKind(a, b), r: new(big.Rat).Mul(a.r, b.r)}
}

// pyDiv is a / b: int / int is a float, correctly rounded.
func pyDiv(a, b pyNum) (pyNum, error) {
	if b.sign() == 0 {
		return pyNum{}, errZeroDivision
	}
	if a.kind == pyFloat || b.kind == pyFloat {
		return pyFloatOf(a.float() / b.float()), nil
	}
	q := new(big.Rat).Quo(a.r, b.r)
	if a.kind == pyInt && b.kind == pyInt {
		f, _ := q.Float64()
		return pyFloatOf(f), nil
	}
	return pyNum{kind: pyFraction, r: q}, nil
}

// pySquare is x ** 2.
func pySquare(x pyNum) pyNum {
	if x.kind == pyFloat {
		return pyFloatOf(x.f * x.f)
	}
	return pyNum{kind: x.kind, r: new(big.Rat).Mul(x.r, x.r)}
}
