// Package testsetgen serves the generated test sets of testset/testdata
// (catalogue.json and raw/, made by testset/testdata/goldens.py) for the
// tests of package testset and of the command: their downloads are built
// at test time (tar.gz, tgz and zip archives, gzipped and plain files) and
// served from an httptest server on the loopback interface. It is for
// tests only.
package testsetgen

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Set is a generated set, in the shape of testset.Set, with the format
// named as in sacreBLEU ("WMTXMLDataset", ...).
type Set struct {
	Name, Format string
	URLs, MD5s   []string
	Refs         []string
	Pairs        []Pair
}

// Pair is a language pair of a generated set.
type Pair struct {
	Name  string
	Files []string
	Refs  []string
}

// catalogue is testdata/catalogue.json.
type catalogue struct {
	Sets []struct {
		Key    string   `json:"key"`
		Name   string   `json:"name"`
		Format string   `json:"format"`
		URLs   []string `json:"urls"`
		Refs   []string `json:"refs"`
		Pairs  []struct {
			Pair  string   `json:"pair"`
			Files []string `json:"files"`
			Refs  []string `json:"refs"`
		} `json:"pairs"`
	} `json:"sets"`
}

// Server serves the generated sets' downloads, built at test time from
// testdata/raw, and counts the requests.
type Server struct {
	*httptest.Server
	// Files maps a URL path to the content served.
	Files map[string][]byte
	// Requests counts the requests served.
	Requests atomic.Int64
}

// Host is the scheme and host of the generated sets' URLs.
const Host = "https://data.example"

// MapURL sends the generated sets' URLs to the server.
func (s *Server) MapURL(url string) string {
	return s.URL + strings.TrimPrefix(url, Host)
}

// Load returns the generated sets of the directory dir (testset/testdata),
// with the MD5 sums of their downloads as the server serves them, and the
// server, which the test's cleanup closes.
func Load(t testing.TB, dir string) ([]Set, *Server) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "catalogue.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tc catalogue
	if err := json.Unmarshal(data, &tc); err != nil {
		t.Fatal(err)
	}
	srv := &Server{Files: map[string][]byte{}}
	var sets []Set
	for _, ts := range tc.Sets {
		s := Set{Name: ts.Name, Format: ts.Format, Refs: ts.Refs}
		for _, u := range ts.URLs {
			base := path.Base(u)
			content := download(t, filepath.Join(dir, "raw", ts.Key, base), base)
			sum := md5.Sum(content)
			srv.Files[strings.TrimPrefix(u, Host)] = content
			s.URLs = append(s.URLs, u)
			s.MD5s = append(s.MD5s, hex.EncodeToString(sum[:]))
		}
		for _, p := range ts.Pairs {
			s.Pairs = append(s.Pairs, Pair{Name: p.Pair, Files: p.Files, Refs: p.Refs})
		}
		sets = append(sets, s)
	}
	srv.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.Requests.Add(1)
		content, ok := srv.Files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(content)))
		w.Write(content)
	}))
	t.Cleanup(srv.Close)
	return sets, srv
}

// download makes the content of the download named name from src: an
// archive of the directory src, or the file src (gzipped for ".gz").
func download(t testing.TB, src, name string) []byte {
	t.Helper()
	var buf bytes.Buffer
	switch {
	case strings.HasSuffix(name, ".tar.gz"), strings.HasSuffix(name, ".tgz"):
		zw := gzip.NewWriter(&buf)
		tw := tar.NewWriter(zw)
		walk(t, src, func(rel string, content []byte) {
			if content == nil {
				tw.WriteHeader(&tar.Header{Name: rel + "/", Typeflag: tar.TypeDir, Mode: 0o755, ModTime: time.Unix(0, 0)})
				return
			}
			tw.WriteHeader(&tar.Header{Name: rel, Typeflag: tar.TypeReg, Mode: 0o644, Size: int64(len(content)), ModTime: time.Unix(0, 0)})
			tw.Write(content)
		})
		if err := tw.Close(); err != nil {
			t.Fatal(err)
		}
		zw.Close()
	case strings.HasSuffix(name, ".zip"):
		zw := zip.NewWriter(&buf)
		walk(t, src, func(rel string, content []byte) {
			if content == nil {
				zw.Create(rel + "/")
				return
			}
			w, _ := zw.Create(rel)
			w.Write(content)
		})
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	case strings.HasSuffix(name, ".gz"):
		content, err := os.ReadFile(strings.TrimSuffix(src, ".gz"))
		if err != nil {
			t.Fatal(err)
		}
		zw := gzip.NewWriter(&buf)
		zw.Write(content)
		zw.Close()
	default:
		content, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(content)
	}
	return buf.Bytes()
}

// walk calls f for each directory (content nil) and file under root, in
// lexical order, with its slash-separated path relative to root.
func walk(t testing.TB, root string, f func(rel string, content []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			f(rel, nil)
			return nil
		}
		content, err := os.ReadFile(p)
		f(rel, content)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
