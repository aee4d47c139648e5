package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-bleu/bleu/spm"
	"github.com/google/go-cmp/cmp"
)

// TestCLISPM runs the command lines of testdata/spm/golden.json, made by
// its gen.py with sacreBLEU 2.6.0 and test models standing in for the
// SentencePiece tokenizers' real ones, and compares their output byte for
// byte.
func TestCLISPM(t *testing.T) {
	var golden struct {
		Models map[string]string `json:"models"`
		Runs   []struct {
			Args   []string `json:"args"`
			RC     int      `json:"rc"`
			Stdout string   `json:"stdout"`
		} `json:"runs"`
	}
	dir := filepath.Join("testdata", "spm")
	readJSON(t, filepath.Join(dir, "golden.json"), &golden)
	cache := t.TempDir()
	if err := os.Mkdir(filepath.Join(cache, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, model := range golden.Models {
		b, err := os.ReadFile(filepath.Join(moduleRoot, "spm", "testdata", "models", model+".model"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cache, "models", file), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	if len(golden.Runs) == 0 {
		t.Fatal("no runs in golden.json")
	}
	for _, run := range golden.Runs {
		got := runCLIEnv(t, map[string]string{"SACREBLEU": cache}, "", run.Args...)
		want := result{Stdout: ourVersion.Replace(run.Stdout), RC: run.RC}
		stderr := got.Stderr
		got.Stderr = ""
		if got != want {
			t.Errorf("bleu %s: (-sacreBLEU +ours)\n%s", strings.Join(run.Args, " "), cmp.Diff(want, got))
		}
		if tok := run.Args[len(run.Args)-1]; tok == "spm" && !strings.Contains(stderr, "Tokenizer 'spm' has been changed to 'flores101'") {
			t.Errorf("-tok spm: no warning in %q", stderr)
		}
	}
}

// TestCLISPMMissing checks the error for a model that is not in the
// cache and cannot be downloaded: it names the file and the URL.
func TestCLISPMMissing(t *testing.T) {
	cache := t.TempDir()
	for _, tt := range []struct{ tok, file, url string }{
		{"flores200", "flores200sacrebleuspm", "https://tinyurl.com/flores200sacrebleuspm"},
		{"spm", "sacrebleu_tokenizer_spm.model", "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"},
		{"spBLEU-1K", "spbleu-1k_tokenizer_spm.model", "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model"},
	} {
		res := runCLIEnv(t, map[string]string{"SACREBLEU": cache}, "a b\n", "-", "-tok", tt.tok, "--print-tokens")
		if res.RC != 1 || !strings.Contains(res.Stderr, filepath.Join(cache, "models", tt.file)) || !strings.Contains(res.Stderr, tt.url) {
			t.Errorf("-tok %s without its model: exit %d, stderr %q", tt.tok, res.RC, res.Stderr)
		}
	}
}

// offlineModels fails every download of a SentencePiece model: tests use
// no network.
func offlineModels() *spm.Cache {
	return &spm.Cache{Client: &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return nil, errors.New("no network in tests")
	})}}
}

// spmGolden is testdata/spm/golden.json, made by its gen.py with
// sacreBLEU 2.6.0 and test models standing in for the real ones.
type spmGolden struct {
	Models map[string]string `json:"models"` // model file name: test model
	Runs   []struct {
		Args   []string `json:"args"`
		RC     int      `json:"rc"`
		Stdout string   `json:"stdout"`
	} `json:"runs"`
}

// modelServer serves the test model that stands in for each of
// sacreBLEU's model files at /MODE/FILE, as the mode says, and counts the
// requests. Stalled responses end when the test does; started, if not
// nil, is closed when one begins.
type modelServer struct {
	*httptest.Server
	models   map[string][]byte
	requests atomic.Int64
	started  chan struct{}
}

func newModelServer(t *testing.T, golden *spmGolden) *modelServer {
	t.Helper()
	s := &modelServer{models: map[string][]byte{}, started: make(chan struct{})}
	for file, model := range golden.Models {
		b, err := os.ReadFile(filepath.Join(moduleRoot, "spm", "testdata", "models", model+".model"))
		if err != nil {
			t.Fatal(err)
		}
		s.models[file] = b
	}
	release := make(chan struct{})
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		mode, file, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		b, ok := s.models[file]
		if !ok || mode == "notfound" {
			http.NotFound(w, r)
			return
		}
		switch mode {
		case "html":
			b = []byte("<html><body>Moved</body></html>\n")
		case "stall":
			w.Header().Set("Content-Length", fmt.Sprint(len(b)))
			w.Write(b[:10])
			w.(http.Flusher).Flush()
			close(s.started)
			select {
			case <-r.Context().Done():
			case <-release:
			}
			return
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(b)))
		w.Write(b)
	}))
	t.Cleanup(func() {
		close(release)
		s.Close()
	})
	return s
}

// cache returns the models' downloads from mode's handler.
func (s *modelServer) cache(mode string) *spm.Cache {
	return &spm.Cache{MapURL: func(u string) string { return s.URL + "/" + mode + "/" + path.Base(u) }}
}

// runSPM runs the command with $SACREBLEU set to dir and models' downloads.
func runSPM(t *testing.T, ctx context.Context, dir string, models *spm.Cache, terminal bool, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(map[string]string{"SACREBLEU": dir}),
		now: time.Now, ctx: ctx, sets: offlineSets(t), models: models, terminal: terminal}
	rc := c.main(args)
	return result{out.String(), errb.String(), rc}
}

// TestCLISPMDownload runs golden.json's command lines over an empty cache
// with the models served from a local server: each model is downloaded
// once, into the file sacreBLEU reads, and the output is sacreBLEU's.
func TestCLISPMDownload(t *testing.T) {
	var golden spmGolden
	readJSON(t, filepath.Join("testdata", "spm", "golden.json"), &golden)
	srv := newModelServer(t, &golden)
	dir, err := filepath.Abs(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join("testdata", "spm"))
	for i, run := range golden.Runs {
		terminal := i%2 == 0
		got := runSPM(t, context.Background(), dir, srv.cache("good"), terminal, run.Args...)
		want := result{Stdout: ourVersion.Replace(run.Stdout), RC: run.RC}
		stderr := got.Stderr
		got.Stderr = ""
		if got != want {
			t.Errorf("bleu %s: (-sacreBLEU +ours)\n%s", strings.Join(run.Args, " "), cmp.Diff(want, got))
		}
		if drawn := strings.Contains(stderr, "\rbleu: downloading "+srv.URL+"/good/"); drawn && !terminal {
			t.Errorf("bleu %s: a progress bar off a terminal: %q", strings.Join(run.Args, " "), stderr)
		}
	}
	if n := srv.requests.Load(); n != int64(len(golden.Models)) {
		t.Errorf("%d requests for %d models", n, len(golden.Models))
	}
	for file, b := range srv.models {
		if got, _ := os.ReadFile(filepath.Join(dir, "models", file)); !bytes.Equal(got, b) {
			t.Errorf("models/%s does not hold the served model", file)
		}
	}
}

// TestCLISPMProgress checks the progress bar of a model's download on a
// terminal, and its absence with -q.
func TestCLISPMProgress(t *testing.T) {
	var golden spmGolden
	readJSON(t, filepath.Join("testdata", "spm", "golden.json"), &golden)
	srv := newModelServer(t, &golden)
	for _, quiet := range []bool{false, true} {
		args := []string{"--print-tokens", "-tok", "flores200"}
		if quiet {
			args = append(args, "-q")
		}
		got := runSPM(t, context.Background(), t.TempDir(), srv.cache("good"), true, args...)
		drawn := strings.Contains(got.Stderr, "\rbleu: downloading "+srv.URL+"/good/flores200sacrebleuspm: ") && strings.HasSuffix(got.Stderr, "\n")
		if got.RC != 0 || drawn == quiet {
			t.Errorf("-q %v: exit status %d, standard error %q", quiet, got.RC, got.Stderr)
		}
	}
}

// TestCLISPMDownloadFails checks that a failed download is exit status 1
// with a message naming the URL and the file, and leaves no model behind.
func TestCLISPMDownloadFails(t *testing.T) {
	var golden spmGolden
	readJSON(t, filepath.Join("testdata", "spm", "golden.json"), &golden)
	srv := newModelServer(t, &golden)
	for _, mode := range []string{"notfound", "html"} {
		dir := t.TempDir()
		got := runSPM(t, context.Background(), dir, srv.cache(mode), false, "--print-tokens", "-tok", "spBLEU-1K")
		file := filepath.Join(dir, "models", "spbleu-1k_tokenizer_spm.model")
		url := srv.URL + "/" + mode + "/spbleu-1k_tokenizer_spm.model"
		if got.RC != 1 || got.Stdout != "" || !strings.HasPrefix(got.Stderr, "bleu: spm: ") ||
			!strings.Contains(got.Stderr, url) || !strings.Contains(got.Stderr, file) {
			t.Errorf("%s: exit status %d, standard error %q", mode, got.RC, got.Stderr)
		}
		if _, err := os.Stat(file); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %s: %v", mode, file, err)
		}
	}
	// A broken file in place (sacreBLEU writes its downloads in place) is
	// used as it is: the error says to delete it.
	dir := t.TempDir()
	file := filepath.Join(dir, "models", "flores200sacrebleuspm")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("<html>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runSPM(t, context.Background(), dir, offlineModels(), false, "--print-tokens", "-tok", "flores200")
	if got.RC != 1 || !strings.Contains(got.Stderr, file+": ") || !strings.HasSuffix(got.Stderr, "bleu: delete "+file+" to download it again\n") {
		t.Errorf("broken model in place: exit status %d, standard error %q", got.RC, got.Stderr)
	}
}

// TestCLISPMInterrupted interrupts a download: exit status 130, and no
// model or temporary file left in the cache.
func TestCLISPMInterrupted(t *testing.T) {
	var golden spmGolden
	readJSON(t, filepath.Join("testdata", "spm", "golden.json"), &golden)
	srv := newModelServer(t, &golden)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-srv.started
		cancel()
	}()
	dir := t.TempDir()
	got := runSPM(t, ctx, dir, srv.cache("stall"), false, "--print-tokens", "-tok", "flores101")
	if got.RC != interruptedStatus || got.Stderr != "bleu: interrupted\n" {
		t.Errorf("exit status %d, standard error %q", got.RC, got.Stderr)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "models"))
	if len(entries) != 1 || entries[0].Name() != "sacrebleu_tokenizer_spm.model.lock" {
		t.Errorf("models/ holds %v", entries)
	}
}
