# dump.py prints the Unicode data that package bleu takes from Python 3.11.2
# (unicodedata 14.0.0) and the regex module 2022.10.31 (its own Unicode 15.0
# tables), which sacreBLEU 2.6.0 ran on, as the first part of
# internal/unidata/testdata/reference.txt (dump.pl prints the Perl part).
# internal/gen/unicodetables turns that file into internal/unidata/tables.go.
#
# Run it with Debian 12's /usr/bin/python3 (Python 3.11.2) and its
# python3-regex package (2022.10.31); it refuses other versions:
#
#	/usr/bin/python3 internal/gen/unicodetables/dump.py
#
# Lines (hex code points, inclusive ranges, sorted):
#
#	regexN LO HI        regex: \p{N} matches (also regexP, regexS)
#	pySpace LO HI       str.isspace()
#	pyPrintable LO HI   str.isprintable() (what repr() leaves unescaped)
#	pyCased LO HI       cased for str.lower()'s Final_Sigma rule
#	pyIgnorable LO HI   case-ignorable for the Final_Sigma rule
#	pyDecimal LO HI V   unicodedata.decimal(chr(c)) is V+(c-LO)
#	pyLower C L1[,L2..] chr(C).lower() where it is not chr(C)
import sys
import unicodedata

import regex

if sys.version_info[:2] != (3, 11) or unicodedata.unidata_version != "14.0.0":
    sys.exit("need Python 3.11 with unicodedata 14.0.0, have %s with %s"
             % (sys.version.split()[0], unicodedata.unidata_version))
if regex.__version__ != "2.5.123":  # the 2022.10.31 release
    sys.exit("need regex 2022.10.31 (__version__ 2.5.123), have %s" % regex.__version__)

out = sys.stdout


def ranges(name, pred, skip_surrogates=False):
    lo = None
    for c in range(0x110001):
        ok = c < 0x110000 and not (skip_surrogates and 0xD800 <= c <= 0xDFFF) and pred(c)
        if ok and lo is None:
            lo = c
        elif not ok and lo is not None:
            out.write("%s %X %X\n" % (name, lo, c - 1))
            lo = None


out.write("# python %s unicodedata %s regex %s\n"
          % (sys.version.split()[0], unicodedata.unidata_version, regex.__version__))
for cls in "NPS":
    pat = regex.compile(r"\p{%s}" % cls)
    ranges("regex" + cls, lambda c: pat.match(chr(c)) is not None)

# Python does not expose the Final_Sigma classes (Cased, Case_Ignorable);
# they are measured through str.lower() itself. A character c is
# case-ignorable if Σ stays final both after and before it; it is cased if it
# is not case-ignorable and a Σ after it is final.
S, F = "\u03a3", "\u03c2"


def ignorable(c):
    ch = chr(c)
    lo = ch.lower()
    return ("A" + ch + S).lower()[-1] == F and ("A" + S + ch).lower()[-len(lo) - 1] == F


def cased(c):
    return not ignorable(c) and (chr(c) + S).lower()[-1] == F


ranges("pySpace", lambda c: chr(c).isspace())
ranges("pyPrintable", lambda c: chr(c).isprintable())
ranges("pyCased", cased, True)
ranges("pyIgnorable", ignorable, True)

lo = None
for c in range(0x110001):
    v = unicodedata.decimal(chr(c), None) if c < 0x110000 else None
    if lo is not None and (v is None or v != start + (c - lo)):
        if start != 0 or (c - lo) % 10 != 0:
            sys.exit("U+%04X..U+%04X: not runs of ten digits 0..9" % (lo, c - 1))
        out.write("pyDecimal %X %X %d\n" % (lo, c - 1, start))
        lo = None
    if v is not None and lo is None:
        lo, start = c, v

for c in range(0x110000):
    if 0xD800 <= c <= 0xDFFF:
        continue
    low = chr(c).lower()
    if low != chr(c):
        out.write("pyLower %X %s\n" % (c, ",".join("%X" % ord(x) for x in low)))
