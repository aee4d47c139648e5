package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// pageCells reads a page of -f html as XML (which fails if it is not
// well-formed) and returns, for every system, the exact values of its
// systems-table cells by data-key, and the signatures of the footer by
// their terms.
func pageCells(t *testing.T, page string) (cells map[string]map[string]string, sigs map[string]string) {
	t.Helper()
	cells, sigs = map[string]map[string]string{}, map[string]string{}
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(page, "<!DOCTYPE html>")))
	var system, term string
	var inDT, inCode bool
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the page is not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			if s, ok := attr["data-system"]; ok {
				system = s
				cells[s] = map[string]string{}
			}
			if k, ok := attr["data-key"]; ok && system != "" {
				cells[system][k] = attr["data-value"]
			}
			inDT = inDT || e.Name.Local == "dt"
			if e.Name.Local == "dt" {
				term = ""
			}
			inCode = inCode || e.Name.Local == "code"
		case xml.EndElement:
			switch e.Name.Local {
			case "tr":
				system = ""
			case "dt":
				inDT = false
			case "code":
				inCode = false
			}
		case xml.CharData:
			if inDT {
				term += string(e)
			}
			if inCode {
				sigs[term] += string(e)
			}
		}
	}
	return cells, sigs
}

// TestHTMLMetrics checks that -f html -m bleu chrf ter shows every
// metric's score and signature as -f text prints them for the same run.
func TestHTMLMetrics(t *testing.T) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyps := []string{filepath.Join("..", "..", "testdata", "sample.hyp.txt"), filepath.Join("..", "..", "testdata", "sample.hyp2.txt")}
	for _, metrics := range [][]string{{"bleu", "chrf", "ter"}, {"ter", "bleu"}, {"bleu", "chrf"}} {
		args := append(append([]string{ref, "-i"}, hyps...), "-q", "-m")
		args = append(args, metrics...)
		res := runCLI(t, "", append(args, "-f", "html")...)
		if res.RC != 0 || res.Stderr != "" {
			t.Fatalf("%v: exit status %d: %s", metrics, res.RC, res.Stderr)
		}
		cells, sigs := pageCells(t, res.Stdout)
		for _, h := range hyps {
			// -f text of one system prints "name|signature = score".
			out := runCLI(t, "", append([]string{ref, "-i", h, "-q", "-w", "4", "-f", "text", "-m"}, metrics...)...)
			if out.RC != 0 {
				t.Fatalf("-f text: exit status %d: %s", out.RC, out.Stderr)
			}
			k := 0
			for _, line := range strings.Split(strings.TrimSpace(out.Stdout), "\n") {
				nameSig, rest, _ := strings.Cut(strings.TrimSpace(line), " = ")
				name, sig, _ := strings.Cut(nameSig, "|")
				score, _, _ := strings.Cut(rest, " ")
				key := "metric-" + strconv.Itoa(k)
				if name == "BLEU" {
					key = "bleu"
				} else {
					k++
				}
				v, err := strconv.ParseFloat(cells[h][key], 64)
				if err != nil {
					t.Fatalf("%v: %s has no %s cell (%s): %v", metrics, h, name, key, err)
				}
				if name == "BLEU" {
					v *= 100
				}
				if got := strconv.FormatFloat(v, 'f', 4, 64); got != score {
					t.Errorf("%v: %s's %s is %s on the page, %s in text", metrics, h, name, got, score)
				}
				want := "Scores" // BLEU's, when BLEU leads the page
				if name != "BLEU" {
					want = name
				} else if metrics[0] != "bleu" {
					want = "BLEU"
				}
				if sigs[want] != sig {
					t.Errorf("%v: %s's signature is %q on the page, %q in text", metrics, name, sigs[want], sig)
				}
			}
			if k != len(metrics)-1 {
				t.Errorf("%v: %d metrics besides BLEU in text", metrics, k)
			}
		}
	}
}

// TestHTMLMetricsSignificance checks each metric's score and p-values on
// the page of -f html -m bleu chrf ter against the paired test of -f json
// for the same run, exactly, and its bootstrap intervals against -f text
// -ci's, to ten decimals.
func TestHTMLMetricsSignificance(t *testing.T) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyps := []string{filepath.Join("..", "..", "testdata", "sample.hyp.txt"), filepath.Join("..", "..", "testdata", "sample.hyp2.txt")}
	for _, tc := range []struct {
		name, test string
		flags      []string
	}{
		{"bootstrap", "--paired-bs", []string{"-pbsn", "300", "-cin", "300"}},
		{"randomization", "--paired-ar", []string{"-parn", "200"}},
	} {
		args := append(append([]string{ref, "-i"}, hyps...), append([]string{"-q", tc.test, "-m", "bleu", "chrf", "ter"}, tc.flags...)...)
		page := runCLI(t, "", append(args, "-f", "html")...)
		js := runCLI(t, "", append(args, "-f", "json", "--paired-holm")...)
		if page.RC != 0 || js.RC != 0 {
			t.Fatalf("%s: exit status %d and %d: %s %s", tc.name, page.RC, js.RC, page.Stderr, js.Stderr)
		}
		var want []map[string]any
		if err := json.Unmarshal([]byte(js.Stdout), &want); err != nil {
			t.Fatal(err)
		}
		cells, _ := pageCells(t, page.Stdout)
		for i, h := range hyps {
			cin := "1000"
			if len(tc.flags) > 2 {
				cin = tc.flags[3]
			}
			ci := runCLI(t, "", ref, "-i", h, "-q", "-f", "text", "-w", "10", "-ci", "-cin", cin, "-m", "bleu", "chrf", "ter")
			lines := strings.Split(strings.TrimSpace(ci.Stdout), "\n")
			if ci.RC != 0 || len(lines) != 3 {
				t.Fatalf("-ci: exit status %d: %s", ci.RC, ci.Stderr)
			}
			for k, line := range lines[1:] {
				var score, mean, half string
				_, rest, _ := strings.Cut(line, " = ")
				if _, err := fmt.Sscanf(rest, "%s (μ = %s ± %s", &score, &mean, &half); err != nil {
					t.Fatalf("-ci prints %q: %v", line, err)
				}
				for _, f := range []struct{ key, want string }{{"-mean", mean}, {"-ci", strings.TrimSuffix(half, ")")}} {
					v, err := strconv.ParseFloat(cells[h]["metric-"+strconv.Itoa(k)+f.key], 64)
					if got := strconv.FormatFloat(v, 'f', 10, 64); err != nil || got != f.want {
						t.Errorf("%s: %s's metric %d%s is %s on the page, %s in text", tc.name, h, k, f.key, got, f.want)
					}
				}
			}
			for k, name := range []string{"chrF2", "TER"} {
				got := cells[h]
				m := want[i][name].(map[string]any)
				keys := map[string]string{"score": "", "p_value": "-p-value", "p_value_holm": "-holm"}
				for field, suffix := range keys {
					w, ok := m[field].(float64)
					cell, shown := got["metric-"+strconv.Itoa(k)+suffix]
					if !ok {
						if shown {
							t.Errorf("%s: %s's %s %s is on the page, not in JSON", tc.name, h, name, field)
						}
						continue
					}
					if g, err := strconv.ParseFloat(cell, 64); err != nil || g != w {
						t.Errorf("%s: %s's %s %s is %q on the page, %v in JSON", tc.name, h, name, field, cell, w)
					}
				}
			}
		}
	}
}
