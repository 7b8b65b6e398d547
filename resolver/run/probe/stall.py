"""Training that stopped because the model stayed in eval mode: a training step function that only
steps while `model.training` (a `validate()` that calls `model.eval()` and nothing puts it back)
never steps again, so no optimizer step shows the eval flag. What the run shows instead: the same
call path, on the same loader, that fed the optimizer's steps calls the model again with gradients
on, now in eval mode, and no step follows to the end of the run, with gradients on or off (a
loop that ties them to the mode, `torch.set_grad_enabled(model.training)`, turns them off too). An
evaluation pass (another call path or another loader) is not this; nor is a scoring pass that shares the
training's call site (`for phase, opt in (("train", optimizer), ("score", None)): run_epoch(...)`): once
a step followed such an eval-mode pass, training went on after it, so that path's eval-mode calls are a
pass by design, never the place where training got stuck.

Health calls `forward(module)` for each top-level model call, while its forward
hooks are installed (the first checked steps); each optimizer step clears what was found: training
went on. Loaded by path by probe.py (load_beside), after health.py: standard library only."""

import sys

health_module = sys.modules["_resolver_health"]
KEYS_KEPT = 64  # call paths that fed a step
DEPTH = 12  # frames of the call path compared


class Stall:
    def __init__(self, health, loaders):
        self.health, self.loaders = health, loaders
        self.fed, self.pending = set(), set()  # call paths that fed a step; train-mode calls since the last step
        self.resumed = set()  # fed call paths whose eval-mode calls a step followed: a pass by design
        self.found, self.path = None, None

    def _path(self, module):
        """The model, the loader that gave the last batch, and the frames calling in (code and line)."""
        frame, path = sys._getframe(3), []
        while frame is not None and len(path) < DEPTH:
            path.append((frame.f_code, frame.f_lineno))
            frame = frame.f_back
        loader = self.loaders.last() if self.loaders.last is not None else None
        return id(module), id(loader), tuple(path)

    def forward(self, module):
        health = self.health
        if self.found is not None or not health.held or not health._trains(module):
            return
        if module.training:
            if health.training_forward and len(self.pending) < 8:
                self.pending.add(self._path(module))
        elif (path := self._path(module)) in self.fed and path not in self.resumed:
            self.path, self.found = path, {"steps": health.steps, "class": type(module).__name__,
                                           "stack": health_module.user_stack(health.project)}

    def step(self, optimizer, args, kwargs):
        if len(self.fed) < KEYS_KEPT:
            self.fed |= self.pending
        self.pending.clear()
        if self.found is not None and len(self.resumed) < KEYS_KEPT:
            self.resumed.add(self.path)
        self.found = None  # a step followed: training went on (a step in eval mode is health.py's own check)


def install(torch, health, loaders):
    from torch.optim.optimizer import register_optimizer_step_pre_hook

    health.stall = Stall(health, loaders)
    register_optimizer_step_pre_hook(health.stall.step)
