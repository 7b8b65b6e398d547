"""Benchmark of the LLM path over fixtures/llm/: the real `resolve` and the real `anthropic` SDK
against the fake server on 127.0.0.1 (tests/fake_anthropic.py). Each case runs twice: with a
model that gives the case's right answer (llm/reply.txt), and with one that never answers a
patch, which the bounds must stop. Per run it prints the requests made, the input and output
tokens of each request, and what share of the project's source files and lines went out.

    python benchmarks/llm.py [CASE ...]

Tokens are counted as resolve counts them before sending: 3 characters a token, an over-count
for code (Claude's tokenizer is not public), so real requests are smaller.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fake_anthropic import FakeAnthropic, Reply, measured_usage  # noqa: E402

CASES = ROOT / "fixtures" / "llm"
UNPARSEABLE = "I am not sure what is wrong here; check the shapes of your tensors."
_SHOWN = re.compile(r"^(?P<path>\S+\.py) \(lines (?P<start>\d+)-(?P<end>\d+)\):$", re.MULTILINE)


def measure(case: Path, reply: str) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        shutil.copytree(case, project, ignore=shutil.ignore_patterns("case.json", "llm", "__pycache__"))
        sources = {str(p.relative_to(project)): len(p.read_text().splitlines()) for p in project.rglob("*.py")}
        with FakeAnthropic([Reply(reply, usage=None)], cycle=True) as fake:
            env = {**os.environ, "ANTHROPIC_BASE_URL": fake.url, "ANTHROPIC_API_KEY": "sk-ant-benchmark"}
            completed = subprocess.run([sys.executable, "-m", "resolver", "--no-rules", "--json", "train.py"],
                                       cwd=project, capture_output=True, text=True, env=env)
    report = json.loads(completed.stdout)
    first = fake.sent_text(0) if fake.requests else ""
    lines: dict[str, set[int]] = {}
    for shown in _SHOWN.finditer(first):
        lines.setdefault(shown["path"], set()).update(range(int(shown["start"]), int(shown["end"]) + 1))
    return {
        "status": report["status"],
        "requests": [measured_usage(r["body"], "")["input_tokens"] for r in fake.requests],
        "output": report["tokens"]["output"],
        "files": (len([f for f in lines if f in sources]), len(sources)),
        "lines": (sum(len(v) for f, v in lines.items() if f in sources), sum(sources.values())),
        "stop": report.get("stop_reason") or "",
    }


def main(argv: list[str]) -> int:
    cases = [p.parents[1] for p in sorted(CASES.glob("*/llm/reply.txt")) if not argv or p.parents[1].name in argv]
    print(f"{'case':22} {'model':12} {'status':8} {'requests':>8}  {'input tokens per request':26} "
          f"{'output':>6} {'files shown':>11} {'lines shown':>15}")
    for case in cases:
        for model, reply in (("right", (case / "llm" / "reply.txt").read_text()), ("unparseable", UNPARSEABLE)):
            row = measure(case, reply)
            (shown_files, files), (shown_lines, total_lines) = row["files"], row["lines"]
            print(f"{case.name:22} {model:12} {row['status']:8} {len(row['requests']):>8}  "
                  f"{' / '.join(f'{n:,}' for n in row['requests']):26} {row['output']:>6,} "
                  f"{f'{shown_files}/{files}':>11} "
                  f"{f'{shown_lines}/{total_lines} ({shown_lines / total_lines:.0%})':>15}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
