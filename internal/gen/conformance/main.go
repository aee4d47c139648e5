// Command conformance writes the text of the portable conformance set,
// testdata/portable: corpora made up from word and character
// inventories (data/<set>/) and hand-written edge cases (edge/), all of it
// written for this project. sacrebleu_goldens.py, next to this file, then
// scores that text with sacreBLEU 2.6.0 and writes goldens/.
//
// The output is a pure function of this program: the only randomness is
// its own fixed-seed generator (splitmix64), so a second run rewrites the
// same bytes. Usage, from the module root (go generate does this):
//
//	go run ./internal/gen/conformance [-dir testdata/portable]
//
// It removes and rewrites data/ and edge/; goldens/ is left alone.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir := flag.String("dir", filepath.Join("testdata", "portable"), "the conformance set's directory")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("conformance: ")
	w := &writer{dir: *dir}
	for _, sub := range []string{"data", "edge"} {
		if err := os.RemoveAll(filepath.Join(w.dir, sub)); err != nil {
			log.Fatal(err)
		}
	}
	for _, s := range corpusSets() {
		s.write(w)
	}
	writeEdgeCases(w, edgeCases())
	if w.err != nil {
		log.Fatal(w.err)
	}
	fmt.Printf("wrote %d files, %d bytes, under %s\n", w.files, w.bytes, w.dir)
}

// writer writes files under dir, keeping the first error.
type writer struct {
	dir          string
	files, bytes int
	err          error
}

func (w *writer) file(rel string, content []byte) {
	if w.err != nil {
		return
	}
	path := filepath.Join(w.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		w.err = err
		return
	}
	w.err = os.WriteFile(path, content, 0o644)
	w.files++
	w.bytes += len(content)
}

// lines writes segments as a file of lines ending in eol ("\n" or
// "\r\n"). A segment must not contain "\n".
func (w *writer) lines(rel string, segments []string, eol string) {
	var b bytes.Buffer
	for _, s := range segments {
		if strings.Contains(s, "\n") {
			w.err = fmt.Errorf("%s: segment %q contains a newline", rel, s)
			return
		}
		b.WriteString(s)
		b.WriteString(eol)
	}
	w.file(rel, b.Bytes())
}

// jsonFile writes v as indented JSON with a final newline.
func (w *writer) jsonFile(rel string, v any) {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		w.err = err
		return
	}
	w.file(rel, append(b, '\n'))
}

// rng is splitmix64: small, fast and fully specified here, so the text
// does not depend on any library's generator.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n); the modulo bias is irrelevant here.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return float64(r.next()>>11)/(1<<53) < p }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

func pick[T any](r *rng, xs []T) T { return xs[r.intn(len(xs))] }
