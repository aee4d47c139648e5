package chrf

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
)

// wmtGoldens is testdata/wmt.json, sacreBLEU 2.6.0's chrF and chrF++ of
// the WMT conformance set, made by testdata/gen_wmt.py.
type wmtGoldens struct {
	Systems []struct {
		Pair            string `json:"pair"`
		System          string `json:"system"`
		WordOrder       int    `json:"word_order"`
		Refs1           *wmtScore
		Refs2           *wmtScore
		SentencesSHA256 string `json:"sentences_sha256"`
	} `json:"systems"`
}

type wmtScore struct {
	Score float64 `json:"score"`
	Stats []int64 `json:"stats"`
}

// readLines reads a file's lines as sacreBLEU's command line does (only
// "\n" ends a line; each is right-stripped).
func readLines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	text = strings.TrimSuffix(text, "\n")
	out := strings.Split(text, "\n")
	for i, l := range out {
		out[i] = py.RStrip(l)
	}
	return out
}

func TestWMT(t *testing.T) {
	dir := conftest.WMTDir("..")
	if dir == "" {
		t.Skip("the WMT conformance set is absent")
	}
	data, err := os.ReadFile("testdata/wmt.json")
	if err != nil {
		t.Fatal(err)
	}
	var g wmtGoldens
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		g.Systems = g.Systems[:4]
	}
	checks := int64(0)
	for _, sys := range g.Systems {
		pair := filepath.Join(dir, "data", sys.Pair)
		hyps := readLines(t, filepath.Join(pair, sys.System))
		refs := [][]string{readLines(t, filepath.Join(pair, "ref.txt"))}
		if sys.Refs2 != nil {
			refs = append(refs, readLines(t, filepath.Join(pair, "ref2.txt")))
		}
		c := Config{WordOrder: sys.WordOrder}
		for k, want := range []*wmtScore{sys.Refs1, sys.Refs2} {
			if want == nil {
				continue
			}
			sc, err := c.Corpus(hyps, refs[:k+1]...)
			if err != nil {
				t.Fatal(err)
			}
			if !same(sc.ChrFPercent, want.Score) || !slices.Equal(sc.Statistics, want.Stats) {
				t.Errorf("%s %s nw %d, %d refs: %v %v, sacreBLEU %v %v", sys.Pair, sys.System, sys.WordOrder, k+1,
					sc.ChrFPercent, sc.Statistics, want.Score, want.Stats)
			}
			checks++
		}
		sent, err := c.SentencesPercent(hyps, refs[0])
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for _, v := range sent {
			h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)))
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != sys.SentencesSHA256 {
			t.Errorf("%s %s nw %d: sentence scores differ from sacreBLEU's", sys.Pair, sys.System, sys.WordOrder)
		}
		checks += int64(len(sent))
	}
	conftest.LogChecks(t, conftest.Set{Name: conftest.WMT, Dir: dir}, checks, "chrF")
}
