"""Makes the test sets of package testset's tests and sacreBLEU 2.6.0's
goldens on them.

    PYTHONPATH=/work/sacrebleu /usr/bin/python3 testset/testdata/goldens.py

It writes, under testset/testdata:
  raw/KEY/...     the generated raw files of each test set: for an archive
                  URL the tree it holds (the tests archive it themselves),
                  for another URL the file (a ".gz" URL's file uncompressed)
  catalogue.json  the test catalogue: sets in the shape of the catalogue
  hyps/           hypotheses to score: the references perturbed at random
  goldens.json    what sacreBLEU makes of them: for each set and pair the
                  field names, the processed files byte for byte, the
                  reference fields, the origlangs and subsets it lists and
                  the segments --origlang/--subset keep; and the standard
                  output and exit status of `sacrebleu --echo/--list/...`
                  and of scoring runs with -t (run in testdata, "<" FILE
                  meaning standard input from FILE)

Everything is generated from a fixed seed; no test-set text is used.
sacreBLEU runs on a scratch $SACREBLEU into which the archives are put
where it expects them and extracted with its own extract_tarball.
"""
import contextlib
import gzip
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")

WORDS = ("the a of to and in is that for it with as was on be by this are "
         "house cat river old new small Mr. Dr. 1,000 3.5 $5 don't e-mail "
         "Haus Straße über naïve café 東京 北京 Москва город I'm (a) [b] \"q\"").split()

SPECIAL = [
    "  leading and trailing spaces  ",
    "tab\tinside\tthe line",
    "many     inner      spaces",
    "non\u00a0breaking\u00a0space and\u2009thin",
    "ideographic\u3000space",
    "line\u2028separator and\u0085next line",
    "unit\u001cseparator\u001fchars",
    "carriage\rreturn inside",
    "vertical\x0btab and\x0cform feed",
    "zero\u200bwidth space stays",
    "",
    "   ",
    "emoji 😀 and accents àéîõü",
    "trailing carriage return\r",
]


def sentence(rng, i):
    if rng.random() < 0.25:
        return SPECIAL[rng.randrange(len(SPECIAL))]
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))) + f" {i}"


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, encoding="utf-8", newline="") as f:
        f.write(text)


# ---------------------------------------------------------------------------
# The raw files.

def gen_plain(rng, key):
    d = os.path.join(RAW, key, "plain.tgz", "plain")
    n = 12
    src = [sentence(rng, i) for i in range(n)]
    ref = [sentence(rng, i) for i in range(n)]
    # \r\n endings on some lines, a missing final newline on the reference
    write(os.path.join(d, "test.en"), "".join(s + ("\r\n" if i % 3 == 0 else "\n") for i, s in enumerate(src)))
    write(os.path.join(d, "test.de"), "\n".join(ref))
    fr = [sentence(rng, i) for i in range(n)]
    write(os.path.join(RAW, key, "test.fr"), "".join(s + "\n" for s in fr))


def sgm_doc_lines(rng, docid, attrs, segs, seg_style):
    out = [f'<doc {attrs} docid="{docid}">\n' if attrs else f'<doc docid="{docid}">\n', "<p>\n"]
    for j, s in enumerate(segs):
        text = xml_escape(s)
        style = seg_style(j)
        if style == 0:
            out.append(f'<seg id="{j + 1}">{text}</seg>\n')
        elif style == 1:
            out.append(f'<seg id="{j + 1}" > {text} </seg> trailing\n')
        elif style == 2:
            out.append(f'<seg id={j + 1}>{text}</seg><seg id="x">second</seg>\n')
        elif style == 3:
            out.append(f'<seg id="{j + 1}">{text}\n')  # no closing tag
        else:
            out.append(f'<seg id="{j + 1}">a > b</seg> </seg>\n')
    out.append("</p>\n</doc>\n")
    return out


def gen_sgml(rng, key, docs, nrefs, name_base, tarname, with_meta=True):
    """Writes a source and nrefs references in fake SGML."""
    d = os.path.join(RAW, key, tarname, name_base)
    files = []
    for side in range(1 + nrefs):
        rng2 = random.Random(1000 * side + len(key))
        lines = ['<srcset setid="gen" srclang="any">\n' if side == 0 else '<refset setid="gen" trglang="any">\n']
        for k, (docid, attrs, nseg) in enumerate(docs):
            segs = [sentence(rng2, j) for j in range(nseg)]
            lines += sgm_doc_lines(rng2, docid, attrs if with_meta else "", segs, lambda j: (j + k + side) % 5)
        lines.append("</srcset>\n" if side == 0 else "</refset>\n")
        fname = f"{name_base}-{'src' if side == 0 else 'ref%d' % side}.sgm"
        write(os.path.join(d, fname), "".join(lines))
        files.append(f"{name_base}/{fname}")
    return files


def gen_tsv(rng, key):
    d = os.path.join(RAW, key, "tsv.tar.gz", "tsv")
    lines = []
    for i in range(10):
        cols = [str(i), str(1000 + i), sentence(rng, i).replace("\t", " "), sentence(rng, i).replace("\t", " ")]
        if i == 4:
            cols[3] = ""  # an empty reference, as MTNT2019/ja-en has
        lines.append("\t".join(cols) + ("\r\n" if i == 6 else "\n"))
    write(os.path.join(d, "a-b.tsv"), "".join(lines))
    lines = [sentence(rng, i).replace("\t", " ") + "\t" + sentence(rng, i).replace("\t", " ") + "\n" for i in range(6)]
    write(os.path.join(d, "c-d.tsv"), "".join(lines))


def gen_iwslt(rng, key):
    d = os.path.join(RAW, key, "iwslt.zip", "iwslt")
    files = []
    for side, lang in ((0, "en"), (1, "fr")):
        rng2 = random.Random(77 + side)
        lines = ['<?xml version="1.0" encoding="UTF-8"?>\n', "<mteval>\n",
                 f'<{"srcset" if side == 0 else "refset"} setid="iwslt" srclang="en">\n']
        for k in range(3):
            lines.append(f'<doc docid="{535 + k}" genre="lectures">\n')
            lines.append("<url>http://www.ted.com/talks/x</url>\n")
            lines.append("<talkid>%d</talkid>\n" % (535 + k))
            for j in range(4):
                lines.append(f'<seg id="{j + 1}"> {xml_escape(xml_safe(sentence(rng2, j)))} </seg>\n')
            lines.append("</doc>\n")
        lines.append("</srcset>\n" if side == 0 else "</refset>\n")
        lines.append("</mteval>\n")
        fname = f"IWSLT.tst2017.en-fr.{lang}.xml"
        write(os.path.join(d, fname), "".join(lines))
        files.append(f"iwslt/{fname}")
    return files


def xml_safe(s):
    """Drops the control characters XML 1.0 does not allow."""
    return "".join(c for c in s if c in "\t\n\r" or ord(c) >= 0x20)


def wmt_seg(rng, j, text, style):
    text = xml_safe(text)
    if style == 0:
        return f'<seg id="{j}">{xml_escape(text)}</seg>'
    if style == 1:
        return f'<seg id="{j}"><![CDATA[{text}]]> tail</seg>'
    if style == 2:
        return f'<seg id="{j}">{xml_escape(text)}<!-- c -->after comment</seg>'
    if style == 3:
        return f'<seg id="{j}"></seg>'
    return f'<seg id=" {j} ">&#x41;&amp;&#66; {xml_escape(text)}\n  continued</seg>'


def gen_wmt(rng, key, path, langs, docs, translators, systems, domain, testsuite=True):
    """docs: list of (docid, origlang, domain, nseg, refs_for_translators)."""
    src_lang, trg_lang = langs
    out = ['<?xml version="1.0" encoding="utf-8"?>\n', '<dataset id="gen">\n']
    for di, (docid, origlang, dom, nseg) in enumerate(docs):
        attrs = f'id="{docid}" origlang="{origlang}"'
        if domain and dom is not None:
            attrs += f' domain="{dom}"'
        out.append(f"  <doc {attrs}>\n")
        out.append(f'    <src lang="{src_lang}">\n      <p>\n')
        ids = list(range(1, nseg + 1))
        for j in ids:
            style = 3 if (di == 1 and j == 2 and key != "xml-none") else rng.choice([0, 0, 0, 1, 2, 4])
            out.append("        " + wmt_seg(rng, j, sentence(rng, j), style if style != 3 else 0) + "\n")
        out.append("      </p>\n    </src>\n")
        for t in translators:
            if t == "skip-doc0" and di == 0:
                continue
            tattr = "" if t is None else f' translator="{t}"'
            out.append(f'    <ref lang="{trg_lang}"{tattr}>\n      <p>\n')
            for j in ids:
                if j == 3 and di == 0:
                    out.append(f'        <seg id="{j}"></seg>\n')  # no reference: the segment is dropped
                    continue
                out.append("        " + wmt_seg(rng, j, sentence(rng, j), rng.choice([0, 0, 1, 4])) + "\n")
            out.append("      </p>\n    </ref>\n")
        for sname in systems:
            out.append(f'    <hyp system="{sname}" lang="{trg_lang}">\n      <p>\n')
            for j in ids:
                style = 3 if j == 1 and sname == systems[-1] else rng.choice([0, 1, 2])
                out.append("        " + wmt_seg(rng, j, sentence(rng, j), style) + "\n")
            out.append("      </p>\n    </hyp>\n")
        out.append("  </doc>\n")
    if testsuite:
        out.append('  <doc id="ts1" origlang="xx" testsuite="yes">\n')
        out.append(f'    <src lang="{src_lang}"><p><seg id="1">suite</seg></p></src>\n')
        out.append(f'    <ref lang="{trg_lang}" translator="TS"><p><seg id="1">suite ref</seg></p></ref>\n')
        out.append("  </doc>\n")
    out.append("</dataset>\n")
    write(os.path.join(RAW, key, "xml.tar.gz", path), "".join(out))


def generate():
    shutil.rmtree(RAW, ignore_errors=True)
    rng = random.Random(20261206)
    sets = []

    gen_plain(rng, "plain")
    sets.append({
        "key": "plain", "name": "gen/plain", "format": "PlainText",
        "urls": ["https://data.example/gen/plain.tgz", "https://data.example/gen/test.fr.gz"],
        "pairs": [
            {"pair": "en-de", "files": ["plain/test.en", "plain/test.de"]},
            {"pair": "en-fr", "files": ["plain/test.en", "gen_plain.test.fr.gz"]},
        ],
    })

    docs = [("bbc.381790", 'origlang="en" genre="news"', 3),
            ("nytimes.184853", 'genre="news" origlang="de"', 4),
            ("unknown.1", 'genre="blog"', 2),  # no origlang: sacreBLEU keeps the previous
            ("rt.com.91337", 'origlang="en"', 3)]
    src_ref = gen_sgml(rng, "sgml", docs, 1, "sgm-de-en", "sgml.tar.gz")
    src_2ref = gen_sgml(rng, "sgml", docs, 2, "sgm-en-de", "sgml.tar.gz")
    sets.append({
        "key": "sgml", "name": "wmt19", "format": "FakeSGMLDataset",
        "urls": ["https://data.example/gen/sgml.tar.gz"],
        "pairs": [{"pair": "de-en", "files": src_ref}, {"pair": "en-de", "files": src_2ref}],
    })

    src_ref08 = gen_sgml(rng, "wmt08", docs[:2], 1, "nc", "wmt08.tgz")
    sets.append({
        "key": "wmt08", "name": "wmt08/gen", "format": "FakeSGMLDataset",
        "urls": ["https://data.example/gen/wmt08.tgz"],
        "pairs": [{"pair": "fr-en", "files": src_ref08}],
    })

    add = gen_sgml(rng, "addition", docs[:2], 1, "add", "addition.tar.gz")
    d = os.path.join(RAW, "addition", "addition.tar.gz", "add")
    write(os.path.join(d, "add-plain.ref"), "".join(sentence(rng, i) + "\n" for i in range(7)))
    sets.append({
        "key": "addition", "name": "gen/addition", "format": "WMTAdditionDataset",
        "urls": ["https://data.example/gen/addition.tar.gz"],
        "pairs": [{"pair": "en-de", "files": [add[0], "add/add-plain.ref"]},
                  {"pair": "de-en", "files": add}],
    })

    iw = gen_iwslt(rng, "iwslt")
    sets.append({
        "key": "iwslt", "name": "gen/iwslt", "format": "IWSLTXMLDataset",
        "urls": ["https://data.example/gen/iwslt.zip"],
        "pairs": [{"pair": "en-fr", "files": iw}],
    })

    gen_tsv(rng, "tsv")
    sets.append({
        "key": "tsv", "name": "gen/tsv", "format": "TSVDataset",
        "urls": ["https://data.example/gen/tsv.tar.gz"],
        "pairs": [{"pair": "a-b", "files": ["2:tsv/a-b.tsv", "3:tsv/a-b.tsv"]},
                  {"pair": "c-d", "files": ["tsv/c-d.tsv", "tsv/c-d.tsv"]}],
    })

    wdocs = [("doc0", "en", "news", 4), ("doc1", "de", "social", 3), ("doc2", "en", "news", 2)]
    gen_wmt(rng, "xml", "xml/gen.en-de.xml", ("en", "de"), wdocs, ["A", "B"], ["sysA", "sysB"], True)
    gen_wmt(rng, "xml", "xml/gen.de-en.xml", ("de", "en"), wdocs, ["A", "B"], ["sysX"], True)
    gen_wmt(rng, "xml", "xml/gen.cs-uk.xml", ("cs", "uk"), wdocs[:2], [None], [], False)
    gen_wmt(rng, "xml", "xml/gen.en-ja.xml", ("en", "ja"), wdocs, ["A"], ["sys1"], False, testsuite=False)
    sets.append({
        "key": "xml", "name": "gen/xml", "format": "WMTXMLDataset",
        "urls": ["https://data.example/gen/xml.tar.gz"],
        "refs": ["A"],
        "pairs": [
            {"pair": "en-de", "files": ["xml/gen.en-de.xml"]},
            {"pair": "de-en", "files": ["xml/gen.de-en.xml"], "refs": ["B"]},
            {"pair": "cs-uk", "files": ["xml/gen.cs-uk.xml"], "refs": [""]},
            {"pair": "en-ja", "files": ["xml/gen.en-ja.xml"]},
        ],
    })
    return sets


# ---------------------------------------------------------------------------
# Archives, placed in a scratch $SACREBLEU as sacreBLEU would have them.

def build_archive(tree, name, dest):
    """Archives the directory tree as the download named name."""
    entries = []
    for root, dirs, files in os.walk(tree):
        dirs.sort()
        for f in sorted(files):
            full = os.path.join(root, f)
            entries.append((os.path.relpath(full, tree), full))
    if name.endswith(".zip"):
        with zipfile.ZipFile(dest, "w") as z:
            for rel, full in entries:
                z.write(full, rel)
    else:
        with tarfile.open(dest, "w:gz") as t:
            for rel, full in entries:
                t.add(full, rel)


def place(s, cache):
    from sacrebleu.utils import extract_tarball
    rawdir = os.path.join(cache, s["name"], "raw")
    os.makedirs(rawdir, exist_ok=True)
    for url in s["urls"]:
        base = os.path.basename(url)
        dest = os.path.join(rawdir, s["name"].replace("/", "_") + "." + base)
        src = os.path.join(RAW, s["key"], base)
        if base.endswith((".tar.gz", ".tgz", ".zip")):
            build_archive(src, base, dest)
            extract_tarball(dest, rawdir)
        elif base.endswith(".gz"):
            with open(src[:-3], "rb") as fin, gzip.open(dest, "wb") as fout:
                fout.write(fin.read())
        else:
            shutil.copy(src, dest)


def register(sets):
    import sacrebleu.dataset as ds
    classes = {"PlainText": ds.PlainTextDataset, "FakeSGMLDataset": ds.FakeSGMLDataset,
               "WMTAdditionDataset": ds.WMTAdditionDataset, "IWSLTXMLDataset": ds.IWSLTXMLDataset,
               "TSVDataset": ds.TSVDataset, "WMTXMLDataset": ds.WMTXMLDataset}
    for s in sets:
        langpairs = {}
        for p in s["pairs"]:
            if "refs" in p:
                langpairs[p["pair"]] = {"path": p["files"][0], "refs": p["refs"]}
            else:
                langpairs[p["pair"]] = p["files"]
        kw = {"refs": s["refs"]} if "refs" in s else {}
        ds.DATASETS[s["name"]] = classes[s["format"]](
            s["name"], data=s["urls"], md5=None, description=f"Generated {s['format']} set.",
            citation=None, langpairs=langpairs, **kw)


# ---------------------------------------------------------------------------
# Goldens.

def call(f, *args):
    try:
        return {"value": f(*args)}
    except BaseException as e:  # sacreBLEU crashes here
        return {"error": type(e).__name__}


def library_goldens(sets, cache):
    from sacrebleu.dataset import DATASETS
    from sacrebleu import utils
    out = []
    for s in sets:
        d = DATASETS[s["name"]]
        for p in s["pairs"]:
            pair = p["pair"]
            files = d.get_files(pair)
            g = {"set": s["name"], "pair": pair, "fields": d.fieldnames(pair),
                 "files": {}, "refs": [os.path.basename(f) for f in d.get_reference_files(pair)]}
            for f in files:
                with open(f, "rb") as fin:
                    g["files"][os.path.basename(f)] = fin.read().decode("utf-8")
            g["origlangs"] = call(utils.get_available_origlangs, s["name"], pair)
            g["subsets"] = call(utils.get_available_subsets, s["name"], pair)
            n = sum(1 for _ in open(files[0], encoding="utf-8", newline="\n"))
            filters = []
            for origlang, subset in [("en", None), ("non-en", None), ("de", None), (None, "news"),
                                     (None, "country:GB"), (None, "politics"), ("en", "soc.*")]:
                r = call(utils.filter_subset, [list(range(n))], s["name"], pair, origlang, subset)
                if "value" in r:
                    kept = set(r["value"][0])
                    r = {"value": [i in kept for i in range(n)]}
                filters.append({"origlang": origlang, "subset": subset, **r})
            g["filters"] = filters
            out.append(g)
    return out


def cli_cases(sets):
    cases = [["--list"], ["--list", "-l", "de-en"], ["--list", "-l", "en-zz"]]
    for s in sets:
        cases.append(["-t", s["name"], "--list"])
        cases.append(["--citation", "-t", s["name"]])
        for p in s["pairs"]:
            base = ["-t", s["name"], "-l", p["pair"]]
            cases.append(base + ["--list"])
            cases.append(base + ["--echo", "src"])
            cases.append(base + ["--echo", "ref"])
            cases.append(base + ["--echo", "src", "ref", "docid"])
            cases.append(base + ["--echo", "nosuchfield"])
            cases.append(base + ["--echo", "all"])
            cases.append(base + ["--echo", "all", "src"])
            cases.append(base + ["--echo", "src", "--origlang", "en"])
            cases.append(base + ["--echo", "src", "ref", "--origlang", "non-en"])
            cases.append(base + ["--echo", "src", "--subset", "news"])
            cases.append(base + ["--echo", "src", "--subset", "country:GB"])
    cases += [["-t", "gen/xml", "-l", "xx-yy", "--echo", "src"],
              ["-t", "nosuchset", "-l", "en-de", "--echo", "src"],
              ["-t", "gen/xml", "--echo", "src"],
              ["-t", "gen/xml,gen/xml", "-l", "en-de", "--echo", "src"],
              ["-t", "wmt19,gen/xml", "-l", "en-de", "--echo", "src", "--origlang", "en"]]
    return cases


def make_hyps(cache):
    """Writes hypotheses for the scoring runs: the generated references of
    a pair, words dropped, repeated and swapped at random."""
    from sacrebleu.dataset import DATASETS
    rng = random.Random(35)
    hyps = os.path.join(HERE, "hyps")
    shutil.rmtree(hyps, ignore_errors=True)
    os.makedirs(hyps)

    def perturb(line):
        words = line.split()
        out = []
        for w in words:
            r = rng.random()
            if r < 0.15:
                continue
            out.append(w)
            if r > 0.9:
                out.append(rng.choice(WORDS))
        if len(out) > 2 and rng.random() < 0.3:
            i = rng.randrange(len(out) - 1)
            out[i], out[i + 1] = out[i + 1], out[i]
        return " ".join(out)

    def ref_lines(name, pair, field):
        d = DATASETS[name]
        files = dict(zip(d.fieldnames(pair), d.get_files(pair)))
        with open(files[field], encoding="utf-8", newline="\n") as f:
            return [l.rstrip("\n") for l in f]

    for fname, name, pair, field in [("xml-en-de-1.txt", "gen/xml", "en-de", "ref:A"),
                                     ("xml-en-de-2.txt", "gen/xml", "en-de", "ref:B"),
                                     ("xml-de-en.txt", "gen/xml", "de-en", "ref:B"),
                                     ("wmt19-en-de.txt", "wmt19", "en-de", "ref:0"),
                                     ("plain-en-de.txt", "gen/plain", "en-de", "ref"),
                                     ("tsv-c-d.txt", "gen/tsv", "c-d", "ref")]:
        lines = [perturb(l) for l in ref_lines(name, pair, field)]
        write(os.path.join(hyps, fname), "".join(l + "\n" for l in lines))
    lines = [perturb(l) for l in ref_lines("gen/tsv", "c-d", "ref") * 2]
    write(os.path.join(hyps, "tsv-c-d-twice.txt"), "".join(l + "\n" for l in lines))


def scoring_cases():
    h = lambda f: "hyps/" + f
    x = ["-t", "gen/xml", "-l", "en-de"]
    return [
        x + ["-i", h("xml-en-de-1.txt")],
        x + ["-i", h("xml-en-de-1.txt"), "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), "-f", "text", "-b"],
        x + ["-i", h("xml-en-de-1.txt"), "--origlang", "en"],
        x + ["-i", h("xml-en-de-1.txt"), "--origlang", "non-en", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), "--subset", "news"],
        x + ["-i", h("xml-en-de-1.txt"), "--origlang", "en", "--subset", "soc"],
        x + ["-i", h("xml-en-de-1.txt"), "--origlang", "xx"],
        x + ["-i", h("xml-en-de-1.txt"), h("xml-en-de-2.txt")],
        x + ["-i", h("xml-en-de-1.txt"), h("xml-en-de-2.txt"), "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), h("xml-en-de-2.txt"), "-pbs", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), h("xml-en-de-2.txt"), "-par", "--paired-ar-n", "100"],
        x + ["-i", h("xml-en-de-1.txt"), "-ci", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), "-sl"],
        x + ["-i", h("xml-en-de-1.txt"), "-sl", "--origlang", "de"],
        x + ["-i", h("xml-en-de-1.txt"), "-tok", "none", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), "-d"],
        x + ["-i", h("xml-en-de-1.txt"), "-d", "--origlang", "en"],
        x + ["-i", h("xml-en-de-1.txt"), "-d", "--subset", "news"],
        x + ["-i", h("plain-en-de.txt")],
        ["-t", "gen/xml", "-l", "de-en", "-i", h("xml-de-en.txt"), "-f", "text"],
        ["-t", "gen/xml", "-l", "de-en", "-i", h("xml-de-en.txt"), "-d"],
        ["-t", "wmt19", "-l", "en-de", "-i", h("wmt19-en-de.txt"), "-f", "text"],
        ["-t", "wmt19", "-l", "en-de", "-i", h("wmt19-en-de.txt"), "--subset", "country:GB", "-f", "text"],
        ["-t", "wmt19", "-l", "en-de", "-i", h("wmt19-en-de.txt"), "--origlang", "de", "-f", "text"],
        ["-t", "wmt19", "-l", "en-de", "-i", h("wmt19-en-de.txt"), "-d"],
        ["-t", "gen/plain", "-l", "en-de", "-i", h("plain-en-de.txt"), "-f", "text"],
        ["-t", "gen/plain", "-l", "en-de", "-i", h("plain-en-de.txt"), "-d"],
        ["-t", "gen/tsv", "-l", "c-d", "-i", h("tsv-c-d.txt")],
        ["-t", "gen/tsv,gen/tsv", "-l", "c-d", "-i", h("tsv-c-d-twice.txt"), "-f", "text"],
        ["-t", "gen/tsv,gen/tsv", "-l", "c-d", "-i", h("tsv-c-d.txt")],
        ["-t", "gen/tsv", "-l", "c-d", "-i", h("plain-en-de.txt")],
        ["-t", "gen/plain", "-l", "en-de", "-f", "text", "<", h("plain-en-de.txt")],
        x + ["-d", "<", h("xml-en-de-1.txt")],
        ["-t", "wmt19", "-l", "en-de", "-d", "--subset", "politics", "<", h("wmt19-en-de.txt")],
        ["-t", "gen/plain", "-l", "en-de", "hyps/plain-en-de.txt", "-i", h("plain-en-de.txt")],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "bleu", "chrf"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "chrf", "--origlang", "en", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), h("xml-en-de-2.txt"), "-m", "bleu", "chrf", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "bleu", "chrf", "-d"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "chrf", "-cw", "2", "-d", "--subset", "news"],
        ["-t", "wmt19", "-l", "en-de", "-i", h("wmt19-en-de.txt"), "-m", "chrf", "bleu", "-d"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "ter"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "ter", "--ter-normalized", "--origlang", "en", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), h("xml-en-de-2.txt"), "-m", "bleu", "chrf", "ter", "-f", "text"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "ter", "-sl", "--subset", "news"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "ter", "bleu", "chrf", "-d"],
        x + ["-i", h("xml-en-de-1.txt"), "-m", "ter", "--ter-no-punct", "-d", "--origlang", "en"],
        ["-t", "wmt19", "-l", "en-de", "-i", h("wmt19-en-de.txt"), "-m", "chrf", "ter", "-d", "-w", "4"],
    ]


def run_cli(args, cache):
    env = dict(os.environ, SACREBLEU=cache, PYTHONHASHSEED="0", NO_COLOR="1")
    stdin = subprocess.DEVNULL
    if "<" in args:
        i = args.index("<")
        stdin = open(os.path.join(HERE, args[i + 1]), "rb")
        run_args = args[:i]
    else:
        run_args = args
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--cli", *run_args], cwd=HERE,
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=stdin)
    # crashed: sacreBLEU ended with a Python traceback rather than a message
    return {"args": args, "stdout": p.stdout.decode("utf-8"), "status": p.returncode,
            "crashed": b"Traceback (most recent call last)" in p.stderr}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--cli":
        with open(os.path.join(HERE, "catalogue.json")) as f:
            register(json.load(f)["sets"])
        from sacrebleu.sacrebleu import main as sacrebleu_main
        sys.argv = ["sacrebleu", *sys.argv[2:]]
        sacrebleu_main()
        return

    if os.environ.get("PYTHONHASHSEED") != "0":
        # sacreBLEU orders a WMT XML file's references as Python iterates a
        # set of strings: fix the hash seed so that the goldens are stable.
        os.execve(sys.executable, [sys.executable, *sys.argv], dict(os.environ, PYTHONHASHSEED="0"))
    import sacrebleu
    assert sacrebleu.__version__ == "2.6.0"
    sets = generate()
    with open(os.path.join(HERE, "catalogue.json"), "w") as f:
        json.dump({"sets": sets}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    cache = tempfile.mkdtemp(prefix="sacrebleu-goldens-")
    try:
        os.environ["SACREBLEU"] = cache
        import sacrebleu.utils as utils
        utils.SACREBLEU_DIR = cache
        import sacrebleu.dataset.base as base
        base.SACREBLEU_DIR = cache
        register(sets)
        for s in sets:
            place(s, cache)
        lib = library_goldens(sets, cache)
        make_hyps(cache)
        cli = [run_cli(args, cache) for args in cli_cases(sets)]
        scoring = [run_cli(args, cache) for args in scoring_cases()]
    finally:
        shutil.rmtree(cache)
    with open(os.path.join(HERE, "goldens.json"), "w") as f:
        json.dump({"sacrebleu": sacrebleu.__version__, "library": lib, "cli": cli, "scoring": scoring}, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
