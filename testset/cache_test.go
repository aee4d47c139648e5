package testset

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/go-bleu/bleu/internal/cache"
)

// sacrebleuCache fills dir as sacreBLEU leaves its cache after processing
// every generated set: the downloads, their extracted trees, the lock
// files and (if processed) the processed files of its goldens.
func sacrebleuCache(t *testing.T, dir string, sets []Set, srv *server, processed bool) {
	t.Helper()
	for _, s := range sets {
		raw := filepath.Join(dir, filepath.FromSlash(s.Name), "raw")
		os.MkdirAll(raw, 0o755)
		for _, u := range s.URLs {
			dest := filepath.Join(raw, tarballName(&s, u))
			os.WriteFile(dest, srv.Files[strings.TrimPrefix(u, testHost)], 0o644)
			os.WriteFile(dest+".lock", nil, 0o644)
			if err := cache.Extract(dest, dest, raw); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !processed {
		return
	}
	for _, g := range readGoldens(t).Library {
		for name, content := range g.Files {
			os.WriteFile(filepath.Join(dir, filepath.FromSlash(g.Set), name), []byte(content), 0o644)
		}
	}
}

func listTree(t *testing.T, dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		files = append(files, p)
		return err
	})
	return files
}

// TestSacrebleuCache: a cache sacreBLEU filled serves every field without
// a request and without a write; one holding only its downloads is
// processed offline into sacreBLEU's files.
func TestSacrebleuCache(t *testing.T) {
	for _, processed := range []bool{true, false} {
		sets, srv := generatedSets(t)
		dir := t.TempDir()
		sacrebleuCache(t, dir, sets, srv, processed)
		before := listTree(t, dir)
		c := Cache{Dir: dir, MapURL: srv.MapURL}
		for _, g := range readGoldens(t).Library {
			fields, err := c.Fields(context.Background(), lookupTest(t, sets, g.Set), g.Pair)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fields {
				if got, _ := os.ReadFile(f.Path); string(got) != g.Files[filepath.Base(f.Path)] {
					t.Errorf("processed %v: %s differs from sacreBLEU's", processed, f.Path)
				}
			}
		}
		if n := srv.Requests.Load(); n != 0 {
			t.Errorf("processed %v: %d requests, want 0", processed, n)
		}
		if after := listTree(t, dir); processed && !slices.Equal(before, after) {
			t.Errorf("the cache changed: %d files before, %d after", len(before), len(after))
		}
	}
}

func TestCacheErrors(t *testing.T) {
	sets, srv := generatedSets(t)
	plain := lookupTest(t, sets, "gen/plain")
	ctx := context.Background()

	if _, err := (&Cache{}).Fields(ctx, plain, "en-de"); err == nil || !strings.HasPrefix(err.Error(), "testset: ") {
		t.Errorf("empty Dir: %v", err)
	}
	c := Cache{Dir: t.TempDir(), MapURL: srv.MapURL}
	if _, err := c.Fields(ctx, plain, "xx-yy"); err == nil || err.Error() != "testset: no such language pair gen/plain/xx-yy" {
		t.Errorf("unknown pair: %v", err)
	}

	// A changed file on the server: nothing is saved, and the error
	// names the URL.
	bad := plain
	bad.MD5s = slices.Clone(plain.MD5s)
	bad.MD5s[0] = "0123456789abcdef0123456789abcdef"
	_, err := c.Fields(ctx, bad, "en-de")
	if err == nil || !strings.HasPrefix(err.Error(), "testset: gen/plain: the MD5 sum of "+srv.URL+"/gen/plain.tgz") {
		t.Errorf("MD5 mismatch: %v", err)
	}
	if cache.Exists(c.RawPath(plain, plain.URLs[0])) {
		t.Error("a download with the wrong MD5 sum was saved")
	}

	// A missing file on the server.
	gone := plain
	gone.URLs = []string{testHost + "/gen/nothing.tgz"}
	gone.MD5s = []string{plain.MD5s[0]}
	if _, err := c.Fields(ctx, gone, "en-de"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("missing file: %v", err)
	}
}

// TestCacheConcurrent: goroutines asking for the same set download each
// file once and all see complete fields.
func TestCacheConcurrent(t *testing.T) {
	sets, srv := generatedSets(t)
	c := Cache{Dir: t.TempDir(), MapURL: srv.MapURL}
	var wg sync.WaitGroup
	for _, s := range sets {
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, p := range s.Pairs {
					if _, err := c.Fields(context.Background(), s, p.Name); err != nil {
						t.Error(err)
					}
				}
			}()
		}
	}
	wg.Wait()
	urls := 0
	for _, s := range sets {
		urls += len(s.URLs)
	}
	if n := srv.Requests.Load(); n != int64(urls) {
		t.Errorf("%d requests for %d URLs", n, urls)
	}
}

func TestCacheProgress(t *testing.T) {
	sets, srv := generatedSets(t)
	s := lookupTest(t, sets, "gen/xml")
	var last Progress
	c := Cache{Dir: t.TempDir(), MapURL: srv.MapURL, Progress: func(p Progress) { last = p }}
	if err := c.Download(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if last.URL != srv.URL+"/gen/xml.tar.gz" || last.Done != last.Total || last.Path != c.RawPath(s, s.URLs[0]) {
		t.Errorf("last progress %+v", last)
	}
}

// TestDamagedCache: a raw file missing from the cache is an error naming
// the directory to delete.
func TestDamagedCache(t *testing.T) {
	sets, srv := generatedSets(t)
	c := Cache{Dir: t.TempDir(), MapURL: srv.MapURL}
	for _, name := range []string{"gen/plain", "gen/xml"} {
		s := lookupTest(t, sets, name)
		if err := c.Download(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(filepath.Join(c.Dir, filepath.FromSlash(name), "raw", strings.Split(s.Pairs[0].Files[0], "/")[0]))
		_, err := c.Fields(context.Background(), s, s.Pairs[0].Name)
		if want := "delete " + filepath.Join(c.Dir, filepath.FromSlash(name)) + " and run again"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want one that says %q", name, err, want)
		}
	}
}
