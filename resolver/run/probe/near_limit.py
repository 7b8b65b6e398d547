"""The last facts of a run the kernel kills: out of memory under a cgroup ends in the OOM killer's
SIGKILL, with no traceback, no frames and no report. So, while the run is near its cgroup's limit,
a thread keeps what an allocator error's frames would have said (where the main thread is; which
containers of its user frames hold tensors with their autograd graphs) in a small file beside the
report, rewritten each time the cgroup's charge grows by another step: the file a killed run leaves
is its facts from just before the kill (resolver/diagnose/memory.py reads it).

Only under a cgroup's limit: under RLIMIT_AS the allocator raises, and the error has its frames.

Loaded by path by probe.py (load_beside) in the user's interpreter: standard library only; torch
and the probe's facts.py are handed in by the caller."""

import json
import linecache
import os
import sys
import threading

FILENAME = "near_limit.json"  # beside the report
POLL_S = 0.05
NEAR = 0.6  # from this share of the limit on, the frames are written
STEP = 0.04  # and written again each time the charge grows by this share of the limit
MAX_FRAMES = 32  # innermost user frames kept: a bound on the file's size


def snapshot(frame, torch, facts, project):
    """The user frames of a running stack, outermost first, as frame_facts writes them (without tensors)."""
    frames = []
    while frame is not None and len(frames) < MAX_FRAMES:
        filename = frame.f_code.co_filename
        if facts.is_user_file(filename, project) and not facts.is_probe_file(filename):
            entry = {"file": os.path.realpath(filename), "line": frame.f_lineno, "function": frame.f_code.co_name,
                     "user": True, "code": linecache.getline(filename, frame.f_lineno).strip()}
            try:
                entry["kept_graphs"] = facts.kept_graphs(frame.f_locals, torch)
            except Exception as exc:  # an object whose attributes cannot be read: the frame is still where it was
                facts.failed("reading the containers a frame near the memory limit keeps", exc)
            frames.append(entry)
        frame = frame.f_back
    return frames[::-1]


class Watch(threading.Thread):
    """Polls the cgroup's charge; near the limit, writes the main thread's frames as it grows."""

    def __init__(self, torch, facts, project, out, limit, usage_file):
        super().__init__(daemon=True, name="resolver-near-limit")
        self.torch, self.facts, self.project = torch, facts, project
        self.path = os.path.join(os.path.dirname(out), FILENAME)
        self.limit, self.usage_file = limit, usage_file
        self.main = threading.main_thread().ident
        self.done = threading.Event()

    def _charged(self):
        try:
            with open(self.usage_file, encoding="ascii") as f:
                return int(f.read().strip())
        except (OSError, ValueError):
            return None

    def run(self):
        try:
            self._watch()
        except Exception as exc:  # never a traceback of ours on the script's stderr
            self.facts.failed("keeping the frames near the memory limit", exc)

    def _watch(self):
        written = 0
        while not self.done.wait(POLL_S):
            charged = self._charged()
            if charged is None:
                return  # not readable here: nothing is kept
            if charged < self.limit * NEAR or charged < written + self.limit * STEP:
                continue
            frame = sys._current_frames().get(self.main)
            if frame is None:
                return
            try:
                facts = {"charged": charged, "limit": self.limit,
                         "frames": snapshot(frame, self.torch, self.facts, self.project)}
            finally:
                del frame  # a frame held here would keep the script's locals alive
            temporary = self.path + ".tmp"
            with open(temporary, "w", encoding="utf-8") as f:
                json.dump(facts, f)
            os.replace(temporary, self.path)  # a kill mid-write leaves the previous facts whole
            written = charged

    def stop(self):
        self.done.set()


def start(torch, facts, memory, project, out):
    """The watch, where the run has a cgroup limit it can read its charge against; else None."""
    found = memory.limiting_cgroup()
    if found is None:
        return None
    watch = Watch(torch, facts, project, out, *found)
    watch.start()
    return watch
