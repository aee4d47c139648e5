package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

// textScore is a metric's line of -f text for one system: its name,
// signature and score, and with -ci its bootstrap mean and half width,
// as printed.
type textScore struct {
	name, sig, score, mean, half string
}

// parseTextScore parses "NAME|SIG = SCORE [(μ = MEAN ± HALF)]".
func parseTextScore(t *testing.T, line string) textScore {
	t.Helper()
	nameSig, rest, ok := strings.Cut(strings.TrimSpace(line), " = ")
	if !ok {
		t.Fatalf("-f text prints %q", line)
	}
	var ts textScore
	ts.name, ts.sig, _ = strings.Cut(nameSig, "|")
	ts.score, rest, _ = strings.Cut(rest, " ")
	if rest != "" {
		if _, err := fmt.Sscanf(rest, "(μ = %s ± %s", &ts.mean, &ts.half); err != nil {
			t.Fatalf("-f text prints %q: %v", line, err)
		}
		ts.half = strings.TrimSuffix(ts.half, ")")
	}
	return ts
}

// TestHTMLLead checks -f html for -m lists that BLEU does not lead: the
// page is well-formed, shows exactly the metrics asked for (BLEU only
// when asked), and the metric -m names first leads it with the numbers
// that -m of that metric alone prints: its score and bootstrap interval
// (-f text -ci, to ten decimals) and its paired test's p-values and
// difference from the baseline (-f json, exactly).
func TestHTMLLead(t *testing.T) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyps := []string{filepath.Join("..", "..", "testdata", "sample.hyp.txt"), filepath.Join("..", "..", "testdata", "sample.hyp2.txt")}
	flagSets := []struct {
		name        string
		flags       []string
		cin         string   // the intervals' resamples; "" for none
		paired      []string // the paired test run, as flags
		pairedFlags bool     // flags ask for a paired test
	}{
		{"defaults", nil, "1000", []string{"--paired-bs"}, false},
		{"-ci", []string{"-ci", "-cin", "50"}, "50", []string{"--paired-bs"}, false},
		{"no intervals", []string{"-cin", "1"}, "", []string{"--paired-bs"}, false},
		{"--paired-bs", []string{"--paired-bs", "-pbsn", "100", "-cin", "30"}, "30", []string{"--paired-bs", "-pbsn", "100"}, true},
		{"--paired-ar", []string{"--paired-ar", "-parn", "100"}, "1000", []string{"--paired-ar", "-parn", "100"}, true},
	}
	for _, metrics := range [][]string{{"chrf"}, {"ter"}, {"chrf", "ter"}, {"ter", "chrf"}, {"ter", "bleu"}, {"chrf", "bleu", "ter"}} {
		for _, systems := range [][]string{hyps[:1], hyps} {
			for _, fs := range flagSets {
				if fs.pairedFlags && len(systems) < 2 {
					continue
				}
				name := fmt.Sprintf("%v/%d systems/%s", metrics, len(systems), fs.name)
				t.Run(name, func(t *testing.T) {
					checkLeadPage(t, ref, systems, metrics, fs.flags, fs.cin, fs.paired)
				})
			}
		}
	}
}

// checkLeadPage runs -f html for the systems and metrics with flags, and
// checks its page as TestHTMLLead says; cin is the intervals' number of
// resamples ("" for none) and paired the flags of the paired test the
// page runs for two systems or more.
func checkLeadPage(t *testing.T, ref string, systems, metrics, flags []string, cin string, paired []string) {
	args := append(append([]string{ref, "-i"}, systems...), "-q", "-m")
	args = append(args, metrics...)
	page := runCLI(t, "", append(append(args, "-f", "html"), flags...)...)
	if page.RC != 0 || page.Stderr != "" {
		t.Fatalf("exit status %d: %s", page.RC, page.Stderr)
	}
	cells, sigs := pageCells(t, page.Stdout)
	// The metrics other than BLEU in the order of their keys (CHRF, TER),
	// as -f text prints them: their cells are metric-0, metric-1, ....
	var others []string
	for _, m := range []string{"chrf", "ter"} {
		if slices.Contains(metrics, m) {
			others = append(others, m)
		}
	}
	lead := strconv.Itoa(slices.Index(others, metrics[0]))
	withBLEU := slices.Contains(metrics, "bleu")
	for _, h := range systems {
		c := cells[h]
		if c == nil {
			t.Fatalf("no row for %s", h)
		}
		if _, ok := c["bleu"]; ok != withBLEU {
			t.Errorf("%s: a BLEU cell %v, BLEU asked for %v", h, ok, withBLEU)
		}
		for k := range len(others) + 1 {
			_, ok := c["metric-"+strconv.Itoa(k)]
			if ok != (k < len(others)) {
				t.Errorf("%s: cell metric-%d %v for %d metrics besides BLEU", h, k, ok, len(others))
			}
		}
		// The lead metric alone, as -f text prints it.
		text := []string{ref, "-i", h, "-q", "-f", "text", "-w", "10", "-m", metrics[0]}
		if cin != "" {
			text = append(text, "-ci", "-cin", cin)
		}
		out := runCLI(t, "", text...)
		if out.RC != 0 {
			t.Fatalf("-f text: exit status %d: %s", out.RC, out.Stderr)
		}
		want := parseTextScore(t, out.Stdout)
		for _, f := range []struct{ key, want string }{{"", want.score}, {"-mean", want.mean}, {"-ci", want.half}} {
			cell, ok := c["metric-"+lead+f.key]
			if f.want == "" {
				if ok {
					t.Errorf("%s: cell metric-%s%s without an interval", h, lead, f.key)
				}
				continue
			}
			v, err := strconv.ParseFloat(cell, 64)
			if got := strconv.FormatFloat(v, 'f', 10, 64); err != nil || got != f.want {
				t.Errorf("%s: the lead's metric-%s%s is %q on the page, %s in text", h, lead, f.key, cell, f.want)
			}
		}
		if sigs[want.name] == "" {
			t.Errorf("no signature of %s: %q", want.name, sigs)
		}
	}
	wantSigs := 0
	for _, term := range []string{"chrF2", "TER", "BLEU"} {
		if sigs[term] != "" {
			wantSigs++
		}
	}
	if wantSigs != len(metrics) || sigs["Scores"] != "" {
		t.Errorf("signatures %q for %v", sigs, metrics)
	}
	if len(systems) > 1 {
		checkLeadTest(t, ref, systems, metrics[0], paired, cells)
	}
}

// checkLeadTest checks the page's Δ, p and Holm p of every system after
// the first against -f json --paired-holm for the lead metric alone.
func checkLeadTest(t *testing.T, ref string, systems []string, lead string, paired []string, cells map[string]map[string]string) {
	t.Helper()
	args := append(append([]string{ref, "-i"}, systems...), "-q", "-f", "json", "--paired-holm", "-m", lead)
	js := runCLI(t, "", append(args, paired...)...)
	if js.RC != 0 {
		t.Fatalf("-f json: exit status %d: %s", js.RC, js.Stderr)
	}
	var res []map[string]any
	if err := json.Unmarshal([]byte(js.Stdout), &res); err != nil {
		t.Fatal(err)
	}
	score := func(i int) map[string]any {
		for k, v := range res[i] {
			if k != "system" {
				return v.(map[string]any)
			}
		}
		t.Fatalf("no score in %v", res[i])
		return nil
	}
	base := score(0)["score"].(float64)
	for i, h := range systems[1:] {
		m := score(i + 1)
		for key, want := range map[string]float64{
			"delta": m["score"].(float64) - base, "p-value": m["p_value"].(float64), "holm": m["p_value_holm"].(float64),
		} {
			if got, err := strconv.ParseFloat(cells[h][key], 64); err != nil || got != want {
				t.Errorf("%s: %s is %q on the page, %v from -f json", h, key, cells[h][key], want)
			}
		}
	}
	if _, ok := cells[systems[0]]["delta"]; ok {
		t.Errorf("the baseline has a Δ")
	}
}

// TestReportWithoutBLEU checks the report that -m lists without BLEU
// start from: the paired test with FromCorpus's defaults, the buckets
// and no BLEU.
func TestReportWithoutBLEU(t *testing.T) {
	refs := [][]string{{"a b c", "one two three four five six seven eight nine ten eleven"}}
	two := [][]string{{"a", "b"}, {"c", "d"}}
	for _, tc := range []struct {
		name string
		hyps [][]string
		opts report.Options
		want report.Test
	}{
		{"bootstrap", two, report.Options{}, report.Test{Name: report.PairedBootstrap, N: bleu.DefaultResamples}},
		{"randomization", two, report.Options{Test: bleu.ApproximateRandomization}, report.Test{Name: report.PairedRandomization, N: bleu.DefaultTrials}},
		{"sized", two, report.Options{Test: bleu.ApproximateRandomization, N: 7}, report.Test{Name: report.PairedRandomization, N: 7}},
		{"one system", two[:1], report.Options{N: 7}, report.Test{}},
	} {
		r, err := reportWithoutBLEU(refs, []string{"x", "y"}[:len(tc.hyps)], tc.hyps, tc.opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if r.Test != tc.want || !r.NoBLEU || len(r.Systems) != len(tc.hyps) || r.Systems[0].Hypotheses[1] != tc.hyps[0][1] {
			t.Errorf("%s: %+v", tc.name, r)
		}
		if want := []report.Bucket{{Min: 1, Max: 9, Segments: 1}, {Min: 10, Max: 19, Segments: 1}}; !slices.Equal(r.Buckets, want) || !slices.Equal(r.RefWords, []int{3, 11}) {
			t.Errorf("%s: buckets %v, words %v", tc.name, r.Buckets, r.RefWords)
		}
	}
	if _, err := reportWithoutBLEU(nil, nil, nil, report.Options{}); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
		t.Errorf("no references: %v", err)
	}
}
