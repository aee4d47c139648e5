#!/usr/bin/python3
"""Writes the text the test models are trained on (train.txt) and the
lines their goldens encode (stress.txt), deterministically.

train.txt: sentences of made-up words in Latin (with diacritics),
Cyrillic, Greek, Arabic, Han, Kana and Hangul syllables, numbers and
punctuation. stress.txt: lines that stress the normalizer and the
segmenters: full-width forms, ligatures, combining marks, control and
format characters, runs of whitespace, emoji, scripts absent from the
training text, U+FFFD and other rare but valid UTF-8, plus sentences
like the training text.

Usage: gen_text.py OUTDIR
"""
import random
import sys

SYLLABLES = {
    "latin": ["ka", "ro", "mi", "te", "lu", "sa", "ne", "po", "di", "ga", "vé", "çà",
              "ñu", "öl", "ür", "ße", "æs", "ø", "ły", "ží", "ő", "ș", "ţa", "qu"],
    "cyrillic": ["ка", "ро", "ми", "те", "лу", "са", "не", "по", "ди", "жё", "щи", "ый"],
    "greek": ["κα", "ρο", "μι", "τε", "λυ", "σα", "νέ", "πό", "δι", "γά"],
    "arabic": ["كا", "رو", "مي", "تي", "لو", "سا", "ني", "بو", "دي", "غا"],
    "han": list("東京大学中国人日本語文字研究生活時間世界电脑问题"),
    "kana": list("かなさたはまやらわアイウエオカキクケコ"),
    "hangul": list("한국어서울사람시간세계"),
}
PUNCT = [".", ",", "!", "?", ";", ":", "'", '"', "(", ")", "-", "—", "«", "»", "、", "。", "،"]


def word(rng, script):
    sy = SYLLABLES[script]
    n = rng.randint(1, 4)
    w = "".join(rng.choice(sy) for _ in range(n))
    if script == "latin" and rng.random() < 0.15:
        w = w.capitalize()
    return w


def number(rng):
    r = rng.random()
    if r < 0.4:
        return str(rng.randint(0, 99))
    if r < 0.7:
        return str(rng.randint(100, 99999))
    if r < 0.85:
        return f"{rng.randint(0, 999)}.{rng.randint(0, 99)}"
    return f"{rng.randint(1, 28)}/{rng.randint(1, 12)}/{rng.randint(1990, 2030)}"


def sentence(rng):
    script = rng.choice(list(SYLLABLES))
    parts = []
    for _ in range(rng.randint(3, 14)):
        r = rng.random()
        if r < 0.1:
            parts.append(number(rng))
        elif r < 0.2:
            parts.append(rng.choice(PUNCT))
        elif r < 0.25:
            parts.append(word(rng, rng.choice(list(SYLLABLES))))
        else:
            parts.append(word(rng, script))
    sep = "" if script in ("han", "kana") and rng.random() < 0.5 else " "
    return sep.join(parts)


STRESS = [
    "",
    " ",
    "   ",
    "\t",
    "a",
    "  leading and trailing spaces  ",
    "runs   of    spaces\tand\ttabs\u3000ideographic\u00a0nbsp",
    "ＦＵＬＬ－ＷＩＤＴＨ　ｆｏｒｍｓ　１２３　！？",
    "ﾊﾝｶｸ ｶﾀｶﾅ half-width katakana",
    "ligatures ﬁ ﬂ ﬀ ﬃ Ĳ ǆ ㍻ ㎏ ™ ℃ ½ ⅸ",
    "combining e\u0301 a\u0308 o\u0302\u0323 n\u0303 \u0301lone",
    "precomposed é ä ộ ñ versus decomposed e\u0301 a\u0308",
    "control \x01\x02\x07\x1b\x7f chars and C1 \x85\x9c",
    "format \u200b zero\u200cwidth\u200djoiner \u2060 \ufeff bom \u00ad soft\u00adhyphen",
    "bidi \u202a\u202b\u202e marks \u200e\u200f",
    "emoji 😀 👍🏽 👨‍👩‍👧 🇯🇵 ❤️ ✈︎",
    "scripts unseen: ᚠᚢᚦ ሰላም नमस्ते ภาษาไทย ქართული Ꭰ 𐌰𐌱 𝔘𝔫𝔦",
    "math 𝐀𝐁𝐂 𝟏𝟐𝟑 ∑∫√∞ ≠ ≤ ≥",
    "replacement \ufffd char and private use \ue000 \U000f0000 noncharacter \ufdd0 \uffff",
    "digits 0123456789 ١٢٣ ४५६ ١٢٣٤ 12.5% 1,000,000",
    "quotes “double” ‘single’ „low“ ‹angle›",
    "dashes – — ‐ ‑ ‒ − and ellipsis …",
    "Straße ǅ ﬆ İstanbul ΣΑΣ ßẞ",
    "東京大学で日本語を研究しています。",
    "한국어 문장입니다",
    "кириллица и латиница mixed",
    "العربية مع أرقام ١٢٣",
    "a\u2581b ▁ literal lower one eighth block ▁▁",
    "<s> </s> <unk> <pad> control pieces as text",
    "user symbols <sep> <cls> [MASK] inside<sep>words",
    "<ctl><2ja> control symbols <ctl> in text, <ctl>ka",
    "ka<sep>ka [MASK]ka kaka<cls> 東京123ab",
    "x" * 40,
    "kakakakakakakaka rororoмимими",
    "line with\rcarriage return",
    "vertical\x0bfeed\x0cform",
    "nul \x00 byte ka\x00mi",
    "\u2028line separator\u2029paragraph",
    "wide ｗｉｄｅ　ｓｐａｃｅ　　ｒｕｎ",
    "ab abc abcd xyz xy",
]


def main():
    out = sys.argv[1]
    rng = random.Random(20261206)
    with open(f"{out}/train.txt", "w", encoding="utf-8") as f:
        for _ in range(6000):
            f.write(sentence(rng) + "\n")
    lines = list(STRESS)
    for _ in range(24):
        lines.append(sentence(rng))
    with open(f"{out}/stress.txt", "w", encoding="utf-8", newline="\n") as f:
        for l in lines:
            assert "\n" not in l
            f.write(l + "\n")


if __name__ == "__main__":
    main()
