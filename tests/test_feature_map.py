"""The pooling factor a flattened map's side is written with, and where a project states its
image size: pure logic, in process (the rule itself is proven on fixtures/module_input/flat_size_*)."""

import pytest

from resolver.fix.rules._feature_map import Halvings
from resolver.fix.rules._image_size import stated_size
from resolver.write.edits import Workspace


def test_halvings_are_written_as_the_code_shows_them():
    two_pools = Halvings(2).times(Halvings(2))
    assert two_pools.code() == "4" and two_pools.values(8) == {4: 0}
    per_entry = Halvings().times(Halvings(1, ((2, "cfg.widths"),)))
    assert per_entry.code() == "(2 ** len(cfg.widths))"
    assert per_entry.values(3) == {1: 0, 2: 1, 4: 2, 8: 3}
    assert Halvings(2, ((2, "channels"),)).code() == "(2 * 2 ** len(channels))"
    assert Halvings(1, ((2, "a"), (2, "b"))).values(3) == {}  # two lists: which has how many entries is not known


@pytest.mark.parametrize("name, text, found", [
    ("config.yaml", "data:\n  image_size: 32\n  channels: 3\n", "image_size in config.yaml"),
    ("config.json", '{\n  "img_size": 32,\n  "epochs": 2\n}\n', "img_size in config.json"),
    ("config.py", "from dataclasses import dataclass\n\n@dataclass\nclass C:\n    resolution: int = 32\n",
     "resolution in config.py"),
    ("train.py", "import argparse\np = argparse.ArgumentParser()\n"
                 "p.add_argument('--image-size', type=int, default=32)\n", "image_size in train.py"),
    ("train.py", "CFG = {'input_size': 32, 'hidden': 64}\n", "input_size in train.py"),
    ("train.py", "hidden_size = 32\nbatch = 32\nimage_size = 28\n", None),  # a width, a batch, another size
    ("config.yaml", "hidden_size: 32\nimage_size: 64\n", None),
])
def test_where_the_project_states_the_image_size(tmp_path, name, text, found):
    (tmp_path / name).write_text(text)
    assert stated_size(Workspace(tmp_path.resolve()), 32) == found
