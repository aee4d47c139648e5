package spm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/go-bleu/bleu/internal/cache"
)

// Cache is sacreBLEU's directory of SentencePiece models, Dir/models/,
// with the downloads that fill it: [Cache.Tokenizer] loads a named
// tokenizer's model from the file [ModelSource] names, downloading it
// from sacreBLEU's URL first when the file is missing, so that sacreBLEU
// and this package use each other's downloads.
//
// A model file already present (and not empty) is used as it is, without
// any network access. A missing one is downloaded to a temporary file in
// Dir/models/, and renamed to its place only once it is complete (the
// server's Content-Length, when it sends one, was received in full) and
// parses as a model ([Parse], which checks it as sentencepiece's Load
// does, and the trainer and normalizer specs that spm_train writes after
// the vocabulary are present, so that a file cut short at a piece
// boundary is not taken for a smaller model). sacreBLEU has no checksum
// for these models, so nothing stronger is checked: an error page, a
// truncated file or other bytes never land in the cache, but a different
// valid model at sacreBLEU's URL would. Downloads of one file are
// serialized, across processes too, by the lock file sacreBLEU's
// portalocker takes (file + ".lock").
//
// Only Cache's methods use the network, and only when a model is
// missing (or empty); [LoadTokenizer] never does. A file present is never
// checked against the server or replaced: one that is not a model (left
// by an interrupted sacreBLEU, which writes in place) stays an error
// until it is deleted. A Cache is a plain value, safe to
// copy and to use from several goroutines and processes at once (as far
// as Client, MapURL, Progress and Waiting are).
type Cache struct {
	// Dir is sacreBLEU's cache directory: $SACREBLEU, or ~/.sacrebleu
	// when that is not set. It must not be "".
	Dir string
	// Client makes the downloads' requests; nil means http.DefaultClient.
	Client *http.Client
	// MapURL, if not nil, rewrites sacreBLEU's URL of a model before it
	// is downloaded: a mirror, or a local server in tests. The file keeps
	// the name it takes from sacreBLEU's URL.
	MapURL func(url string) string
	// Stall is how long a download may receive nothing before it fails;
	// 0 means 60 seconds.
	Stall time.Duration
	// Progress, if not nil, is called while a model downloads, from the
	// goroutine that called the method.
	Progress func(Progress)
	// Waiting, if not nil, is called with the lock file's path when a
	// download waits for another process (or goroutine) downloading the
	// same model.
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

// Download makes sure that the model of sacreBLEU's tokenizer name is in
// the cache, downloading it when it is missing, and returns its file.
func (c *Cache) Download(ctx context.Context, name string) (file string, err error) {
	url, file, err := c.source(name)
	if err != nil {
		return "", err
	}
	if cache.Exists(file) {
		return file, nil
	}
	if _, err := c.fetch(ctx, name, url, file); err != nil {
		return "", err
	}
	return file, nil
}

// Tokenizer returns sacreBLEU's tokenizer name (Flores200, Flores101,
// SPM or SpBLEU1K), named as sacreBLEU's signatures name it, with its
// model loaded from the cache, downloaded first when it is missing. The
// context bounds the download (and the wait for another one), not the
// loading of a model already present.
func (c *Cache) Tokenizer(ctx context.Context, name string) (*Tokenizer, error) {
	url, file, err := c.source(name)
	if err != nil {
		return nil, err
	}
	if !cache.Exists(file) {
		m, err := c.fetch(ctx, name, url, file)
		if err != nil {
			return nil, err
		}
		if m != nil {
			_, sig, _ := named(name)
			return NewTokenizer(m, sig), nil
		}
		// Another process or goroutine downloaded it meanwhile.
	}
	return LoadTokenizer(c.Dir, name)
}

func (c *Cache) source(name string) (url, file string, err error) {
	if c.Dir == "" {
		return "", "", errors.New("spm: Cache.Dir is empty")
	}
	return ModelSource(c.Dir, name)
}

// fetch downloads url to file and returns the model it holds, parsed
// while checking it; the model is nil when another download made the
// file while this one waited for the lock.
func (c *Cache) fetch(ctx context.Context, name, url, file string) (*Model, error) {
	d := cache.Downloader{Client: c.Client, Stall: c.Stall, Busy: c.Waiting}
	if c.Progress != nil {
		d.Progress = func(p cache.Progress) { c.Progress(Progress(p)) }
	}
	get := url
	if c.MapURL != nil {
		get = c.MapURL(url)
	}
	var m *Model
	check := func(tmp string) error {
		b, err := os.ReadFile(tmp)
		if err != nil {
			return fmt.Errorf("cannot read the download of %s: %w", get, err)
		}
		m, err = parseDownload(b)
		if err != nil {
			return fmt.Errorf("the download of %s is not a SentencePiece model, and was not saved to %s: %s", get, file, strings.TrimPrefix(err.Error(), "spm: "))
		}
		return nil
	}
	if _, err := d.Fetch(ctx, get, file, "", check); err != nil {
		return nil, fmt.Errorf("spm: the %s tokenizer's model: %w", name, err)
	}
	return m, nil
}

// parseDownload parses a downloaded model, which must also hold the
// trainer and normalizer specs: spm_train writes them after the pieces,
// so their absence means a file cut short between two pieces, which
// Parse alone would take for a model with fewer pieces.
func parseDownload(b []byte) (*Model, error) {
	pm, err := parseModel(b)
	if err != nil {
		return nil, err
	}
	if !pm.hasTrainer || !pm.hasNormalizer {
		return nil, errors.New("spm: incomplete model: no trainer or normalizer spec after the pieces")
	}
	return Parse(b)
}
