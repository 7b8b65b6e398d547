"""Visible runs: a live status line on a terminal, plain progress lines off one, the script's
own output with -v, nothing but the report with -q."""

import os
import pty
import select
import signal
import sys
import textwrap
import time

import pytest
from conftest import resolve, write

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

SLOW_START = textwrap.dedent("""\
    import sys, time
    import torch
    print("loading the data set", flush=True)
    time.sleep(float(sys.argv[1]))
    raise ValueError("no such column: label")
    """)


def test_a_terminal_shows_the_run_while_the_script_is_still_loading(tmp_path):
    write(tmp_path / "train.py", SLOW_START)
    started = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(tmp_path)
        os.execv(sys.executable, [sys.executable, "-m", "resolver", "--no-llm", "train.py", "20"])
    seen, first_status, output_line = b"", None, None
    try:
        while time.monotonic() - started < 15 and output_line is None:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
            if first_status is None and b"run 1: reproducing" in seen:
                first_status = time.monotonic() - started
            if b"> loading the data set" in seen:
                output_line = time.monotonic() - started
    finally:
        os.kill(pid, signal.SIGINT)
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    # how soon the line shows is timed by benchmarks/long.py ("first status line on a terminal")
    assert first_status is not None, seen[-500:]
    assert output_line is not None and first_status <= output_line, "the status line shows while the script sleeps"
    assert os.waitstatus_to_exitcode(status) == 130


def test_off_a_terminal_a_long_run_prints_a_plain_line_every_ten_seconds_and_v_streams_its_output(tmp_path):
    write(tmp_path / "train.py", SLOW_START)
    result = resolve("--no-llm", "-v", "train.py", "12", cwd=tmp_path)
    assert result.code == 1
    progress = [line for line in result.stderr.splitlines() if line.startswith("resolve: run 1: reproducing | ")]
    assert len(progress) == 1 and "> loading the data set" in progress[0], result.stderr
    assert "\x1b[" not in result.stderr, "no terminal codes off a terminal"
    assert result.stderr.index("loading the data set") < result.stderr.index("resolve: run 1: reproducing |")
    assert "ValueError: no such column: label" in result.stderr, "-v streams the script's stderr"


def test_quiet_prints_only_the_report(tmp_path):
    write(tmp_path / "train.py", SLOW_START)
    result = resolve("--no-llm", "-q", "train.py", "0", cwd=tmp_path)
    assert result.code == 1 and result.stderr == ""
    assert "Error: ValueError: no such column: label" in result.stdout
