package cache

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// IsArchive reports whether sacreBLEU extracts a download named name:
// names ending in ".tar.gz", ".tgz" or ".zip".
func IsArchive(name string) bool {
	return strings.HasSuffix(name, ".tar.gz") || strings.HasSuffix(name, ".tgz") || strings.HasSuffix(name, ".zip")
}

// Extract unpacks the archive in the file src into the directory dir, as
// sacreBLEU's extract_tarball does for a download named name: a tar file
// (gzip-, bzip2- or not compressed, told by its content as Python's
// tarfile tells it) when name ends in ".tar.gz" or ".tgz", a zip file when
// it ends in ".zip"; other names are not extracted. Files already in dir
// are overwritten. Unlike Python's tarfile, Extract refuses entries that
// would land outside dir (absolute names, "..", links leading out) and
// entries other than directories, files and links.
func Extract(src, name, dir string) error {
	var err error
	switch {
	case strings.HasSuffix(name, ".tar.gz"), strings.HasSuffix(name, ".tgz"):
		err = extractTar(src, dir)
	case strings.HasSuffix(name, ".zip"):
		err = extractZip(src, dir)
	default:
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot extract %s into %s: %w", name, dir, err)
	}
	return nil
}

func extractTar(src, dir string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	var r io.Reader = br
	magic, _ := br.Peek(3)
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return err
		}
		defer zr.Close()
		r = zr
	case len(magic) == 3 && string(magic) == "BZh":
		r = bzip2.NewReader(br)
	}
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		target, err := within(dir, h.Name)
		if err != nil {
			return err
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(target, 0o777)
		case tar.TypeReg:
			err = writeFile(target, tr, h.FileInfo().Mode().Perm())
		case tar.TypeSymlink:
			err = symlink(dir, h.Name, h.Linkname, target)
		case tar.TypeLink:
			var old string
			if old, err = within(dir, h.Linkname); err == nil {
				os.Remove(target)
				err = os.Link(old, target)
			}
		case tar.TypeXGlobalHeader:
		default:
			err = fmt.Errorf("%s: unsupported entry type %q", h.Name, h.Typeflag)
		}
		if err != nil {
			return err
		}
	}
}

func extractZip(src, dir string) error {
	zr, err := zip.OpenReader(src)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		target, err := within(dir, f.Name)
		if err != nil {
			return err
		}
		if strings.HasSuffix(f.Name, "/") || f.Mode().IsDir() {
			if err := os.MkdirAll(target, 0o777); err != nil {
				return err
			}
			continue
		}
		if !f.Mode().IsRegular() {
			return fmt.Errorf("%s: unsupported entry mode %v", f.Name, f.Mode())
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		err = writeFile(target, rc, 0o666)
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// within returns the path of the archive entry name under dir, or an
// error when it would not be under dir.
func within(dir, name string) (string, error) {
	clean := path.Clean("/" + name)
	if name == "" || path.IsAbs(name) || strings.HasPrefix(path.Clean(name), "../") || path.Clean(name) == ".." || strings.Contains(name, "\\") {
		return "", fmt.Errorf("%q: entry outside the directory", name)
	}
	return filepath.Join(dir, filepath.FromSlash(clean[1:])), nil
}

// symlink makes target a link to linkname if the link stays under dir.
func symlink(dir, name, linkname, target string) error {
	if path.IsAbs(linkname) {
		return fmt.Errorf("%q: link to %q leads outside the directory", name, linkname)
	}
	if _, err := within(dir, path.Join(path.Dir(name), linkname)); err != nil {
		return fmt.Errorf("%q: link to %q leads outside the directory", name, linkname)
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o777); err != nil {
		return err
	}
	os.Remove(target)
	return os.Symlink(linkname, target)
}

func writeFile(target string, r io.Reader, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o777); err != nil {
		return err
	}
	if perm == 0 {
		perm = 0o644
	}
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm|0o200)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
