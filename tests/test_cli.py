"""The command line as a user meets it: arguments, working directory, exit codes, reports."""

import textwrap

from conftest import BROKEN, FIXTURES, resolve, snapshot, write




def test_report_has_the_standard_format(tmp_path):
    write(tmp_path / "train.py", BROKEN)
    result = resolve("--no-llm", "train.py", cwd=tmp_path)
    assert result.code == 0, result.stdout + result.stderr
    assert result.stdout == textwrap.dedent("""\
        [FIXED] train.py:4
        Error: RuntimeError: mat1 and mat2 shapes cannot be multiplied (10x16 and 12x2)
        Fix: Changed nn.Linear(12, 2) to nn.Linear(16, 2) to match the 16 features it receives (layer 2, input 10x16)
        Remaining errors: 0

        Status: SUCCESS | Errors Fixed: 1 | Files Modified: train.py
        """)
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
        "fix": "Changed nn.Linear(12, 2) to nn.Linear(16, 2) to match the 16 features it receives (layer 2, input 10x16)",
        "rule": "linear_in_features",
        "written": True,
    }]
    assert report["attempts"] == 1 and report["runs"] == 2
    assert "resolve: run 1" in result.stderr  # progress goes to stderr, never stdout


def test_everything_after_the_script_belongs_to_the_script(tmp_path):
    write(tmp_path / "echo_args.py", "import sys, json\nopen('argv.json', 'w').write(json.dumps(sys.argv[1:]))\n")
    result = resolve("--no-llm", "echo_args.py", "--json", "--epochs", "1", "-m", "x", cwd=tmp_path)
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
