package browsertest

import (
	"context"
	"flag"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

var screenshot = flag.String("screenshot", "", "write a PNG screenshot of the sample report to this `file`")

// chromium returns the browser to run, skipping the test when there is
// none (failing it under CI).
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("BLEU_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium to run: apt-get install chromium, or set BLEU_CHROMIUM")
	}
	t.Skip("no Chromium found: apt-get install chromium, or set BLEU_CHROMIUM")
	return ""
}

// newBrowser starts a headless Chromium with a fresh profile and nothing
// in the background that could reach the network, and returns a tab's
// context. Its deadline only keeps a stuck browser from hanging the run.
func newBrowser(t *testing.T) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(profile(t)),
		chromedp.WindowSize(1280, 900),
	)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	return ctx
}

// profile returns a new directory for the browser's profile, removed
// after the test as far as the browser, which may still be writing to it
// as it exits, lets it be.
func profile(t *testing.T) string {
	dir, err := os.MkdirTemp("", "bleu-browsertest-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// requests records the requests of a tab, and blocks every one but the
// page's own.
type requests struct {
	mu      sync.Mutex
	seen    []string // every request the page made, in order
	blocked []string // those that were not the page itself
}

// watch starts recording and blocking the requests of ctx's tab, allowing
// only allowed. Call it before the first action on the tab.
func watch(ctx context.Context, allowed string) *requests {
	r := &requests{}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			r.mu.Lock()
			r.seen = append(r.seen, e.Request.URL)
			if e.Request.URL != allowed {
				r.blocked = append(r.blocked, e.Request.URL)
			}
			r.mu.Unlock()
		case *fetch.EventRequestPaused:
			// Answered on another goroutine: the listener must not
			// block the event loop.
			go func() {
				exec := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Target)
				if e.Request.URL == allowed {
					fetch.ContinueRequest(e.RequestID).Do(exec)
					return
				}
				fetch.FailRequest(e.RequestID, network.ErrorReasonBlockedByClient).Do(exec)
			}()
		}
	})
	return r
}

// open loads the file path in the tab, watching its requests.
func open(t *testing.T, ctx context.Context, path string) *requests {
	t.Helper()
	u := (&url.URL{Scheme: "file", Path: path}).String()
	reqs := watch(ctx, u)
	if err := chromedp.Run(ctx,
		network.Enable(),
		fetch.Enable(),
		chromedp.Navigate(u),
		chromedp.WaitReady("body", chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	return reqs
}

// readLines reads a file of the repository's testdata.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// writeReport writes r to a file in a new temporary directory.
func writeReport(t *testing.T, r *report.Report) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "report.html")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// domCell is a value of the systems table as the browser shows it.
type domCell struct {
	Text  string `json:"text"`
	Value string `json:"value"`
}

// domRow is a row of the systems table.
type domRow struct {
	Name  string             `json:"name"`
	Cells map[string]domCell `json:"cells"`
}

const readTable = `Array.from(document.querySelectorAll('#systems-table tbody tr')).map(tr => ({
	name: tr.dataset.system,
	cells: Object.fromEntries(Array.from(tr.querySelectorAll('[data-key]')).map(
		c => [c.dataset.key, {text: c.textContent.trim(), value: c.dataset.value || ''}])),
}))`

// chartInfo is what the browser drew of a chart.
type chartInfo struct {
	ID     string  `json:"id"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Shapes int     `json:"shapes"`
	Title  string  `json:"title"`
}

const readCharts = `Array.from(document.querySelectorAll('svg.chart')).map(s => {
	const r = s.getBoundingClientRect();
	return {id: s.id, width: r.width, height: r.height,
		shapes: s.querySelectorAll('rect, path, polyline').length,
		title: (s.querySelector('title') || {textContent: ''}).textContent};
})`

// TestReportInChromium opens the report of the sample test set and
// compares what the browser shows with the library's numbers.
func TestReportInChromium(t *testing.T) {
	refs := readLines(t, "sample.ref.txt")
	names := []string{"sample.hyp.txt", "sample.hyp2.txt"}
	hyps := [][]string{readLines(t, names[0]), readLines(t, names[1])}
	r, err := report.FromCorpus(context.Background(), report.Corpus{
		References: [][]string{refs}, Names: names, Hypotheses: hyps,
	}, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := writeReport(t, r)
	ctx := newBrowser(t)
	reqs := open(t, ctx, path)

	rows := readRows(t, ctx, len(names))
	var segs []*bleu.Segments
	for s, row := range rows {
		if row.Name != names[s] {
			t.Errorf("row %d is %q, want %q", s, row.Name, names[s])
		}
		var seg bleu.Segments
		for i, h := range hyps[s] {
			if err := seg.Add(h, refs[i]); err != nil {
				t.Fatal(err)
			}
		}
		segs = append(segs, &seg)
		sc, err := bleu.Config{}.Corpus(hyps[s], refs)
		if err != nil {
			t.Fatal(err)
		}
		iv, err := seg.Bootstrap(context.Background(), bleu.DefaultResamples, bleu.SignificanceOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]domCell{
			"bleu":    shown(sc.BLEU*100, 2, sc.BLEU),
			"ci-low":  shown(iv.Low*100, 2, iv.Low),
			"ci-high": shown(iv.High*100, 2, iv.High),
			"bp":      shown(sc.BP, 3, sc.BP),
			"ratio":   shown(sc.Ratio, 3, sc.Ratio),
			"hyp-len": shown(float64(sc.HypLen), 0, float64(sc.HypLen)),
			"ref-len": shown(float64(sc.RefLen), 0, float64(sc.RefLen)),
		}
		for n, p := range sc.Precisions {
			want["p"+strconv.Itoa(n)] = shown(p*100, 1, p)
		}
		compare(t, row, want)
		if got := row.Cells["band"].Text; !strings.Contains(got, sc.Quality().Description) {
			t.Errorf("%s: band %q, want %q", row.Name, got, sc.Quality().Description)
		}
	}
	res, err := bleu.PairedBootstrap(context.Background(), segs[0], segs[1:], bleu.DefaultResamples, bleu.SignificanceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	compare(t, rows[1], map[string]domCell{
		"p-value": shown(res.Systems[0].PValue, 4, res.Systems[0].PValue),
		"holm":    shown(res.Systems[0].HolmPValue, 4, res.Systems[0].HolmPValue),
	})

	// The scale, the precisions, a histogram per system, the lengths.
	checkCharts(t, ctx, 3+len(names))
	checkLabels(t, ctx)
	checkPhone(t, ctx)
	if pdf, err := printPDF(ctx); err != nil || len(pdf) == 0 {
		t.Errorf("printing: %d bytes, %v", len(pdf), err)
	}
	checkRequests(t, reqs, path)
	if *screenshot != "" {
		takeScreenshot(t, ctx, *screenshot)
	}
}

// shown is a value with d decimals and its exact value.
func shown(v float64, d int, exact float64) domCell {
	return domCell{strconv.FormatFloat(v, 'f', d, 64), strconv.FormatFloat(exact, 'g', -1, 64)}
}

// compare checks the cells of a row.
func compare(t *testing.T, row domRow, want map[string]domCell) {
	t.Helper()
	for key, w := range want {
		got, ok := row.Cells[key]
		if !ok {
			t.Errorf("%s: no %s", row.Name, key)
			continue
		}
		gv, err1 := strconv.ParseFloat(got.Value, 64)
		wv, err2 := strconv.ParseFloat(w.Value, 64)
		if got.Text != w.Text || err1 != nil || err2 != nil || gv != wv {
			t.Errorf("%s: %s shows %q (%s), want %q (%s)", row.Name, key, got.Text, got.Value, w.Text, w.Value)
		}
	}
}

// box is a rectangle as the browser laid it out.
type box struct {
	X, Y, W, H float64
	LaidOut    float64 `json:"laidOut"` // the width the report laid out for it
	Text       string
}

const readLabels = `Array.from(document.querySelectorAll('#scale-chart .scale-label')).map(t => {
	const b = t.getBBox();
	return {x: b.x, y: b.y, w: b.width, h: b.height, laidOut: +t.dataset.boxW, text: t.textContent};
})`

// checkLabels checks that the labels of the scale, as the browser draws
// them, fit the boxes laid out for them and overlap nowhere.
func checkLabels(t *testing.T, ctx context.Context) {
	t.Helper()
	var labels []box
	if err := chromedp.Run(ctx, chromedp.Evaluate(readLabels, &labels)); err != nil {
		t.Fatal(err)
	}
	if len(labels) == 0 {
		t.Error("no labels on the scale")
	}
	for i, a := range labels {
		if a.W > a.LaidOut+0.5 {
			t.Errorf("label %q is %.1f wide, laid out for %.1f", a.Text, a.W, a.LaidOut)
		}
		for _, b := range labels[:i] {
			if a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H {
				t.Errorf("labels %q and %q overlap: %+v, %+v", a.Text, b.Text, a, b)
			}
		}
	}
}

// checkPhone checks that on a phone's screen the page is no wider than
// the screen: what does not fit scrolls in a box of its own.
func checkPhone(t *testing.T, ctx context.Context) {
	t.Helper()
	var width int
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		chromedp.EmulateViewport(1280, 900),
	); err != nil {
		t.Fatal(err)
	}
	if width > 390 {
		t.Errorf("on a 390-pixel screen the page is %d pixels wide", width)
	}
}

// printPDF prints the page.
func printPDF(ctx context.Context) ([]byte, error) {
	var pdf []byte
	err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		pdf, _, err = page.PrintToPDF().WithPrintBackground(true).Do(ctx)
		return err
	}))
	return pdf, err
}

// checkRequests checks that the page loaded nothing but itself.
func checkRequests(t *testing.T, reqs *requests, path string) {
	t.Helper()
	reqs.mu.Lock()
	defer reqs.mu.Unlock()
	if len(reqs.seen) == 0 {
		t.Errorf("no request seen, not even for %s: the watch is not working", path)
	}
	for _, u := range reqs.blocked {
		t.Errorf("the page requested %s", u)
	}
}

// takeScreenshot writes a PNG of the top of the page, as a laptop's
// screen shows it.
func takeScreenshot(t *testing.T, ctx context.Context, path string) {
	var png []byte
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(1280, 1270),
		chromedp.CaptureScreenshot(&png),
	); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNetworkRequestIsCaught checks that the watch of requests catches a
// page that loads something: it would otherwise pass anything.
func TestNetworkRequestIsCaught(t *testing.T) {
	path := filepath.Join(t.TempDir(), "loads.html")
	// Loopback only; the request is blocked before it is sent.
	img := "http://127.0.0.1:9/pixel.png"
	if err := os.WriteFile(path, []byte(`<!DOCTYPE html><title>x</title><img src="`+img+`"/>`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	reqs := open(t, ctx, path)
	reqs.mu.Lock()
	defer reqs.mu.Unlock()
	if len(reqs.blocked) != 1 || reqs.blocked[0] != img {
		t.Errorf("blocked %q, want [%s]", reqs.blocked, img)
	}
}

// TestCrowdedScale checks the scale's labels in the browser for systems
// whose scores are nearly the same, with long, short and Chinese names.
func TestCrowdedScale(t *testing.T) {
	r := &report.Report{Scale: report.Qualities()}
	for i, name := range []string{"transformer-big", "A", "baseline-2024-06-final-checkpoint", "系统乙", "WWWWWWWW", "mmmm-mmmm", "x", "ensemble"} {
		v := 0.30 + 0.002*float64(i)
		r.Systems = append(r.Systems, report.System{Name: name, Score: report.Score{BLEU: v, Precisions: []float64{v, v, v, v}}})
	}
	r.Systems = append(r.Systems, report.System{Name: "perfect", Score: report.Score{BLEU: 1, Precisions: []float64{1, 1, 1, 1}}})
	path := writeReport(t, r)
	ctx := newBrowser(t)
	reqs := open(t, ctx, path)
	checkLabels(t, ctx)
	checkRequests(t, reqs, path)
}

// checkCharts checks that the page draws want charts, each with a size,
// shapes and a title.
func checkCharts(t *testing.T, ctx context.Context, want int) {
	t.Helper()
	var charts []chartInfo
	if err := chromedp.Run(ctx, chromedp.Evaluate(readCharts, &charts)); err != nil {
		t.Fatal(err)
	}
	if len(charts) != want {
		t.Errorf("%d charts drawn, want %d", len(charts), want)
	}
	for i, c := range charts {
		if c.Width <= 0 || c.Height <= 0 || c.Shapes == 0 || strings.TrimSpace(c.Title) == "" {
			t.Errorf("chart %d (%q) drawn %gx%g with %d shapes and title %q", i, c.ID, c.Width, c.Height, c.Shapes, c.Title)
		}
	}
}

// readRows returns the systems table's rows as the browser shows them,
// which must be want.
func readRows(t *testing.T, ctx context.Context, want int) []domRow {
	t.Helper()
	var rows []domRow
	if err := chromedp.Run(ctx, chromedp.Evaluate(readTable, &rows)); err != nil {
		t.Fatal(err)
	}
	if len(rows) != want {
		t.Fatalf("the browser shows %d systems, want %d", len(rows), want)
	}
	return rows
}
