package main

import (
	"encoding/xml"
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
				want := "Scores"
				if name != "BLEU" {
					want = name
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
