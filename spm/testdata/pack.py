#!/usr/bin/python3
"""Packs the models make.sh trained in DIR for committing, and writes the
goldens.

The precompiled charsmaps of the built-in rules nmt_nfkc and nfkc_cf
(about 240 KB each, the same in every model) are taken out of the models
and kept once, gzipped, in charsmaps/<rule>.bin.gz; the test puts a
model's charsmap back where it was (right after the name in the model's
first NormalizerSpec) and checks the result against the SHA-256 of the
original file.

goldens.json holds every line of stress.txt and, for every model, its
pieces as the Python binding's EncodeAsPieces gives them (what sacreBLEU
calls), checked line by line against spm_encode --output_format=piece.

Usage: pack.py DIR
"""
import glob
import gzip
import hashlib
import json
import os
import struct
import subprocess
import sys

import sentencepiece as spm


def varint(b, i):
    v, shift = 0, 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return v, i


def put_varint(v):
    out = bytearray()
    while True:
        c = v & 0x7F
        v >>= 7
        if v:
            out.append(c | 0x80)
        else:
            out.append(c)
            return bytes(out)


def fields(b):
    """(number, wire type, raw bytes of the whole field, payload) of b."""
    i, out = 0, []
    while i < len(b):
        start = i
        tag, i = varint(b, i)
        num, wt = tag >> 3, tag & 7
        if wt == 0:
            _, i = varint(b, i)
            payload = None
        elif wt == 5:
            i += 4
            payload = None
        elif wt == 2:
            n, i = varint(b, i)
            payload = b[i:i + n]
            i += n
        else:
            raise ValueError(f"wire type {wt}")
        out.append((num, wt, b[start:i], payload))
    return out


def strip(model):
    """The model without its charsmap when its rule is a built-in one,
    and the rule's name and charsmap; else the model itself."""
    out, name, charsmap = bytearray(), None, None
    for num, wt, raw, payload in fields(model):
        if num != 3:
            out += raw
            continue
        spec = fields(payload)
        if [f[0] for f in spec][:2] != [1, 2]:
            out += raw  # not spm_train's NormalizerSpec (see derive)
            continue
        rule = spec[0][3].decode()
        if rule not in ("nmt_nfkc", "nfkc_cf"):
            out += raw
            continue
        name, charsmap = rule, spec[1][3]
        rest = b"".join(f[2] for f in spec if f[0] != 2)
        out += put_varint(3 << 3 | 2) + put_varint(len(rest)) + rest
    return bytes(out), name, charsmap


def edit_pieces(model, fn):
    """The model with every piece (text, score, type) replaced by fn's."""
    out = bytearray()
    for num, wt, raw, payload in fields(model):
        if num != 1:
            out += raw
            continue
        text, score, typ = None, 0.0, 1
        for n, w, r, p in fields(payload):
            if n == 1:
                text = p
            elif n == 2:
                score = struct.unpack("<f", r[-4:])[0]
            elif n == 3:
                typ, _ = varint(r, 1)
        text, score, typ = fn(text, score, typ)
        p = (put_varint(1 << 3 | 2) + put_varint(len(text)) + text +
             put_varint(2 << 3 | 5) + struct.pack("<f", score) + put_varint(3 << 3) + put_varint(typ))
        out += put_varint(1 << 3 | 2) + put_varint(len(p)) + p
    return bytes(out)


def derive(tmp):
    """Models spm_train does not make: whitespace not escaped, UNUSED
    pieces, and all scores tied (so that sentencepiece's tie-breaking
    decides)."""
    def unused(text, score, typ):
        n = len(text.decode("utf-8", "replace"))
        if typ == 1 and n >= 2 and (len(text) * 7 + n) % 5 == 0:
            typ = 5
        return text, score, typ

    def tied(text, score, typ):
        return text, (-1.0 if typ == 1 else score), typ

    # escape_whitespaces=false, which spm_train has no flag for: a second
    # NormalizerSpec appended, which protobuf merges into the first.
    for base, name in (("unigram_identity", "unigram_noescape"), ("bpe_keep_spaces", "bpe_noescape"),
                       ("word", "word_noescape")):
        model = open(os.path.join(tmp, base + ".model"), "rb").read()
        spec = put_varint(5 << 3) + put_varint(0)
        with open(os.path.join(tmp, name + ".model"), "wb") as f:
            f.write(model + put_varint(3 << 3 | 2) + put_varint(len(spec)) + spec)
    for base in ("unigram_identity", "bpe_identity"):
        model = open(os.path.join(tmp, base + ".model"), "rb").read()
        kind = base.split("_")[0]
        for suffix, fn in (("unused", unused), ("ties", tied)):
            with open(os.path.join(tmp, f"{kind}_{suffix}.model"), "wb") as f:
                f.write(edit_pieces(model, fn))


def main():
    tmp = sys.argv[1]
    derive(tmp)
    with open(os.path.join(tmp, "stress.txt"), encoding="utf-8", newline="\n") as f:
        lines = f.read().split("\n")[:-1]
    os.makedirs("models", exist_ok=True)
    os.makedirs("charsmaps", exist_ok=True)
    goldens = {"lines": lines, "models": []}
    for path in sorted(glob.glob(os.path.join(tmp, "*.model"))):
        name = os.path.basename(path)[:-len(".model")]
        model = open(path, "rb").read()
        stripped, rule, charsmap = strip(model)
        if rule is not None:
            cm = os.path.join("charsmaps", rule + ".bin.gz")
            if os.path.exists(cm):
                assert gzip.open(cm).read() == charsmap, rule
            else:
                with open(cm, "wb") as f:
                    f.write(gzip.compress(charsmap, 9, mtime=0))
        with open(os.path.join("models", name + ".model"), "wb") as f:
            f.write(stripped)
        sp = spm.SentencePieceProcessor()
        sp.Load(path)
        pieces = [sp.EncodeAsPieces(l) for l in lines]
        check(path, lines, pieces)
        goldens["models"].append({
            "name": name,
            "sha256": hashlib.sha256(model).hexdigest(),
            "charsmap": rule,
            "pieces": pieces,
        })
    # One model a line, for readable diffs.
    with open("goldens.json", "w", encoding="utf-8") as f:
        f.write('{"lines":' + dump(goldens["lines"]) + ',\n"models":[\n')
        f.write(",\n".join(dump(m) for m in goldens["models"]))
        f.write("\n]}\n")


def dump(v):
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def check(path, lines, pieces):
    """Checks the binding's pieces against spm_encode's, line by line
    (spm_encode stops at a line sentencepiece fails on, where the binding
    returns no pieces)."""
    for line, want in zip(lines, pieces):
        r = subprocess.run(["spm_encode", "--model=" + path, "--output_format=piece"],
                           input=(line + "\n").encode(), capture_output=True)
        if r.returncode != 0:
            assert want == [], (path, line, want)
            continue
        got = r.stdout.decode()
        assert got == " ".join(want) + "\n", (path, line, got, want)


def unpack(name):
    """The bytes of test model name as spm_train made it, from models/
    and charsmaps/, checked against the SHA-256 in goldens.json."""
    goldens = json.load(open("goldens.json", encoding="utf-8"))
    (m,) = [m for m in goldens["models"] if m["name"] == name]
    model = open(os.path.join("models", name + ".model"), "rb").read()
    if m["charsmap"]:
        charsmap = gzip.open(os.path.join("charsmaps", m["charsmap"] + ".bin.gz")).read()
        out, done = bytearray(), False
        for num, wt, raw, payload in fields(model):
            if num != 3 or done:
                out += raw
                continue
            done = True
            spec = fields(payload)
            cm = put_varint(2 << 3 | 2) + put_varint(len(charsmap)) + charsmap
            s = spec[0][2] + cm + b"".join(f[2] for f in spec[1:])
            out += put_varint(3 << 3 | 2) + put_varint(len(s)) + s
        model = bytes(out)
    assert hashlib.sha256(model).hexdigest() == m["sha256"], name
    return model


if __name__ == "__main__":
    main()
