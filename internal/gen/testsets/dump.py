"""Dumps sacreBLEU's test-set catalogue (sacrebleu.dataset.DATASETS and
SUBSETS) as JSON on standard output, keeping the catalogue's order.

Run with Debian's python and a sacreBLEU 2.6.0 tree:

    PYTHONPATH=/work/sacrebleu /usr/bin/python3 internal/gen/testsets/dump.py \
        > internal/gen/testsets/catalogue.json
"""
import json
import sys

import sacrebleu
from sacrebleu.dataset import DATASETS, SUBSETS

assert sacrebleu.__version__ == "2.6.0", sacrebleu.__version__

sets = []
for name, d in DATASETS.items():
    assert name == d.name, name
    pairs = []
    for pair, v in d.langpairs.items():
        if isinstance(v, dict):
            assert sorted(v) == ["path", "refs"], (name, pair, v)
            pairs.append({"pair": pair, "files": [v["path"]], "refs": v["refs"]})
        else:
            pairs.append({"pair": pair, "files": list(v)})
    kwargs = dict(d.kwargs)
    refs = kwargs.pop("refs", None)
    assert not kwargs, (name, kwargs)
    sets.append({
        "name": name,
        "format": type(d).__name__,
        "urls": d.data,
        "md5": d.md5,
        "description": d.description,
        "citation": d.citation,
        "refs": refs,
        "pairs": pairs,
    })

json.dump({"version": sacrebleu.__version__, "sets": sets, "subsets": SUBSETS},
          sys.stdout, indent=1, ensure_ascii=False)
sys.stdout.write("\n")
