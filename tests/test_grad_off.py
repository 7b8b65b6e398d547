"""Which no_grad blocks a program chose by a setting (resolver/diagnose/grad_off.py), read from
source for a cut the tracer saw at a line: a block written both ways under a condition, a
conditional context manager, `set_grad_enabled(<a value>)` are chosen; an unconditional block, a
decorator, a block under `if self.training:` or under an `if` with no other way are not."""

import textwrap

import pytest

from resolver.diagnose import grad_off

SOURCES = {
    "if_else_flag": ("""
        def forward(self, x):
            if self.freeze_backbone:
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.backbone(x)
            return self.head(feats)
        """, "if self.freeze_backbone:"),
    "else_holds_the_block": ("""
        def forward(self, x):
            if self.epoch >= self.unfreeze_at:
                feats = self.backbone(x)
            else:
                with torch.no_grad():
                    feats = self.backbone(x)
            return self.head(feats)
        """, "if self.epoch >= self.unfreeze_at:"),
    "switch_by_keyword": ("""
        def forward(self, x):
            with torch.set_grad_enabled(mode=not self.frozen):
                feats = self.backbone(x)
            return self.head(feats)
        """, "torch.set_grad_enabled(mode=not self.frozen)"),
    "an_argument_decides": ("""
        def forward(self, x, y=None):
            if y is not None:
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "the_data_decides": ("""
        def forward(self, x):
            if x.dim() == 4:
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "a_phase_by_name": ("""
        def forward(self, x):
            if self.mode == "train":
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "a_submodules_training_flag": ("""
        def forward(self, x):
            if self.backbone.training:
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "only_a_shared_helper_runs_both_ways": ("""
        def forward(self, x):
            if self.use_context:
                with torch.no_grad():
                    feats = F.relu(self.backbone(x))
            else:
                feats = F.relu(self.fallback(x))
            return self.head(feats)
        """, None),
    "conditional_context": ("""
        def forward(self, x):
            with torch.no_grad() if self.frozen else contextlib.nullcontext():
                feats = self.backbone(x)
            return self.head(feats)
        """, "self.frozen"),
    "switch": ("""
        def forward(self, x):
            with torch.set_grad_enabled(not self.frozen):
                feats = self.backbone(x)
            return self.head(feats)
        """, "torch.set_grad_enabled(not self.frozen)"),
    "unconditional": ("""
        def forward(self, x):
            with torch.no_grad():
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "decorator": ("""
        @torch.no_grad()
        def embed(self, x):
            feats = self.backbone(x)
            return feats
        """, None),
    "training_flag_only": ("""
        def forward(self, x):
            if self.training:
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "no_other_way": ("""
        def forward(self, x):
            if self.use_encoder:
                with torch.no_grad():
                    feats = self.backbone(x)
            return self.head(feats)
        """, None),
    "other_way_runs_something_else": ("""
        def forward(self, x):
            if self.cached is None:
                with torch.no_grad():
                    feats = self.backbone(x)
            else:
                feats = self.cached
            return self.head(feats)
        """, None),
    "constant_switch": ("""
        def forward(self, x):
            with torch.set_grad_enabled(False):
                feats = self.backbone(x)
            return self.head(feats)
        """, None),
}


@pytest.mark.parametrize("name", SOURCES)
def test_the_setting_that_chose_the_block_is_read_from_the_source(name, tmp_path):
    code, choice = SOURCES[name]
    file = tmp_path / f"{name}.py"
    file.write_text(textwrap.dedent(code))
    # the cut: the backbone call that runs under no_grad (the last one written, in "else_holds_the_block")
    lines = file.read_text().splitlines()
    line = max(n for n, text in enumerate(lines, 1) if "self.backbone(x)" in text) if name == \
        "else_holds_the_block" else min(n for n, text in enumerate(lines, 1) if "self.backbone(x)" in text)
    found = grad_off.chosen({"op": "no_grad", "file": str(file), "line": line})
    assert (found and found[2]) == choice
    assert grad_off.block({"file": str(file), "line": line}) is not None, "the block itself is found either way"


def test_a_setting_in_the_block_does_not_excuse_an_unconditional_block_around_its_caller(tmp_path):
    encoder, model = tmp_path / "encoder.py", tmp_path / "model.py"
    encoder.write_text(textwrap.dedent("""
        def forward(self, x):
            with torch.no_grad() if self.freeze else contextlib.nullcontext():
                return self.proj(x)
        """))
    model.write_text("def forward(self, x):\n    with torch.no_grad():\n        h = self.encoder(x)\n    return h\n")
    inner = {"file": str(encoder), "line": 4}
    alone = grad_off.chosen({"op": "no_grad", **inner, "stack": [inner]})
    assert alone == (str(encoder), 3, "self.freeze")
    stack = [inner, {"file": str(model), "line": 3}]
    assert grad_off.chosen({"op": "no_grad", **inner, "stack": stack}) is None


def test_the_block_is_read_from_the_file_as_it_is_now(tmp_path):
    """A fix's verifying run ran the fixed text under the same path: the block is looked up in that text."""
    file = tmp_path / "model.py"
    file.write_text(textwrap.dedent(SOURCES["if_else_flag"][0]))
    assert grad_off.chosen({"op": "no_grad", "file": str(file), "line": 5})[2] == "if self.freeze_backbone:"
    file.write_text("\n" + textwrap.dedent(SOURCES["if_else_flag"][0]))  # a line added above: the block moved
    assert grad_off.chosen({"op": "no_grad", "file": str(file), "line": 6})[2] == "if self.freeze_backbone:"


def test_a_cut_that_is_not_a_no_grad_block_has_no_setting(tmp_path):
    file = tmp_path / "detach.py"
    file.write_text("def forward(self, x):\n    if self.frozen:\n        return self.head(self.backbone(x).detach())\n")
    assert grad_off.chosen({"op": "Tensor.detach", "file": str(file), "line": 3}) is None


def test_the_block_is_found_in_a_callers_frame(tmp_path):
    model, helper = tmp_path / "model.py", tmp_path / "helper.py"
    helper.write_text("def encode(backbone, x):\n    return backbone(x)\n")
    model.write_text(textwrap.dedent("""
        def forward(self, x):
            if self.freeze:
                with torch.no_grad():
                    feats = encode(self.backbone, x)
            else:
                feats = encode(self.backbone, x)
            return feats
        """))
    stack = [{"file": str(helper), "line": 2}, {"file": str(model), "line": 5}]
    found = grad_off.chosen({"op": "no_grad", "file": str(helper), "line": 2, "stack": stack})
    assert found == (str(model), 3, "if self.freeze:")
