package main

import (
	"math"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
)

// The expected strings of these tests are Python 3.11's json.dumps and
// repr, and tabulate 0.8.9's output, for the same values.

func TestPyFloatRepr(t *testing.T) {
	tenth, fifth := 0.1, 0.2 // variables, so that the sum is float64's
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0.0"},
		{math.Copysign(0, -1), "-0.0"},
		{33.7, "33.7"},
		{100, "100.0"},
		{1e-05, "1e-05"},
		{0.0001, "0.0001"},
		{1.5e-07, "1.5e-07"},
		{12.3456789, "12.3456789"},
		{1e16, "1e+16"},
		{1234567890123456, "1234567890123456.0"},
		{tenth + fifth, "0.30000000000000004"},
		{100.00000000000004, "100.00000000000004"},
		{5e-324, "5e-324"},
		{33.6991113934, "33.6991113934"},
	}
	for _, tt := range tests {
		if got := py.FloatRepr(tt.in); got != tt.want {
			t.Errorf("py.FloatRepr(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
	for in, want := range map[float64]string{math.NaN(): "NaN", math.Inf(1): "Infinity", math.Inf(-1): "-Infinity"} {
		if got := pyJSONFloat(in); got != want {
			t.Errorf("pyJSONFloat(%v) = %s, want %s", in, got, want)
		}
	}
}

func TestPyJSONString(t *testing.T) {
	in := "a\"b\\c\n\r\t\b\f\x01\x7f\u2028é😀"
	tests := []struct {
		ascii bool
		want  string
	}{
		{false, `"a\"b\\c\n\r\t\b\f\u0001` + "\x7f\u2028é😀" + `"`},
		{true, `"a\"b\\c\n\r\t\b\f\u0001\u007f\u2028\u00e9\ud83d\ude00"`},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, pyJSONString(in, tt.ascii)); diff != "" {
			t.Errorf("ensure_ascii=%v: (-want +got)\n%s", tt.ascii, diff)
		}
	}
}

func TestEncodeJSON(t *testing.T) {
	// The shape of sacreBLEU's paired-test output.
	v := jsonList{
		jsonObject{
			{"system", "Baseline: a.txt"},
			{"BLEU", jsonObject{{"score", 33.6991113934194}, {"p_value", nil}, {"mean", 33.689183737345964}, {"ci", 0.9001009697296354}}},
		},
		jsonObject{{"system", "b.txt"}, {"n", 3}, {"ok", true}, {"empty", jsonList{}}, {"none", jsonObject{}}},
	}
	want := `[
    {
        "system": "Baseline: a.txt",
        "BLEU": {
            "score": 33.6991113934194,
            "p_value": null,
            "mean": 33.689183737345964,
            "ci": 0.9001009697296354
        }
    },
    {
        "system": "b.txt",
        "n": 3,
        "ok": true,
        "empty": [],
        "none": {}
    }
]`
	if diff := cmp.Diff(want, encodeJSON(v, 4, true)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if got := encodeJSON(jsonObject{{"k", "é"}}, 1, false); got != "{\n \"k\": \"é\"\n}" {
		t.Errorf("indent 1: %q", got)
	}
	if got := encodeJSON(jsonList{}, 4, true); got != "[]" {
		t.Errorf("empty list: %q", got)
	}
}

func TestTable(t *testing.T) {
	tests := []struct {
		name   string
		table  table
		format tableFormat
		want   string
	}{
		{
			name: "paired bootstrap, multi-line cell",
			table: table{
				headers:       []string{"System", "BLEU (μ ± 95% CI)"},
				rows:          [][]string{{"Baseline: a_b.txt", "33.7 (33.7 ± 0.9)"}, {"sys&2.txt", "33.3 (33.3 ± 0.9)\n(p = 0.0440)*"}},
				align:         []string{"right", "center"},
				floatDecimals: 1,
			},
			format: fancyGrid,
			want: `╒═══════════════════╤═════════════════════╕
│            System │  BLEU (μ ± 95% CI)  │
╞═══════════════════╪═════════════════════╡
│ Baseline: a_b.txt │  33.7 (33.7 ± 0.9)  │
├───────────────────┼─────────────────────┤
│         sys&2.txt │  33.3 (33.3 ± 0.9)  │
│                   │    (p = 0.0440)*    │
╘═══════════════════╧═════════════════════╛`,
		},
		{
			name: "latex escapes",
			table: table{
				headers:       []string{"System", "BLEU"},
				rows:          [][]string{{"a_b.txt", "33.7"}, {"sys&2%.txt", "3.3"}, {`x{y}~^\<>$#`, "100.0"}},
				align:         []string{"right", "center"},
				floatDecimals: 1,
			},
			format: latexBooktabs,
			want: `\begin{tabular}{rc}
\toprule
      System &  BLEU  \\
\midrule
     a\_b.txt &  33.7  \\
  sys\&2\%.txt &  3.3   \\
 x\{y\}\textasciitilde{}\^{}\textbackslash{}\ensuremath{<}\ensuremath{>}\$\# & 100.0  \\
\bottomrule
\end{tabular}`,
		},
		{
			name: "numbers are reformatted, text is stripped",
			table: table{
				headers:       []string{"System", "BLEU"},
				rows:          [][]string{{"1", "33.75"}, {"2.5", "1e1"}, {" pad ", "nan"}},
				align:         []string{"right", "center"},
				floatDecimals: 1,
			},
			format: fancyGrid,
			want: `╒══════════╤════════╕
│   System │  BLEU  │
╞══════════╪════════╡
│        1 │  33.8  │
├──────────┼────────┤
│      2.5 │  10.0  │
├──────────┼────────┤
│      pad │  nan   │
╘══════════╧════════╛`,
		},
		{
			name: "a column of numbers",
			table: table{
				headers:       []string{"System", "BLEU"},
				rows:          [][]string{{"1", "33.75"}, {"2.5", "1e1"}},
				align:         []string{"right", "center"},
				floatDecimals: 1,
			},
			format: fancyGrid,
			want: `╒══════════╤════════╕
│   System │  BLEU  │
╞══════════╪════════╡
│      1.0 │  33.8  │
├──────────┼────────┤
│      2.5 │  10.0  │
╘══════════╧════════╛`,
		},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.table.render(tt.format)); diff != "" {
			t.Errorf("%s: (-tabulate +ours)\n%s", tt.name, diff)
		}
	}
}

// TestConfidenceFormat checks the output of a score with a bootstrap
// estimate (--confidence) in each format, as Score.format prints it: the
// estimate is shown only when its mean is above 0, and the score printed
// is the estimate's full-precision percentage. (cli.json's runs 8 and 9
// check the same end to end.)
func TestConfidenceFormat(t *testing.T) {
	var st bleu.Stats
	if err := st.Add("a b c d e", "a b c d f"); err != nil {
		t.Fatal(err)
	}
	sc := st.Score()
	sc.Signature.Bootstrap, sc.Signature.Seed = "1000", "12345"
	const sig = "nrefs:1|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version
	const verbose = "80.0/75.0/66.7/50.0 (BP = 1.000 ratio = 1.000 hyp_len = 5 ref_len = 5)"
	withCI := systemScore{score: sc, percent: 33.6991113934194, ci: &confidence{mean: 33.689183737345964, halfWidth: 0.9001009697296354}}
	zeroMean := systemScore{score: sc, percent: 33.6991113934194, ci: &confidence{}}
	tests := []struct {
		name string
		r    systemScore
		args []string
		want string
	}{
		{"text", withCI, []string{"-f", "text", "-w", "2"}, "BLEU|" + sig + " = 33.70 (μ = 33.69 ± 0.90) " + verbose + "\n"},
		{"text, short", withCI, []string{"-f", "text", "-sh"}, "BLEU|#:1|bs:1000|rs:12345|c:mixed|e:no|tok:13a|s:exp|v:" + bleu.Version + " = 33.7 (μ = 33.7 ± 0.9) " + verbose + "\n"},
		{"score only", withCI, []string{"-b", "-w", "3"}, "33.699 (μ = 33.689 ± 0.900)\n"},
		{"text, mean 0", zeroMean, []string{"-f", "text"}, "BLEU|" + sig + " = 33.7 " + verbose + "\n"},
		{"json", withCI, nil, `{
 "name": "BLEU",
 "score": 33.7,
 "signature": "` + sig + `",
 "confidence_mean": 33.7,
 "confidence_var": 0.9,
 "confidence": "μ = 33.7 ± 0.9",
 "verbose_score": "` + verbose + `",
 "nrefs": "1",
 "bs": "1000",
 "seed": "12345",
 "case": "mixed",
 "eff": "no",
 "tok": "13a",
 "smooth": "exp",
 "version": "` + bleu.Version + `"
}
`},
		{"json, mean 0", zeroMean, []string{"-w", "3"}, `{
 "name": "BLEU",
 "score": 33.699,
 "signature": "` + sig + `",
 "verbose_score": "` + verbose + `",
 "nrefs": "1",
 "bs": "1000",
 "seed": "12345",
 "case": "mixed",
 "eff": "no",
 "tok": "13a",
 "smooth": "exp",
 "version": "` + bleu.Version + `"
}
`},
	}
	for _, tt := range tests {
		o, _, err := parseArgs(append([]string{"ref", "-ci"}, tt.args...))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		printSingle(&b, tt.r, o)
		if diff := cmp.Diff(tt.want, b.String()); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.name, diff)
		}
	}
}
