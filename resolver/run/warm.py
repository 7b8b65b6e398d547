"""The warm server's client: one server per repair, started in the user's interpreter, forks
each run from an interpreter that has already imported torch (resolver/run/probe/server.py).

When the server cannot be used (it failed to start, died, or the interpreter lacks what it
needs), runs fall back to one process each, and `reason` says why."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

SERVER = Path(__file__).parent / "probe" / "server.py"
START_TIMEOUT = 120.0  # seconds for `import torch` on a slow disk


class WarmProcess:
    """A run forked by the server, with the part of subprocess.Popen's interface run.py uses."""

    def __init__(self, connection: socket.socket, pid: int, reader):
        self.connection, self.pid, self.reader = connection, pid, reader
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is not None:
            return self.returncode
        self.connection.settimeout(timeout)
        try:
            line = self.reader.readline()
        except (TimeoutError, socket.timeout):
            raise subprocess.TimeoutExpired("warm run", timeout) from None
        except OSError:
            line = b""
        self.returncode = int(line.split()[1]) if line.startswith(b"exit ") else -9  # the server died
        self.connection.close()
        return self.returncode


class WarmServer:
    def __init__(self, python: str, env: dict[str, str], wait_for_start: bool = True):
        self.folder = tempfile.TemporaryDirectory(prefix="resolve-warm-")
        self.socket_path = os.path.join(self.folder.name, "server.sock")
        self.stderr = open(os.path.join(self.folder.name, "server.err"), "w+b")
        self.wait_for_start = wait_for_start
        self.reason = ""
        self.settled = threading.Event()  # the server said it is ready, or ended
        self.ready = False
        try:
            self.process = subprocess.Popen(
                [python, str(SERVER), self.socket_path], env=env, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=self.stderr, start_new_session=True)
        except OSError as exc:
            self.process, self.reason = None, f"cannot start {python}: {exc}"
            return
        threading.Thread(target=self._await_ready, daemon=True).start()

    def _await_ready(self):
        self.ready = self.process.stdout.readline() == b"ready\n"
        self.settled.set()

    def spawn(self, argv: list[str], cwd: Path, env: dict[str, str], fds: tuple[int, int, int]) -> WarmProcess | None:
        """Fork one run; None when the server cannot be used (then `reason` says why) or, when
        it is still starting and we do not wait for it, is not ready yet."""
        if self.process is None:
            return None
        if not self.settled.wait(START_TIMEOUT if self.wait_for_start else 0):
            if self.wait_for_start:
                self._give_up(f"it did not start in {START_TIMEOUT:g}s")
            return None  # still starting: this run starts its own interpreter
        if not self.ready:
            self._give_up("it did not start")
            return None
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(self.socket_path)
            request = json.dumps({"argv": argv, "cwd": str(cwd), "env": env}).encode() + b"\n"
            socket.send_fds(connection, [request], list(fds))
            reader = connection.makefile("rb")
            line = reader.readline()
            if not line.startswith(b"pid "):
                raise ConnectionError("no child started")
        except OSError as exc:
            connection.close()
            self._give_up(f"it stopped answering ({exc})")
            return None
        return WarmProcess(connection, int(line.split()[1]), reader)

    def _give_up(self, what: str):
        self.stderr.seek(0)
        lines = self.stderr.read().decode(errors="replace").strip().splitlines()
        self.reason = f"the warm interpreter cannot be used: {what}" + (f": {lines[-1]}" if lines else "")
        self.close()

    def close(self):
        if self.process is not None:
            # Its runs are over and it holds nothing to save: killed, it does not spend half a
            # second tearing torch down while the report waits.
            self.process.stdin.close()
            self.process.kill()
            self.process.wait()
            self.process.stdout.close()
            self.process = None
        self.stderr.close()
        self.folder.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.process is not None or not self.stderr.closed:
            self.close()


@contextmanager
def server_for(python: str, env: dict[str, str]) -> Iterator[WarmServer | None]:
    """The repair's warm server, started now. RESOLVE_WARM=off runs each run in its own
    interpreter; =parallel does not wait for the server: runs start cold until it is ready
    (the benchmark compares the two ways)."""
    mode = os.environ.get("RESOLVE_WARM", "first")
    if mode == "off":
        yield None
        return
    with WarmServer(python, env, wait_for_start=mode != "parallel") as server:
        yield server
