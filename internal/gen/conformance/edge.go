package main

// The edge cases: edge/<name>.hyp.txt, .ref.txt, .ref2.txt for the cases
// that can be files, and edge/cases.json, the list sacrebleu_goldens.py
// reads (name, description, segments; segments with "\n" or a missing
// reference exist only there, as API-only cases).

import (
	"fmt"
	"strings"
)

// edgeCase is one entry of edge/cases.json.
type edgeCase struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	APIOnly     bool   `json:"api_only"`
	// Long: the segments are too long to repeat in the goldens, which
	// give their SHA-256 instead.
	Long bool `json:"long,omitempty"`
	// TSV: also write the references as one file, tab-separated (for
	// the CLI's -nr).
	TSV bool `json:"tsv,omitempty"`
	// EOL is the files' line end.
	EOL  string      `json:"eol,omitempty"`
	Hyps []string    `json:"hyps"`
	Refs [][]*string `json:"refs"` // streams; nil = no such reference (API only)
}

func s(x string) *string { return &x }

// refs makes reference streams of strings.
func refs(streams ...[]string) [][]*string {
	out := make([][]*string, len(streams))
	for k, st := range streams {
		for _, x := range st {
			out[k] = append(out[k], s(x))
		}
	}
	return out
}

func writeEdgeCases(w *writer, cases []edgeCase) {
	for _, c := range cases {
		for _, st := range c.Refs {
			if len(st) != len(c.Hyps) {
				w.err = fmt.Errorf("edge case %s: %d hypotheses, a stream of %d references", c.Name, len(c.Hyps), len(st))
				return
			}
		}
		if c.APIOnly {
			continue
		}
		eol := c.EOL
		if eol == "" {
			eol = "\n"
		}
		w.lines("edge/"+c.Name+".hyp.txt", c.Hyps, eol)
		for k, st := range c.Refs {
			var lines []string
			for _, x := range st {
				lines = append(lines, *x)
			}
			name := "ref"
			if k > 0 {
				name = fmt.Sprintf("ref%d", k+1)
			}
			w.lines("edge/"+c.Name+"."+name+".txt", lines, eol)
		}
		if c.TSV {
			var lines []string
			for i := range c.Hyps {
				var row []string
				for _, st := range c.Refs {
					row = append(row, *st[i])
				}
				lines = append(lines, strings.Join(row, "\t"))
			}
			w.lines("edge/"+c.Name+".refs.tsv", lines, eol)
		}
	}
	// The manifest leaves the long cases' segments to their files.
	manifest := make([]edgeCase, len(cases))
	for i, c := range cases {
		if c.Long {
			c.Hyps, c.Refs = nil, nil
		}
		manifest[i] = c
	}
	w.jsonFile("edge/cases.json", manifest)
}

// edgeCases returns the edge cases: one table, whose length is its
// cases'.
func edgeCases() []edgeCase {
	cases := []edgeCase{
		{Name: "empty_and_blank", Description: "Empty and whitespace-only lines (ASCII and Python-only whitespace) in hypotheses and references.",
			Hyps: []string{"The river was calm.", "", " ", "\u3000", "A bright morning.", "\x1c\x1d\x1e\x1f", "", "x", "\u0085\u00a0"},
			Refs: refs([]string{"The river was calm.", "Not empty.", "", "\u00a0", "", "Some words here.", "", "\u2028", "y"})},
		{Name: "all_empty", Description: "Every hypothesis and reference line is empty.",
			Hyps: []string{"", "", ""}, Refs: refs([]string{"", "", ""})},
		{Name: "hyp_empty", Description: "Every hypothesis empty, references not (sys_len 0, bp 0).",
			Hyps: []string{"", "  "}, Refs: refs([]string{"a b c d e", "f g"})},
		{Name: "python_whitespace", Description: "Words separated by every Python whitespace character (\\x1c-\\x1f, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000) and by U+200B, U+FEFF, U+180E, which are not whitespace; leading and trailing.",
			Hyps: []string{
				"a\x1cb\x1dc\x1ed\x1fe", "a\u0085b\u00a0c\u1680d\u2000e\u2001f\u2002g", "a\u2003b\u2004c\u2005d\u2006e\u2007f\u2008g\u2009h\u200ai",
				"a\u2028b\u2029c\u202fd\u205fe\u3000f", "a\u200bb\ufeffc\u180ed", "\x1c lead and trail \x1f", "\u3000\u3000two ideographic\u3000\u3000",
				"v\vf\fx", "end with nbsp\u00a0", "end with nel\u0085", "\ufeffbom first", "zwsp last\u200b",
			},
			Refs: refs([]string{
				"a b c d e", "a b c d e f g", "a b c d e f g h i", "a b c d e f", "a b c d", "lead and trail", "two ideographic",
				"v f x", "end with nbsp", "end with nel", "bom first", "zwsp last",
			})},
		{Name: "crlf", Description: "Files with CRLF line ends: the CLI keeps the \\r, rstrip() removes it.", EOL: "\r\n",
			Hyps: []string{"The first line.", "A second line here.", "", "trailing spaces  "},
			Refs: refs([]string{"The first line.", "A second line.", "x", "trailing spaces"})},
		{Name: "cr_inside", Description: "A bare \\r inside lines and before the line end (files are split on \\n only).",
			Hyps: []string{"one\rtwo three", "four five\r", "six\r\rseven", "\r"},
			Refs: refs([]string{"one two three", "four five", "six\rseven", "eight"})},
		{Name: "lowercase_special", Description: "Python str.lower(): İ to i + U+0307, final sigma at word ends, ß and ẞ, titlecase digraphs, Kelvin and Ohm signs, ligatures.",
			Hyps: []string{
				"İstanbul DİYARBAKIR I ı", "ΟΔΟΣ ΣΟΦΟΣ. Σ ΣΑΣ, ΑΣ'Β Α'Σ ΜΑΣ\u0301 ΣΣ", "Straße STRASSE ẞ", "ǅemal ǄEMAL ǈ ǲ",
				"\u212aELVIN \u2126MEGA ﬁne ŉ", "ὈΔΥΣΣΕΎΣ Ꭰ Ა ԵՒ", "ΑΣ1 ΑΣ_ ΑΣ\u00ad ΑΣ\u200dΒ",
			},
			Refs: refs([]string{
				"istanbul diyarbakir i ı", "οδος σοφος. σ σας, ας'β α'σ μας\u0301 σς", "strasse straße ß", "ǆemal ǆemal ǉ ǳ",
				"kelvin ωmega fine ŉ", "ὀδυσσεύς ꭰ ა եւ", "ας1 ας_ ας\u00ad ας\u200dβ",
			})},
		{Name: "entities_13a", Description: "13a unescapes &quot; &amp; &lt; &gt; in that order, one pass each; other entities stay; <skipped> is removed.",
			Hyps: []string{
				"&quot;Hello&quot; said AT&amp;T", "a &lt; b &gt; c", "&amp;quot; &amp;amp; &amp;lt;", "&apos;x&apos; &#39;y&#39; &nbsp;",
				"<skipped> words <skipped>", "x<skipped>y", "&QUOT; &Amp; &amp", "no ampersand &lt",
			},
			Refs: refs([]string{
				"\"Hello\" said AT&T", "a < b > c", "&quot; &amp; &lt;", "'x' 'y' &nbsp;", "words", "xy", "&QUOT; &Amp; &amp", "no ampersand &lt",
			})},
		{Name: "numbers", Description: "Numbers with commas, periods, signs and ranges; a period after a number at the end.",
			Hyps: []string{"1,000 people and 3.14 pies", "It cost $9.99, or 1,234,567.89 yen.", ".5 and 5. and 0.5", "In 2020. In 1990s.",
				"10-20 -7 +3 1.5-2", "4- 1, ,1 .1 1. a1.b2", "٣٫٥ ١٢٣ ²³ ½"},
			Refs: refs([]string{"1,000 people and 3.14 pies", "It cost $ 9.99 , or 1,234,567.89 yen .", "0.5 and 5 . and .5", "In 2020 . In 1990s .",
				"10 - 20 -7 + 3 1.5 - 2", "4 - 1 , , 1 . 1 1 . a1 . b2", "٣٫٥ ١٢٣ ²³ ½"})},
		{Name: "ascii_printable", Description: "Every printable ASCII character, together and space-separated (13a's split ranges).",
			Hyps: []string{asciiRun(false), asciiRun(true), "a!b\"c#d$e%f&g'h(i)j*k+l,m-n.o/p:q;r<s=t>u?v@w[x\\y]z^_`{|}~"},
			Refs: refs([]string{asciiRun(true), asciiRun(false), "a b c d e f g h i j k l m n o p q r s t u v w x y z"})},
		{Name: "dashes_apostrophes", Description: "Hyphens, dashes, minus signs and apostrophes, after letters and after digits.",
			Hyps: []string{"well-known state-of-the-art", "a -- b — c – d ‐ e ‑ f ‒ g ― h − i", "1990-2000 3-4 x-1 1-x -", "don't it's students' O'Brien 'quoted'", "rock ’n’ roll ‘single’ “double”"},
			Refs: refs([]string{"well known state of the art", "a - b - c - d - e - f - g - h - i", "1990 - 2000 3 - 4 x-1 1 - x -", "do n't it 's students ' O'Brien ' quoted '", "rock 'n' roll 'single' \"double\""})},
		{Name: "unicode_punct_symbols", Description: "Unicode punctuation (\\p{P}), symbols (\\p{S}) and numbers (\\p{N}) next to letters and digits (intl).",
			Hyps: []string{"«Bonjour», dit-il… ¿Qué? ¡Sí!", "€12 £3 ¥100 ₹5 $4 ¢ ₽ ₩", "x² ½ Ⅻ ① ٣ ௫ 𝟘", "a→b ≠ c ± d × e ÷ f ∑ g", "😀👍🏽 🇯🇵 👨‍👩‍👧 ❤️", "「引用」『二重』【括弧】", "‰ ‱ † ‡ § ¶ • ‣ ⁂ ※", "1.5% 2,5‰ 3·4 5•6"},
			Refs: refs([]string{"« Bonjour » , dit-il … ¿ Qué ? ¡ Sí !", "€ 12 £ 3 ¥ 100", "x ² ½ Ⅻ ①", "a → b", "😀 👍🏽", "「 引用 」", "‰ †", "1.5 %"})},
		{Name: "zh_ranges", Description: "Code points at the edges of the zh tokenizer's ranges and in the ranges its misspelt literals create (U+2001..U+2A6D, U+2F81..U+2FA1 split; U+20000.., U+2F800.. not).",
			Hyps: []string{
				"a\u3400b\u4DB5c\u4DB6d\u4E00e\u9FA5f\u9FA6g\u9FBBh\u9FBCi", "a\uF900b\uFA2Dc\uFA2Ed\uFA30e\uFA6Af\uFA6Bg\uFA70h\uFAD9i\uFADAj",
				"a\u2000b\u2001c\u2020d\u2A6De\u2A6Ef\u2F80g\u2F81h\u2FA1i\u2FA2j", "a\U00020000b\U0002A6D6c\U0002F800d\U0002FA1De",
				"a\uFF00b\uFFEFc\uFFF0d\u2E80e\u2EFFf\u3000g\u303Fh\u3040i", "a\u31C0b\u31EFc\u2F00d\u2FDFe\u2FF0f\u2FFFg\u3100h\u312Fi\u31A0j\u31BFk",
				"a\uFE10b\uFE1Fc\uFE30d\uFE4Fe\uFE50f\u2600g\u26FFh\u2700i\u27BFj\u3200k\u32FFl\u3300m\u33FFn", "ﾊﾝｶｸ ｶﾀｶﾅ かな カナ 한글 ｡｢｣",
			},
			Refs: refs([]string{
				"a \u3400 b \u4DB5 c\u4DB6d \u4E00 e \u9FA5 f", "a \uF900 b \uFA2D c", "a b \u2001 c \u2020 d", "a\U00020000b",
				"a \uFF00 b \uFFEF c", "a \u31C0 b", "a \uFE10 b", "ﾊ ﾝ ｶ ｸ ｶ ﾀ ｶ ﾅ かな カナ 한글",
			})},
		{Name: "scripts", Description: "Arabic, Hebrew, Devanagari, Thai, Korean, Greek, Cyrillic, combining marks (NFC and NFD, not normalized), RTL marks, emoji sequences.",
			Hyps: []string{
				"مرحبا، كيف حالك؟ ٪٥٠ ـــ", "שלום, עולם! ״ציטוט״ ג׳", "नमस्ते। यह एक परीक्षण है॥", "สวัสดีครับ ๑๒๓ ฯลฯ",
				"안녕하세요, 세계! 한국어", "Καλημέρα· κόσμε; Привет, мир!", "caf\u00e9 cafe\u0301 Vie\u0323\u0302t", "\u200fשלום\u200e abc",
			},
			Refs: refs([]string{
				"مرحبا ، كيف حالك ؟", "שלום , עולם !", "नमस्ते । यह एक परीक्षण है", "สวัสดีครับ",
				"안녕하세요 , 세계 !", "Καλημέρα · κόσμε ; Привет , мир !", "café café Việt", "שלום abc",
			})},
		{Name: "identical", Description: "Hypotheses identical to the references: 100.00000000000004, not 100.",
			Hyps: []string{"The small engine was repaired before the festival.", "Anna visited the museum in Oslo.", "One two three four five."},
			Refs: refs([]string{"The small engine was repaired before the festival.", "Anna visited the museum in Oslo.", "One two three four five."})},
		{Name: "no_4gram_match", Description: "Unigrams and bigrams match, no 3- or 4-gram does: the smoothing methods differ.",
			Hyps: []string{"red blue green yellow black white", "one two four three six five eight seven"},
			Refs: refs([]string{"blue red yellow green white black", "one two three four five six seven eight"})},
		{Name: "no_match", Description: "No n-gram in common: score 0, bp still computed.",
			Hyps: []string{"alpha beta gamma", "delta epsilon"}, Refs: refs([]string{"one two three four", "five six seven"})},
		{Name: "short_segments", Description: "Segments of one to three tokens: no 4-grams, effective order matters.",
			Hyps: []string{"Yes", "No way", "Of course .", "a", "b c"}, Refs: refs([]string{"Yes", "No way !", "Of course", "a b", "c"})},
		{Name: "repeated_ngrams", Description: "Repeated hypothesis n-grams clipped by the reference counts.",
			Hyps: []string{"the the the the the the the", "a b a b a b a b", "x y z x y z"}, Refs: refs([]string{"the cat is on the mat", "a b a b", "x y z"})},
		{Name: "multi_ref_empty", TSV: true, Description: "Two reference streams, some lines of each empty; closest reference length with ties going to the shorter. refs.tsv holds both, tab-separated (sacreBLEU's -nr rejects it: rstrip() removes a line's trailing tab, and with it the empty field).",
			Hyps: []string{"a b c d e f", "g h i j", "k l m", "n o p q r", "", "s t u v w x y"},
			Refs: refs([]string{"a b c d e f g", "", "k l m n o", "n o p q", "z", "s t u v w"}, []string{"a b c d e", "g h i j k", "", "n o p q r s", "", "s t u v w x y z a"})},
		{Name: "two_refs_tsv", TSV: true, Description: "Two reference streams, also as one tab-separated file; one line's first field empty.",
			Hyps: []string{"the harbour opened early", "a quiet village", "Elena found the old bridge", "winter was late"},
			Refs: refs([]string{"the harbour opened early today", "", "Elena found the bridge", "winter came late"}, []string{"early the harbour opened", "a very quiet village", "the old bridge was found by Elena", "late was winter"})},
		{Name: "tabs", Description: "Tabs inside, leading and trailing.",
			Hyps: []string{"a\tb\tc", "\tleading tab", "trailing tab\t", "mixed \t spaces\t\t"},
			Refs: refs([]string{"a b c", "leading tab", "trailing tab", "mixed spaces"})},
		longCase(),
		{Name: "api_newline_in_segment", Description: "13a: '-\\n' is removed and '\\n' becomes a space (API strings only).", APIOnly: true,
			Hyps: []string{"a well-\nknown fact", "line one\nline two"}, Refs: refs([]string{"a wellknown fact", "line one line two"})},
		{Name: "api_cr_in_segment", Description: "A bare \\r inside an API segment.", APIOnly: true,
			Hyps: []string{"a\rb c", "d e\r"}, Refs: refs([]string{"a b c", "d e"})},
		{Name: "api_var_refs_none", Description: "A varying number of references: None entries are dropped (nrefs:var).", APIOnly: true,
			Hyps: []string{"a b c d", "e f g", "h i"},
			Refs: [][]*string{{s("a b c d"), s("e f"), nil}, {nil, s("e f g h"), s("h i j")}, {s("a b"), nil, nil}}},
		{Name: "api_empty_string_ref", Description: "An empty-string reference is a reference of length 0, unlike None.", APIOnly: true,
			Hyps: []string{"a b", "c d e"}, Refs: refs([]string{"", "c d e"}, []string{"a b c", ""})},
		{Name: "api_three_refs", Description: "Three reference streams: clipping by the maximum count over them.", APIOnly: true,
			Hyps: []string{"the cat the cat on the mat", "a b c d e f g"},
			Refs: refs([]string{"the cat is on the mat", "a b c"}, []string{"there is a cat on the mat", "a b c d e f g h"}, []string{"the cat the dog", ""})},
	}
	return cases
}

// asciiRun is every printable ASCII character but the space, joined by
// spaces or not.
func asciiRun(spaced bool) string {
	var b strings.Builder
	for c := byte('!'); c <= '~'; c++ {
		if spaced && c > '!' {
			b.WriteByte(' ')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// longCase is one segment of 2,000 tokens on each side, from the en
// inventory.
func longCase() edgeCase {
	r := &rng{state: 9}
	set := enSet()
	toks := fill(r, 2000, enWords, enSpecial, 0.1)
	return edgeCase{Name: "long_segment", Long: true,
		Description: "One segment of 2,000 tokens each side (a long line for the CLI's reader and the tokenizers' buffers).",
		Hyps:        []string{set.render(r, set.edit(r, toks, 0.2))},
		Refs:        refs([]string{set.render(r, toks)})}
}
