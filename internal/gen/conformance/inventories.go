package main

// The inventories the four corpus sets draw from: en (English-like text
// with everything 13a treats specially), zh (Chinese-like text over the
// zh tokenizer's ranges and their boundaries), ja (Japanese-like text:
// kana, kanji, half- and full-width forms) and mul (many scripts, Unicode
// punctuation, symbols and numbers for intl).

import "strings"

var enWords = strings.Fields(`the a an of to in on at by for with from into over under about after
before between through during without within and or but nor so yet if then than because while
council river market station village report season museum garden engine harbour festival bridge
teacher farmer pilot doctor singer painter writer student driver baker tailor sailor miller
morning evening winter summer autumn spring weather history science music theatre kitchen
old new small large quiet busy early late bright dark green blue yellow heavy light simple
opened closed found built moved opened painted visited carried counted measured repaired
announced described expected reported returned started finished followed changed kept held
is was are were has had will would can could may might should must does did
very quite rather almost never always often sometimes still already again together
Anna Bruno Clara Dmitri Elena Farid Greta Hugo Ines Jonas Kenji Lucia Marek Nadia Omar Petra
London Paris Lisbon Oslo Vienna Prague Dublin Madrid Geneva Quebec Nairobi Lima Hanoi
THE COUNCIL NEWS UNESCO NASA BBC UN EU OK USA`)

// enSpecial: what 13a, intl and lowercasing treat specially.
var enSpecial = []string{
	// numbers with commas, periods, signs, ranges
	"1,000", "3.14", "1,234,567.89", "0.5", ".5", "5.", "2020.", "1990s", "10-20", "-7", "+3", "1.5-2",
	"50%", "$9.99", "€12,50", "£3", "¥100", "3/4", "1:30", "7th", "No.5", "12,5", "1.000.000", "4-", "1,",
	// punctuation
	",", ".", ";", ":", "!", "?", "...", "…", "(", ")", "[", "]", "{", "}", `"`, "'", "`", "~", "@", "#",
	"^", "*", "_", "|", `\`, "/", "<", ">", "=", "+", "&", "%", "$", "?!", "a.m.", "e.g.", "U.S.", "etc.",
	// dashes and hyphens
	"well-known", "state-of-the-art", "--", "—", "–", "‐", "‑", "‒", "―", "−", "x-ray", "-", "1990-2000",
	"re-elected", "co-operate", "-minded", "mid-",
	// entities and markup
	"&quot;", "&amp;", "&lt;", "&gt;", "&amp;quot;", "&amp;amp;", "&apos;", "&#39;", "&nbsp;", "AT&T", "R&D",
	"<skipped>", "&quot;quoted&quot;", "a&lt;b", "&QUOT;", "&amp", "x<skipped>y", "<b>bold</b>",
	// apostrophes and quotes
	"don't", "it's", "students'", "’s", "O'Brien", "'n'", "“", "”", "‘", "’", "«", "»", "„", "‹", "›",
	// accents and case
	"café", "naïve", "Zürich", "São", "Kraków", "İstanbul", "DİYARBAKIR", "ΟΔΟΣ", "ΣΟΦΟΣ.", "Σ", "ΣΑΣ,",
	"Straße", "STRASSE", "ẞ", "ǅemal", "ǈ", "ΌΣΟΣ", "\u212aELVIN", "\u2126mega", "ǲ", "ﬁne", "ŉ", "Ǆ",
	"ΑΣ'Β", "ΜΑΣ\u0301", "Ⅻ", "Ⓐ",
	// addresses
	"http://example.com/a?b=1&c=2", "user@example.org", "#tag", "@handle", "C++", "C#", "v2.6.0", "a/b/c",
	// symbols and numbers for intl
	"©", "®", "™", "°C", "±", "×", "÷", "→", "★", "♥", "😀", "👍🏽", "∑", "√2", "x²", "½", "§", "¶", "†",
	"‰", "⁂", "©2024", "10×10", "3½", "²³",
}

func enSet() corpusSet {
	vocab := append(append([]string{}, enWords...), enSpecial...)
	return corpusSet{
		name: "en", seed: 1, n: 240, twoRefs: true, crlf: "C",
		systems: standardSystems(),
		vocab:   vocab,
		content: func(r *rng, i int) []string {
			toks := fill(r, segmentLength(r), enWords, enSpecial, 0.12)
			if r.chance(0.7) {
				toks = append(toks, pick(r, []string{".", ".", ".", "!", "?", "...", ".\"", "…"}))
			}
			return toks
		},
		render: renderSpaced,
	}
}

// attachLeft are tokens usually written against the previous one.
var attachLeft = map[string]bool{",": true, ".": true, ";": true, ":": true, "!": true, "?": true, "...": true,
	"…": true, ")": true, "]": true, "}": true, "”": true, "’": true, "»": true, ".\"": true, "?!": true,
	"،": true, "؟": true, "।": true, "։": true, "።": true, "、": true, "。": true}

// oddSpaces are what sometimes separates two tokens instead of a space:
// Python whitespace Go's unicode.IsSpace does not know (U+001C..U+001F),
// other Unicode spaces, and three characters that are not whitespace at all
// (U+200B, U+FEFF, U+180E).
var oddSpaces = []string{"\u00a0", "\u3000", "\x1c", "\x1d", "\x1e", "\x1f", "\u0085", "\u2009", "\u202f",
	"\u2003", "\u1680", "\u205f", "  ", "\u2028", "\u2029", "\v", "\f", "\u200b", "\ufeff", "\u180e", " \u00a0 "}

// renderSpaced joins tokens with spaces, attaching punctuation, and now
// and then with odd whitespace, leading or trailing whitespace.
func renderSpaced(r *rng, toks []string) string {
	var b strings.Builder
	if r.chance(0.02) {
		b.WriteString(pick(r, []string{" ", "\u00a0", "\u3000", "\x1f", "\u0085"}))
	}
	for i, t := range toks {
		if i > 0 {
			switch {
			case attachLeft[t] && r.chance(0.85):
			case r.chance(0.025):
				b.WriteString(pick(r, oddSpaces))
			default:
				b.WriteByte(' ')
			}
		}
		if i == 0 && r.chance(0.8) && len(t) > 0 && 'a' <= t[0] && t[0] <= 'z' {
			t = strings.ToUpper(t[:1]) + t[1:]
		}
		b.WriteString(t)
	}
	if r.chance(0.04) {
		b.WriteString(pick(r, []string{" ", "  ", "\u00a0", "\u3000", "\x1f", "\u0085", "\u2028", "\x1c", "\u200b"}))
	}
	return b.String()
}

// zhCommon: 320 characters of the main CJK block, picked once.
func zhCommon() []string {
	r := &rng{state: 2}
	out := make([]string, 320)
	for i := range out {
		out[i] = string(rune(0x4E00 + r.intn(0x9FA5-0x4E00+1)))
	}
	return out
}

// zhRare are characters at and beyond the edges of the zh tokenizer's
// ranges, and in the ranges its misspelt literals ('\u20000' and the
// like) create: U+2001..U+2A6D and U+2F81..U+2FA1 are split, the real
// CJK Extension B (U+20000..) and compatibility supplement (U+2F800..)
// are not.
var zhRare = []string{
	"\u3400", "\u4DB5", "\u4DB6", "\u4DBF", "\u9FA5", "\u9FA6", "\u9FBB", "\u9FBC", "\u9FCC", "\uF900", "\uFA2D",
	"\uFA2E", "\uFA30", "\uFA6A", "\uFA6B", "\uFA70", "\uFAD9", "\uFADA", "\U00020000", "\U00020001", "\U0002A6D6",
	"\U0002F800", "\U0002FA1D", "\U00030000", "\u2000", "\u2001", "\u2014", "\u2020", "\u2026", "\u2030", "\u203B",
	"\u20AC", "\u2103", "\u2162", "\u2192", "\u2211", "\u2460", "\u2500", "\u25A0", "\u2A6D", "\u2A6E", "\u2E80",
	"\u2EFF", "\u2F00", "\u2F80", "\u2F81", "\u2FA1", "\u2FA2", "\u2FDF", "\u2FF0", "\u3000", "\u3001", "\u3002",
	"\u303F", "\u3040", "\u3041", "\u30A2", "\u3100", "\u312F", "\u31A0", "\u31C0", "\u31EF", "\u3200", "\u32FF",
	"\u3300", "\u33FF", "\u3400", "\uFE10", "\uFE1F", "\uFE30", "\uFE4F", "\uFE50", "\u2600", "\u26FF", "\u2700",
	"\u27BF", "\uFF00", "\uFF01", "\uFF10", "\uFF21", "\uFF41", "\uFF61", "\uFF76", "\uFFE5", "\uFFEF", "\uFFF0",
	"\u00B7", "\u3005", "\u3007", "\u4E00", "\uAC00",
}

func zhSet() corpusSet {
	r := &rng{state: 3}
	common := zhCommon()
	vocab := words(r, 500, 1, 3, common)
	vocab = append(vocab, words(r, 40, 1, 2, append(append([]string{}, common[:40]...), zhRare...))...)
	special := []string{"，", "。", "、", "；", "：", "？", "！", "「", "」", "《", "》", "（", "）", "…", "——", "·",
		"2023年", "3.5", "１２", "50%", "第3", "100万", "1,000", "3.14元", "AI", "GPU", "Wi-Fi", "iPhone 15",
		"5G", "CEO", "NBA", "Ｈｅｌｌｏ", "\u3000", " ", "℃", "①", "→", "※", "ｶﾀｶﾅ", "の", "㈱", "㎡", "☆", "❤"}
	special = append(special, zhRare...)
	return corpusSet{
		name: "zh", seed: 4, n: 200, twoRefs: true, crlf: "B",
		systems: standardSystems(),
		vocab:   append(append([]string{}, vocab...), special...),
		content: func(r *rng, i int) []string {
			toks := fill(r, segmentLength(r), vocab, special, 0.15)
			if r.chance(0.8) {
				toks = append(toks, pick(r, []string{"。", "。", "！", "？", ".", "…"}))
			}
			return toks
		},
		render: renderUnspaced,
	}
}

// renderUnspaced joins tokens without spaces, but with a space between
// two Latin-script tokens and sometimes elsewhere.
func renderUnspaced(r *rng, toks []string) string {
	var b strings.Builder
	prevLatin := false
	for i, t := range toks {
		latin := t != "" && t[0] < 0x80
		if i > 0 {
			switch {
			case latin && prevLatin:
				b.WriteByte(' ')
			case r.chance(0.03):
				b.WriteString(pick(r, []string{" ", "\u3000", "\u00a0", "\x1d"}))
			}
		}
		b.WriteString(t)
		prevLatin = latin && t[len(t)-1] < 0x80
	}
	if r.chance(0.03) {
		b.WriteString(pick(r, []string{" ", "\u3000", "\u0085"}))
	}
	return b.String()
}

func jaSet() corpusSet {
	r := &rng{state: 5}
	hira := runes(0x3041, 0x3093)
	kata := runes(0x30A1, 0x30F6)
	half := runes(0xFF66, 0xFF9D)
	kanji := zhCommon()[:160]
	var vocab []string
	vocab = append(vocab, words(r, 120, 2, 4, hira)...)
	vocab = append(vocab, words(r, 80, 1, 2, kanji)...)
	for _, w := range words(r, 60, 2, 5, kata) {
		if r.chance(0.3) {
			w += "ー"
		}
		vocab = append(vocab, w)
	}
	vocab = append(vocab, words(r, 12, 2, 4, half)...)
	particles := []string{"は", "が", "を", "に", "で", "と", "の", "も", "へ", "から", "まで", "です", "ます", "した"}
	special := []string{"、", "。", "「", "」", "『", "』", "・", "〜", "～", "！", "？", "（", "）", "ー", "…", "々",
		"１２３", "2024年", "３月", "10:30", "ＡＢＣ", "Ｔｏｋｙｏ", "ＪＲ", "NHK", "iPhone", "ｱｲｳ", "ﾞ", "ﾟ",
		"\u3000", "〒", "㍻", "㌔", "〇", "ヶ", "ゝ", "ゞ", "ヽ", "ヾ", "\u2015", "\u301C", "\uFF5E", "\u2212"}
	return corpusSet{
		name: "ja", seed: 6, n: 160,
		systems: standardSystems()[:2],
		vocab:   append(append(append([]string{}, vocab...), particles...), special...),
		content: func(r *rng, i int) []string {
			n := segmentLength(r)
			toks := make([]string, 0, n+1)
			for range n {
				switch {
				case r.chance(0.12):
					toks = append(toks, pick(r, special))
				case r.chance(0.35):
					toks = append(toks, pick(r, particles))
				default:
					toks = append(toks, pick(r, vocab))
				}
			}
			if r.chance(0.8) {
				toks = append(toks, pick(r, []string{"。", "。", "！", "？"}))
			}
			return toks
		},
		render: renderUnspaced,
	}
}

// mulScripts are syllable inventories of other scripts, with their own
// punctuation and digits.
var mulScripts = [][]string{
	strings.Fields("α β γ δ ε ζ η θ ι κ λ μ ν ξ ο π ρ σ τ υ φ χ ψ ω ά έ ή ί ό ύ ώ Α Β Γ Δ Σ Ω ς ϊ ΐ"),
	strings.Fields("а б в г д е ж з и й к л м н о п р с т у ф х ц ч ш щ ы э ю я ё Д Ж Я І ї є ґ"),
	strings.Fields("ا ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي ة ى ء ـ ً ٌ ٍ َ"),
	strings.Fields("א ב ג ד ה ו ז ח ט י כ ל מ נ ס ע פ צ ק ר ש ת ך ם ן ף ץ ׳ ״ ְ ִ"),
	strings.Fields("क ख ग घ च छ ज झ ट ठ ड ढ त थ द ध न प फ ब भ म य र ल व श स ह ा ि ी ु ू े ै ो ौ ं ः ्"),
	strings.Fields("ก ข ค ง จ ฉ ช ซ ด ต ถ ท น บ ป ผ พ ฟ ม ย ร ล ว ส ห อ ฮ ะ า ิ ี ึ ื ุ ู เ แ โ ไ ่ ้ ๊ ๋ ั"),
	strings.Fields("가 나 다 라 마 바 사 아 자 차 카 타 파 하 강 날 돌 름 밤 별 산 안 우 이 한 글 ᄀ ᅡ ᆨ"),
	strings.Fields("ա բ գ դ ե զ է ը թ ժ ի լ խ ծ կ հ ձ ղ ճ մ յ ն շ ո չ պ ջ ռ ս վ տ ր ց ւ փ ք և Ա Ք"),
	strings.Fields("ሀ ለ ሐ መ ሠ ረ ሰ ቀ በ ተ ኀ ነ አ ከ ወ ዐ ዘ የ ደ ገ ጠ ጰ ጸ ፀ ፈ ፐ"),
	strings.Fields("a ă â e ê i o ô ơ u ư y d đ n g h t r c m ạ ả ấ ầ ẩ ẫ ậ ế ề ể ễ ệ ố ồ ổ ỗ ộ ứ ừ ử ữ ự"),
	{"e\u0301", "a\u0308", "o\u0302\u0323", "n\u0303", "c\u0327", "u\u030a", "i\u0307", "z\u0336", "\u0301", "x\u20dd"},
}

// mulSpecial: punctuation, symbols and numbers of many scripts.
var mulSpecial = []string{
	"،", "؛", "؟", "٪", "٫", "٬", "٣", "٠١٢", "۴۵", "।", "॥", "०१२", "๓", "๏", "๚", "։", "՝", "՞", "።", "፣", "፲",
	"¿", "¡", "«", "»", "‹", "›", "„", "‚", "“", "”", "‘", "’", "〈", "〉", "【", "】", "⸮", "‽", "‱", "⁇", "⁈",
	"₹", "₽", "₩", "₪", "₫", "₺", "฿", "¢", "¤", "µ", "∞", "≈", "≠", "≤", "∈", "∀", "∂", "⊂", "⌘", "⏰", "☃",
	"♫", "✓", "✗", "❄", "🎉", "👨‍👩‍👧", "🇯🇵", "🏳️‍🌈", "❤️", "#️⃣", "¹", "²", "³", "¼", "¾", "⅓", "Ⅳ", "ⅷ", "①", "⑳",
	"𝟘𝟙", "𐄇", "٣.٥", "٣٫٥", "1.5", "1,5", "12:00", "3-4", "(1)", "[a]", "{x}", "e.g.", "…", "‥", "·", "•",
	"\u00ad", "\u200d", "\u200e", "\u200f", "\u2060", "\u061c", "\ufe0f", "\U000E0041",
}

func mulSet() corpusSet {
	r := &rng{state: 7}
	var perScript [][]string
	var vocab []string
	for _, inv := range mulScripts {
		ws := words(r, 30, 1, 4, inv)
		perScript = append(perScript, ws)
		vocab = append(vocab, ws...)
	}
	vocab = append(vocab, mulSpecial...)
	return corpusSet{
		name: "mul", seed: 8, n: 160, twoRefs: true,
		systems: standardSystems(),
		vocab:   vocab,
		content: func(r *rng, i int) []string {
			// Mostly one script a segment, with now and then a word of
			// another.
			main := perScript[r.intn(len(perScript))]
			n := segmentLength(r)
			toks := make([]string, n)
			for k := range toks {
				switch {
				case r.chance(0.15):
					toks[k] = pick(r, mulSpecial)
				case r.chance(0.05):
					toks[k] = pick(r, vocab)
				default:
					toks[k] = pick(r, main)
				}
			}
			return toks
		},
		render: renderSpaced,
	}
}
