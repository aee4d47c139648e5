package compat

import (
	"strings"
	"testing"
	"time"
)

func TestMTEvalGoldens(t *testing.T) {
	var g struct {
		MTEval []struct {
			Text    string   `json:"text"`
			Options []string `json:"options"`
			Stdout  string   `json:"stdout"`
			Exit    int      `json:"exit"` // 255: the script died
		} `json:"mteval"`
	}
	readGolden(t, "moses.json", &g)
	stamp := time.Date(2000, 1, 1, 0, 0, 0, 0, time.Local)
	checked := 0
	defer func() { t.Logf("%d reports identical to the script's", checked) }()
	for _, k := range g.MTEval {
		m, err := ParseMTEvalArgs(k.Options)
		if err != nil {
			t.Fatal(err)
		}
		var hyps []string
		var refs [][]string
		if k.Text == "emptyref" { // goldens.py: the sample, reference 2 emptied
			hyps, refs = goldenText(t, "sample")
			refs[1] = []string{""}
		} else {
			hyps, refs = goldenText(t, k.Text)
		}
		streams := make([][]string, len(refs[0]))
		for _, r := range refs {
			for j, s := range r {
				streams[j] = append(streams[j], s)
			}
		}
		name := k.Text + " " + strings.Join(k.Options, " ")
		res, err := m.Corpus(hyps, streams...)
		switch {
		case k.Exit == 255 && err == nil:
			t.Errorf("%s: no error; the script dies", name)
			continue
		case k.Exit == 255:
			continue
		case err != nil:
			t.Errorf("%s: %v", name, err)
			continue
		}
		args := strings.Join(append([]string{"-r ref.sgm -s src.sgm -t tst.sgm"}, k.Options...), " ")
		checked++
		if got := res.Report(stamp, stamp, args); got != k.Stdout {
			t.Errorf("%s:\n%s", name, lineDiff(got, k.Stdout))
		}
	}
}

// lineDiff shows the lines that differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			b.WriteString("got  " + gl + "\nwant " + wl + "\n")
		}
	}
	return b.String()
}
