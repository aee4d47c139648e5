package testset

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-bleu/bleu/internal/cache"
)

// Cache is sacreBLEU's cache of test sets in the directory Dir, laid out
// as sacreBLEU 2.6.0 lays it out, so that either program can use what the
// other downloaded:
//
//	Dir/SET/raw/SET_.BASENAME     a download (SET_ is SET with '/' as '_')
//	Dir/SET/raw/...               what the archives among them hold
//	Dir/SET/SET_.PAIR.FIELD       the processed fields, one line a segment
//	                              (a ':' in FIELD is written '-')
//
// A download or processed file already present is used as it is, without
// any network access. A missing download is written to a temporary file
// and only renamed to its place once its MD5 sum matched and, for an
// archive, once it was extracted; downloads are locked against other
// processes with the lock files sacreBLEU uses. Processed files are
// written to temporary files and renamed too.
//
// A Cache is a plain value, safe to copy and to use from several
// goroutines and processes at once (as far as Client and Progress are).
type Cache struct {
	// Dir is the cache directory; sacreBLEU takes $SACREBLEU, or
	// ~/.sacrebleu when that is not set. It must not be "".
	Dir string
	// Client makes the downloads' requests; nil means http.DefaultClient.
	Client *http.Client
	// MapURL, if not nil, rewrites each URL of the catalogue before it is
	// downloaded: a mirror, or a local server in tests. The downloads keep
	// the names they take from the catalogue's URLs.
	MapURL func(url string) string
	// Stall is how long a download may receive nothing before it fails;
	// 0 means 60 seconds.
	Stall time.Duration
	// Progress, if not nil, is called while a file downloads.
	Progress func(Progress)
	// Waiting, if not nil, is called with the lock file's path when a
	// download waits for another process (or goroutine) downloading the
	// same file.
	Waiting func(lockFile string)
}

// Progress reports a download under way.
type Progress struct {
	URL  string // the URL being read, after MapURL
	Path string // the file it is saved as
	Done int64  // bytes received so far
	// Total is the size the server announced, -1 when it did not.
	Total int64
}

// Field is one field of a language pair (its source, a reference, a
// document attribute or a system's output) and the processed file that
// holds it, one line a segment.
type Field struct {
	Name string // "src", "ref", "ref:A", "docid", "origlang", ...
	Path string
}

// outDir is sacreBLEU's Dataset._outdir.
func (c *Cache) outDir(s *Set) string { return filepath.Join(c.Dir, filepath.FromSlash(s.Name)) }

// rawDir is sacreBLEU's Dataset._rawdir.
func (c *Cache) rawDir(s *Set) string { return filepath.Join(c.outDir(s), "raw") }

// RawPath returns where the download of s's URL url is kept in the cache.
func (c *Cache) RawPath(s Set, url string) string {
	return filepath.Join(c.rawDir(&s), tarballName(&s, url))
}

// tarballName is sacreBLEU's Dataset._get_tarball_filename.
func tarballName(s *Set, url string) string {
	return strings.ReplaceAll(s.Name, "/", "_") + "." + url[strings.LastIndexByte(url, '/')+1:]
}

// fieldPath is sacreBLEU's Dataset._get_txt_file_path.
func (c *Cache) fieldPath(s *Set, pair, field string) string {
	name := strings.ReplaceAll(s.Name, "/", "_") + "." + pair + "." + strings.ReplaceAll(field, ":", "-")
	return filepath.Join(c.outDir(s), name)
}

// rawFile is the path of a raw file of the catalogue.
func (c *Cache) rawFile(s *Set, rel string) string {
	return filepath.Join(c.rawDir(s), filepath.FromSlash(rel))
}

func (c *Cache) check(s *Set) error {
	if c.Dir == "" {
		return errors.New("testset: Cache.Dir is empty")
	}
	if s.Name == "" || s.Format >= numFormats {
		return fmt.Errorf("testset: invalid set %q (format %v)", s.Name, s.Format)
	}
	if len(s.MD5s) != 0 && len(s.MD5s) != len(s.URLs) {
		return fmt.Errorf("testset: set %s has %d URLs and %d MD5 sums", s.Name, len(s.URLs), len(s.MD5s))
	}
	return nil
}

// Download makes sure that every file of s is in the cache, downloading
// and extracting the missing ones (sacreBLEU's maybe_download). It does
// not process them.
func (c *Cache) Download(ctx context.Context, s Set) error {
	if err := c.check(&s); err != nil {
		return err
	}
	return c.download(ctx, &s)
}

func (c *Cache) download(ctx context.Context, s *Set) error {
	d := cache.Downloader{Client: c.Client, Stall: c.Stall, Busy: c.Waiting}
	if c.Progress != nil {
		d.Progress = func(p cache.Progress) { c.Progress(Progress(p)) }
	}
	raw := c.rawDir(s)
	for i, url := range s.URLs {
		dest := filepath.Join(raw, tarballName(s, url))
		if cache.Exists(dest) {
			continue
		}
		md5 := ""
		if i < len(s.MD5s) {
			md5 = s.MD5s[i]
		}
		get := url
		if c.MapURL != nil {
			get = c.MapURL(url)
		}
		var install func(string) error
		if cache.IsArchive(dest) {
			install = func(tmp string) error { return cache.Extract(tmp, dest, raw) }
		}
		if _, err := d.Fetch(ctx, get, dest, md5, install); err != nil {
			return fmt.Errorf("testset: %s: %w", s.Name, err)
		}
	}
	return nil
}

// pair returns s's language pair named name.
func (s *Set) pair(name string) (*Pair, error) {
	for i := range s.Pairs {
		if s.Pairs[i].Name == name {
			return &s.Pairs[i], nil
		}
	}
	return nil, fmt.Errorf("testset: no such language pair %s/%s", s.Name, name)
}

// Fields returns every field of the language pair pair of s with its
// processed file, downloading and processing what the cache lacks
// (sacreBLEU's get_files, in the order of its fieldnames).
func (c *Cache) Fields(ctx context.Context, s Set, pair string) ([]Field, error) {
	if err := c.check(&s); err != nil {
		return nil, err
	}
	p, err := s.pair(pair)
	if err != nil {
		return nil, err
	}
	var names []string
	var doc *wmtDoc
	if s.Format == WMTXML {
		if doc, err = c.readWMT(ctx, &s, p); err != nil {
			return nil, err
		}
		names = doc.names()
	} else if names, err = fieldNames(&s, p); err != nil {
		return nil, err
	}
	fields := make([]Field, len(names))
	missing := false
	for i, name := range names {
		fields[i] = Field{Name: name, Path: c.fieldPath(&s, pair, name)}
		if _, err := os.Stat(fields[i].Path); err != nil {
			missing = true
		}
	}
	switch {
	case missing && doc != nil:
		err = c.writeWMT(&s, p, doc)
	case missing:
		err = c.process(ctx, &s, p)
	}
	if err != nil {
		return nil, err
	}
	return fields, nil
}

// FieldNames returns the names of the fields of the language pair pair of
// s, as sacreBLEU's fieldnames: without processing anything, but, for
// [WMTXML], downloading s if needed to read the pair's file.
func (c *Cache) FieldNames(ctx context.Context, s Set, pair string) ([]string, error) {
	if err := c.check(&s); err != nil {
		return nil, err
	}
	p, err := s.pair(pair)
	if err != nil {
		return nil, err
	}
	if s.Format != WMTXML {
		return fieldNames(&s, p)
	}
	doc, err := c.readWMT(ctx, &s, p)
	if err != nil {
		return nil, err
	}
	return doc.names(), nil
}

// Source returns the source field of the language pair pair of s.
func (c *Cache) Source(ctx context.Context, s Set, pair string) (Field, error) {
	fields, err := c.Fields(ctx, s, pair)
	if err != nil {
		return Field{}, err
	}
	for _, f := range fields {
		if f.Name == "src" {
			return f, nil
		}
	}
	return Field{}, fmt.Errorf("testset: %s/%s has no source", s.Name, pair)
}

// References returns the references that score a system on the language
// pair pair of s (sacreBLEU's get_reference_files): the fields whose names
// start with "ref", or, for [WMTXML], those of the translators [Set.Refs]
// or [Pair.Refs] choose. The result may be empty.
func (c *Cache) References(ctx context.Context, s Set, pair string) ([]Field, error) {
	fields, err := c.Fields(ctx, s, pair)
	if err != nil {
		return nil, err
	}
	var refs []Field
	if s.Format == WMTXML {
		p, _ := s.pair(pair)
		allowed := s.Refs
		if p.Refs != nil {
			allowed = p.Refs
		}
		for _, f := range fields {
			for _, a := range allowed {
				if f.Name == translatorField(a) {
					refs = append(refs, f)
					break
				}
			}
		}
		return refs, nil
	}
	for _, f := range fields {
		if strings.HasPrefix(f.Name, "ref") {
			refs = append(refs, f)
		}
	}
	return refs, nil
}
