"""Makes pie-rule-class.json, the class experiment lesson 19 reads: a simulated class of
thirty (the beginner level choosing each student's moves) plays two rounds of Coffee on a
4 x 4 square board, three in a row, pie rule off against on, dealt by the class store as
the teacher's page deals them; the file is the experiments.json of the teacher's download.

Run from the notebooks folder: python data/make_pie_rule_class.py
"""

import io
import json
import tempfile
import zipfile
from pathlib import Path

from gamekit.design.classroom import simulate_round
from gamekit.store import ClassStore
from gamekit.store.experiments import new_experiment
from gamekit.widgets.teacher import TeacherRoom

SMALL = {"board": "square", "size": 4, "n": 3}

store = ClassStore(folder=tempfile.mkdtemp(), seed=1)
code = store.new_class("7B")
for k in range(30):
    store.join(code, f"Student {k + 1}")
made = new_experiment(
    store, code, "coffee", [("pie rule off", SMALL), ("pie rule on", {**SMALL, "pie_rule": True})],
    name="Does the pie rule make Coffee fair?",
)  # fmt: skip
for k in range(2):
    simulate_round(store, code, made.id, level="beginner", seed=10 + k)
bundle = zipfile.ZipFile(io.BytesIO(TeacherRoom(store, code).export()))
out = Path(__file__).with_name("pie-rule-class.json")
out.write_text(json.dumps(json.loads(bundle.read("experiments.json")), indent=1) + "\n")
print(f"{out}: {len(json.loads(out.read_text())[0]['games'])} games")
