"""Issue 25 end to end, as a new user meets it: the real `resolve` on notebooks, inputs that are
not Python, a diff after every SUCCESS, script usage errors (zero requests to the fake API), the
cause line of an error, and `resolve doctor`."""

import json

import nbformat
import pytest
from conftest import BROKEN, resolve, snapshot, write
from test_bot import IDENTITY, committed_project, git
from test_new_user import CUSTOM_FUNCTION, _notebook

pytestmark = pytest.mark.slow

BROKEN_CELLS = [("markdown", "# Training a classifier", []),
                ("code", "!pip install -q torch\n%matplotlib inline\nimport torch\nimport torch.nn as nn", ["ok\n"]),
                ("code", "print('data ready')", ["data ready\n"]),
                ("code", "model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(),\n"
                         "                      nn.Linear(12, 2))\nopt = torch.optim.SGD(model.parameters(), lr=0.1)",
                 []),
                ("code", "x, y = torch.randn(10, 8), torch.randint(0, 2, (10,))\nfor _ in range(3):\n"
                         "    opt.zero_grad()\n    nn.functional.cross_entropy(model(x), y).backward()\n    opt.step()",
                 ["Traceback (most recent call last) ...\n"])]


def test_a_crashing_notebook_is_repaired_in_its_cell_outputs_kept_and_undo_restores_it(tmp_path):
    path = _notebook(tmp_path / "train.ipynb", BROKEN_CELLS)
    before = path.read_bytes()
    result = resolve("--no-llm", "train.ipynb", cwd=tmp_path)
    assert result.code == 0, result.stdout + result.stderr
    assert "[FIXED] train.ipynb cell 4, line 2" in result.stdout
    assert "run 1: RuntimeError: mat1 and mat2 shapes cannot be multiplied (10x16 and 12x2) at train.ipynb cell 5, " \
           "line 4" in result.stderr
    assert "@@ -" in result.stdout and " cell 4" in result.stdout and "+                      nn.Linear(16, 2))" \
        in result.stdout
    assert "2 shell or magic line(s) cannot run as Python and were skipped (cell 2: !pip install -q torch; " \
           "cell 2: %matplotlib inline)" in result.stdout
    after = nbformat.reads(path.read_text(), as_version=4)
    nbformat.validate(after)
    original = nbformat.reads(before.decode(), as_version=4)
    assert after.cells[3].source == original.cells[3].source.replace("Linear(12, 2)", "Linear(16, 2)")
    assert [c.get("outputs") for c in after.cells] == [c.get("outputs") for c in original.cells]
    assert [c for i, c in enumerate(after.cells) if i != 3] == [c for i, c in enumerate(original.cells) if i != 3]
    assert path.read_text().count("\n") == before.decode().count("\n")
    assert not [p for p in tmp_path.iterdir() if p.name != "train.ipynb"]  # no program left in the project
    assert resolve("--undo", cwd=tmp_path).code == 0
    assert path.read_bytes() == before


def test_a_notebook_error_and_its_json_name_the_cell(tmp_path):
    cells = BROKEN_CELLS[:2] + [("code", "import missing_package_xyz", [])]
    _notebook(tmp_path / "nb.ipynb", cells)
    result = resolve("--no-llm", "--json", "nb.ipynb", cwd=tmp_path)
    assert result.code == 1
    location = result.json["last_error"]["location"]
    assert (location["file"], location["cell"], location["cell_line"]) == ("nb.ipynb", 3, 1)
    text = resolve("--no-llm", "nb.ipynb", cwd=tmp_path)
    assert "[FAILED] nb.ipynb cell 3, line 1" in text.stdout


def test_the_nightly_bot_repairs_a_configured_notebook_on_its_branch(tmp_path):
    work = committed_project(tmp_path / "work", tmp_path / "remote.git", {
        "pyproject.toml": '[tool.resolve]\nscripts = ["train.ipynb"]\n',
        "train.ipynb": _notebook(tmp_path / "seed.ipynb", BROKEN_CELLS).read_text()})
    before = snapshot(work)
    result = resolve("--no-llm", "--json", "--branch", "resolve/nightly", "--commit", cwd=work, env=IDENTITY)
    assert result.code == 0, result.stdout + result.stderr
    assert {k: v for k, v in snapshot(work).items() if not k.startswith(".git/")} == \
           {k: v for k, v in before.items() if not k.startswith(".git/")}
    committed = git(work, "show", "resolve/nightly:train.ipynb")
    nbformat.validate(nbformat.reads(committed, as_version=4))
    assert "nn.Linear(16, 2))" in committed


@pytest.mark.parametrize("name, text", [("cfg.yaml", "lr: 0.1\n"), ("notes.txt", "print('hi')\n"),
                                        ("empty.ipynb", ""), ("data.json", '{"a": 1}\n')])
def test_a_file_that_is_not_python_is_refused_with_one_line_and_exit_2(tmp_path, name, text):
    write(tmp_path / name, text)
    result = resolve(name, cwd=tmp_path)
    assert result.code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_fix_shows_its_diff_when_piped_and_not_with_quiet(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 0 and "The change:\n--- a/train.py\n+++ b/train.py" in result.stdout
    assert "\x1b[" not in result.stdout
    write(tmp_path / "again.py", BROKEN)
    quiet = resolve("--no-llm", "-q", "again.py", cwd=tmp_path)
    assert quiet.code == 0 and "--- a/again.py" not in quiet.stdout
    write(tmp_path / "zh.py", BROKEN)
    chinese = resolve("--no-llm", "--lang", "zh", "zh.py", cwd=tmp_path)
    assert "修改内容：\n--- a/zh.py" in chinese.stdout
    write(tmp_path / "j.py", BROKEN)
    assert json.loads(resolve("--no-llm", "--json", "j.py", cwd=tmp_path).stdout)["diff"].startswith("--- a/j.py")


# --- the script's own argument parser -------------------------------------------------------------

ARGPARSE_TRAIN = BROKEN.replace("import torch\n", "import argparse\nimport torch\n", 1) + """
parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--data", required=True)
parser.parse_args()
"""
ARGPARSE_FIRST = "import argparse\n\nparser = argparse.ArgumentParser()\n" \
                 "parser.add_argument('--lr', type=float, default=0.1)\nparser.parse_args()\n" + BROKEN


def _api(fake):
    return {"ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-ant-api03-planted", "RESOLVE_MODEL": ""}


def test_resolve_options_after_the_script_stop_with_one_line_and_no_request(tmp_path):
    from fake_anthropic import FakeAnthropic

    write(tmp_path / "train.py", ARGPARSE_FIRST)
    before = snapshot(tmp_path)
    with FakeAnthropic([]) as fake:
        result = resolve("train.py", "--no-llm", "--lr", "0.01", cwd=tmp_path, env=_api(fake))
        assert fake.requests == []
    assert result.code == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines()[-1] == \
        "resolve: error: resolve's options go before the script: resolve --no-llm train.py --lr 0.01"
    assert snapshot(tmp_path) == before


def test_a_usage_error_of_the_script_is_never_sent_and_says_which_arguments_it_wants(tmp_path):
    from fake_anthropic import FakeAnthropic

    write(tmp_path / "train.py", ARGPARSE_FIRST.replace("default=0.1)", "required=True)"))
    with FakeAnthropic([]) as fake:
        result = resolve("--json", "train.py", cwd=tmp_path, env=_api(fake))
        assert fake.requests == []
    assert result.code == 1 and result.json["status"] == "FAILED" and result.json["llm_calls"] == 0
    assert "the following arguments are required: --lr" in result.json["stop_reason"]
    assert "not a bug in the code" in result.json["stop_reason"]


CLICK_TRAIN = """\
import click


@click.command()
@click.option("--lr", default=0.1)
def main(lr):
    print(lr)


main()
"""


def test_a_click_usage_error_is_not_sent_either(tmp_path):
    pytest.importorskip("click")
    from fake_anthropic import FakeAnthropic

    write(tmp_path / "train.py", CLICK_TRAIN)
    with FakeAnthropic([]) as fake:
        result = resolve("train.py", "--no-llm", cwd=tmp_path, env=_api(fake))
        assert fake.requests == []
    assert result.code == 2 and "resolve --no-llm train.py" in result.stderr


# --- resolve doctor -----------------------------------------------------------------------------------

def test_resolve_doctor_on_this_machine_as_text_json_and_chinese(tmp_path):
    import sys

    result = resolve("doctor", cwd=tmp_path)
    assert result.code == 0, result.stderr
    for label in ("PyTorch: ", "CUDA: ", "cuDNN: ", "NVIDIA driver: ", "GPUs: ", "Packages: ", "Memory: ",
                  "Problems: ", "Summary: torch "):
        assert label in result.stdout
    import torch

    assert f"PyTorch: {torch.__version__}" in result.stdout and f"torch {torch.__version__}" in result.stdout
    data = resolve("--json", "doctor", "--python", sys.executable, cwd=tmp_path).json
    assert data["torch"] == torch.__version__ and data["collect_env"]["torch_version"] == torch.__version__
    assert data["cuda_available"] == torch.cuda.is_available() and "summary" in data
    assert {"cgroup_max", "rlimit_as", "available"} <= set(data["memory"])
    assert "摘要：torch" in resolve("doctor", "--lang", "zh", cwd=tmp_path).stdout
    bad = resolve("doctor", "--python", str(tmp_path / "nope"), cwd=tmp_path)
    assert bad.code == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_a_failed_report_that_may_be_the_environment_carries_the_doctor_summary(tmp_path):
    write(tmp_path / "train.py", "import torch\nimport missing_package_xyz\n")
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 1 and "Note: environment: torch " in result.stdout
    assert "a missing module or package" in result.stdout and "category" not in result.stdout
    write(tmp_path / "shape.py", "import torch\ntorch.ones(2) @ torch.ones(3)\n")
    assert "environment:" not in resolve("--no-llm", "shape.py", cwd=tmp_path).stdout


# --- the report points at the cause -----------------------------------------------------------------

LOADER = """loader = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(torch.randn(64, 8), torch.randint(0, 2, (64,))), batch_size=16)
"""
COMPILED = """\
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        h = self.fc(x)
        scale = h.sum().item()
        print("scale", scale)
        return h * 2


model = torch.compile(Net(), fullgraph=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
""" + LOADER + """for x, y in loader:
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
"""
CUSTOM_BACKWARD = CUSTOM_FUNCTION.replace("import torch\n", "import torch\nimport torch.nn as nn\n", 1).replace(
    "        if grad is None:\n            return None\n", "") + """

model = nn.Linear(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
""" + LOADER + """for x, y in loader:
    opt.zero_grad()
    loss = nn.functional.cross_entropy(ClampGrad.apply(model(x)), y)
    loss.backward()
    opt.step()
"""


def test_a_torch_compile_error_points_at_the_user_line_dynamo_names(tmp_path):
    write(tmp_path / "train.py", COMPILED)
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 1 and result.stdout.startswith("[FAILED] train.py:13\n"), result.stdout
    data = resolve("--no-llm", "--json", "train.py", cwd=tmp_path).json["last_error"]
    assert (data["location"]["line"], data["location"]["code"]) == (13, 'print("scale", scale)')
    assert data["raised_at"]["code"] == "loss = nn.functional.cross_entropy(model(x), y)"


def test_a_custom_backward_error_points_at_the_backward_not_at_loss_backward(tmp_path):
    write(tmp_path / "train.py", CUSTOM_BACKWARD)
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 1 and result.stdout.startswith("[FAILED] train.py:12\n"), result.stdout
    assert "expected shape compatible with [2, 2] (at your batch size: 16x2)" in result.stdout
    assert "category" not in result.stdout and "\x1b[" not in result.stdout


def test_the_llm_repairs_a_notebook_cell_through_its_program(tmp_path):
    from fake_anthropic import FakeAnthropic, Reply

    path = _notebook(tmp_path / "train.ipynb", BROKEN_CELLS)
    before = nbformat.reads(path.read_text(), as_version=4)
    reply = ("```\ntrain.ipynb\n<<<<<<< SEARCH\n                      nn.Linear(12, 2))\n=======\n"
             "                      nn.Linear(16, 2))\n>>>>>>> REPLACE\n```\nFix: the second Linear takes 16 features")
    with FakeAnthropic([Reply(reply)]) as fake:
        result = resolve("--no-rules", "train.ipynb", cwd=tmp_path, env=_api(fake))
        assert len(fake.requests) == 1 and "# %% [cell 4]" in fake.sent_text(0)
    assert result.code == 0, result.stdout + result.stderr
    after = nbformat.reads(path.read_text(), as_version=4)
    nbformat.validate(after)
    assert after.cells[3].source == before.cells[3].source.replace("Linear(12, 2)", "Linear(16, 2)")
    assert after.cells[1].source == before.cells[1].source  # its skipped shell and magic lines untouched


def test_no_llm_after_a_script_that_reads_argv_by_hand_still_sends_nothing(tmp_path):
    from fake_anthropic import FakeAnthropic

    write(tmp_path / "train.py", "import sys\nlr = float(sys.argv[1])\n")
    with FakeAnthropic([]) as fake:
        result = resolve("train.py", "--no-llm", cwd=tmp_path, env=_api(fake))
        assert fake.requests == []
    assert result.code == 1 and "--no-llm was given after the script" in result.stdout


def test_a_crash_the_script_catches_and_exits_on_is_repaired_like_any_other(tmp_path):
    # real programs wrap training in `except Exception as e: print(e); sys.exit(1)`
    write(tmp_path / "train.py", "import sys\nimport torch\nimport torch.nn as nn\n\n\ndef train():\n"
          "    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(32, 2))\n"
          "    opt = torch.optim.SGD(model.parameters(), lr=0.1)\n    for _ in range(3):\n"
          "        loss = nn.functional.cross_entropy(model(torch.randn(8, 20)), torch.randint(0, 2, (8,)))\n"
          "        opt.zero_grad()\n        loss.backward()\n        opt.step()\n\n\n"
          "if __name__ == \"__main__\":\n    try:\n        train()\n    except Exception as e:\n"
          "        print(f\"training failed: {e}\")\n        sys.exit(1)\n")
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 0, result.stdout + result.stderr
    assert "[FIXED] train.py:7" in result.stdout
    assert "Error: RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x64 and 32x2)" in result.stdout
    assert "nn.Linear(64, 2))" in (tmp_path / "train.py").read_text()
