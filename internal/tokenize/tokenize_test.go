package tokenize

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/py"
)

// The tokenizers work word by word (see "How the tokenizers work" in
// tokenize.go). These tests check that against the rules applied literally
// to whole lines, as sacreBLEU applies them.

// literalTokens tokenizes line the way sacreBLEU does: the rules over the
// whole line, then str.split.
func literalTokens(t Kind, line string) []string {
	var sc Scratch
	var out []byte
	switch t {
	case Kind13a:
		out = rules13a(&sc, pre13a(line), true, true)
	case KindIntl:
		out = rulesIntl(&sc, line, false, false)
	case KindZh, KindZhFixed:
		isZh := isZhChar
		if t == KindZhFixed {
			isZh = isZhCharFixed
		}
		var b strings.Builder
		s := py.Strip(line)
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if n > 1 && isZh(r) {
				b.WriteByte(' ')
				b.WriteString(s[i : i+n])
				b.WriteByte(' ')
			} else {
				b.WriteString(s[i : i+n]) // invalid bytes stay as they are
			}
			i += n
		}
		out = rules13a(&sc, b.String(), false, false)
	default:
		return t.tokens(nil, line)
	}
	return py.AppendFields(nil, string(out))
}

func randomLine(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(12) {
		b.WriteString(conftest.TrickyPieces[r.IntN(len(conftest.TrickyPieces))])
	}
	return b.String()
}

func TestTokenizersMatchLiteralRules(t *testing.T) {
	t.Parallel()
	lines := []string{"", " ", ".", " .5", "5.", "a.", "(a)", "2020.", "x 2020.", "«a»", ".a", "a .", "1-", "-1", "我.", ".我", "a我b.c"}
	r := rand.New(rand.NewPCG(3, 4))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		lines = append(lines, randomLine(r))
	}
	if dir := conftest.WMTDir("../.."); dir != "" && !testing.Short() {
		files, _ := filepath.Glob(filepath.Join(dir, "data", "*", "*.txt"))
		edge, _ := filepath.Glob(filepath.Join(dir, "edge", "*.txt"))
		for _, f := range append(files, edge...) {
			lines = append(lines, conftest.ReadLines(t, f)...)
		}
	}
	for _, tok := range []Kind{Kind13a, KindIntl, KindZh, KindZhFixed} {
		var sc Scratch
		for _, line := range lines {
			want := literalTokens(tok, line)
			got := tok.Tokenize(&sc, nil, line)
			if d := conftest.DiffStrings(want, got); d != "" {
				t.Fatalf("%s on %q (-literal +ours):\n%s", tok, line, d)
			}
		}
	}
}

func FuzzTokenizersMatchLiteralRules(f *testing.F) {
	for _, s := range []string{"Hello, world!", "3.5% of $1,000.00", "«a» 2020.", "我爱北京。a.b", "&amp;quot;<skipped>-\nx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, tok := range []Kind{Kind13a, KindIntl, KindZh, KindZhFixed} {
			want := literalTokens(tok, line)
			got := tok.tokens(nil, line)
			if d := conftest.DiffStrings(want, got); d != "" {
				t.Fatalf("%s on %q (-literal +ours):\n%s", tok, line, d)
			}
		}
	})
}

// TestIntlClasses checks the Unicode classes of the intl tokenizer against
// the tables of the regex module that sacreBLEU used, for every code point.
func TestIntlClasses(t *testing.T) {
	conftest.ForEach(t, "../..", testIntlClasses)
}

func testIntlClasses(t *testing.T, set conftest.Set) {
	b, err := os.ReadFile(filepath.Join(set.Dir, "goldens", "edge.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Tables struct {
			P [][2]rune `json:"regex_P"`
			S [][2]rune `json:"regex_S"`
			N [][2]rune `json:"regex_N"`
		} `json:"unicode_tables"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	want := make([]uint8, utf8.MaxRune+1)
	for _, tc := range []struct {
		ranges [][2]rune
		class  uint8
	}{{g.Tables.P, classP}, {g.Tables.S, classS}, {g.Tables.N, classN}} {
		for _, rg := range tc.ranges {
			for r := rg[0]; r <= rg[1]; r++ {
				if want[r] != classOther {
					t.Fatalf("U+%04X is in two classes", r)
				}
				want[r] = tc.class
			}
		}
	}
	bad := 0
	for r := range rune(utf8.MaxRune + 1) {
		if got := unicodeClass(r); got != want[r] {
			if bad++; bad <= 10 {
				t.Errorf("U+%04X: class %d, regex module has %d", r, got, want[r])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d code points differ", bad)
	}
	// leadIntl lets E4..E9 through, which start U+4000..U+9FFF: letters
	// but for the symbols U+4DC0..U+4DFF (E4 B7 xx, found by their B7).
	for r := rune(0x4000); r <= 0x9FFF; r++ {
		want := uint8(classOther)
		if 0x4DC0 <= r && r <= 0x4DFF {
			want = classS
		}
		if got := unicodeClass(r); got != want || py.IsSpace(r) {
			t.Errorf("U+%04X: class %d, space %v: intl's events miss it", r, got, py.IsSpace(r))
		}
	}
}

// TestZhBits checks the table of zh's fast path against its definition,
// for every character of the Basic Multilingual Plane.
func TestZhBits(t *testing.T) {
	for _, md := range []struct {
		name string
		bits *[1 << 10]uint64
		isZh func(rune) bool
	}{{"zh", modeZh().zh, isZhChar}, {"zh-fixed", modeZhFixed().zh, isZhCharFixed}} {
		for r := range rune(1 << 16) {
			if got, want := md.bits[r>>6]>>(r&63)&1 != 0, md.isZh(r) && !py.IsSpace(r); got != want {
				t.Errorf("%s: U+%04X: %v, want %v", md.name, r, got, want)
			}
		}
	}
}

// TestKanaNeedNoEvent checks what kanaLeads and kanaLeadsIntl rest on:
// no kana (U+3040..U+30FF) is whitespace or in either of zh's tables, and
// the only ones intl's classes (bmpClasses, checked against the regex
// module's tables by TestIntlClasses) do not take for letters are the
// four that kanaLeadsIntl leaves as events.
func TestKanaNeedNoEvent(t *testing.T) {
	classes := bmpClasses()
	for r := rune(0x3040); r <= 0x30FF; r++ {
		if py.IsSpace(r) || isZhChar(r) || isZhCharFixed(r) {
			t.Errorf("U+%04X: whitespace or in zh's table", r)
		}
		other := classes[r>>2]>>(r&3*2)&3 == classOther
		seen := r == 0x309B || r == 0x309C || r == 0x30A0 || r == 0x30FB
		if other == seen {
			t.Errorf("U+%04X: intl's class other is %v, but kanaLeadsIntl leaves it an event: %v", r, other, seen)
		}
	}
}

// refTokens is the tokenization of line by the rules applied literally
// (literalTokens), or for char and none by their definitions.
func refTokens(t Kind, line string) []string {
	switch t {
	case KindChar:
		var toks []string
		for _, u := range conftest.PyUnits(line) {
			if !conftest.IsSpaceUnit(u) {
				toks = append(toks, u)
			}
		}
		return toks
	case KindNone:
		return conftest.PySplit(line)
	}
	return literalTokens(t, line)
}

// edgePieces are the bytes and characters the scanners treat specially,
// alone and in the combinations their fast paths decide on.
var edgePieces = append([]string{
	"5.", "a.", ".5", "1.5", "1,5.", "1.5.3", "a.b", "z.B.", "..", "5-", "-5", "5-.", "a-b", "1-2-3", "5--a", "U.S.", "a'b",
	"(5)", "5%", "$5", "«a»", "„a“", "a.“", "(a.)", "‚a‘", "a…", "1.5-3", "a1.5", ",.5", "a,,", "-.",
	"\u00a0", "\u1680", "\u2000", "\u200a", "\u200b", "\u202f", "\u205f", "\u0085", "\u3000",
	"\xc2", "\xc2a", "\xe2\x80", "\xe2\x80a", "\xe3\x80", "\xe1\x9a", "\xe2\xe2\x80\x80", "\x80", "\xf0\x9f\x98",
	"ä", "ß", "ü.", "ä-5", "5ä", "€5", "5€", "½", "٣.٣", "²-", "a\u0301.", "\x7f", "\x00", "\x1b", "\x1f",
	"中", "中.", "5中", "中-5", "\u2001", "\u2a6d", "\u2fa1", "\U00020000", "\U0002f800", "，", "。a",
	"&amp;", "&quot;x", "&lt;", "&gt", "&", "<skipped>", "<skip", "x\ny", "-\nz", "\n",
	// For intl: × and ÷ (found by their last byte), C3 and 97/B7 out of
	// place, punctuation next to C3 xx, and runs of punctuation with and
	// without digits around them.
	"×", "a÷b", "5×5", ".×", "×.", "ä.", ".ä", "ß.“", ".\xc3", "\xc3.", "\xc3\xc3\x97", "\x97.", ".\xb7", "\xe2\x80\x97.",
	"a.,b", "1.,b", "a.,1", "a.“5", "„5", "5“", "(„a“)", "a.,;:b", "!?", "5.,5", "a\u0301.,", "٣.,", ".,٣", "a.\u00a0",
	"“.", "–5", "5–", "„\x80", "\x80„", ".“5", "5.“", "‧", "\u2028", "\u200f.", "a—b", "‗", "“„", "\xe2\x80\x9e\x9e",
	// For zh: E2 80 xx, in its table but for whitespace, next to pieces
	// for the rules, and periods and commas at the ends of the line.
	"\u203f", "\u2040", "\xe2\x80\xc0", "a.,„", "„.,a", "1.„", "„.5", "5.,", ",5", "5,", ".,", "2019.",
	// Chinese and Japanese: zh's three-byte characters in and out of its
	// table, intl's quiet lead bytes E4..E9 and the hexagram symbols E4
	// B7 xx, found by their B7, and punctuation next to CJK characters.
	"中文。", "。中", "中。5", "5。中", "中，。a", "「中」", "あ。", "ア・イ", "゛", "\u4dc0", "中\u4dff中", "\xe4\xb7",
	"\xe4\xb7a", "\xe4\x97\x80", "\xe3\x80\x80中", "中\u3000", "\u4dbf", "\u9fff", "\ua000", "\xed\xa0\x80。", "。\xe4",
	"(中)", "中.", "中1.5中", "１２", "ａ。", "中\U000e0800", "中\U00020000中", "中文\xe4\xb8",
	// Kana, U+3040..U+30FF (E3 81..83 xx), no events for 13a, zh and
	// (most of them) intl, next to what is: kanji, U+3000, CJK punctuation
	// (E3 80 xx), U+3100 (E3 84 xx, in zh's table), rules' pieces, and cut
	// short.
	"ひ", "ひ中", "中ひ", "\u3040", "\u309f", "\u30a0", "\u30ff", "\u3100", "ひ\u3000ひ", "ひ。", "。ひ", "ひ.5",
	"5ひ-5", "ひ.,ア", "\xe3\x81", "\xe3\x81a", "\xe3\x83.", "\xe3\x84", "\xe3\xe3\x81\x81", "ア\u3100ア",
	// For intl, the kana that are symbols or punctuation, next to kana,
	// digits and other punctuation.
	"゠", "゜", "ひ゛ひ", "ア゠イ", "ゝ", "か\u3099", "5・5", "ひ.,5", "・・", "ア・.", "\xe3\x82\x9b5", "\xe3\x83",
	// Invalid UTF-8 that decodes, carelessly, to punctuation, a digit, a
	// symbol or whitespace: overlong, and with an ASCII byte inside.
	"\xe0\x80\xa1", "a\xe0\x80\xa4b", "\xc0\xa1", "\xc1\xbf.", "5\xc0\xb1.5", "\xe0\x01\xb0.5", "\xe0\x80\xb1.5",
}, conftest.TrickyPieces...)

// TestTokenizersChunkEdges puts each of edgePieces at every offset of the
// scanners' eight-byte chunks, glued to letters and between spaces, with
// lines ending at every offset after it too, and compares every tokenizer
// with its reference.
func TestTokenizersChunkEdges(t *testing.T) {
	t.Parallel()
	fillers := []string{"x", " ", "9", "."}
	befores, afters := 18, []int{0, 1, 3, 8}
	if testing.Short() || conftest.RaceEnabled {
		befores, afters = 10, []int{0, 3}
	}
	for tok := range NumKinds {
		var sc Scratch
		var got []string
		for _, p := range edgePieces {
			for _, f := range fillers {
				for before := range befores {
					for _, after := range afters {
						line := strings.Repeat(f, before) + p + strings.Repeat(f, after)
						want := refTokens(tok, line)
						got = tok.Tokenize(&sc, got[:0], line)
						if d := conftest.DiffStrings(want, got); d != "" {
							t.Fatalf("%s on %q (-reference +ours):\n%s", tok, line, d)
						}
					}
				}
			}
		}
	}
}

// TestTokenizersBlockEdges puts each of edgePieces at every offset of the
// first 64-byte block of 13a's and zh's scanner and around the second
// block's start, after fillers of letters, digits, words and periods, with
// lines ending right after it or a little or a block later: specials at
// the very end, lines shorter than 8 and 64 bytes, and the last block of a
// line overlapping the one before.
func TestTokenizersBlockEdges(t *testing.T) {
	t.Parallel()
	fillers := []string{"x", "9", "ab c", "1.2,ä", "中文字", "ひらがな"}
	var befores []int
	for b := range 72 {
		befores = append(befores, b)
	}
	for b := 120; b < 136; b++ {
		befores = append(befores, b)
	}
	afters := []int{0, 7, 64}
	if testing.Short() || conftest.RaceEnabled {
		fillers, afters = fillers[2:4], []int{0}
	}
	for _, tok := range []Kind{Kind13a, KindIntl, KindZh, KindZhFixed} {
		t.Run(tok.String(), func(t *testing.T) {
			t.Parallel()
			var sc Scratch
			var got []string
			for _, p := range edgePieces {
				for fi, f := range fillers {
					for _, before := range befores {
						for _, after := range afters {
							if after == 64 && fi > 0 {
								continue
							}
							fill := strings.Repeat(f, before+after)
							// Cut by bytes: a split "ä" is invalid UTF-8,
							// which must work too.
							line := fill[:before] + p + fill[:after]
							want := refTokens(tok, line)
							got = tok.Tokenize(&sc, got[:0], line)
							if d := conftest.DiffStrings(want, got); d != "" {
								t.Fatalf("%s on %q (-reference +ours):\n%s", tok, line, d)
							}
						}
					}
				}
			}
		})
	}
}

// TestTokenizersLongWords checks words longer than a chunk, with a special
// character at every position of them.
func TestTokenizersLongWords(t *testing.T) {
	specials := []string{".", ",", "-", "(", " ", "\u00a0", "ä", "中", "„", "\xff", "5", "&amp;"}
	for tok := range NumKinds {
		var sc Scratch
		var got []string
		for _, sp := range specials {
			for _, base := range []string{"abcdefghijklmnopqrstuvwxyz", "0123456789012345678901234"} {
				for k := 0; k <= len(base); k++ {
					for _, sep := range []string{" ", "", "  x "} {
						line := base[:k] + sp + base[k:] + sep + base
						want := refTokens(tok, line)
						got = tok.Tokenize(&sc, got[:0], line)
						if d := conftest.DiffStrings(want, got); d != "" {
							t.Fatalf("%s on %q (-reference +ours):\n%s", tok, line, d)
						}
					}
				}
			}
		}
	}
}

// TestRuneClass checks runeClass's table against unicodeClass.
func TestRuneClass(t *testing.T) {
	for r := range rune(0x10400) {
		if got, want := runeClass(r), unicodeClass(r); got != want {
			t.Fatalf("runeClass(U+%04X) = %d, unicodeClass has %d", r, got, want)
		}
	}
}

// TestIntlFastPunct checks what scanIntlState.fast assumes of E2 80 90..A7.
func TestIntlFastPunct(t *testing.T) {
	for r := rune(0x2010); r <= 0x2027; r++ {
		if b := []byte(string(r)); runeClass(r) != classP || b[0] != 0xE2 || b[1] != 0x80 || b[2]-0x90 >= 0x18 {
			t.Errorf("U+%04X (% X): class %d, want punctuation", r, b, runeClass(r))
		}
	}
}

// TestIntlShortLines compares intl with its literal rules on every line
// of up to five characters from an alphabet of the cases its fast path
// and its handling of punctuation runs tell apart.
func TestIntlShortLines(t *testing.T) {
	t.Parallel()
	alphabet := []string{"a", "1", ".", "(", "“", "«", "×", "$", "ä", " ", "\xc3", "\x97", "٣", "\u00a0", "中", "。", "\u4dc0", "\xe4"}
	// Five characters pass too, in seconds.
	maxLen := 4
	if testing.Short() || conftest.RaceEnabled {
		maxLen = 3
	}
	var sc Scratch
	var got []string
	var rec func(line string, depth int)
	rec = func(line string, depth int) {
		want := literalTokens(KindIntl, line)
		got = KindIntl.Tokenize(&sc, got[:0], line)
		if d := conftest.DiffStrings(want, got); d != "" {
			t.Fatalf("intl on %q (-literal +ours):\n%s", line, d)
		}
		if depth < maxLen {
			for _, c := range alphabet {
				rec(line+c, depth+1)
			}
		}
	}
	rec("", 0)
}

// TestScan13aShortLines compares 13a, zh and zh-fixed with their literal
// rules on every line of up to five characters from an alphabet of the
// cases scan13aState.fast tells apart: periods and commas between digits
// or at the ends of the line (where zh has no padding), hyphens after
// digits, and E2 80 xx, which is whitespace, part of a word or (for zh) a
// token of its own.
func TestScan13aShortLines(t *testing.T) {
	t.Parallel()
	alphabet := []string{"a", "1", ".", ",", "-", "(", " ", "„", "\u2000", "\u2028", "中", "\xe2\x80", "ä"}
	maxLen := 5
	if testing.Short() || conftest.RaceEnabled {
		maxLen = 3
	}
	for _, tok := range []Kind{Kind13a, KindZh, KindZhFixed} {
		var sc Scratch
		var got []string
		var rec func(line string, depth int)
		rec = func(line string, depth int) {
			want := literalTokens(tok, line)
			got = tok.Tokenize(&sc, got[:0], line)
			if d := conftest.DiffStrings(want, got); d != "" {
				t.Fatalf("%s on %q (-literal +ours):\n%s", tok, line, d)
			}
			if depth < maxLen {
				for _, c := range alphabet {
					rec(line+c, depth+1)
				}
			}
		}
		rec("", 0)
	}
}

// TestBlockEvents checks the events of lineEvents (for 13a's and zh's lead
// bytes, and for intl) byte by byte, for every pair of adjacent bytes at
// every offset of a block: exactly those of their definitions (see
// lead13a and leadIntl).
func TestBlockEvents(t *testing.T) {
	t.Parallel()
	nonAlnumASCII := func(c byte) bool {
		return c < utf8.RuneSelf && !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9')
	}
	var sc Scratch
	blocks := []struct {
		name    string
		block   func(string) uint64
		isEvent func(byte) bool
	}{
		{"13a", func(s string) uint64 { return sc.lineEvents(s, lead13a, false)[0] },
			func(c byte) bool { return nonAlnumASCII(c) || c == 0xC2 || c&0xFC == 0xE0 }},
		{"zh", func(s string) uint64 { return sc.lineEvents(s, leadZh, false)[0] },
			func(c byte) bool { return nonAlnumASCII(c) || c == 0xC2 || c >= 0xE0 }},
		{"intl", func(s string) uint64 { return sc.lineEvents(s, 0, true)[0] },
			func(c byte) bool {
				return nonAlnumASCII(c) || c >= 0xC0 && c != 0xC3 && c-0xE4 > 5 || c == 0x97 || c == 0xB7
			}},
	}
	b := []byte(strings.Repeat("a", 64))
	for _, bl := range blocks {
		for k := range 63 {
			for p := range 256 {
				for q := range 256 {
					b[k], b[k+1] = byte(p), byte(q)
					m := bl.block(string(b))
					if m&^(3<<k) != 0 {
						t.Fatalf("%s: % x at %d: events %#x in the letters around", bl.name, b[k:k+2], k, m&^(3<<k))
					}
					for i, c := range b[k : k+2] {
						want := bl.isEvent(c) && !isKanaLead(bl.name, b, k+i)
						if got := m>>(k+i)&1 != 0; got != want {
							t.Fatalf("%s: % x at %d: event at %d is %v", bl.name, b[k:k+2], k, k+i, got)
						}
					}
				}
			}
			b[k], b[k+1] = 'a', 'a'
		}
	}
}

// TestLineEvents checks lineEvents on lines of every length up to five
// blocks, whose tails and short lines have code of their own, against the
// definitions of the events, and events13aLine and eventsIntlLine (in
// assembly on amd64) against events13aGo and eventsIntlGo on every byte
// value at every offset and on random blocks.
func TestLineEvents(t *testing.T) {
	// Besides these, the lead bytes of kana are no events (isKanaLead).
	isEvent := map[string]func(byte) bool{
		"13a": func(c byte) bool { return c < 0x80 && !isAlnumASCII(c) || c == 0xC2 || c&0xFC == 0xE0 },
		"zh":  func(c byte) bool { return c < 0x80 && !isAlnumASCII(c) || c == 0xC2 || c >= 0xE0 },
		"intl": func(c byte) bool {
			return c < 0x80 && !isAlnumASCII(c) || c >= 0xC0 && c != 0xC3 && c-0xE4 > 5 || c == 0x97 || c == 0xB7
		},
	}
	alphabet := []byte("aZz09 .,-\t\n'`@[{/:\x7f\x00\x80\x81\x82\x83\x84\x97\x9b\x9c\xa0\xb7\xbb\xbf\xc0\xc2\xc3\xdf\xe0\xe2\xe3\xe3\xe4\xe9\xea\xef\xf0\xff")
	rng := rand.New(rand.NewPCG(6, 64))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = byte(rng.IntN(256))
			} else {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		return b
	}
	var sc Scratch
	// Every length up to five blocks, and lines long enough to be cut
	// into pieces for the assembly (cpu.AsmPiece).
	var lengths []int
	for n := range 5*64 + 1 {
		for range 20 {
			lengths = append(lengths, n)
		}
	}
	lengths = append(lengths, 2*cpu.AsmPiece-1, 2*cpu.AsmPiece, 2*cpu.AsmPiece+1, 3*cpu.AsmPiece+65)
	for _, n := range lengths {
		line := random(n)
		for name, ev := range isEvent {
			lead, intl := uint64(lead13a), name == "intl"
			if name == "zh" {
				lead = leadZh
			}
			got := sc.lineEvents(string(line), lead, intl)
			if len(got) != (n+63)/64 {
				t.Fatalf("%s: lineEvents of %d bytes has %d words", name, n, len(got))
			}
			for i, c := range line {
				want := ev(c) && !isKanaLead(name, line, i)
				if e := got[i/64]>>(i%64)&1 != 0; e != want {
					t.Fatalf("%s: lineEvents(%q): event at %d (%#x) is %v", name, line, i, c, e)
				}
			}
			if n%64 != 0 && got[n/64]>>(n%64) != 0 {
				t.Fatalf("%s: lineEvents(%q): events past the end: %#x", name, line, got[n/64])
			}
		}
	}

	var blocks []string
	for _, fill := range []byte{'a', ' ', 0xC3, 0x80, 0xE3, 0x81, 0x83} {
		for b := range 256 {
			for off := range 64 {
				blk := bytes.Repeat([]byte{fill}, 64)
				blk[off] = byte(b)
				blocks = append(blocks, string(blk))
			}
		}
	}
	// The kana's three bytes, those intl must see among them, at every
	// offset, cut short at the block's end.
	for _, kana := range []string{"\xe3\x81\x80", "\xe3\x82\x9a", "\xe3\x82\x9b", "\xe3\x82\x9c", "\xe3\x82\xa0", "\xe3\x82\xa1", "\xe3\x83\xba", "\xe3\x83\xbb", "\xe3\x83\xbc", "\xe3\x84\x80"} {
		for _, fill := range []byte{'a', 0x80, 0xE3} {
			for off := range 64 {
				blk := bytes.Repeat([]byte{fill}, 64)
				copy(blk[off:], kana)
				blocks = append(blocks, string(blk))
			}
		}
	}
	for range 5000 {
		blocks = append(blocks, string(random(64)))
	}
	all := strings.Join(blocks, "")
	got, want := make([]uint64, len(blocks)), make([]uint64, len(blocks))
	for _, lead := range []uint64{lead13a, leadZh} {
		events13aLine(got, all, lead)
		for k, blk := range blocks {
			want[k] = events13aGo(blk, lead)
		}
		if diff := conftest.DiffStrings(want, got); diff != "" {
			t.Errorf("events13aLine(lead %#x) mismatch (-events13aGo +got):\n%s", lead&0xFF, diff)
		}
	}
	eventsIntlLine(got, all)
	for k, blk := range blocks {
		want[k] = eventsIntlGo(blk)
	}
	if diff := conftest.DiffStrings(want, got); diff != "" {
		t.Errorf("eventsIntlLine mismatch (-eventsIntlGo +got):\n%s", diff)
	}
}

// isKanaLead reports whether line[i] is the lead byte of a kana that is
// no event for tokenizer name, the bytes looked at being in the same
// block of 64 (the last block of a line being its last 64 bytes): for 13a
// and zh, E3 followed by 81..83; for intl, E3 followed by 81..83 and a
// continuation byte, but not the symbols U+309B and U+309C or the
// punctuation U+30A0 and U+30FB.
func isKanaLead(name string, line []byte, i int) bool {
	if line[i] != 0xE3 || i+1 >= len(line) || i%64 == 63 || line[i+1] < 0x81 || line[i+1] > 0x83 {
		return false
	}
	if name != "intl" {
		return true
	}
	if i+2 >= len(line) || i%64 == 62 || line[i+2]&0xC0 != 0x80 {
		return false
	}
	r, _ := utf8.DecodeRune(line[i:])
	return r != 0x309B && r != 0x309C && r != 0x30A0 && r != 0x30FB
}

// isAlnumASCII reports whether c is an ASCII letter or digit.
func isAlnumASCII(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' }

// BenchmarkLineEvents finds the events of the scanners (lineEvents) in
// the references of the conformance set into German, Japanese and
// Chinese, for 13a, zh and intl: the part of their scans done 16 bytes
// at a time.
func BenchmarkLineEvents(b *testing.B) {
	dir := conftest.WMTDir("../..")
	if dir == "" {
		b.Skip("no conformance set")
	}
	for _, pair := range []string{"en-de", "en-ja", "en-zh"} {
		lines := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "ref.txt"))
		var n int64
		for _, s := range lines {
			n += int64(len(s))
		}
		for _, m := range []struct {
			name string
			lead uint64
			intl bool
		}{{"13a", lead13a, false}, {"zh", leadZh, false}, {"intl", 0, true}} {
			b.Run(pair+"/"+m.name, func(b *testing.B) {
				var sc Scratch
				b.SetBytes(n)
				for b.Loop() {
					for _, s := range lines {
						sc.lineEvents(s, m.lead, m.intl)
					}
				}
			})
		}
	}
}
