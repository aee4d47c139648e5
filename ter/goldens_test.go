package ter

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
)

// goldens is testdata/goldens.json, made by testdata/goldens.py with
// sacreBLEU 2.6.0.
type goldens struct {
	Tokenize []struct {
		Options pyOptions
		Cases   [][2]string
	}
	Segments []struct {
		Name    string
		Options pyOptions
		Cases   []goldenSegment
	}
	Corpora []struct {
		Options        pyOptions
		Hyps           []string
		Refs           [][]string
		Edits          int64
		RefLength      float64 `json:"ref_length"`
		Score          float64
		Signature      string
		ShortSignature string `json:"short_signature"`
		Text           string
	}
	Sums []struct {
		Kind      string
		Edits     float64
		RefLength float64 `json:"ref_length"`
		Score     float64
		NumEdits  int64 `json:"num_edits"`
	}
}

// pyOptions are the keyword arguments of sacreBLEU's TER.
type pyOptions struct {
	Normalized    bool `json:"normalized"`
	NoPunct       bool `json:"no_punct"`
	AsianSupport  bool `json:"asian_support"`
	CaseSensitive bool `json:"case_sensitive"`
}

func (o pyOptions) config() Config {
	return Config(o)
}

// goldenSegment is [hyp, refs, edits, mean reference length, score].
type goldenSegment struct {
	Hyp    string
	Refs   []string
	Edits  int64
	RefLen float64
	Score  float64
}

func (g *goldenSegment) UnmarshalJSON(b []byte) error {
	var a []json.RawMessage
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	for i, p := range []any{&g.Hyp, &g.Refs, &g.Edits, &g.RefLen, &g.Score} {
		if err := json.Unmarshal(a[i], p); err != nil {
			return err
		}
	}
	return nil
}

func loadGoldens(t testing.TB) *goldens {
	t.Helper()
	b, err := os.ReadFile("testdata/goldens.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldens
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

func TestGoldenTokenize(t *testing.T) {
	g := loadGoldens(t)
	n := 0
	for _, set := range g.Tokenize {
		c := set.Options.config()
		for _, tc := range set.Cases {
			n++
			if got := c.Tokenize(tc[0]); got != tc[1] {
				t.Errorf("%+v Tokenize(%q) = %q, sacreBLEU %q", c, tc[0], got, tc[1])
			}
		}
	}
	if n == 0 {
		t.Fatal("no tokenizer goldens")
	}
}

func TestGoldenSegments(t *testing.T) {
	g := loadGoldens(t)
	for _, set := range g.Segments {
		c := set.Options.config()
		for i, tc := range set.Cases {
			s := Stats{Config: c}
			e, l, err := s.add(tc.Hyp, tc.Refs)
			if err != nil {
				t.Fatalf("%s %+v case %d: %v", set.Name, c, i, err)
			}
			if e != tc.Edits || l != tc.RefLen {
				t.Errorf("%s %+v case %d: edits %d, ref length %v; sacreBLEU %d, %v\nhyp %q\nrefs %q", set.Name, c, i, e, l, tc.Edits, tc.RefLen, tc.Hyp, tc.Refs)
				continue
			}
			sc, err := c.Sentence(tc.Hyp, tc.Refs...)
			if err != nil {
				t.Fatal(err)
			}
			if sc.TERPercent != tc.Score {
				t.Errorf("%s %+v case %d: score %v, sacreBLEU %v", set.Name, c, i, sc.TERPercent, tc.Score)
			}
		}
	}
}

func TestGoldenCorpora(t *testing.T) {
	g := loadGoldens(t)
	for _, tc := range g.Corpora {
		c := tc.Options.config()
		sc, err := c.Corpus(tc.Hyps, tc.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		sig := strings.ReplaceAll(tc.Signature, "version:2.6.0", "version:"+bleu.Version)
		short := strings.ReplaceAll(tc.ShortSignature, "v:2.6.0", "v:"+bleu.Version)
		if sc.Edits != tc.Edits || sc.RefLength != tc.RefLength || sc.TERPercent != tc.Score ||
			sc.Signature.String() != sig || sc.Signature.Short() != short || sc.TER != tc.Score/100 {
			t.Errorf("%+v: %+v %s %s; sacreBLEU %d %v %v %s %s", c, sc, sc.Signature, sc.Signature.Short(), tc.Edits, tc.RefLength, tc.Score, sig, short)
		}
		width := 2
		if strings.Count(tc.Text, ".") > 0 && len(tc.Text) > 0 && tc.Text[len(tc.Text)-5] == '.' {
			width = 4
		}
		if got := sc.Text(width, sc.Signature.String()); got != strings.ReplaceAll(tc.Text, "version:2.6.0", "version:"+bleu.Version) {
			t.Errorf("Text = %q, sacreBLEU %q", got, tc.Text)
		}
		// Added one at a time, in order: the same sums to the last bit.
		s := Stats{Config: c}
		refs := make([]string, len(tc.Refs))
		for i, h := range tc.Hyps {
			for k := range refs {
				refs[k] = tc.Refs[k][i]
			}
			if err := s.Add(h, refs...); err != nil {
				t.Fatal(err)
			}
		}
		if got := s.Score(); got != sc {
			t.Errorf("Add one by one: %+v, AddCorpus %+v", got, sc)
		}
	}
}

func TestGoldenSums(t *testing.T) {
	g := loadGoldens(t)
	for _, tc := range g.Sums {
		var got float64
		switch tc.Kind {
		case "float32":
			got = PercentFromFloat32Sums([2]float32{float32(tc.Edits), float32(tc.RefLength)})
		case "float64":
			got = PercentFromSums([2]float64{tc.Edits, tc.RefLength})
		}
		if got != tc.Score && !(math.IsNaN(got) && math.IsNaN(tc.Score)) {
			t.Errorf("%s sums %v %v: %v, sacreBLEU %v", tc.Kind, tc.Edits, tc.RefLength, got, tc.Score)
		}
	}
}
