"""Issue 25, what a new user trips on, in-process: the diff after every SUCCESS, FAILED reasons
in words, terminal escapes out of captured output, notebooks as Python with a map back to cells,
script usage errors, the cause line of an error, and the doctor's rendering."""

import sys

from conftest import FIXTURES, copy_case
from test_loop import TRANSPOSE, ScriptedRun

from resolver import report
from resolver.diagnose.categories import CATEGORIES, in_words
from resolver.diagnose.diagnosis import strip_ansi
from resolver.loop import Options, resolve
from resolver.run.runner import Settings, Target


def _fixed(tmp_path, dry_run=False):
    project = copy_case(TRANSPOSE, tmp_path / "project").resolve()
    target = Target(project / "train.py", None, (), project, project, sys.executable)
    outcome = resolve(target, Settings(), Options(dry_run=dry_run), lambda _: None,
                      runner=ScriptedRun(TRANSPOSE, project, ".reshape("))
    return [report.Report("train.py", project, outcome)]


def test_a_written_fix_shows_its_diff_in_english_and_chinese_and_not_with_quiet(tmp_path):
    reports = _fixed(tmp_path)
    assert reports[0].outcome.written
    english, chinese = report.text(reports, "en"), report.text(reports, "zh")
    assert "The change:\n--- a/train.py\n+++ b/train.py" in english and ".reshape(" in english
    assert "修改内容：\n--- a/train.py" in chinese
    assert "--- a/train.py" not in report.text(reports, "en", show_diff=False)
    assert report.as_json(reports)["diff"].startswith("--- a/train.py")


def test_a_dry_run_keeps_its_diff_even_when_quiet(tmp_path):
    reports = _fixed(tmp_path, dry_run=True)
    assert "Dry run, nothing written. The verified change:\n--- a/train.py" in report.text(reports, show_diff=False)


def test_the_rich_report_colours_the_diff(tmp_path):
    from rich.console import Console

    console = Console(record=True, force_terminal=True, width=120)
    report.rich(_fixed(tmp_path), "en", console)
    coloured = console.export_text(styles=True)
    assert "\x1b[92" in coloured and "+++ b/train.py" in coloured


def test_a_failed_reason_names_the_kind_of_error_in_words_never_a_category_id(tmp_path):
    outcome, _, project = _no_rule(tmp_path)
    assert outcome.status == "FAILED"
    assert "this is an error of a kind resolve has no rule family for; no rule in the catalogue fixes it" \
        in outcome.stop_reason and "category" not in outcome.stop_reason
    assert "(category" not in report.text([report.Report("train.py", project, outcome)])


def _no_rule(tmp_path):
    from dataclasses import replace

    project = copy_case(TRANSPOSE, tmp_path / "project").resolve()
    scripted = ScriptedRun(TRANSPOSE, project, None)
    scripted.failing = replace(scripted.failing, error_type="ValueError", message="something odd")
    target = Target(project / "train.py", None, (), project, project, sys.executable)
    outcome = resolve(target, Settings(), Options(dry_run=True, llm_note="LLM fallback off (--no-llm)"),
                      lambda _: None, runner=scripted)
    assert outcome.stop_reason.endswith("; LLM fallback off (--no-llm)")
    return outcome, scripted, project


def test_every_category_has_words():
    for category, _ in CATEGORIES:
        assert "no rule family" not in in_words(category), category
    assert in_words("shape.linear_in_features") == "a tensor shape mismatch (linear in features)"


def test_terminal_escapes_are_stripped_before_parsing():
    coloured = "\x1b[1;31mRuntimeError\x1b[0m: bad \x1b]8;;https://x\x07link\x1b]8;;\x07\x1b[2K"
    assert strip_ansi(coloured) == "RuntimeError: bad link"
    assert strip_ansi("plain [1m text") == "plain [1m text"


# --- notebooks ------------------------------------------------------------------------------------

def _notebook(path, cells, indent=1):
    """A notebook written as nbformat writes it; `cells`: ("code" | "markdown", source, outputs)."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

    nb = new_notebook()
    for number, (kind, source, outputs) in enumerate(cells, 1):
        if kind == "markdown":
            nb.cells.append(new_markdown_cell(source))
        else:
            nb.cells.append(new_code_cell(source, execution_count=number, outputs=[
                new_output("stream", name="stdout", text=text) for text in outputs]))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path.write_text(nbformat.writes(nb, version=4) if indent == 1 else __import__("json").dumps(nb, indent=indent))
    return path


CELLS = [("markdown", "# Title", []),
         ("code", "!pip install -q x\nimport torch\n%matplotlib inline", ["out1\n"]),
         ("code", "def f(x):\n    !echo hi\n    return x.view(2, -1)", []),
         ("code", "%%bash\necho shell", ["shell\n"]),
         ("code", "%%time\ny = f(torch.ones(4))", ["Wall time: 1 s\n"])]


def test_a_notebook_is_the_program_of_its_code_cells_with_shell_and_magic_lines_skipped(tmp_path):
    from resolver import notebook

    program = notebook.to_python(_notebook(tmp_path / "t.ipynb", CELLS).read_bytes())
    assert program.text == ("# %% [cell 2]\npass  # resolve skipped: !pip install -q x\nimport torch\n"
                            "pass  # resolve skipped: %matplotlib inline\n"
                            "# %% [cell 3]\ndef f(x):\n    pass  # resolve skipped: !echo hi\n"
                            "    return x.view(2, -1)\n"
                            "# %% [cell 4]\npass  # resolve skipped: %%bash\npass  # resolve skipped: echo shell\n"
                            "# %% [cell 5]\npass  # resolve skipped: %%time\ny = f(torch.ones(4))\n")
    compile(program.text, "t.ipynb", "exec")
    assert [cell for cell, _ in program.skipped] == [2, 2, 3, 4, 4, 5]
    assert "6 shell or magic line(s)" in notebook.skipped_note(program, "t.ipynb")
    assert notebook.cell_line(program.text, 8) == (3, 3) and notebook.cell_line(program.text, 5) is None


def test_a_fixed_cell_is_written_into_the_notebook_and_every_other_byte_stays(tmp_path):
    import nbformat

    from resolver import notebook

    for indent in (1, 2):
        raw = _notebook(tmp_path / f"t{indent}.ipynb", CELLS, indent).read_bytes()
        text = notebook.to_python(raw).text
        new = notebook.encode(raw, text.replace("x.view(2, -1)", "x.reshape(2, -1)"))
        nbformat.validate(nbformat.reads(new.decode(), as_version=4))
        before, after = raw.decode().splitlines(), new.decode().splitlines()
        changed = [(a, b) for a, b in zip(before, after) if a != b]
        assert len(before) == len(after) and len(changed) == 1
        assert "x.reshape(2, -1)" in changed[0][1] and changed[0][0].replace("view", "reshape") == changed[0][1]
        cell = nbformat.reads(new.decode(), as_version=4).cells[2]
        assert cell.source == "def f(x):\n    !echo hi\n    return x.reshape(2, -1)"  # the shell line is back
        assert notebook.encode(raw, text) == raw


def test_a_notebook_fix_that_breaks_the_cell_markers_is_refused(tmp_path):
    import pytest

    from resolver import notebook

    raw = _notebook(tmp_path / "t.ipynb", CELLS).read_bytes()
    with pytest.raises(notebook.NotebookError):
        notebook.encode(raw, notebook.to_python(raw).text.replace("# %% [cell 3]\n", ""))


def test_inputs_that_are_not_python_or_a_notebook_are_refused_with_one_line(tmp_path):
    import pytest

    from resolver.errors import UsageError
    from resolver.target import make_target

    (tmp_path / "empty.ipynb").write_text("")
    (tmp_path / "code_free.ipynb").write_text(_notebook(tmp_path / "x.ipynb", CELLS[:1]).read_text())
    (tmp_path / "cfg.yaml").write_text("lr: 0.1\n")
    (tmp_path / "notes.txt").write_text("print(1)\n")
    (tmp_path / "data.json").write_text("{}\n")
    (tmp_path / "tool").write_text("#!/usr/bin/env python3\nprint(1)\n")
    cases = {"empty.ipynb": "not a valid notebook", "code_free.ipynb": "has no code to run",
             "cfg.yaml": "not a Python script", "notes.txt": "not a Python script", "data.json": "not a Python script"}
    import os

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for name, words in cases.items():
            with pytest.raises(UsageError, match=words):
                make_target([name], sys.executable)
        assert make_target(["tool"], sys.executable).script.name == "tool"
    finally:
        os.chdir(cwd)


# --- the script's own argument parser -------------------------------------------------------------

ARGPARSE = "usage: train.py [-h] [--lr LR]\ntrain.py: error: unrecognized arguments: --no-llm --json\n"
CLICK = "Usage: train.py [OPTIONS]\nTry 'train.py --help' for help.\n\nError: No such option: --no-llm\n"
TYPER = ("Usage: train.py [OPTIONS]\nTry 'train.py --help' for help.\n╭─ Error ──────────────────╮\n"
         "│ No such option: --no-llm │\n╰──────────────────────────╯\n")


def test_usage_errors_of_argparse_click_and_typer_are_recognised():
    from resolver.diagnose.usage import parser_complaint

    assert parser_complaint(2, "SystemExit", ARGPARSE) == "unrecognized arguments: --no-llm --json"
    assert parser_complaint(2, "SystemExit", CLICK) == "No such option: --no-llm"
    assert parser_complaint(2, "SystemExit", TYPER) == "No such option: --no-llm"
    assert parser_complaint(1, "SystemExit", ARGPARSE) is None  # not a usage exit
    assert parser_complaint(2, "SystemExit", "error: bad config\n") is None  # no usage text
    assert parser_complaint(2, "ValueError", ARGPARSE) is None


def test_misplaced_resolve_options_are_picked_with_their_values():
    from resolver.diagnose.usage import misplaced

    options = {"--no-llm": False, "--json": False, "--max-runs": True, "--lr": True}
    assert misplaced(("--no-llm", "--lr", "0.01", "--json"), "unrecognized arguments: --no-llm --json", options) \
        == ["--no-llm", "--json"]
    assert misplaced(("--max-runs", "5", "--x"), "unrecognized arguments: --max-runs 5", options) == ["--max-runs", "5"]
    assert misplaced(("--no-llm-x",), "unrecognized arguments: --no-llm-x", options) == []


# --- resolve doctor ---------------------------------------------------------------------------------

def _probe_doctor():
    import importlib.util

    from resolver.doctor import SCRIPT

    spec = importlib.util.spec_from_file_location("_doctor_probe", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GPU_FACTS = {"python": "3.11.7", "executable": "/venv/bin/python", "torch": "2.5.1+cu124", "cuda_build": "12.4",
             "cuda_available": True, "cudnn": 90100, "cuda_tensor": "ok", "driver": "550.54",
             "gpus": [{"name": "NVIDIA H100", "memory": 80 * 2**30, "free": 79 * 2**30, "capability": "9.0"}],
             "packages": {"torch": "2.5.1+cu124", "torchvision": "0.20.1"},
             "memory": {"cgroup_max": 64 * 2**30, "rlimit_as": None, "available": 100 * 2**30, "total": 128 * 2**30},
             "problems": ["torchvision 0.19.0 was built for torch 2.4.0, but torch is 2.5.1+cu124"]}


def test_the_doctor_names_cuda_wheels_without_a_driver_and_companions_built_for_another_torch():
    doctor = _probe_doctor()
    facts = {"cuda_build": "12.4", "cuda_available": False, "driver": None, "gpus": [], "cuda_tensor": "RuntimeError"}
    assert doctor.mismatches({"torch": "2.5.1"}, facts) == [
        "torch 2.5.1 is a CUDA 12.4 build, but this machine has no NVIDIA driver: it runs on the CPU only"]
    facts = {"cuda_build": "12.4", "cuda_available": False, "driver": "470.1", "gpus": [],
             "cuda_tensor": "RuntimeError: The NVIDIA driver on your system is too old"}
    assert "torch cannot use CUDA: RuntimeError: The NVIDIA driver" in doctor.mismatches({"torch": "2.5.1"}, facts)[0]
    assert doctor.mismatches({"torch": "2.13.0+cpu"}, {"cuda_build": None}) == []
    memory = doctor.memory()
    assert set(memory) == {"cgroup_max", "rlimit_as", "available", "total"}


def test_the_doctor_report_in_english_chinese_and_its_summary():
    from resolver import doctor

    english = doctor.text(GPU_FACTS)
    assert "CUDA: build 12.4; available: yes; a CUDA tensor: can be made" in english
    assert "GPUs: 0: NVIDIA H100 (sm 9.0), 80.0 GiB, 79.0 GiB free" in english
    assert "Memory: cgroup limit 64.0 GiB; RLIMIT_AS unlimited; available RAM 100.0 GiB of 128.0 GiB" in english
    assert "  - torchvision 0.19.0 was built for torch 2.4.0" in english
    chinese = doctor.text(GPU_FACTS, "zh")
    assert "GPU：0: NVIDIA H100" in chinese and "内存：cgroup 限制 64.0 GiB" in chinese
    line = doctor.summary(GPU_FACTS)
    assert "\n" not in line
    assert line.startswith("torch 2.5.1+cu124 (CUDA 12.4 build), Python 3.11.7, 1 GPU(s): NVIDIA H100")
    assert "memory limit 64.0 GiB" in line and "problem: torchvision 0.19.0" in line
    assert doctor.summary({"executable": "/p", "torch_error": "ModuleNotFoundError: torch"}).startswith(
        "torch cannot be imported by /p")


# --- the cause line, and the user's batch size ------------------------------------------------------

COMPILE_MESSAGE = """Failed to trace builtin operator
  Explanation: Dynamo does not know how to trace builtin operator `print`

from user code:
   File "{site}", line 999, in forward
    return torch.nn.functional.relu(x)
   File "model.py", line 13, in forward
    print("scale", scale)

Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace"""

CUSTOM_FUNCTION = """\
import torch


class ClampGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clamp(-1, 1)

    @staticmethod
    def backward(ctx, grad):
        if grad is None:
            return None
        return grad.sum(dim=0)
"""


def test_the_cause_is_the_user_frame_the_message_quotes(tmp_path):
    from resolver.diagnose import cause
    from resolver.diagnose.diagnosis import Diagnosis, Frame

    (tmp_path / "model.py").write_text("x = 1\n")
    message = COMPILE_MESSAGE.format(site=tmp_path / ".venv" / "lib" / "site-packages" / "torch" / "x.py")
    error = Diagnosis("Unsupported", message, (Frame(tmp_path / "train.py", 28, "<module>", True, "loss = f(x)"),))
    found = cause.find(error, tmp_path, tmp_path, {})
    assert (found.file, found.line, found.function, found.code) == \
        ((tmp_path / "model.py").resolve(), 13, "forward", 'print("scale", scale)')
    assert cause.find(Diagnosis("RuntimeError", "no frame here", error.frames), tmp_path, tmp_path, {}) is None


def test_the_cause_of_a_wrong_gradient_is_the_custom_functions_backward_return(tmp_path):
    from resolver.diagnose import cause
    from resolver.diagnose.diagnosis import Diagnosis, Frame

    (tmp_path / "ops").mkdir()
    (tmp_path / "ops" / "clamp.py").write_text(CUSTOM_FUNCTION)
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "other.py").write_text(CUSTOM_FUNCTION)
    frames = (Frame(tmp_path / "train.py", 25, "<module>", True, "loss.backward()"),)
    message = ("Function ClampGradBackward returned an invalid gradient at index 0 - got [2] but expected shape "
               "compatible with [2, 2]")
    found = cause.find(Diagnosis("RuntimeError", message, frames), tmp_path, tmp_path, {})
    assert (found.file, found.line, found.code) == (tmp_path / "ops" / "clamp.py", 13, "return grad.sum(dim=0)")
    proposed = {tmp_path / "ops" / "clamp.py": CUSTOM_FUNCTION.replace("        if grad is None:\n"
                                                                       "            return None\n", "")}
    assert cause.find(Diagnosis("RuntimeError", message, frames), tmp_path, tmp_path, proposed).line == 11


def test_a_smoke_mode_shape_in_the_message_is_given_at_the_users_batch_size(tmp_path):
    from dataclasses import replace

    outcome, _, project = _no_rule(tmp_path)
    error = replace(outcome.last_error, error_type="RuntimeError",
                    message="The shape of the mask is torch.Size([2, 12]), expected (5, 12)")
    failed = replace(outcome, last_error=error, lowered_batch_sizes=(16,))
    shown = report.text([report.Report("train.py", project, failed)])
    assert "Error: RuntimeError: The shape of the mask is torch.Size([2, 12]), expected (5, 12) " \
           "(at your batch size: 16x12)" in shown
    assert "at your batch size" not in report.text([report.Report("train.py", project, replace(
        failed, lowered_batch_sizes=()))])
    assert "at your batch size" not in report.headline(replace(error, message="torch.Size([3, 12])"), failed)


def test_a_failed_report_points_at_the_layer_and_gives_the_catalogues_advice_in_both_languages(tmp_path):
    case = FIXTURES / "module_input" / "noop_layers_in_loop"  # a Linear built for other inputs, no rule fits
    project = copy_case(case, tmp_path / "project").resolve()
    target = Target(project / "train.py", None, (), project, project, sys.executable)
    outcome = resolve(target, Settings(), Options(dry_run=True), lambda _: None,
                      runner=ScriptedRun(case, project, None))
    layer = outcome.last_error.module
    reports = [report.Report("train.py", project, outcome)]
    english, chinese = report.text(reports, "en"), report.text(reports, "zh")
    assert outcome.status == "FAILED" and layer.class_name == "Linear"
    assert (f"Layer: {layer.path} (nn.Linear, built at train.py:{layer.site.line}) was built for "
            f"in_features={layer.attributes['in_features']} and got input "
            f"{'x'.join(map(str, layer.inputs[0].shape))}") in english
    assert "Advice: A Linear layer got inputs with a different number of features than it was built for" in english
    assert "层：" in chinese and "建议：全连接层（Linear）收到的输入特征数与构建时不同" in chinese
    assert "- Advice: A Linear layer got inputs" in report.markdown(reports, "en")
