package spm

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// served is the model the test server serves: a test model complete in
// its file (no charsmap to reassemble).
const served = "unigram_identity"

// modelServer serves testdata's model at /good/NAME and broken copies of
// it at /MODE/NAME (see its switch), and counts the requests.
type modelServer struct {
	*httptest.Server
	model    []byte
	requests atomic.Int64
	release  chan struct{} // closed when the test ends: stalled responses end
}

func newModelServer(t *testing.T) *modelServer {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "models", served+".model"))
	if err != nil {
		t.Fatal(err)
	}
	s := &modelServer{model: b, release: make(chan struct{})}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() {
		close(s.release)
		s.Close()
	})
	return s
}

// mapURL returns a Cache.MapURL sending sacreBLEU's URLs to mode's
// handler, keeping their base names.
func (s *modelServer) mapURL(mode string) func(string) string {
	return func(u string) string { return s.URL + "/" + mode + "/" + path.Base(u) }
}

func (s *modelServer) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	mode, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	body := s.model
	switch mode {
	case "good":
	case "short": // announces the whole model, sends half of it
		w.Header().Set("Content-Length", fmt.Sprint(len(s.model)))
		w.Write(s.model[:len(s.model)/2])
		return
	case "cut-pieces": // the first 20 pieces, announced as the whole file
		body = piecesPrefix(s.model, 20)
	case "cut-field": // a prefix ending inside a field
		body = s.model[:len(s.model)/2]
	case "notfound":
		http.Error(w, "<html><body>404 Not Found</body></html>", http.StatusNotFound)
		return
	case "html":
		body = []byte("<!DOCTYPE html>\n<html><head><title>Redirecting</title></head><body>Moved.</body></html>\n")
	case "garbage":
		rng := rand.New(rand.NewPCG(1, 2))
		body = make([]byte, len(s.model))
		for i := range body {
			body[i] = byte(rng.Uint32())
		}
	case "stall": // some bytes, then nothing until the test ends
		w.Header().Set("Content-Length", fmt.Sprint(len(s.model)))
		w.Write(s.model[:100])
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-s.release:
		}
		return
	default:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.Write(body)
}

// piecesPrefix returns the bytes of model up to the end of its nth piece.
func piecesPrefix(model []byte, n int) []byte {
	off := 0
	for range n {
		num, typ, k := consumeTag(model[off:])
		m := skipValue(num, typ, model[off+k:], maxGroupDepth)
		if k < 0 || m < 0 || num != 1 {
			panic("piecesPrefix: not a model's pieces")
		}
		off += k + m
	}
	return model[:off]
}

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// noNetwork is a client whose every request fails the test.
func noNetwork(t *testing.T) *http.Client {
	return &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("unexpected request for %s", r.URL)
		return nil, errors.New("no network")
	})}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestCacheDownload(t *testing.T) {
	srv := newModelServer(t)
	want := NewTokenizer(testModel(t, served), "")
	text := "kamirote lusa, 東京大学 123"
	for _, tt := range []struct{ name, file, sig string }{
		{Flores200, "flores200sacrebleuspm", "flores200"},
		{Flores101, "sacrebleu_tokenizer_spm.model", "flores101"},
		{SPM, "sacrebleu_tokenizer_spm.model", "flores101"},
		{SpBLEU1K, "spbleu-1k_tokenizer_spm.model", "spBLEU-1K"},
	} {
		dir := t.TempDir()
		var last Progress
		c := Cache{Dir: dir, MapURL: srv.mapURL("good"), Progress: func(p Progress) { last = p }}
		before := srv.requests.Load()
		tok, err := c.Tokenizer(context.Background(), tt.name)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if n := srv.requests.Load() - before; n != 1 {
			t.Errorf("%s: %d requests, want 1", tt.name, n)
		}
		file := filepath.Join(dir, "models", tt.file)
		if got, _ := os.ReadFile(file); string(got) != string(srv.model) {
			t.Errorf("%s: %s does not hold the served model", tt.name, file)
		}
		if want := (Progress{URL: srv.URL + "/good/" + tt.file, Path: file, Done: int64(len(srv.model)), Total: int64(len(srv.model))}); last != want {
			t.Errorf("%s: last progress %+v, want %+v", tt.name, last, want)
		}
		if got := entries(t, filepath.Join(dir, "models")); !slices.Equal(got, []string{tt.file, tt.file + ".lock"}) {
			t.Errorf("%s: models/ holds %q", tt.name, got)
		}
		if tok.String() != tt.sig || !slices.Equal(tok.Tokenize(nil, text), want.Tokenize(nil, text)) {
			t.Errorf("%s: tokenizer %s gives %q", tt.name, tok, tok.Tokenize(nil, text))
		}
		// Now present: no request, and LoadTokenizer finds it too.
		c.Client = noNetwork(t)
		if _, err := c.Tokenizer(context.Background(), tt.name); err != nil {
			t.Errorf("%s again: %v", tt.name, err)
		}
		if got, err := c.Download(context.Background(), tt.name); got != file || err != nil {
			t.Errorf("%s: Download = %q, %v", tt.name, got, err)
		}
		if _, err := LoadTokenizer(dir, tt.name); err != nil {
			t.Errorf("%s: LoadTokenizer after the download: %v", tt.name, err)
		}
	}
}

// TestCacheBroken checks that nothing but a complete model lands in the
// cache: each failure names the URL and the file and leaves only the
// lock file behind.
func TestCacheBroken(t *testing.T) {
	srv := newModelServer(t)
	if _, err := Parse(piecesPrefix(srv.model, 20)); err != nil {
		t.Fatalf("the pieces' prefix does not parse, so cut-pieces tests nothing: %v", err)
	}
	for _, tt := range []struct{ mode, why string }{
		{"short", "unexpected EOF"},
		{"cut-pieces", "incomplete model: no trainer or normalizer spec"},
		{"cut-field", "malformed model"},
		{"notfound", "the server answered 404 Not Found"},
		{"html", "is not a SentencePiece model"},
		{"garbage", "is not a SentencePiece model"},
		{"stall", "no data for 50ms"},
	} {
		mode := tt.mode
		dir := t.TempDir()
		c := Cache{Dir: dir, MapURL: srv.mapURL(mode)}
		if mode == "stall" {
			c.Stall = 50 * time.Millisecond
		}
		_, err := c.Tokenizer(context.Background(), Flores200)
		file := filepath.Join(dir, "models", "flores200sacrebleuspm")
		url := srv.URL + "/" + mode + "/flores200sacrebleuspm"
		if err == nil || !strings.HasPrefix(err.Error(), "spm: ") || !strings.Contains(err.Error(), url) || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("%s: error %v, want one naming %s and %s: %s", mode, err, url, file, tt.why)
		}
		if got := entries(t, filepath.Join(dir, "models")); !slices.Equal(got, []string{"flores200sacrebleuspm.lock"}) {
			t.Errorf("%s: models/ holds %q", mode, got)
		}
		var missing *MissingModelError
		if _, err := LoadTokenizer(dir, Flores200); !errors.As(err, &missing) {
			t.Errorf("%s: LoadTokenizer after the failure: %v", mode, err)
		}
	}
}

func TestCacheCanceled(t *testing.T) {
	srv := newModelServer(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	c := Cache{Dir: dir, MapURL: srv.mapURL("stall"), Progress: func(p Progress) {
		if p.Done > 0 {
			cancel()
		}
	}}
	_, err := c.Tokenizer(ctx, SpBLEU1K)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled download: %v", err)
	}
	if got := entries(t, filepath.Join(dir, "models")); !slices.Equal(got, []string{"spbleu-1k_tokenizer_spm.model.lock"}) {
		t.Errorf("models/ holds %q", got)
	}
}

// TestCachePresent checks that a model already in the cache (as
// sacreBLEU leaves it) is used without any request.
func TestCachePresent(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join("testdata", "models", served+".model"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "models", "flores200sacrebleuspm"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	c := Cache{Dir: dir, Client: noNetwork(t)}
	if tok, err := c.Tokenizer(context.Background(), Flores200); err != nil || tok.String() != "flores200" {
		t.Errorf("Tokenizer = %v, %v", tok, err)
	}
	if got := entries(t, filepath.Join(dir, "models")); !slices.Equal(got, []string{"flores200sacrebleuspm"}) {
		t.Errorf("models/ holds %q", got)
	}
	// A file that is not a model (sacreBLEU writes its downloads in place)
	// is an error naming it, not a reason to download again.
	file := filepath.Join(dir, "models", "spbleu-1k_tokenizer_spm.model")
	if err := os.WriteFile(file, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Tokenizer(context.Background(), SpBLEU1K); err == nil || !strings.HasPrefix(err.Error(), "spm: the spBLEU-1K tokenizer's model "+file+": ") {
		t.Errorf("Tokenizer over a broken file: %v", err)
	}
}

func TestCacheMisuse(t *testing.T) {
	c := Cache{Client: noNetwork(t)}
	if _, err := c.Tokenizer(context.Background(), Flores200); err == nil {
		t.Error("Tokenizer with an empty Dir: no error")
	}
	c.Dir = t.TempDir()
	if _, err := c.Download(context.Background(), "flores"); err == nil || !strings.HasPrefix(err.Error(), "spm: ") {
		t.Errorf("Download(flores): %v", err)
	}
}
