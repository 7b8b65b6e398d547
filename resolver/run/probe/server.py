"""A warm interpreter for one repair's runs: it imports torch (and numpy when present) and the
probe once, then forks one child per run, so no run pays for `import torch` again.

Executed by path in the user's interpreter, like probe.py (standard library and torch only):

    server.py SOCKET

One connection per run on the unix socket SOCKET: the client sends one JSON line {"argv": the
probe's arguments, "cwd": ..., "env": {...}} with three file descriptors (the run's stdout,
stderr and status pipe); the server answers "pid N" when the child started and "exit CODE"
(as subprocess reports it: negative for a signal) when it ended. It ends when its stdin closes.

What the child must not inherit from the server, and how: no tensor op ever runs here (a fork
after an OpenMP/MKL pool exists can deadlock the child's first parallel op); CUDA is never
initialised here; torch read OMP_NUM_THREADS and CUDA_VISIBLE_DEVICES from the user's
environment at this server's start, same as a plain run; signal handlers, sys.path and
sys.argv are put back as a fresh interpreter has them, the warnings registry is reset, torch's
and numpy's global random states are drawn anew (Python's `random` does that itself at fork); nothing of the
user's project is ever imported here. After the first fork (or when idle) it imports what a
script's first optimizer imports, in a thread joined before the next fork.

The sandbox: each child enters its own (probe.main does, from the run's --sandbox spec) before
the script starts. A forked child is single-threaded whatever threads the server's imports
started, so it may still create its user namespace, then its own mount namespace and overlay.
"""

import atexit
import importlib.util
import json
import os
import select
import signal
import socket
import sys
import threading
import warnings

PROBE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe.py")
FRESH_PATH = list(sys.path)  # as `python probe.py` has it: the probe's folder first
FRESH_SIGNALS = {s: signal.getsignal(s) for s in signal.valid_signals() if signal.getsignal(s) is not None}


def load():
    import torch  # noqa: F401  (the point of the server)
    import torch.utils.data  # noqa: F401
    try:
        import numpy  # noqa: F401
    except ImportError:
        pass
    spec = importlib.util.spec_from_file_location("_resolver_probe", PROBE_FILE)
    probe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probe)
    if torch.cuda.is_initialized():  # never: a forked child cannot use an initialised CUDA
        raise RuntimeError("CUDA was initialised in the server")
    return probe


def receive(connection):
    data, fds, _, _ = socket.recv_fds(connection, 1 << 16, 3)
    while not data.endswith(b"\n"):
        more = connection.recv(1 << 16)
        if not more:
            raise ConnectionError("request cut short")
        data += more
    return json.loads(data), fds


def child(probe, request, fds):
    """Become the run: a fresh-looking interpreter running the probe on the user's script."""
    out, err, status = fds
    os.setsid()  # its own process group: a timeout kills it with its DataLoader workers
    for sig, handler in FRESH_SIGNALS.items():
        try:
            signal.signal(sig, handler)
        except (OSError, ValueError):
            pass
    null = os.open(os.devnull, os.O_RDONLY)
    for fd, target in ((null, 0), (out, 1), (err, 2)):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.path[:] = FRESH_PATH
    sys.argv = [PROBE_FILE, *request["argv"]]
    getattr(warnings, "_filters_mutated", lambda: None)()  # forget warnings already shown here
    sys.modules["torch"].seed()  # fresh entropy, as a fresh process gets (no CUDA init: it is queued)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()
    code = 1
    try:
        code = probe.main(["--status-fd", str(status), *request["argv"]])
    except SystemExit as exit:
        code = exit.code
        if code is not None and not isinstance(code, int):
            print(code, file=sys.stderr)
            code = 1
    finally:
        # what the interpreter does at exit: join the script's threads, run atexit, flush
        try:
            threading._shutdown()
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code or 0)


# What a script's first optimizer imports (torch.optim reaches torch._dynamo, and it sympy): most
# of a small script's time after `import torch`. Imported after the first fork or when idle, so
# run 1 never waits for it.
LATER = ("torch._dynamo",)


def import_later():
    """A thread importing LATER while the server waits; joined before every later fork, so a
    fork never happens with a second thread running."""
    def work():
        for name in LATER:
            try:
                importlib.import_module(name)
            except Exception:  # an older torch without it: the script imports what it needs
                pass
    thread = threading.Thread(target=work, name="import-later", daemon=True)
    thread.start()
    return thread


def serve(probe, listener):
    later = None
    while True:
        ready, _, _ = select.select([listener, sys.stdin], [], [], None if later else 0.5)
        if not ready:
            later = import_later()  # idle: no run is waiting
            continue
        if sys.stdin in ready:
            return  # resolve ended
        connection, _ = listener.accept()
        with connection:
            try:
                request, fds = receive(connection)
            except (OSError, ValueError):
                continue
            if later is not None:
                later.join()
            pid = os.fork()
            if pid == 0:
                listener.close()
                connection.close()
                child(probe, request, fds)
            for fd in fds:
                os.close(fd)
            connection.sendall(f"pid {pid}\n".encode())
            later = later or import_later()  # while the child runs, on the other core
            _, status = os.waitpid(pid, 0)
            try:
                connection.sendall(f"exit {os.waitstatus_to_exitcode(status)}\n".encode())
            except OSError:
                pass


def main(socket_path):
    probe = load()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)
    listener.listen(1)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    serve(probe, listener)


if __name__ == "__main__":
    main(sys.argv[1])
