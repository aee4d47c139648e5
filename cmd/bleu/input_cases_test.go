package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/google/go-cmp/cmp"
)

// TestBadInput checks that bad input and bad usage end with a clear
// message and the documented exit status, and print no score.
func TestBadInput(t *testing.T) {
	// A gzip file cut short in its trailer: every line is there, and
	// only the error tells.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("the cat sat on a mat\nit rains today\nwe shall see\n"))
	zw.Close()
	dir := writeFiles(t, map[string]string{
		"cut.gz":        gz.String()[:gz.Len()-4],
		"garbage.gz":    gz.String() + "xyz",
		"garbage1.gz":   gz.String() + "\x1f",
		"ref.txt":       "the cat sat on the mat\nit is raining today\nwe will see\n",
		"hyp.txt":       "the cat sat on a mat\nit rains today\nwe shall see\n",
		"short.txt":     "the cat sat on a mat\nit rains today\n",
		"empty.txt":     "",
		"tabs.txt":      "a b\tc d\ne f\tg h\ni j\n",
		"badutf8.txt":   "the cat sat on a mat\nit rains \xff\xfe today\nwe shall see\n",
		"badtabs.txt":   "a b\tc\nit \xc3 rains\ne\tf\n",
		"badend.txt":    "the cat sat on a mat\nit rains today\nwe \xe2\x82 see\n",
		"badfields.txt": "a b\tc d\nit  \tr\xc3 ins\ne\tf\n",
		// Past the first batch of segments (batchSegments).
		"long.txt":    strings.Repeat("it rains today\n", 5000),
		"badlong.txt": strings.Repeat("it rains today\n", 4499) + "it r\xe9ins today\n" + strings.Repeat("it rains today\n", 500),
	})
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	f := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name  string
		args  []string
		stdin string
		rc    int
		msgs  []string // substrings of standard error
	}{
		{"line counts differ", []string{f("ref.txt"), "-i", f("short.txt")}, "", 1,
			[]string{f("short.txt") + " has 2 lines but " + f("ref.txt") + " has 3"}},
		{"line counts differ, hypotheses longer", []string{f("short.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{f("hyp.txt") + " has 3 lines but " + f("short.txt") + " has 2"}},
		{"line counts differ, several files", []string{f("ref.txt"), f("short.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{"different numbers of lines: " + f("hyp.txt") + " has 3 lines, " + f("ref.txt") + " has 3 lines, " + f("short.txt") + " has 2 lines"}},
		{"line counts differ, standard input", []string{f("ref.txt")}, "one line\n", 1,
			[]string{"standard input has 1 line but " + f("ref.txt") + " has 3"}},
		{"gzip file cut short", []string{f("ref.txt"), "-i", f("cut.gz")}, "", 1,
			[]string{f("cut.gz") + ": unexpected EOF"}},
		// Python's gzip says "Not a gzipped file"; Go's, "invalid header".
		{"gzip file with trailing garbage", []string{f("ref.txt"), "-i", f("garbage.gz")}, "", 1,
			[]string{f("garbage.gz") + ": gzip: invalid header"}},
		{"gzip file with one byte of trailing garbage", []string{f("ref.txt"), "-i", f("garbage1.gz")}, "", 1,
			[]string{f("garbage1.gz") + ": gzip: invalid header"}},
		{"missing hypothesis file", []string{f("ref.txt"), "-i", f("nope.txt")}, "", 1,
			[]string{f("nope.txt") + ": no such file"}},
		{"missing reference file", []string{f("nope.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{f("nope.txt") + ": no such file"}},
		{"unreadable file (a directory)", []string{f("ref.txt"), "-i", f("adir")}, "", 1,
			[]string{f("adir")}},
		{"empty hypothesis file", []string{f("ref.txt"), "-i", f("empty.txt")}, "", 1,
			[]string{f("empty.txt") + " is empty"}},
		{"unknown tokenizer", []string{f("ref.txt"), "-i", f("hyp.txt"), "-tok", "moses"}, "", 2,
			[]string{"argument --tokenize/-tok: invalid choice: 'moses' (choose from 'none', 'zh', '13a', "}},
		{"unknown smoothing", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "add-one"}, "", 2,
			[]string{"argument --smooth-method/-s: invalid choice: 'add-one' (choose from 'none', 'floor', 'add-k', 'exp')"}},
		{"-nr mismatch", []string{f("tabs.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 17,
			[]string{f("tabs.txt") + ":3: expected 2 tab-separated references (-nr 2), found 1"}},
		{"-nr with several reference files", []string{f("ref.txt"), f("hyp.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 1,
			[]string{"-nr/--num-refs"}},
		{"invalid UTF-8", []string{f("ref.txt"), "-i", f("badutf8.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line); use --replace-invalid"}},
		{"invalid UTF-8 in the references", []string{f("badutf8.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8"}},
		{"invalid UTF-8 on standard input", []string{f("ref.txt")}, "a\nb\xc3\nc\n", 1,
			[]string{"standard input:2: invalid UTF-8 (byte 0xc3 at byte 2 of the line)"}},
		// The library checks the text as it scores it; the errors come in
		// the order of a line-by-line reading all the same.
		{"invalid UTF-8 in references and hypotheses: the references are read first", []string{f("badutf8.txt"), "-i", f("badend.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8"}},
		{"invalid UTF-8 in the second system first", []string{f("ref.txt"), "-i", f("badend.txt"), f("badutf8.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line)"}},
		{"invalid UTF-8 on a line with too few fields", []string{f("badtabs.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 1,
			[]string{f("badtabs.txt") + ":2: invalid UTF-8 (byte 0xc3 at byte 4 of the line)"}},
		{"invalid UTF-8 on the last line of the shorter input", []string{f("short.txt"), "-i", f("badend.txt")}, "", 1,
			[]string{f("badend.txt") + ":3: invalid UTF-8 (byte 0xe2 at byte 4 of the line)"}},
		{"invalid UTF-8 on a line with too many fields", []string{f("ref.txt")}, "a\tb\nc\xff\td\te\nf\tg\n", 1,
			[]string{"standard input:2: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 on the first line, before its systems are checked", []string{f("ref.txt"), "-sl"}, "a\xff\tb\nc\td\n", 1,
			[]string{"standard input:1: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 on the first line, before two systems are refused a confidence interval", []string{f("ref.txt"), "-ci"}, "a\xff\tb\nc\td\n", 1,
			[]string{"standard input:1: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 on the first line, before one system is refused a paired test", []string{f("ref.txt"), "-pbs"}, "a\xff\nc\n", 1,
			[]string{"standard input:1: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 in a paired test", []string{f("ref.txt"), "-i", f("hyp.txt"), f("badutf8.txt"), "-par"}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line)"}},
		{"invalid UTF-8 with the char tokenizer", []string{f("ref.txt"), "-i", f("badend.txt"), "-tok", "char"}, "", 1,
			[]string{f("badend.txt") + ":3: invalid UTF-8 (byte 0xe2 at byte 4 of the line)"}},
		{"invalid UTF-8, lowercased", []string{f("badutf8.txt"), "-i", f("hyp.txt"), "-lc"}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line)"}},
		{"invalid UTF-8 in the second of -nr's references", []string{f("badfields.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 1,
			[]string{f("badfields.txt") + ":2: invalid UTF-8 (byte 0xc3 at byte 7 of the line)"}},
		{"invalid UTF-8 in the second system on standard input, after a field with trailing spaces", []string{f("ref.txt")}, "a\tb\nc  \td\xff\ne\tf\n", 1,
			[]string{"standard input:2: invalid UTF-8 (byte 0xff at byte 6 of the line)"}},
		{"invalid UTF-8 past the first batch", []string{f("long.txt"), "-i", f("badlong.txt")}, "", 1,
			[]string{f("badlong.txt") + ":4500: invalid UTF-8 (byte 0xe9 at byte 5 of the line)"}},
		{"invalid UTF-8 past the first batch, in the references, sentence level", []string{f("badlong.txt"), "-i", f("long.txt"), "-sl"}, "", 1,
			[]string{f("badlong.txt") + ":4500: invalid UTF-8 (byte 0xe9 at byte 5 of the line)"}},
		{"invalid UTF-8 past the first batch, sentence level, scores only", []string{f("long.txt"), "-i", f("badlong.txt"), "-sl", "-b"}, "", 1,
			[]string{f("badlong.txt") + ":4500: invalid UTF-8 (byte 0xe9 at byte 5 of the line)"}},
		{"invalid UTF-8 at the end of input, sentence level", []string{f("ref.txt"), "-i", f("badend.txt"), "-sl"}, "", 1,
			[]string{f("badend.txt") + ":3: invalid UTF-8"}},
		{"standard input, fields differ", []string{f("ref.txt")}, "a\tb\nc\td\ne\n", 17,
			[]string{"standard input:3: 1 tab-separated hypotheses, but the first line has 2"}},
		{"no references", []string{"-i", f("hyp.txt")}, "", 1, []string{"no reference files"}},
		{"references after -i", []string{"-i", f("hyp.txt"), f("ref.txt")}, "", 1, []string{"no reference files"}},
		{"a system twice", []string{f("ref.txt"), "-i", f("hyp.txt"), f("hyp.txt")}, "", 1, []string{"already used to name a system"}},
		{"-i without files, text", []string{f("ref.txt"), "-i", "-f", "text"}, "", 2, []string{"-i/--input needs at least one file"}},
		{"ko-mecab chosen by -l", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "en-ko"}, "", 1,
			[]string{"the ko-mecab tokenizer (sacreBLEU's choice for -l en-ko) is not available", "-tok char"}},
		{"-l without a pair", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "de"}, "", 2, []string{"-l/--language-pair needs a source-target pair"}},
		{"negative width", []string{f("ref.txt"), "-i", f("hyp.txt"), "-w", "-1"}, "", 2, []string{"-w/--width must be from 0 to 10000, not -1"}},
		{"-nr 0", []string{f("ref.txt"), "-i", f("hyp.txt"), "-nr", "0"}, "", 17, []string{"expected 0 tab-separated references (-nr 0), found 1 (-nr must be at least 1)"}},
		{"fractional add-k", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "add-k", "-sv", "0.5"}, "", 2, []string{"whole-number -sv"}},
		{"huge floor value", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "floor", "-sv", "1e300"}, "", 2, []string{"must be at most 2^40"}},
		{"negative floor", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "floor", "-sv", "-1"}, "", 2, []string{"finite number >= 0, not -1.0"}},
		{"chrF order below 0", []string{f("ref.txt"), "-i", f("hyp.txt"), "-m", "chrf", "-cc", "-1"}, "", 2, []string{"must be at least 0"}},
		{"chrF without orders", []string{f("ref.txt"), "-i", f("hyp.txt"), "-m", "chrf", "-cc", "0"}, "", 2, []string{"needs a -cw/--chrf-word-order above 0"}},
		{"test set, offline", []string{"-t", "wmt14", "-l", "en-de", "-i", f("hyp.txt")}, "", 1,
			[]string{"https://statmt.org/wmt14/test-filtered.tgz", "no network in tests"}},
		{"other encoding", []string{f("ref.txt"), "-i", f("hyp.txt"), "-e", "latin-1"}, "", 2, []string{"only UTF-8 input is supported"}},
		{"both paired tests", []string{f("ref.txt"), "-i", f("hyp.txt"), "-pbs", "-par"}, "", 2,
			[]string{"argument --paired-ar/-par: not allowed with argument --paired-bs/-pbs"}},
		{"sentence level, two systems", []string{f("ref.txt"), "-i", f("hyp.txt"), f("short.txt"), "-sl"}, "", 1, []string{"Only one system"}},
		{"sentence level, lengths differ", []string{f("ref.txt"), "-i", f("short.txt"), "-sl"}, "", 1, []string{"has 2 lines but"}},
		{"unknown option", []string{f("ref.txt"), "-i", f("hyp.txt"), "--frobnicate"}, "", 2, []string{"unrecognized arguments: --frobnicate"}},
		{"--print-tokens, invalid UTF-8", []string{"--print-tokens"}, "ok\nnot \xe2\x82 ok\n", 1, []string{"standard input:2: invalid UTF-8"}},
		{"--print-tokens, missing file", []string{"--print-tokens", f("nope.txt")}, "", 1, []string{"no such file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runCLI(t, tt.stdin, tt.args...)
			if res.RC != tt.rc {
				t.Errorf("exit status %d, want %d (stderr: %s)", res.RC, tt.rc, res.Stderr)
			}
			// Scores are printed only once all the input has been read;
			// --print-tokens streams, so the lines before a bad one are out.
			if res.Stdout != "" && !strings.HasPrefix(tt.name, "--print-tokens") {
				t.Errorf("printed %q on standard output, want nothing", res.Stdout)
			}
			if !strings.HasPrefix(res.Stderr, "bleu: ") {
				t.Errorf("standard error %q does not start with \"bleu: \"", res.Stderr)
			}
			for _, m := range tt.msgs {
				if !strings.Contains(res.Stderr, m) {
					t.Errorf("standard error %q does not say %q", res.Stderr, m)
				}
			}
		})
	}
}

// gzipped is s compressed with gzip.
func gzipped(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.String()
}

// TestGoodInput checks how lines are read and scored, with exact outputs.
func TestGoodInput(t *testing.T) {
	long := strings.Repeat("lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 4000)[:200000]
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("the cat sat on a mat\nit rains today\n"))
	zw.Close()
	dir := writeFiles(t, map[string]string{
		"ref.txt":      "the cat sat on the mat\nit is raining today\n",
		"hyp.txt":      "the cat sat on a mat\nit rains today\n",
		"hyp.crlf.txt": "the cat sat on a mat\r\nit rains today\r\n",
		"hyp.nofinal":  "the cat sat on a mat\nit rains today",
		"hyp.spaces":   "the cat sat on a mat \t \nit rains today\u3000\n",
		"hyp.txt.gz":   gz.String(),
		"padded.gz":    gz.String() + strings.Repeat("\x00", 20),
		"two.gz":       gzipped("the cat sat on a mat\n") + "\x00\x00\x00" + gzipped("it rains today\n"),
		"refs.tsv":     "the cat sat on the mat\ta cat sat on the mat\nit is raining today\tit rains today\n",
		"bad.txt":      "the cat sat on a \xffmat\nit rains today\n",
		"long.txt":     long + "\n",
		"tok.txt":      strings.Repeat("this is tokenized .\n", 100),
		"ja.ref.txt":   "今日は東京で大事な会議があります。\n",
		"ja.hyp.txt":   "今日は東京で重要な会議があります。\n",
	})
	f := func(name string) string { return filepath.Join(dir, name) }
	const plain = "BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version + " = 41.1 77.8/42.9/40.0/33.3 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)\n"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		stderr string
	}{
		{"plain", []string{f("ref.txt"), "-i", f("hyp.txt"), "-f", "text"}, "", plain, ""},
		{"CRLF", []string{f("ref.txt"), "-i", f("hyp.crlf.txt"), "-f", "text"}, "", plain, ""},
		{"no final newline", []string{f("ref.txt"), "-i", f("hyp.nofinal"), "-f", "text"}, "", plain, ""},
		{"trailing Python whitespace", []string{f("ref.txt"), "-i", f("hyp.spaces"), "-f", "text"}, "", plain, ""},
		{"gzip", []string{f("ref.txt"), "-i", f("hyp.txt.gz"), "-f", "text"}, "", plain, ""},
		// Python's gzip takes zero bytes after a member for padding.
		{"gzip padded with zero bytes", []string{f("ref.txt"), "-i", f("padded.gz"), "-f", "text"}, "", plain, ""},
		{"gzip of two members, padding between", []string{f("ref.txt"), "-i", f("two.gz"), "-f", "text"}, "", plain, ""},
		{"standard input", []string{f("ref.txt"), "-f", "text"}, "the cat sat on a mat\nit rains today\n", plain, ""},
		{"standard input, universal newlines", []string{f("ref.txt"), "-f", "text"}, "the cat sat on a mat\rit rains today\r\n", plain, ""},
		{"two systems on standard input", []string{f("ref.txt"), "-f", "text", "-q"}, "the cat sat on a mat\tthe cat sat on the mat\nit rains today\tit is raining today\n",
			"╒══════════╤════════╕\n" +
				"│   System │  BLEU  │\n" +
				"╞══════════╪════════╡\n" +
				"│ System 1 │  41.1  │\n" +
				"├──────────┼────────┤\n" +
				"│ System 2 │ 100.0  │\n" +
				"╘══════════╧════════╛\n" +
				"\n" +
				"-----------------\n" +
				"Metric signatures\n" +
				"-----------------\n" +
				" - BLEU       nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version + "\n", ""},
		{"-nr 2", []string{f("refs.tsv"), "-nr", "2", "-i", f("hyp.txt"), "-f", "text", "-sh"}, "",
			"BLEU|#:2|c:mixed|e:no|tok:13a|s:exp|v:" + bleu.Version + " = 61.5 100.0/71.4/60.0/33.3 (BP = 1.000 ratio = 1.000 hyp_len = 9 ref_len = 9)\n", ""},
		{"--replace-invalid", []string{f("ref.txt"), "-i", f("bad.txt"), "--replace-invalid", "-b"}, "", "39.5\n", ""},
		{"a 200,000-character line", []string{f("long.txt"), "-i", f("long.txt"), "-f", "text"}, "",
			"BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version + " = 100.0 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 35088 ref_len = 35088)\n", ""},
		{"tokenized input warning", []string{f("tok.txt"), "-i", f("tok.txt"), "-b"}, "", "100.0\n",
			"bleu: warning: 100 lines of " + f("tok.txt") + " end in a tokenized period (' .'): it looks like you forgot to detokenize your test data, which may hurt your score. If you insist your data is detokenized, or don't care, --force suppresses this message.\n"},
		{"tokenized input, --force", []string{f("tok.txt"), "-i", f("tok.txt"), "-b", "--force"}, "", "100.0\n", ""},
		{"-l en-zh chooses zh", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "en-zh", "-f", "text", "-sh"}, "",
			"BLEU|#:1|c:mixed|e:no|tok:zh|s:exp|v:" + bleu.Version + " = 41.1 77.8/42.9/40.0/33.3 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)\n", ""},
		{"-l en-zh with another tokenizer", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "en-zh", "-tok", "13a", "-b"}, "", "41.1\n",
			"bleu: warning: Consider using the 'zh' or 'spm' tokenizer for Chinese.\n"},
		{"floor 0 is floor 0, not the default", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "floor", "-sv", "0", "-f", "text", "-sh"}, "",
			"BLEU|#:1|c:mixed|e:no|tok:13a|s:floor[0.00]|v:" + bleu.Version + " = 41.1 77.8/42.9/40.0/33.3 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)\n", ""},
		{"sentence level", []string{f("ref.txt"), "-i", f("hyp.txt"), "-sl", "-w", "2"}, "",
			"BLEU|nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:" + bleu.Version + " = 53.73 83.3/60.0/50.0/33.3 (BP = 1.000 ratio = 1.000 hyp_len = 6 ref_len = 6)\n" +
				"BLEU|nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:" + bleu.Version + " = 24.84 66.7/25.0/25.0/0.0 (BP = 0.717 ratio = 0.750 hyp_len = 3 ref_len = 4)\n", ""},
		{"-d", []string{f("ref.txt"), "-i", f("hyp.txt"), "-d"}, "", plain + "No subset information found. Consider using --origlang argument.\n", ""},
		{"SACREBLEU_FORMAT is not read from this test's empty environment", []string{f("ref.txt"), "-i", f("hyp.txt"), "-b"}, "", "41.1\n", ""},
		{"-V", []string{"-V"}, "", "bleu " + bleu.Version + "\n", ""},
		{"--print-tokens", []string{"--print-tokens", "-lc"}, "The cat's \"mat\", 1,000.5 dollars.\r\nU.S.A.-based\n", "the cat's \" mat \" , 1,000.5 dollars .\nu . s . a . -based\n", ""},
		{"--print-tokens -tok char", []string{"--print-tokens", "-tok", "char"}, "ab c\n", "a b c\n", ""},
		{"--print-tokens -tok ja-mecab", []string{"--print-tokens", "-tok", "ja-mecab"}, "今日は東京で大事な会議があります。\n  東京\u3000大阪 \n",
			"今日 は 東京 で 大事 な 会議 が あり ます 。\n東京 大阪\n", ""},
		{"--print-tokens -l en-ja", []string{"--print-tokens", "-l", "en-ja", "-lc"}, "ＪＲ東日本\n", "ｊｒ 東日本\n", ""},
		{"-l en-ja chooses ja-mecab", []string{f("ja.ref.txt"), "-i", f("ja.hyp.txt"), "-l", "en-ja", "-f", "text", "-sh"}, "",
			"BLEU|#:1|c:mixed|e:no|tok:ja-mecab-0.996-IPA|s:exp|v:" + bleu.Version + " = 70.2 90.9/80.0/66.7/50.0 (BP = 1.000 ratio = 1.000 hyp_len = 11 ref_len = 11)\n", ""},
		{"-l en-ja with another tokenizer", []string{f("ja.ref.txt"), "-i", f("ja.hyp.txt"), "-l", "en-ja", "-tok", "char", "-b"}, "", "76.2\n",
			"bleu: warning: Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.\n"},
		{"--print-tokens --replace-invalid", []string{"--print-tokens", "-tok", "char", "--replace-invalid"}, "a\xe2\x82b\n", "a \ufffd b\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, tt.stdin, tt.args...)
			want := result{Stdout: tt.stdout, Stderr: tt.stderr}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("bleu %s: (-want +got)\n%s", strings.Join(tt.args, " "), diff)
			}
		})
	}
}
