package main

import (
	"bytes"
	"io"
	"math"
)

// compatBudget is the text --compat may read: its tools keep their files
// whole, at lineCostCompat (lineCostMTEval for mteval) bytes of memory a
// byte of text (see linecost.go), so the files together may hold the
// memory the process may use divided by that. Decompressed text counts,
// so a small .gz file cannot expand past it.
type compatBudget struct {
	left, memory, cost int64
}

func newCompatBudget(o *options) *compatBudget {
	b := &compatBudget{left: math.MaxInt64, cost: lineCostCompat}
	if o.compat == "mteval" {
		b.cost = lineCostMTEval
	}
	if mem := memoryLimit(); mem > 1 && mem < math.MaxInt64 {
		b.left, b.memory = mem/b.cost, mem
	}
	return b
}

// read reads r, called name in messages, to its end within the budget.
func (b *compatBudget) read(name string, r io.Reader) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, min(b.left, math.MaxInt64-1)+1))
	if err != nil {
		return nil, inputErrorf("bleu: %s: %v", name, err)
	}
	if n > b.left {
		return nil, inputErrorf("bleu: %s: --compat keeps the files whole in memory, %d bytes for each byte of text, and with this one they hold more than %s: more than the %s the process may use",
			name, b.cost, byteCount(b.left), byteCount(b.memory))
	}
	b.left -= n
	return buf.Bytes(), nil
}
