"""What the user sees while runs go on, on stderr.

On a terminal: one live status line (rich), redrawn four times a second: the run's number,
what it is doing, seconds so far, the probe's counters and the script's last output line. Off a
terminal: that line as plain text at most every 10 s, for runs longer than that. Verbosity 0
(-q) shows nothing; 2 (-v) also streams the script's own stdout and stderr as they come (they
are still kept for the diagnosis) and says how runs are started."""

from __future__ import annotations

import sys
import threading
import time

PLAIN_EVERY = 10.0  # seconds between plain progress lines off a terminal


class RunView:
    """One run as it goes: the live display's source, fed by run.py's readers."""

    def __init__(self, display: Display, number: int, doing: str):
        self.display, self.number, self.doing = display, number, doing
        self.started = time.monotonic()
        self.progress: dict = {}
        self.last_line = ""
        self._partial = b""

    def output(self, stream: str, data: bytes) -> None:
        if self.display.verbosity >= 2:
            self.display.write(data.decode("utf-8", errors="replace"))
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()[-4096:]
        complete = [line for line in lines if line.strip()]
        if complete:
            self.last_line = complete[-1].decode("utf-8", errors="replace").strip()

    def counters(self, counters: dict) -> None:
        self.progress = counters

    def line(self) -> str:
        parts = [f"run {self.number}: {self.doing}", f"{time.monotonic() - self.started:.0f}s"]
        counters = self.progress
        if counters:
            parts.append(f"epoch {counters.get('epoch', 0)}, {counters.get('batches', 0)} batches, "
                         f"{counters.get('optimizer_steps', 0)} optimizer steps")
        if self.last_line:
            parts.append(f"> {self.last_line[:120]}")
        return " | ".join(parts)


class Display:
    def __init__(self, verbosity: int = 1, stream=None):
        self.verbosity = verbosity
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty()
        self._console = None
        self.current: RunView | None = None  # the run being shown

    # run.py's readers call these while a run goes on
    def output(self, stream: str, data: bytes) -> None:
        if self.current is not None:
            self.current.output(stream, data)

    def counters(self, counters: dict) -> None:
        if self.current is not None:
            self.current.counters(counters)

    def write(self, text: str) -> None:
        """Text above the status line (it is redrawn below)."""
        if self._console is not None:
            self._console.out(text, end="", highlight=False, markup=False)
        else:
            self.stream.write(text)
            self.stream.flush()

    def log(self, message: str) -> None:
        if self.verbosity:
            self.write(f"resolve: {message}\n")

    def detail(self, message: str) -> None:
        """Only with -v."""
        if self.verbosity >= 2:
            self.write(f"resolve: {message}\n")

    def run(self, number: int, doing: str) -> _Showing:
        return _Showing(self, RunView(self, number, doing))


class _Showing:
    """Shows one RunView while its run goes on (a context manager around the run)."""

    def __init__(self, display: Display, view: RunView):
        self.display, self.view = display, view
        self.stop = threading.Event()
        self.live = self.ticker = None

    def __enter__(self) -> RunView:
        display = self.display
        display.current = self.view
        if not display.verbosity:
            return self.view
        if display.terminal:
            from rich.console import Console
            from rich.live import Live
            from rich.text import Text

            console = Console(file=display.stream)
            self.live = Live(get_renderable=lambda: Text(self.view.line(), overflow="ellipsis", no_wrap=True),
                             console=console, refresh_per_second=4, transient=True,
                             redirect_stdout=False, redirect_stderr=False)
            self.live.start()
            display._console = console
        else:
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()
        return self.view

    def _tick(self):
        while not self.stop.wait(PLAIN_EVERY):
            self.display.write(f"resolve: {self.view.line()}\n")

    def __exit__(self, *exc):
        self.display.current = None
        self.stop.set()
        if self.live is not None:
            self.live.stop()
            self.display._console = None
        if self.ticker is not None:
            self.ticker.join()
