package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestHTMLAboveOne checks -f html where floor smoothing above 1 takes
// sacreBLEU's scores past 100 (testdata/exact/floor.*, whose sacreBLEU
// text and JSON TestCLIExact compares): the page shows sacreBLEU's
// numbers, neither capped nor ranked as equal.
func TestHTMLAboveOne(t *testing.T) {
	dir := filepath.Join("testdata", "exact")
	res := runCLI(t, "", filepath.Join(dir, "floor.ref.txt"), "-i", filepath.Join(dir, "floor.hyp.txt"), filepath.Join(dir, "floor.sys2.txt"),
		"-s", "floor", "-sv", "50", "-f", "html", "-q", "--paired-bs", "-ci", "-cin", "100")
	if res.RC != 0 {
		t.Fatalf("exit status %d: %s", res.RC, res.Stderr)
	}
	for _, want := range []string{
		`data-key="bleu" data-value="1.5346973707291465" class="bleu">153.47<`, // sacreBLEU 153.46973707291465
		`data-key="bleu" data-value="0.9387603927646101" class="bleu">93.88<`,  // sacreBLEU 93.87603927646101
		`data-key="p3" data-value="2.380952380952381">238.1<`,
		`scoring above 100 (possible with floor smoothing above 1), not drawn`,
	} {
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
