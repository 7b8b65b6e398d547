"""The house rules a reviewer would otherwise check by hand: no line over 120 characters, imports
sorted, no unused name (ruff, configured in pyproject.toml), and no module in resolver/ over 450
lines: a file that grows past it holds more than one thing."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 450


def test_no_module_is_over_450_lines():
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "resolver").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"split these modules (over {MOST_LINES} lines): {long}"


@pytest.mark.slow
def test_ruff_finds_nothing():
    completed = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                               capture_output=True, text=True)
    assert completed.returncode == 0, completed.stdout + completed.stderr
