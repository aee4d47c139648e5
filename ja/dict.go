package ja

// The dictionary: IPADIC 2.7.0-20070801 as MeCab 0.996 compiles it, built
// at load time from the data of github.com/ikawaha/kagome-dict/ipa. go.mod
// asks for ipa v1.2.0 and kagome-dict v1.1.1, the oldest versions that ship
// today's ipa.dict (byte for byte that of ipa v1.2.6) and can load it, and
// that ask for no newer Go than 1.19.
//
// kagome-dict's data equals IPADIC's sources entry for entry (surfaces,
// context ids, costs), its 1316x1316 connection matrix and its unknown-word
// definitions, with two differences this file undoes:
//
//   - kagome-dict has one entry mecab-ipadic 2.7.0 lacks: 令和 (1288, 1288,
//     5904), appended by some distributions after 2019. It is dropped, as
//     sacreBLEU asserts the 392,126 entries of the original.
//   - kagome-dict decoded IPADIC's EUC-JP sources with a mapping that differs
//     from glibc's (which mecab-dict-index used) for six code points. MeCab's
//     surfaces contain 〜 U+301C, ‖ U+2016, − U+2212 and £ U+00A3 where
//     kagome-dict's contain ～ U+FF5E, ∥ U+2225, － U+FF0D and ￡ U+FFE1 (21
//     entries); ¢/￠ and ¬/￢ are the other pairs, in no surface of either.
//     Neither set of surfaces contains the other's variants, so a prefix of
//     the input is a MeCab surface exactly when the prefix with the six pairs
//     swapped is a kagome-dict surface: the lookup swaps them (see swapAt).
//
// kagome-dict keeps neither the LENGTH of a character category nor the
// second category of a code point, and its builder sorted the entries of a
// surface and of an unknown-word category without keeping their order in
// the sources; charLength, secondCategory and unkOrder restore what MeCab
// needs from char.def and unk.def.

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	kdict "github.com/ikawaha/kagome-dict/dict"
	"github.com/ikawaha/kagome-dict/ipa"
)

// numContextIDs is the size of IPADIC's connection matrix (left and right).
const numContextIDs = 1316

// entry is one word of the dictionary: its context ids and word cost.
type entry struct {
	left, right uint16
	cost        int16
}

// charInfo is MeCab's CharInfo: the categories of a code point as a bit set
// (bit i = category i of char.def), its first category, which decides its
// unknown words, and that category's LENGTH, GROUP and INVOKE.
type charInfo struct {
	types   uint32
	cat     uint8
	length  uint8
	group   bool
	invoke  bool
	defined bool // false only for U+FFFF, which MeCab's table does not cover
}

// dictionary is the loaded, corrected dictionary. It is never written to
// after load and is shared by all tokenizers.
type dictionary struct {
	// da is kagome-dict's double-array trie of surfaces. A terminal's value
	// v is the index in entries of the surface's first entry.
	da kdict.IndexTable
	// count[v] is the number of entries of the surface whose first entry is
	// entries[v], after removing duplicates (0 for the removed 令和).
	count   []uint8
	entries []entry
	// matrix[r + numContextIDs*l] is the connection cost between a left
	// word with right id r and a right word with left id l.
	matrix []int16
	// chars is MeCab's character table, indexed by MeCab's 16-bit code
	// (see decodeChar).
	chars [0x10000]charInfo
	// unk[c] are the unknown-word entries of category c, in unk.def order.
	unk [][]entry
	// space is the CharInfo of U+0020, MeCab's space_.
	space charInfo
}

var (
	loadOnce sync.Once
	loaded   *dictionary
	loadErr  error
)

// load returns the dictionary, building it on first use.
func load() (*dictionary, error) {
	loadOnce.Do(func() {
		loaded, loadErr = build(ipa.DictShrink())
		if loadErr != nil {
			loaded = nil
			loadErr = fmt.Errorf("ja: kagome-dict/ipa data: %w", loadErr)
		}
	})
	return loaded, loadErr
}

// build derives the dictionary from kagome-dict's. It checks every fact the
// corrections rely on and fails if the data is not the expected version.
func build(kd *kdict.Dict) (*dictionary, error) {
	d := &dictionary{da: kd.Index}
	if kd.Connection.Row != numContextIDs || kd.Connection.Col != numContextIDs ||
		len(kd.Connection.Vec) != numContextIDs*numContextIDs {
		return nil, errors.New("connection matrix is not 1316x1316")
	}
	// kagome-dict stores the matrix with the right id of the left word
	// varying fastest, as MeCab does.
	d.matrix = kd.Connection.Vec
	if err := d.buildEntries(kd); err != nil {
		return nil, err
	}
	if err := d.buildChars(kd); err != nil {
		return nil, err
	}
	if err := d.buildUnknown(kd); err != nil {
		return nil, err
	}
	return d, nil
}

// The entries of kagome-dict/ipa's ipa.dict (the same file from v1.2.0 to
// v1.2.6): IPADIC's 392,126 and 令和.
const (
	kagomeEntries = 392127
	reiwaSurface  = "令和"
)

// buildEntries copies the word entries, dropping 令和 and the exact
// duplicates within a surface. A duplicate (same surface, context ids and
// cost) never changes MeCab's result: the earlier copy precedes it in every
// list the Viterbi search scans and wins every tie against it.
func (d *dictionary) buildEntries(kd *kdict.Dict) error {
	if len(kd.Morphs) != kagomeEntries {
		return fmt.Errorf("%d entries, want %d", len(kd.Morphs), kagomeEntries)
	}
	d.entries = make([]entry, len(kd.Morphs))
	for i, m := range kd.Morphs {
		if m.LeftID < 0 || m.LeftID >= numContextIDs || m.RightID < 0 || m.RightID >= numContextIDs {
			return fmt.Errorf("entry %d: context ids %d, %d out of range", i, m.LeftID, m.RightID)
		}
		d.entries[i] = entry{left: uint16(m.LeftID), right: uint16(m.RightID), cost: m.Weight}
	}
	d.count = make([]uint8, len(kd.Morphs))
	for i := range d.count {
		d.count[i] = 1
	}
	for first, dup := range kd.Index.Dup {
		n := int(first) + int(dup) + 1
		if first < 0 || dup < 0 || n > len(d.entries) || dup >= 255 {
			return fmt.Errorf("bad duplicate run %d+%d", first, dup)
		}
		// Compact the run in place, keeping the first of equal entries.
		run := d.entries[first:n]
		k := 0
		for _, e := range run {
			if !slices.Contains(run[:k], e) {
				run[k] = e
				k++
			}
		}
		d.count[first] = uint8(k)
	}
	ids := d.da.Search(reiwaSurface)
	if len(ids) != 1 || d.entries[ids[0]] != (entry{1288, 1288, 5904}) {
		return fmt.Errorf("%s: entries %v, want exactly the one mecab-ipadic 2.7.0 lacks", reiwaSurface, ids)
	}
	d.count[ids[0]] = 0
	return nil
}

// Categories of IPADIC's char.def, in its order (their ids).
var categoryNames = []string{"DEFAULT", "SPACE", "KANJI", "SYMBOL", "NUMERIC", "ALPHA", "HIRAGANA", "KATAKANA", "KANJINUMERIC", "GREEK", "CYRILLIC"}

// charLength is the LENGTH column of IPADIC's char.def for each category
// (kagome-dict keeps INVOKE and GROUP but not LENGTH): unknown words of
// 1..LENGTH characters are proposed for KANJI, HIRAGANA and KATAKANA.
var charLength = [11]uint8{2: 2, 6: 2, 7: 2}

// secondCategory lists the code points to which IPADIC's char.def gives a
// second category (kagome-dict keeps only the first): the kanji numerals
// 一二三四五六七八九十百千万億兆 are KANJINUMERIC and KANJI, 〇 U+3007 is
// SYMBOL and KANJINUMERIC.
var secondCategory = map[rune]uint8{
	0x4E00: 2, 0x4E8C: 2, 0x4E09: 2, 0x56DB: 2, 0x4E94: 2, 0x516D: 2, 0x4E03: 2, 0x516B: 2,
	0x4E5D: 2, 0x5341: 2, 0x767E: 2, 0x5343: 2, 0x4E07: 2, 0x5104: 2, 0x5146: 2,
	0x3007: 8,
}

const (
	catDefault      = 0
	catSpace        = 1
	catKanjiNumeric = 8
	catSymbol       = 3
)

// buildChars builds MeCab's character table from kagome-dict's categories.
func (d *dictionary) buildChars(kd *kdict.Dict) error {
	if !slices.Equal([]string(kd.CharClass), categoryNames) {
		return fmt.Errorf("character categories %v, want %v", kd.CharClass, categoryNames)
	}
	if len(kd.CharCategory) != 0x10000 || len(kd.InvokeList) != len(categoryNames) || len(kd.GroupList) != len(categoryNames) {
		return errors.New("character table of unexpected size")
	}
	info := make([]charInfo, len(categoryNames))
	for c := range info {
		info[c] = charInfo{
			types:   1 << c,
			cat:     uint8(c),
			length:  charLength[c],
			group:   kd.GroupList[c],
			invoke:  kd.InvokeList[c],
			defined: true,
		}
	}
	for r, c := range kd.CharCategory {
		if int(c) >= len(info) {
			return fmt.Errorf("U+%04X: category %d", r, c)
		}
		d.chars[r] = info[c]
	}
	for r, c := range secondCategory {
		want := uint8(catKanjiNumeric)
		if r == 0x3007 {
			want = catSymbol
		}
		if d.chars[r].cat != want {
			return fmt.Errorf("U+%04X: category %s, want %s", r, categoryNames[d.chars[r].cat], categoryNames[want])
		}
		d.chars[r].types |= 1 << c
	}
	if d.chars[' '].cat != catSpace {
		return errors.New("U+0020 is not SPACE")
	}
	d.space = d.chars[' ']
	// MeCab's table has 0xFFFF entries: U+FFFF reads the zeros past its end
	// (no category at all, so it joins no run and is no space).
	d.chars[0xFFFF] = charInfo{}
	return nil
}

// unkOrder is the order of unk.def's lines within every category, by left
// context id: 名詞一般, サ変接続, 固有名詞 地域, 組織, 人名, 一般, 感動詞.
// (DEFAULT, SPACE, SYMBOL, NUMERIC and KANJINUMERIC have one line each.)
var unkOrder = []uint16{1285, 1283, 1293, 1292, 1289, 1288, 3}

// buildUnknown collects the unknown-word entries of every category in
// unk.def's order.
func (d *dictionary) buildUnknown(kd *kdict.Dict) error {
	u := kd.UnkDict
	d.unk = make([][]entry, len(categoryNames))
	for c := range d.unk {
		first, ok := u.Index[int32(c)]
		if !ok {
			return fmt.Errorf("no unknown words for %s", categoryNames[c])
		}
		n := int(first) + int(u.IndexDup[int32(c)]) + 1
		if first < 0 || n > len(u.Morphs) {
			return fmt.Errorf("unknown words of %s out of range", categoryNames[c])
		}
		var es []entry
		for _, m := range u.Morphs[first:n] {
			es = append(es, entry{left: uint16(m.LeftID), right: uint16(m.RightID), cost: m.Weight})
		}
		if len(es) > 1 {
			rank := func(e entry) int {
				if i := slices.Index(unkOrder, e.left); i >= 0 {
					return i
				}
				return len(unkOrder)
			}
			slices.SortStableFunc(es, func(a, b entry) int { return rank(a) - rank(b) })
			for i := 1; i < len(es); i++ {
				if rank(es[i]) == rank(es[i-1]) || rank(es[i]) == len(unkOrder) {
					return fmt.Errorf("unknown words of %s: unexpected left ids", categoryNames[c])
				}
			}
		}
		d.unk[c] = es
	}
	return nil
}
