package testset

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

// testCatalogue is testdata/catalogue.json, the generated sets.
type testCatalogue struct {
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

var testFormats = map[string]Format{
	"PlainText": PlainText, "FakeSGMLDataset": FakeSGML, "WMTAdditionDataset": WMTAddition,
	"IWSLTXMLDataset": IWSLTXML, "TSVDataset": TSV, "WMTXMLDataset": WMTXML,
}

// server serves the generated sets' downloads, built at test time from
// testdata/raw, and counts the requests.
type server struct {
	*httptest.Server
	files    map[string][]byte // URL path → content
	requests atomic.Int64
}

const testHost = "https://data.example"

// mapURL sends the catalogue's URLs to the server.
func (s *server) mapURL(url string) string {
	return s.URL + strings.TrimPrefix(url, testHost)
}

// generatedSets returns the generated sets, with the MD5 sums of the
// downloads as the server serves them, and the server.
func generatedSets(t testing.TB) ([]Set, *server) {
	t.Helper()
	data, err := os.ReadFile("testdata/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	var tc testCatalogue
	if err := json.Unmarshal(data, &tc); err != nil {
		t.Fatal(err)
	}
	srv := &server{files: map[string][]byte{}}
	var sets []Set
	for _, ts := range tc.Sets {
		s := Set{Name: ts.Name, Format: testFormats[ts.Format], Description: "Generated " + ts.Format + " set.", Refs: ts.Refs}
		for _, u := range ts.URLs {
			base := path.Base(u)
			content := download(t, filepath.Join("testdata", "raw", ts.Key, base), base)
			sum := md5.Sum(content)
			srv.files[strings.TrimPrefix(u, testHost)] = content
			s.URLs = append(s.URLs, u)
			s.MD5s = append(s.MD5s, hex.EncodeToString(sum[:]))
		}
		for _, p := range ts.Pairs {
			s.Pairs = append(s.Pairs, Pair{Name: p.Pair, Files: p.Files, Refs: p.Refs})
		}
		sets = append(sets, s)
	}
	srv.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.requests.Add(1)
		content, ok := srv.files[r.URL.Path]
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

func lookupTest(t testing.TB, sets []Set, name string) Set {
	t.Helper()
	for _, s := range sets {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no generated set %s", name)
	return Set{}
}
