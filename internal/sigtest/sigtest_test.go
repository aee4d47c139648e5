package sigtest

import (
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/numpy"
)

// TestSeeds checks sacreBLEU's seeding: default_rng(seed) for a bootstrap,
// `seed if seed else None` for a paired comparison, and the signatures'
// seed fields.
func TestSeeds(t *testing.T) {
	parse := func(v string) bleu.Seed {
		s, err := bleu.ParseSeed(v)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := func(g *numpy.PCG64) uint64 { return g.Uint64() }
	for _, tt := range []struct {
		seed                 bleu.Seed
		bootstrap, paired    bool // seeded with want
		want                 uint64
		signature, pairedSig string
	}{
		{bleu.Seed{}, true, true, 12345, "12345", "12345"},
		{parse(" 0042"), true, true, 42, " 0042", "42"},
		{parse("0"), true, false, 0, "0", "0"},
		{bleu.Unseeded(), false, false, 0, "none", "none"},
	} {
		for _, paired := range []bool{false, true} {
			seeded := tt.bootstrap
			if paired {
				seeded = tt.paired
			}
			a, b := first(RNG(tt.seed, paired)), first(RNG(tt.seed, paired))
			if seeded && (a != b || a != first(numpy.NewPCG64(tt.want))) || !seeded && a == b {
				t.Errorf("seed %q, paired %v: draws %d and %d", tt.seed, paired, a, b)
			}
		}
		if got := tt.seed.String(); got != tt.signature {
			t.Errorf("seed %q: bootstrap signature %q, want %q", tt.seed, got, tt.signature)
		}
		if got := PairedSeed(tt.seed); got != tt.pairedSig {
			t.Errorf("seed %q: paired signature %q, want %q", tt.seed, got, tt.pairedSig)
		}
	}
}
