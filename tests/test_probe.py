"""The probe inside the user's interpreter: smoke mode and the runtime facts it reports."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import resolve

from resolver.run.probe import schema

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

PROBE = Path(__file__).resolve().parents[1] / "resolver" / "run" / "probe" / "probe.py"

LOADER_SCRIPT = textwrap.dedent("""\
    import json, sys
    import torch
    from torch.utils.data import BatchSampler, DataLoader, IterableDataset, SequentialSampler, TensorDataset

    class Stream(IterableDataset):
        def __iter__(self):
            return iter(range(50))

    n, size, drop_last = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
    data = TensorDataset(torch.arange(n))
    sizes = {}
    loader = DataLoader(data, batch_size=size, shuffle=True, drop_last=drop_last)
    sizes["plain"] = [len(b[0]) for epoch in range(2) for b in loader]
    sizes["len"] = len(loader)
    custom = DataLoader(data, batch_sampler=BatchSampler(SequentialSampler(data), 7, False))
    sizes["custom"] = [b[0].tolist() for b in custom]
    sizes["stream"] = [b.tolist() for b in DataLoader(Stream(), batch_size=10)]
    sizes["workers"] = [len(b[0]) for b in DataLoader(data, batch_size=size, num_workers=2, drop_last=drop_last)]
    json.dump(sizes, open("sizes.json", "w"))
    """)


def probe(tmp_path, script, *args, full=False):
    (tmp_path / "script.py").write_text(script)
    command = [sys.executable, str(PROBE), "--out", "report.json", "--project", str(tmp_path),
               *(["--full"] if full else []), "--", "script.py", *args]
    completed = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    report = json.loads((tmp_path / "report.json").read_text())
    return completed, report


@pytest.mark.parametrize("n, size, drop_last, plain, custom_last", [
    (101, 16, "0", [2, 2, 2, 2], [98, 99, 100]),   # real tail of 5: a full smoke batch
    (97, 32, "0", [2, 2, 2, 1], [91, 92, 93, 94, 95, 96]),   # real tail of 1 stays a batch of one
    (97, 32, "1", [2, 2, 2, 2], [91, 92, 93, 94, 95, 96]),   # drop_last: no short tail exists
    (5, 1, "0", [1, 1, 1, 1], [0, 1, 2, 3, 4]),    # a batch size of one is not raised to two
])
def test_smoke_mode_keeps_the_first_batches_and_a_faithful_last_one(tmp_path, n, size, drop_last, plain, custom_last):
    completed, report = probe(tmp_path, LOADER_SCRIPT, str(n), str(size), drop_last)
    assert completed.returncode == 0, completed.stderr
    sizes = json.loads((tmp_path / "sizes.json").read_text())
    assert sizes["plain"] == plain * 2
    assert sizes["len"] == len(plain)
    assert sizes["custom"][-1] == custom_last, "a user batch_sampler keeps its batches; the last one is there"
    assert len(sizes["custom"]) == min(4, -(-n // 7))
    assert sizes["stream"] == [[0, 1], [2, 3], [4, 5], [48, 49]], "an IterableDataset is cut too"
    assert sizes["workers"] == plain
    assert report["outcome"] == "ok"


def test_full_mode_leaves_loaders_alone(tmp_path):
    completed, _ = probe(tmp_path, LOADER_SCRIPT, "101", "16", "0", full=True)
    assert completed.returncode == 0, completed.stderr
    sizes = json.loads((tmp_path / "sizes.json").read_text())
    assert sizes["plain"] == ([16] * 6 + [5]) * 2
    assert sizes["len"] == 7


def test_failing_module_is_reported_with_path_site_inputs_and_scope(tmp_path):
    script = textwrap.dedent("""\
        import torch
        from torch import nn

        class Head(nn.Module):
            def __init__(self, width):
                super().__init__()
                self.width = width
                self.proj = nn.Sequential(nn.ReLU(), nn.Linear(self.width * 2, 3))

            def forward(self, x):
                return self.proj(x)

        model = nn.ModuleDict({"head": Head(5)})
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        opt.step()
        model["head"](torch.randn(4, 6, dtype=torch.float64))
        """)
    completed, report = probe(tmp_path, script)
    assert completed.returncode == 1
    assert "mat1 and mat2" in completed.stderr and "probe.py" not in completed.stderr
    assert report["error_type"] == "RuntimeError"
    assert report["counters"]["optimizer_steps"] == 1
    failing = report["modules"][-1]
    assert failing["path"] == "proj.1" and failing["class"] == "Linear"
    assert failing["attributes"] == {"in_features": 10, "out_features": 3}
    assert failing["inputs"] == [{"shape": [4, 6], "dtype": "float64", "device": "cpu", "requires_grad": False}]
    site = failing["site"]
    assert site["file"] == str(tmp_path / "script.py") and site["position"][:2] == [8, 45]
    assert site["function"] == "__init__" and site["scope"]["self.width"] == 5
    assert site["variants"] == 1
    user = [f for f in report["frames"] if f["user"]]
    assert [f["line"] for f in user] == [16, 11]
    assert user[0]["code"] == 'model["head"](torch.randn(4, 6, dtype=torch.float64))'


def test_overlay_runs_proposed_text_without_touching_the_file(tmp_path):
    (tmp_path / "helper.py").write_text("VALUE = 1\n")
    overlay = tmp_path / "overlay.json"
    overlay.write_text(json.dumps({str(tmp_path / "helper.py"): "VALUE = 2\n",
                                   str(tmp_path / "script.py"): "import helper\nassert helper.VALUE == 2\n"}))
    (tmp_path / "script.py").write_text("raise SystemExit('on-disk text ran')\n")
    command = [sys.executable, str(PROBE), "--out", "report.json", "--project", str(tmp_path),
               "--overlay", str(overlay), "--", "script.py"]
    completed = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "helper.py").read_text() == "VALUE = 1\n"
    assert not list(tmp_path.glob("__pycache__/helper*.pyc")), "no bytecode of unverified text is cached"


def test_sys_exit_is_reported_as_an_exit(tmp_path):
    completed, report = probe(tmp_path, "import sys\nprint('bad config', file=sys.stderr)\nsys.exit(4)\n")
    assert completed.returncode == 4
    assert report["outcome"] == "exit" and report["code"] == 4


MAIN_EXIT_SCRIPT = textwrap.dedent("""\
    import sys
    import torch

    def main():
        model = torch.nn.Linear(4, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for _ in range(3):
            model(torch.randn(8, 4)).pow(2).mean().backward()
            opt.zero_grad()  # between backward and step: nothing trains
            opt.step()

    if __name__ == "__main__":
        sys.exit(main())
    """)


def test_sys_exit_of_a_main_that_returns_none_is_a_normal_end_with_its_health_checked(tmp_path):
    # `sys.exit(main())` exits 0: the run ended like any other, and its training is judged
    completed, report = probe(tmp_path, MAIN_EXIT_SCRIPT)
    assert completed.returncode == 0, completed.stderr
    assert report["outcome"] == "ok", report
    assert report["health"]["steps"] == 3, report["health"]


CAUGHT_SCRIPT = textwrap.dedent("""\
    import logging
    import sys
    import torch

    def train():
        layer = torch.nn.Linear(20, 2)
        return layer(torch.randn(8, 16))

    if __name__ == "__main__":
        try:
            train()
        except Exception:
            logging.exception("training failed")
            sys.exit(3)
    """)


def test_an_error_the_script_caught_before_it_exited_is_reported_as_that_error(tmp_path):
    completed, report = probe(tmp_path, CAUGHT_SCRIPT)
    assert completed.returncode == 3  # the script's own exit code
    assert report["outcome"] == "exception" and report["exited"] == 3, report
    assert report["error_type"] == "RuntimeError" and "mat1 and mat2" in report["message"]
    assert [(f["line"], f["function"]) for f in report["frames"] if f["user"]][-1] == (7, "train")


WRAPPED_SCRIPT = textwrap.dedent("""\
    import torch

    class Head(torch.nn.Module):
        def forward(self, x):
            if x.shape[1] != 16:
                raise ValueError(f"Head wants 16 features, got {x.shape[1]}")
            return x.sum()

    def train(head):
        data = iter([torch.randn(4, 16)])
        for _ in range(2):
            try:
                head(next(data))
            except StopIteration:  # the refill has another width: its own crash, not the StopIteration
                head(torch.randn(4, 20))

    if __name__ == "__main__":
        try:
            train(Head())
        except Exception as e:
            raise RuntimeError("training failed, see the log") from e
    """)


def test_an_error_wrapped_with_from_is_reported_as_the_error_it_wraps(tmp_path):
    completed, report = probe(tmp_path, WRAPPED_SCRIPT)
    assert completed.returncode == 1
    assert report["error_type"] == "ValueError" and report["message"] == "Head wants 16 features, got 20", report
    assert [(f["line"], f["function"]) for f in report["frames"] if f["user"]][-1] == (6, "forward")


HANDLED_ELSEWHERE = {
    # a reshape failing in C inside an `except StopIteration:` refill is its own crash
    "op_in_handler": ("import torch\ndata = iter([torch.randn(4, 8)])\nfor _ in range(2):\n    try:\n"
                      "        x = next(data)\n    except StopIteration:\n"
                      "        x = torch.randn(4, 8).reshape(3, 5)\n",
                      "RuntimeError", 7),
    # a data check's exit, from a helper that an optional import's handler called, is the script's exit
    "exit_in_helper": ("import sys\n\ndef check(v):\n    if v < 0:\n        sys.exit(5)\n\ntry:\n"
                       "    import not_installed_module\nexcept ImportError:\n    check(-1)\n", "exit", 5),
}


@pytest.mark.parametrize("name", sorted(HANDLED_ELSEWHERE))
def test_an_error_met_while_handling_another_is_not_taken_for_the_handled_one(tmp_path, name):
    script, expected, where = HANDLED_ELSEWHERE[name]
    completed, report = probe(tmp_path, script)
    if expected == "exit":
        assert report["outcome"] == "exit" and report["code"] == where, report
    else:
        assert report["error_type"] == expected, report
        assert [f["line"] for f in report["frames"] if f["user"]][-1] == where


def test_a_library_exiting_inside_its_own_handler_stays_an_exit(tmp_path):
    # argparse catches its ArgumentError and exits 2: the usage error is the library's verdict
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lr', type=float)\np.parse_args()\n"
    completed, report = probe(tmp_path, script, "--lr", "fast")
    assert completed.returncode == 2
    assert report["outcome"] == "exit" and report["code"] == 2, report


UNPLACEABLE_SCRIPT = textwrap.dedent("""\
    from torch import nn

    class Net(nn.Module):
        __module__ = None  # a class the probe cannot place: recording where it was built fails

        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(4, 2)

    net = Net()
    config = {}
    print(config["lr"])
    """)


def test_the_probes_own_failure_reaches_the_report_and_the_stop_reason(tmp_path):
    completed, report = probe(tmp_path, UNPLACEABLE_SCRIPT)
    assert (completed.returncode == 1 and report[schema.VERSION_KEY] == schema.VERSION
            and report["error_type"] == "KeyError")
    assert report["probe_error"] == ("recording where a Net was built: "
                                     "AttributeError: 'NoneType' object has no attribute 'startswith'")
    result = resolve("--json", "script.py", cwd=tmp_path)
    assert result.code == 1 and result.json["stop_reason"] == "the probe failed: " + report["probe_error"]
    assert result.json["last_error"]["probe_error"] == report["probe_error"]
