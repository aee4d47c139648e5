// Package browsertest checks the HTML report of package
// [github.com/go-bleu/bleu/report] in a real browser: Chromium, headless,
// driven by chromedp. It is a module of its own so that the browser driver
// stays out of the bleu module's dependencies, and it has only tests:
//
//	cd report/browsertest && go test ./...
//
// The tests open a report made from the repository's sample data as a
// file, read the systems table from the DOM and compare every value with
// the library's, check that the charts are drawn and that the scale's
// labels do not overlap as the browser lays them out, and fail on any
// network request: the page must need nothing but itself.
//
// The browser is the one named by $BLEU_CHROMIUM, else the first of
// chromium, chromium-browser, google-chrome on $PATH (Debian: apt-get
// install chromium). Without one the tests are skipped, except under CI
// (CI set in the environment), where they fail.
//
// The README's screenshot is made by the same test:
//
//	go test -run TestReportInChromium -screenshot ../../docs/report.png
package browsertest
