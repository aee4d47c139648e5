// Package cache keeps downloads in sacreBLEU's cache directory ($SACREBLEU,
// by default ~/.sacrebleu) the way sacreBLEU does, and more safely.
//
// # Contract
//
// [Downloader.Fetch] makes a path hold the content of a URL. A path that
// already exists and is not empty is the download, whoever made it
// (sacreBLEU or this package): it is never replaced, rewritten or checked
// again, and no network is used. Otherwise the content is written to a
// temporary file in the same directory, its MD5 checked, the optional
// install step run on it (extracting an archive, as sacreBLEU does), and
// only then renamed to the path: a path that exists is always complete.
// Fetches of one path are serialized by an exclusive flock(2) on
// path+".lock", the lock file sacreBLEU's portalocker takes, so that two
// processes (this package's or sacreBLEU's) never write one download at
// once. A download that makes no progress for [Downloader.Stall] fails.
//
// Errors name the URL and the path; they carry no package prefix, as the
// packages that call this one add theirs.
package cache

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// DefaultStall is the time without progress after which a download fails
// when [Downloader.Stall] is 0.
const DefaultStall = 60 * time.Second

// Progress reports a download under way.
type Progress struct {
	URL  string // the URL being read (after any rewriting)
	Path string // the path it will be saved as
	Done int64  // bytes received so far
	// Total is the size the server announced, -1 when it did not.
	Total int64
}

// Downloader fetches URLs into the cache. Its zero value uses
// http.DefaultClient and [DefaultStall]. A Downloader is a plain value,
// safe to copy and to use from several goroutines as far as its Client
// and Progress are.
type Downloader struct {
	// Client makes the requests; nil means http.DefaultClient.
	Client *http.Client
	// Stall is how long a download may go without receiving a byte (or
	// without the server answering) before it fails; 0 means
	// [DefaultStall].
	Stall time.Duration
	// Progress, if not nil, is called as bytes arrive, from the goroutine
	// that called Fetch.
	Progress func(Progress)
	// Busy, if not nil, is called with the lock file's path when Fetch has
	// to wait for another download of the same file.
	Busy func(lockPath string)
}

// Exists reports whether path is a regular file that is not empty, which
// is how sacreBLEU decides that a download is done.
func Exists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Size() > 0
}

// Fetch makes path hold the content of url (see the package doc) and
// reports whether it downloaded it. wantMD5, if not "", is the expected
// MD5 sum in hexadecimal. install, if not nil, is called with the
// temporary file holding the verified content before it is renamed to
// path, with the lock held; an error from it abandons the download.
func (d *Downloader) Fetch(ctx context.Context, url, path, wantMD5 string, install func(tmp string) error) (bool, error) {
	if Exists(path) {
		return false, nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return false, fmt.Errorf("cannot create the cache directory for %s: %w", url, err)
	}
	var busy func()
	if d.Busy != nil {
		busy = func() { d.Busy(path + ".lock") }
	}
	unlock, err := Lock(ctx, path+".lock", busy)
	if err != nil {
		return false, fmt.Errorf("cannot lock %s.lock to download %s: %w", path, url, err)
	}
	defer unlock()
	if Exists(path) { // another process finished it while we waited
		return false, nil
	}
	tmp, err := CreateTemp(path)
	if err != nil {
		return false, fmt.Errorf("cannot write the download of %s into %s: %w", url, dir, err)
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	sum, err := d.copy(ctx, url, path, tmp)
	if err != nil {
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		return false, fmt.Errorf("cannot save the download of %s: %w", url, err)
	}
	if err := tmp.Close(); err != nil {
		return false, fmt.Errorf("cannot save the download of %s: %w", url, err)
	}
	if wantMD5 != "" && sum != wantMD5 {
		return false, fmt.Errorf("the MD5 sum of %s is %s, want %s; nothing was saved to %s (the file on the server may have changed)", url, sum, wantMD5, path)
	}
	if install != nil {
		if err := install(tmp.Name()); err != nil {
			return false, err
		}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return false, fmt.Errorf("cannot save the download of %s as %s: %w", url, path, err)
	}
	ok = true
	return true, nil
}

// copy downloads url into w and returns the MD5 sum of what it wrote.
func (d *Downloader) copy(ctx context.Context, url, path string, w io.Writer) (string, error) {
	stall := d.Stall
	if stall <= 0 {
		stall = DefaultStall
	}
	client := d.Client
	if client == nil {
		client = http.DefaultClient
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	errStalled := fmt.Errorf("no data for %v", stall)
	timer := time.AfterFunc(stall, func() { cancel(errStalled) })
	defer timer.Stop()

	fail := func(err error) (string, error) {
		if cause := context.Cause(ctx); cause != nil {
			err = cause
		}
		return "", fmt.Errorf("cannot download %s to %s: %w", url, path, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fail(err)
	}
	// The bytes as the server has them: asked for, a gzip transfer
	// encoding would be undone by the Transport, and a server that
	// announces its .tar.gz as gzip-encoded would have it decompressed.
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := client.Do(req)
	if err != nil {
		return fail(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fail(fmt.Errorf("the server answered %s", resp.Status))
	}
	h := md5.New()
	p := Progress{URL: url, Path: path, Total: resp.ContentLength}
	if d.Progress != nil {
		d.Progress(p)
	}
	buf := make([]byte, 64<<10)
	for {
		timer.Reset(stall)
		n, err := resp.Body.Read(buf)
		if n > 0 {
			h.Write(buf[:n])
			if _, werr := w.Write(buf[:n]); werr != nil {
				return "", fmt.Errorf("cannot save the download of %s: %w", url, werr)
			}
			p.Done += int64(n)
			if d.Progress != nil {
				d.Progress(p)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fail(err)
		}
	}
	if p.Total >= 0 && p.Done != p.Total {
		return fail(fmt.Errorf("received %d of %d bytes: %w", p.Done, p.Total, io.ErrUnexpectedEOF))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
