#!/usr/bin/python3
"""Regenerate ja/testdata/tokens.json: MeCab's own -Owakati tokenization of
ja/testdata/text.txt, as sacreBLEU 2.6.0's ja-mecab tokenizer sees it.

The reference is MeCab 0.996 with the dictionary sacreBLEU asserts,
mecab-ipadic 2.7.0-20070801 (392,126 entries). On Debian 12:

    apt-get install mecab mecab-utils mecab-ipadic

gives MeCab 0.996-14 and the dictionary's EUC-JP sources (mecab-ipadic
2.7.0-20070801+main-3) in /usr/share/mecab/dic/ipadic. Debian appends one
entry to Noun.proper.csv, 令和, which the original lacks (sacreBLEU's
assertion rejects the 392,127-entry dictionary); this script drops that line
and compiles the sources as mecab-ipadic's build does (mecab-dict-index
-f euc-jp -t utf-8) into a temporary directory, checks the entry count, and
runs `mecab -Owakati` on every line of text.txt after Python's str.strip(),
as TokenizerJaMecab does (tokenizer(line) = tagger.parse(line.strip()).strip()).

Usage, from the repository root:

    /usr/bin/python3 ja/testdata/mecab_goldens.py            # writes tokens.json
    /usr/bin/python3 ja/testdata/mecab_goldens.py --check DIR # compares with the
        conformance set's ja-mecab/ja-mecab-tokens.json under DIR instead

--check is how this setup was verified to be sacreBLEU's reference: every
golden string that the mecab command can take as one line (no LF, CR or NUL)
must come out identical.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = "/usr/share/mecab/dic/ipadic"
DICT_INDEX = "/usr/lib/mecab/mecab-dict-index"
ENTRIES = 392126
REIWA = "令和,1288,1288,5904,名詞,固有名詞,一般,*,*,*,令和,レイワ,レイワ\n".encode("euc_jp")


def versions():
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package} ${Version}\\n", "mecab", "mecab-utils", "mecab-ipadic"],
        check=True, capture_output=True, text=True).stdout
    v = dict(line.split(" ", 1) for line in out.splitlines())
    if not v["mecab"].startswith("0.996-") or not v["mecab-utils"].startswith("0.996-"):
        sys.exit("need MeCab 0.996, have %r" % v)
    if not v["mecab-ipadic"].startswith("2.7.0-20070801"):
        sys.exit("need mecab-ipadic 2.7.0-20070801, have %r" % v)
    return v


def build(tmp):
    src, out = os.path.join(tmp, "src"), os.path.join(tmp, "dic")
    shutil.copytree(SOURCES, src)
    os.mkdir(out)
    path = os.path.join(src, "Noun.proper.csv")
    with open(path, "rb") as f:
        data = f.read()
    if data.count(REIWA) > 1:
        sys.exit("unexpected Noun.proper.csv")
    with open(path, "wb") as f:
        f.write(data.replace(REIWA, b""))
    subprocess.run([DICT_INDEX, "-d", src, "-o", out, "-f", "euc-jp", "-t", "utf-8"],
                   check=True, capture_output=True)
    shutil.copy(os.path.join(src, "dicrc"), out)
    # mecab -D prints the dictionary's header and exits with status 1.
    info = subprocess.run(["mecab", "-r", "/dev/null", "-d", out, "-D"],
                          capture_output=True, text=True).stdout
    if "size:\t%d\n" % ENTRIES not in info:
        sys.exit("dictionary does not have %d entries:\n%s" % (ENTRIES, info))
    return out


def wakati(dic, lines):
    """sacreBLEU's tokenizer(line) for every line (none may hold LF, CR, NUL)."""
    text = "".join(line.strip() + "\n" for line in lines)
    out = subprocess.run(["mecab", "-r", "/dev/null", "-d", dic, "-b", "1048576", "-Owakati"],
                         input=text.encode("utf-8"), check=True, capture_output=True).stdout
    res = out.decode("utf-8").split("\n")
    if res[-1] != "" or len(res) != len(lines) + 1:
        sys.exit("mecab gave %d lines for %d" % (len(res) - 1, len(lines)))
    return [r.strip() for r in res[:-1]]


def check(dic, conformance):
    with open(os.path.join(conformance, "ja-mecab", "ja-mecab-tokens.json"), encoding="utf-8") as f:
        g = json.load(f)
    items = [(it["s"], it["tok"]) for fl in g["file_lines"] for it in fl["items"]]
    items += [(it["s"], it["tok"]) for it in g["tricky"]]
    items = [(s, tok) for s, tok in items if not any(c in s.strip() for c in "\n\r\0")]
    got = wakati(dic, [s for s, _ in items])
    bad = [(s, tok, g) for (s, tok), g in zip(items, got) if g != tok]
    for s, tok, g in bad[:10]:
        print("MISMATCH %r\n  golden %r\n  mecab  %r" % (s[:200], tok[:200], g[:200]))
    print("%d of %d golden strings agree" % (len(items) - len(bad), len(items)))
    return not bad


def main():
    v = versions()
    with tempfile.TemporaryDirectory() as tmp:
        dic = build(tmp)
        if len(sys.argv) == 3 and sys.argv[1] == "--check":
            sys.exit(0 if check(dic, sys.argv[2]) else 1)
        with open(os.path.join(HERE, "text.txt"), encoding="utf-8") as f:
            lines = f.read().split("\n")[:-1]
        toks = wakati(dic, lines)
    doc = {
        "about": "MeCab's -Owakati output, stripped, for every line of text.txt after str.strip(): "
                 "sacreBLEU 2.6.0's ja-mecab tokenizer. Generated by mecab_goldens.py; do not edit.",
        "mecab": "Debian mecab %s, mecab-utils %s" % (v["mecab"], v["mecab-utils"]),
        "dictionary": "mecab-ipadic %s sources without Debian's 令和 line (%d entries), "
                      "mecab-dict-index -f euc-jp -t utf-8" % (v["mecab-ipadic"], ENTRIES),
        "items": [{"s": s, "tok": t} for s, t in zip(lines, toks)],
    }
    with open(os.path.join(HERE, "tokens.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
