package spm

import (
	"bufio"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func BenchmarkEncode(b *testing.B) {
	lines := testGoldens(b).Lines
	for _, name := range []string{"unigram", "bpe", "char", "word", "unigram_bytes"} {
		m := testModel(b, name)
		b.Run(name, func(b *testing.B) {
			benchLines(b, m, lines)
		})
	}
}

func benchLines(b *testing.B, m *Model, lines []string) {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	b.SetBytes(int64(n))
	var dst []string
	cpu := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		for _, l := range lines {
			dst, _ = m.AppendPieces(dst[:0], l)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
	// CPU time, as testdata/bench.py measures Python's (process_time).
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N*len(lines)), "cpu-ns/line")
}

// The large model: a unigram model of about 32,000 pieces trained on
// generated text, as large as the flores models' vocabularies are in
// kind (flores101's has 256,000 pieces). It is made once, in the
// system's temporary directory, when spm_train is installed; testdata/
// bench.py times the Python binding and spm_encode on the same files.
//
// The BPE model (large-bpe.model) has 8,000 pieces, learnt from the first
// 40,000 lines: spm_train's BPE trainer takes many minutes for more.
var largeModels = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(os.TempDir(), "bleu-spm-bench")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(dir, "lines.txt")); err != nil {
		if err := writeBenchText(filepath.Join(dir, "train.txt"), 1, 300000); err != nil {
			return "", err
		}
		if err := writeBenchText(filepath.Join(dir, "lines.txt"), 2, 3000); err != nil {
			return "", err
		}
	}
	if err := train(dir, "large", "--model_type=unigram", "--vocab_size=32000", "--input_sentence_size=300000"); err != nil {
		return "", err
	}
	return dir, train(dir, "large-bpe", "--model_type=bpe", "--vocab_size=8000", "--input_sentence_size=40000")
})

// train trains dir/name.model on dir/train.txt unless it is there.
func train(dir, name string, args ...string) error {
	model := filepath.Join(dir, name+".model")
	if _, err := os.Stat(model); err == nil {
		return nil
	}
	// Trained under a name of its own, then renamed: other benchmark
	// processes may be training at the same time.
	prefix := filepath.Join(dir, name+"-"+strconv.Itoa(os.Getpid()))
	args = append([]string{"--input=" + filepath.Join(dir, "train.txt"), "--model_prefix=" + prefix,
		"--num_threads=2", "--minloglevel=2", "--shuffle_input_sentence=false"}, args...)
	cmd := exec.Command("spm_train", args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return &exec.ExitError{ProcessState: cmd.ProcessState, Stderr: out}
	}
	os.Remove(prefix + ".vocab")
	return os.Rename(prefix+".model", model)
}

// writeBenchText writes n lines of generated multilingual sentences.
func writeBenchText(path string, seed uint64, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(seed, 0))
	scripts := [][]string{
		strings.Fields("ka ro mi te lu sa ne po di ga vé çà ñu öl ür ße tra pre sto ven bal mor"),
		strings.Fields("ка ро ми те лу са не по ди жё щи ый про ст на"),
		strings.Fields("كا رو مي تي لو سا ني بو دي غا"),
		strings.Split("東京大学中国人日本語文字研究生活時間世界电脑问题经济发展社会", ""),
		strings.Fields("κα ρο μι τε λυ σα νέ πό δι γά"),
	}
	punct := strings.Fields(". , ! ? ; : ( ) « » 。 、")
	for range n {
		sc := scripts[rng.IntN(len(scripts))]
		var line []string
		for range 5 + rng.IntN(25) {
			switch r := rng.IntN(20); {
			case r == 0:
				line = append(line, punct[rng.IntN(len(punct))])
			case r == 1:
				line = append(line, strings.Repeat("7", 1+rng.IntN(4)))
			default:
				var wd strings.Builder
				for range 1 + rng.IntN(4) {
					wd.WriteString(sc[rng.IntN(len(sc))])
				}
				line = append(line, wd.String())
			}
		}
		w.WriteString(strings.Join(line, " "))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

func largeBench(b *testing.B, name string) (string, []byte) {
	if _, err := exec.LookPath("spm_train"); err != nil {
		b.Skip("spm_train is not installed")
	}
	dir, err := largeModels()
	if err != nil {
		b.Fatal(err)
	}
	mb, err := os.ReadFile(filepath.Join(dir, name+".model"))
	if err != nil {
		b.Fatal(err)
	}
	return dir, mb
}

func BenchmarkEncodeLarge(b *testing.B) {
	for _, name := range []string{"large", "large-bpe"} {
		b.Run(name, func(b *testing.B) { benchLarge(b, name) })
	}
}

func benchLarge(b *testing.B, name string) {
	dir, mb := largeBench(b, name)
	m, err := Parse(mb)
	if err != nil {
		b.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(dir, "lines.txt"))
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	b.Logf("%d pieces, %d lines", m.Len(), len(lines))
	benchLines(b, m, lines)
}

func BenchmarkLoadLarge(b *testing.B) {
	_, mb := largeBench(b, "large")
	cpu := cpuTime()
	for b.Loop() {
		if _, err := Parse(mb); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/1e6, "cpu-ms/op")
}
