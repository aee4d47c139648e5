//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-bleu/bleu/internal/cache"
	"github.com/go-bleu/bleu/spm"
)

// Without flock(2) the lock is not held across processes, so only Unix
// can show the wait.

// signalWriter is a standard error that several goroutines may write,
// closing seen when what was written contains want.
type signalWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.buf.String(), w.want)
	w.buf.Write(p)
	if !had && strings.Contains(w.buf.String(), w.want) {
		close(w.seen)
	}
	return len(p), nil
}

// TestCLISPMWaits holds the model's lock as another process downloading
// it would: the command says it waits, and once the model is in place
// and the lock released, uses it without a request.
func TestCLISPMWaits(t *testing.T) {
	dir := t.TempDir()
	_, file, err := spm.ModelSource(dir, spm.Flores200)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	unlock, err := cache.Lock(context.Background(), file+".lock", nil)
	if err != nil {
		t.Fatal(err)
	}
	stderr := &signalWriter{want: "bleu: waiting for another process downloading the same file (lock file " + file + ".lock)\n", seen: make(chan struct{})}
	var out bytes.Buffer
	c := &cli{stdin: strings.NewReader("kamirote lusa\n"), stdout: &out, stderr: stderr, lookupEnv: lookupIn(map[string]string{"SACREBLEU": dir}),
		now: time.Now, sets: offlineSets(t), models: offlineModels()}
	rc := make(chan int)
	go func() { rc <- c.main([]string{"--print-tokens", "-tok", "flores200"}) }()
	select {
	case <-stderr.seen:
	case got := <-rc:
		unlock()
		t.Fatalf("exit status %d without waiting for the lock, standard error %q", got, stderr.buf.String())
	}
	b, err := os.ReadFile(filepath.Join(moduleRoot, "spm", "testdata", "models", "bpe_identity.model"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	unlock()
	if got := <-rc; got != 0 || out.String() != "▁ ka mi ro te ▁ lu sa\n" {
		t.Errorf("exit status %d, output %q, standard error %q", got, out.String(), stderr.buf.String())
	}
}
