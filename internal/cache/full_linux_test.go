//go:build linux

package cache

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// limitFileSize lowers the process's file-size limit to what
// CACHE_TEST_FSIZE says, if set: a write past it fails with EFBIG, as one
// on a full disk fails with ENOSPC.
func limitFileSize(t *testing.T) {
	v := os.Getenv("CACHE_TEST_FSIZE")
	if v == "" {
		return
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &rl); err != nil {
		t.Fatal(err)
	}
	rl.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &rl); err != nil {
		t.Fatal(err)
	}
}

// TestFetchFullDisk: a download that cannot be written fails, says why,
// and leaves nothing behind.
func TestFetchFullDisk(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(payload) }))
	defer srv.Close()
	dir := t.TempDir()
	path := filepath.Join(dir, "f.tgz")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperFetch$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CACHE_TEST_FETCH_URL="+srv.URL+"/f.tgz", "CACHE_TEST_FETCH_PATH="+path,
		"CACHE_TEST_FETCH_MD5="+md5hex(payload), "CACHE_TEST_FSIZE=10000")
	out, err := cmd.CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("file too large")) || !bytes.Contains(out, []byte(srv.URL+"/f.tgz")) {
		t.Errorf("child: %v\n%s", err, out)
	}
	noLeftovers(t, dir, "f.tgz.lock")
}
