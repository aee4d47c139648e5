package cache

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var payload = bytes.Repeat([]byte("0123456789abcdef"), 10000) // 160 kB, several reads

func md5hex(b []byte) string {
	s := md5.Sum(b)
	return hex.EncodeToString(s[:])
}

// noLeftovers checks that dir holds only the files named.
func noLeftovers(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

func TestFetch(t *testing.T) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Length", fmt.Sprint(len(payload)))
		w.Write(payload)
	}))
	defer srv.Close()
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "set.data.tar.gz")
	var last Progress
	calls := 0
	d := Downloader{Progress: func(p Progress) {
		if p.Done < last.Done || p.Total != int64(len(payload)) || p.URL != srv.URL+"/x" || p.Path != path {
			t.Errorf("progress %+v after %+v", p, last)
		}
		last = p
		calls++
	}}
	installed := false
	fetched, err := d.Fetch(context.Background(), srv.URL+"/x", path, md5hex(payload), func(tmp string) error {
		got, _ := os.ReadFile(tmp)
		if !bytes.Equal(got, payload) || Exists(path) {
			t.Error("install did not see the whole download before it was renamed")
		}
		installed = true
		return nil
	})
	if err != nil || !fetched || !installed {
		t.Fatalf("Fetch = %v, %v (installed %v)", fetched, err, installed)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, payload) {
		t.Error("wrong content")
	}
	if last.Done != int64(len(payload)) || calls < 2 {
		t.Errorf("last progress %+v after %d calls", last, calls)
	}
	noLeftovers(t, filepath.Dir(path), "set.data.tar.gz", "set.data.tar.gz.lock")

	// Present: used as it is, without a request.
	fetched, err = d.Fetch(context.Background(), srv.URL+"/x", path, "00000000000000000000000000000000", nil)
	if err != nil || fetched || requests.Load() != 1 {
		t.Errorf("second Fetch = %v, %v after %d requests", fetched, err, requests.Load())
	}
	// Empty: sacreBLEU downloads it again, and so do we.
	os.WriteFile(path, nil, 0o644)
	last = Progress{}
	if fetched, err = d.Fetch(context.Background(), srv.URL+"/x", path, "", nil); err != nil || !fetched {
		t.Errorf("Fetch over an empty file = %v, %v", fetched, err)
	}
}

// TestFetchFailures checks that a failed download leaves nothing behind
// and says which URL failed.
func TestFetchFailures(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	tests := []struct {
		name    string
		handler http.HandlerFunc
		md5     string
		want    string
	}{
		{"md5", func(w http.ResponseWriter, r *http.Request) { w.Write(payload) }, md5hex([]byte("other")), "MD5 sum"},
		{"status", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusNotFound) }, "", "404"},
		{"truncated", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", fmt.Sprint(len(payload)+100))
			w.Write(payload)
		}, "", "unexpected EOF"},
		{"interrupted", func(w http.ResponseWriter, r *http.Request) {
			conn, buf, _ := w.(http.Hijacker).Hijack()
			fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", len(payload))
			buf.Write(payload[:1000])
			buf.Flush()
			conn.Close()
		}, "", "unexpected EOF"},
		{"stall", func(w http.ResponseWriter, r *http.Request) {
			w.Write(payload[:1000])
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}, "", "no data for"},
		{"silent", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}, "", "no data for"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handler)
			defer srv.Close()
			dir := t.TempDir()
			path := filepath.Join(dir, "f.tgz")
			// A short stall limit only where a stall is the point: under
			// load, the other cases must fail for their own reason.
			d := Downloader{Stall: time.Minute}
			if tt.want == "no data for" {
				d.Stall = 50 * time.Millisecond
			}
			fetched, err := d.Fetch(context.Background(), srv.URL+"/f.tgz", path, tt.md5, func(string) error {
				t.Error("install called on a failed download")
				return nil
			})
			if err == nil || fetched || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), srv.URL+"/f.tgz") {
				t.Errorf("Fetch = %v, %v; want an error with %q and the URL", fetched, err, tt.want)
			}
			noLeftovers(t, dir, "f.tgz.lock")
		})
	}
}

func TestFetchInstallFails(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(payload) }))
	defer srv.Close()
	dir := t.TempDir()
	_, err := new(Downloader).Fetch(context.Background(), srv.URL, filepath.Join(dir, "a.zip"), "", func(string) error {
		return fmt.Errorf("broken archive")
	})
	if err == nil || err.Error() != "broken archive" {
		t.Errorf("err = %v", err)
	}
	noLeftovers(t, dir, "a.zip.lock")
}

// TestFetchUnwritable: a cache directory that cannot be made is an error
// naming the URL.
func TestFetchUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	_, err := new(Downloader).Fetch(context.Background(), "http://127.0.0.1:1/x", filepath.Join(file, "raw", "x"), "", nil)
	if err == nil || !strings.Contains(err.Error(), "http://127.0.0.1:1/x") {
		t.Errorf("err = %v", err)
	}
}

// TestFetchConcurrent: goroutines fetching one file download it once.
func TestFetchConcurrent(t *testing.T) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Write(payload)
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "f")
	var wg sync.WaitGroup
	var downloads atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fetched, err := new(Downloader).Fetch(context.Background(), srv.URL, path, md5hex(payload), nil)
			if err != nil {
				t.Error(err)
			}
			if fetched {
				downloads.Add(1)
			}
		}()
	}
	wg.Wait()
	if requests.Load() != 1 || downloads.Load() != 1 {
		t.Errorf("%d requests, %d downloads; want 1, 1", requests.Load(), downloads.Load())
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, payload) {
		t.Error("wrong content")
	}
}

// TestFetchProcesses: two processes fetching one file download it once.
func TestFetchProcesses(t *testing.T) {
	if url := os.Getenv("CACHE_TEST_FETCH_URL"); url != "" {
		return // the child's work is in TestHelperFetch
	}
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Write(payload)
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "f")
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperFetch$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CACHE_TEST_FETCH_URL="+srv.URL, "CACHE_TEST_FETCH_PATH="+path, "CACHE_TEST_FETCH_MD5="+md5hex(payload))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("child %d: %v\n%s", i, err, outs[i])
		}
	}
	if requests.Load() != 1 {
		t.Errorf("%d requests, want 1", requests.Load())
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, payload) {
		t.Error("wrong content")
	}
}

// TestHelperFetch is the child process of TestFetchProcesses.
func TestHelperFetch(t *testing.T) {
	url := os.Getenv("CACHE_TEST_FETCH_URL")
	if url == "" {
		return
	}
	limitFileSize(t)
	if _, err := new(Downloader).Fetch(context.Background(), url, os.Getenv("CACHE_TEST_FETCH_PATH"), os.Getenv("CACHE_TEST_FETCH_MD5"), nil); err != nil {
		t.Fatal(err)
	}
}

// TestFetchLockCanceled: a Fetch waiting for another's lock gives up when
// its context is done.
func TestFetchLockCanceled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	unlock, err := Lock(context.Background(), path+".lock", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithCancel(context.Background())
	busy := ""
	d := Downloader{Busy: func(lock string) { busy = lock; cancel() }}
	if _, err := d.Fetch(ctx, "http://127.0.0.1:1/", path, "", nil); err == nil || !strings.Contains(err.Error(), "lock") {
		t.Errorf("err = %v", err)
	}
	if busy != path+".lock" {
		t.Errorf("Busy was called with %q", busy)
	}
}
