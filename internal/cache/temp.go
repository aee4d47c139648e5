package cache

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// CreateTemp creates a new file in the directory of path, named after
// path with a random part and ".part", for writing. Unlike os.CreateTemp
// it asks for mode 0666, so that the file renamed to path gets the
// permissions the umask gives new files, as sacreBLEU's files get them.
func CreateTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	var b [8]byte
	for range 100 {
		rand.Read(b[:])
		name := filepath.Join(dir, "."+base+"."+hex.EncodeToString(b[:])+".part")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, &fs.PathError{Op: "createtemp", Path: path, Err: fs.ErrExist}
}
