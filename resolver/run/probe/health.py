"""How far a run got: optimizer steps, backward passes and batches drawn.

Loaded by path by probe.py (load_beside) in the user's interpreter: standard library only; torch
is handed in by the caller."""

import json
import os
import time

class TrainingCounters:
    """Optimizer steps, backward passes and batches drawn: how far a run got. With a status
    file descriptor, they are also sent as they change (a JSON line at most every 0.25 s), for
    resolve's live status line."""

    def __init__(self, torch, loaders, status_fd=None):
        self.steps = self.backward = self.batches = 0
        self.loaders, self.status_fd, self.sent = loaders, status_fd, 0.0
        if status_fd is not None:
            os.set_blocking(status_fd, False)  # a slow reader must never stall training
        counters = self
        from torch.optim.optimizer import register_optimizer_step_post_hook

        register_optimizer_step_post_hook(self._on_step)
        original_backward = torch.autograd.backward

        def backward(*args, **kwargs):
            counters.backward += 1
            return original_backward(*args, **kwargs)

        torch.autograd.backward = backward
        iterator_class = torch.utils.data.dataloader._BaseDataLoaderIter
        original_next = iterator_class.__next__

        def __next__(self):
            try:
                item = original_next(self)
            except StopIteration:
                raise
            except BaseException:
                loaders.failed = getattr(self, "_resolver_loader", None)
                raise
            loaders.last = getattr(self, "_resolver_loader", None)
            counters.batches += 1
            counters.send()
            return item

        iterator_class.__next__ = __next__

    def _on_step(self, optimizer, args, kwargs):
        self.steps += 1
        self.send()

    def send(self):
        if self.status_fd is None or time.monotonic() - self.sent < 0.25:
            return
        self.sent = time.monotonic()
        try:
            os.write(self.status_fd, (json.dumps(dict(self.as_dict(), epoch=self.loaders.epoch)) + "\n").encode())
        except OSError:  # full pipe or reader gone: the next update will do
            pass

    def as_dict(self):
        return {"optimizer_steps": self.steps, "backward_calls": self.backward, "batches": self.batches}
