package ter

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// wmtGoldens is testdata/wmt.json, sacreBLEU 2.6.0's TER on the WMT22
// conformance set, made by testdata/wmt_goldens.py: numbers only.
type wmtGoldens struct {
	Results []struct {
		Pair, System, Config string
		Options              pyOptions
		Refs                 []string
		Edits                int64
		RefLength            float64 `json:"ref_length"`
		Score                float64
		Signature            string
		SegmentsSHA256       string `json:"segments_sha256"`
	}
}

// TestWMT checks every system of the WMT conformance set, when it is
// present, against sacreBLEU: the corpus sums, score and signature, and
// every segment's statistics (through the hash of their text as Python
// prints them).
func TestWMT(t *testing.T) {
	b, err := os.ReadFile("testdata/wmt.json")
	if err != nil {
		t.Fatal(err)
	}
	var g wmtGoldens
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Results) == 0 {
		t.Fatal("no results in testdata/wmt.json")
	}
	for _, r := range g.Results {
		hyps, refs := wmtSystem(t, r.Pair, r.System, len(r.Refs))
		c := r.Options.config()
		sc, err := c.Corpus(hyps, refs...)
		if err != nil {
			t.Fatal(err)
		}
		name := r.Pair + "/" + r.System + "/" + r.Config + "/" + strconv.Itoa(len(r.Refs))
		sig := strings.Replace(r.Signature, "version:2.6.0", "version:"+bleu.Version, 1)
		if sc.Edits != r.Edits || sc.RefLength != r.RefLength || sc.TERPercent != r.Score || sc.Signature.String() != sig {
			t.Errorf("%s: %d %v %v %s; sacreBLEU %d %v %v %s", name, sc.Edits, sc.RefLength, sc.TERPercent, sc.Signature, r.Edits, r.RefLength, r.Score, sig)
		}
		rows, err := c.Rows(hyps, refs...)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for _, row := range rows {
			h.Write([]byte(strconv.FormatInt(int64(row[0]), 10) + " " + py.FloatRepr(row[1]) + "\n"))
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != r.SegmentsSHA256 {
			t.Errorf("%s: the segments' statistics differ from sacreBLEU's", name)
		}
	}
}
