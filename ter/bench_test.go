package ter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
)

// wmtSystem reads a system and its references from the WMT conformance
// set, or skips b when the set is absent.
func wmtSystem(tb testing.TB, pair, system string, nrefs int) (hyps []string, refs [][]string) {
	tb.Helper()
	dir := conftest.WMTDir("..")
	if dir == "" {
		tb.Skip("the WMT conformance set is absent")
	}
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(dir, "data", pair, name))
		if err != nil {
			tb.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	hyps = read("sys-" + system + ".txt")
	for k, name := range []string{"ref.txt", "ref2.txt"}[:nrefs] {
		refs = append(refs, read(name))
		_ = k
	}
	return hyps, refs
}

// BenchmarkCorpusWMT scores one WMT22 system (en-de, 2,037 segments) as
// sacreBLEU's corpus_score does, on every core.
func BenchmarkCorpusWMT(b *testing.B) {
	for _, bc := range []struct {
		name, pair, system string
		c                  Config
	}{
		{"en-de", "en-de", "PROMT", Config{}},
		{"en-zh-asian", "en-zh", "HuaweiTSC", Config{Normalized: true, NoPunct: true, AsianSupport: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			hyps, refs := wmtSystem(b, bc.pair, bc.system, 1)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.c.Corpus(hyps, refs...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
