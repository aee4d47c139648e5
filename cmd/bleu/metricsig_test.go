package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/go-bleu/bleu"
)

// TestPairedHolmMetrics checks --paired-holm with several metrics: each
// metric's results gain p_value_holm, the Holm–Bonferroni adjustment of
// that metric's own p-values, and the rest of the output is what the test
// prints without it (sacreBLEU's, which testdata/sig checks).
func TestPairedHolmMetrics(t *testing.T) {
	dir := significanceFiles(t)
	f := func(name string) string { return filepath.Join(dir, name) }
	type result struct {
		Score float64  `json:"score"`
		P     *float64 `json:"p_value"`
		Mean  *float64 `json:"mean"`
		CI    *float64 `json:"ci"`
		Holm  *float64 `json:"p_value_holm"`
	}
	for _, test := range []string{"-pbs", "-par"} {
		args := []string{f("ref.txt"), "-i", f("a.txt"), f("b.txt"), f("c.txt"), "-m", "ter", "chrf", "bleu", test, "-pbsn", "200", "-parn", "300", "-q"}
		decode := func(extra ...string) []map[string]json.RawMessage {
			r := runCLIEnv(t, map[string]string{"SACREBLEU_SEED": "7"}, "", append(args, extra...)...)
			if r.RC != 0 {
				t.Fatalf("%s: exit %d: %s", test, r.RC, r.Stderr)
			}
			var out []map[string]json.RawMessage
			if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
				t.Fatal(err)
			}
			return out
		}
		plain, holm := decode(), decode("--paired-holm")
		for _, metric := range []string{"TER", "chrF2", "BLEU"} {
			var p []float64
			var adjusted []float64
			for i := range holm {
				var a, b result
				if err := json.Unmarshal(plain[i][metric], &a); err != nil {
					t.Fatalf("%s %s: %v", test, metric, err)
				}
				if err := json.Unmarshal(holm[i][metric], &b); err != nil {
					t.Fatal(err)
				}
				if i == 0 {
					if b.Holm != nil || b.P != nil {
						t.Errorf("%s %s: the baseline has p-values %v %v", test, metric, b.P, b.Holm)
					}
					continue
				}
				if a.P == nil || b.P == nil || b.Holm == nil || *a.P != *b.P || a.Score != b.Score {
					t.Fatalf("%s %s system %d: %+v without --paired-holm, %+v with it", test, metric, i, a, b)
				}
				p, adjusted = append(p, *b.P), append(adjusted, *b.Holm)
			}
			want := bleu.HolmBonferroni(p)
			for i := range want {
				if adjusted[i] != want[i] {
					t.Errorf("%s %s: Holm p-values %v, want %v of %v", test, metric, adjusted, want, p)
					break
				}
			}
		}
	}
}
