"""The command line as a user meets it: arguments, working directory, exit codes, reports."""

import re
import textwrap

import pytest
from conftest import BROKEN, FIXTURES, resolve, snapshot, write

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters


def test_report_has_the_standard_format(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 0, result.stdout + result.stderr
    expected = textwrap.dedent("""\
        [FIXED] train.py:4
        Error: RuntimeError: mat1 and mat2 shapes cannot be multiplied (10x16 and 12x2)
        Fix: Changed nn.Linear(12, 2) to nn.Linear(16, 2) to match the 16 features it receives (layer 2, input 10x16)
        Remaining errors: 0

        The change:
        --- a/train.py
        +++ b/train.py
        @@ -1,7 +1,7 @@
         import torch
         import torch.nn as nn
        <blank context line>
        -model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(12, 2))
        +model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
         opt = torch.optim.SGD(model.parameters(), lr=0.1)
         x, y = torch.randn(10, 8), torch.randint(0, 2, (10,))
         for _ in range(3):

        Training checked (loss, gradients, updates, zero_grad order, train mode): 3 optimizer steps (3 measured); \
loss <first> -> <last>; 4 of 4 trainable parameters got gradients

        Status: SUCCESS | Errors Fixed: 1 | Files Modified: train.py
        """).replace("<blank context line>", " ")  # dedent would strip the diff's " " line
    losses = re.search(r"loss (\d+\.\d+) -> (\d+\.\d+);", result.stdout)  # unseeded: the values vary
    assert losses, result.stdout
    assert result.stdout == expected.replace("<first>", losses[1]).replace("<last>", losses[2])
    assert "nn.Linear(16, 2)" in (tmp_path / "train.py").read_text()


def test_json_is_one_object_with_the_documented_fields(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    result = resolve("--no-llm", "--json", "train.py", cwd=tmp_path)
    report = result.json
    assert report["status"] == "SUCCESS"
    assert report["errors_fixed"] == 1 and report["files_modified"] == ["train.py"]
    assert report["fixes"] == [{
        "file": "train.py", "line": 4,
        "error": "RuntimeError: mat1 and mat2 shapes cannot be multiplied (10x16 and 12x2)",
        "fix": "Changed nn.Linear(12, 2) to nn.Linear(16, 2) to match the 16 features it receives "
               "(layer 2, input 10x16)",
        "rule": "module_input",
        "written": True,
    }]
    assert report["attempts"] == 1 and report["runs"] == 2
    assert "resolve: run 1" in result.stderr  # progress goes to stderr, never stdout


def test_everything_after_the_script_belongs_to_the_script(tmp_path):
    # written outside the project: what the script writes inside it stays in its sandbox
    write(tmp_path / "p" / "echo_args.py",
          "import sys, json\nopen('../argv.json', 'w').write(json.dumps(sys.argv[1:]))\n")
    result = resolve("--no-llm", "echo_args.py", "--json", "--epochs", "1", "-m", "x", cwd=tmp_path / "p")
    assert result.code == 0
    assert "Status: NO_ERROR" in result.stdout  # --json went to the script, not to resolve
    assert (tmp_path / "argv.json").read_text() == '["--json", "--epochs", "1", "-m", "x"]'


def test_script_runs_in_the_users_directory(tmp_path):
    write(tmp_path / "data" / "n.txt", "3")
    write(tmp_path / "src" / "train.py", "print(int(open('data/n.txt').read()) + 1)\n")
    result = resolve("--no-llm", "src/train.py", cwd=tmp_path)
    assert result.code == 0 and "Status: NO_ERROR" in result.stdout, result.stderr


def test_module_mode_fixes_a_package(tmp_path):
    write(tmp_path / "pkg" / "__init__.py", "")
    write(tmp_path / "pkg" / "train.py", BROKEN)
    result = resolve("--no-llm", "--json", "-m", "pkg.train", cwd=tmp_path)
    assert result.json["status"] == "SUCCESS", result.stderr
    assert result.json["files_modified"] == ["pkg/train.py"]


def test_dry_run_shows_the_verified_diff_and_writes_nothing(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    before = snapshot(tmp_path)
    result = resolve("--no-llm", "--dry-run", "train.py", cwd=tmp_path)
    assert result.code == 0
    assert "-model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(12, 2))" in result.stdout
    assert "+model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))" in result.stdout
    assert "Files Modified: none" in result.stdout
    assert snapshot(tmp_path) == before


def test_an_unfixable_error_fails_and_leaves_every_byte(tmp_path):
    write(tmp_path / "train.py", "import torch\nx = torch.ones(3)\nprint(x['a'])\n")
    before = snapshot(tmp_path)
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 1
    assert "[FAILED] train.py:3" in result.stdout
    assert "Status: FAILED | Errors Fixed: 0 | Files Modified: none" in result.stdout
    assert snapshot(tmp_path) == before


def test_a_backup_of_the_original_is_kept(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    cache = tmp_path / "cache"
    assert resolve("--no-llm", "train.py", cwd=tmp_path, env={"XDG_CACHE_HOME": str(cache)}).code == 0
    backups = list(cache.glob("resolver/backups/*/*/0-train.py"))
    assert [b.read_text() for b in backups] == [BROKEN]


def test_demo_repairs_a_fixture_in_a_temporary_copy(tmp_path):
    before = snapshot(FIXTURES)
    result = resolve("demo", cwd=tmp_path)
    assert result.code == 0, result.stderr
    assert "[FIXED] train.py:16" in result.stdout
    assert "Status: SUCCESS | Errors Fixed: 1 | Files Modified: train.py" in result.stdout
    assert snapshot(FIXTURES) == before


def test_help_has_examples_exit_codes_and_environment(tmp_path):
    result = resolve("--help", cwd=tmp_path)
    assert result.code == 0
    for part in ("examples:", "resolve train.py --epochs 1", "exit codes:", "130", "environment:",
                 "RESOLVE_LANG", "ANTHROPIC_API_KEY", "-q, --quiet", "-v, --verbose", "--lang {en,zh}"):
        assert part in result.stdout, part
    assert resolve("help", cwd=tmp_path).stdout == result.stdout


@pytest.mark.parametrize("command", ["demo", "install-agent", "init-ci"])
def test_every_command_has_help(tmp_path, command):
    result = resolve(command, "--help", cwd=tmp_path)
    assert result.code == 0 and result.stdout.startswith(f"usage: resolve {command}"), result.stderr
    assert resolve("help", command, cwd=tmp_path).stdout == result.stdout
    assert list(tmp_path.iterdir()) == [], "help writes nothing"


@pytest.mark.parametrize("args, message", [
    (["--max-atempts", "3", "train.py"], "unrecognized arguments: --max-atempts; did you mean --max-attempts?"),
    (["--dryrun", "train.py"], "unrecognized arguments: --dryrun; did you mean --dry-run?"),
    (["--max", "3", "train.py"], "unrecognized arguments: --max"),
    (["init-ci", "--forse"], "unrecognized arguments: --forse; did you mean --force?"),
    (["help", "dmo"], "no command 'dmo'; did you mean 'demo'?"),
    (["-q", "-v", "train.py"], "not allowed with argument"),
])
def test_unknown_flags_suggest_the_closest_one(tmp_path, args, message):
    result = resolve(*args, cwd=tmp_path)
    assert result.code == 2 and message in result.stderr and result.stderr.count("\n") == 1, result.stderr


def test_quiet_chinese_report_from_the_locale(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    result = resolve("--no-llm", "-q", "--dry-run", "train.py", cwd=tmp_path,
                     env={"LANG": "zh_CN.UTF-8", "LC_ALL": "", "RESOLVE_LANG": ""})
    assert result.code == 0 and result.stderr == ""
    assert result.stdout.startswith(textwrap.dedent("""\
        [已修复] train.py:4
        错误：RuntimeError: mat1 and mat2 shapes cannot be multiplied (10x16 and 12x2)
        修复：Changed nn.Linear(12, 2) to nn.Linear(16, 2) to match the 16 features it receives (layer 2, input 10x16)
        剩余错误：0

        试运行，未写入任何文件。已验证的修改：
        """))
    assert result.stdout.endswith("\nStatus: SUCCESS | Errors Fixed: 1 | Files Modified: none\n")


def test_lang_zh_keeps_json_keys_english_and_markdown_code_in_backticks(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    english = resolve("--no-llm", "--json", "--dry-run", "train.py", cwd=tmp_path).json
    result = resolve("--no-llm", "--json", "--dry-run", "--lang", "zh", "--report-md", "r.md", "train.py", cwd=tmp_path,
                     env={"RESOLVE_LANG": "en"})
    assert set(result.json) == set(english) and result.json["fixes"] == english["fixes"]
    markdown = (tmp_path / "r.md").read_text()
    assert "### [已修复] `train.py:4`" in markdown
    assert "- **修复：** Changed `nn.Linear(12, 2)` to `nn.Linear(16, 2)` to match" in markdown


@pytest.mark.parametrize("prose, markdown", [
    ("Added super().__init__() to Net.__init__: nn.Module must set itself up",
     "Added `super().__init__()` to `Net.__init__`: `nn.Module` must set itself up"),
    ("Added drop_last=True to the loader at train.py:12", "Added `drop_last=True` to the loader at `train.py`:12"),
    ("Wrapped it in `with torch.no_grad():` so autograd does not record it",
     "Wrapped it in `with torch.no_grad():` so autograd does not record it"),
    ("Changed x.view(-1, 16) to x.view(x.size(0), -1): the flatten folded the batch",
     "Changed `x.view(-1, 16)` to `x.view(x.size(0), -1)`: the flatten folded the batch"),
])
def test_markdown_puts_code_in_backticks(prose, markdown):
    from resolver.report import code_spans

    assert code_spans(prose) == markdown
