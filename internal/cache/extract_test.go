package cache

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

type entry struct {
	name, link string
	typ        byte
	body       string
}

func tarOf(t *testing.T, gz bool, entries ...entry) []byte {
	var buf bytes.Buffer
	var zw *gzip.Writer
	tw := tar.NewWriter(&buf)
	if gz {
		zw = gzip.NewWriter(&buf)
		tw = tar.NewWriter(zw)
	}
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Linkname: e.link, Typeflag: e.typ, Mode: 0o644, Size: int64(len(e.body))}
		if e.typ != tar.TypeReg {
			h.Size = 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(e.body))
	}
	tw.Close()
	if zw != nil {
		zw.Close()
	}
	return buf.Bytes()
}

func zipOf(t *testing.T, names ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("z:" + n))
	}
	zw.Close()
	return buf.Bytes()
}

func TestExtract(t *testing.T) {
	good := []entry{
		{name: "d/", typ: tar.TypeDir},
		{name: "d/a.txt", typ: tar.TypeReg, body: "alpha\n"},
		{name: "d/sub/b.txt", typ: tar.TypeReg, body: "beta\n"},
		{name: "d/link", typ: tar.TypeSymlink, link: "a.txt"},
	}
	tests := []struct {
		name    string // the download's name
		archive []byte
		files   map[string]string // what dir holds afterwards
		fail    bool
	}{
		{"x.tar.gz", tarOf(t, true, good...), map[string]string{"d/a.txt": "alpha\n", "d/sub/b.txt": "beta\n", "d/link": "alpha\n"}, false},
		{"x.tgz", tarOf(t, true, good...), map[string]string{"d/a.txt": "alpha\n"}, false},
		{"plain.tar.gz", tarOf(t, false, good...), map[string]string{"d/sub/b.txt": "beta\n"}, false},
		{"x.zip", zipOf(t, "z/one", "two"), map[string]string{"z/one": "z:z/one", "two": "z:two"}, false},
		{"x.gz", []byte("not extracted"), map[string]string{}, false},
		{"up.tgz", tarOf(t, true, entry{name: "../evil", typ: tar.TypeReg, body: "x"}), nil, true},
		{"abs.tgz", tarOf(t, true, entry{name: "/evil", typ: tar.TypeReg, body: "x"}), nil, true},
		{"link.tgz", tarOf(t, true, entry{name: "l", typ: tar.TypeSymlink, link: "../../etc/passwd"}), nil, true},
		{"abslink.tgz", tarOf(t, true, entry{name: "l", typ: tar.TypeSymlink, link: "/etc/passwd"}), nil, true},
		{"dev.tgz", tarOf(t, true, entry{name: "c", typ: tar.TypeChar}), nil, true},
		{"up.zip", zipOf(t, "../evil"), nil, true},
		{"bad.tgz", []byte("\x1f\x8bgarbage"), nil, true},
		{"bad.zip", []byte("garbage"), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			src := filepath.Join(root, "download")
			os.WriteFile(src, tt.archive, 0o644)
			dir := filepath.Join(root, "out")
			os.Mkdir(dir, 0o755)
			err := Extract(src, tt.name, dir)
			if (err != nil) != tt.fail {
				t.Fatalf("Extract = %v, want failure %v", err, tt.fail)
			}
			if _, err := os.Stat(filepath.Join(root, "evil")); err == nil {
				t.Error("an entry escaped the directory")
			}
			for name, want := range tt.files {
				if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
					t.Errorf("%s = %q, %v; want %q", name, got, err, want)
				}
			}
		})
	}
}
