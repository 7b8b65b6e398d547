"""How a run trains: how far it got (TrainingCounters: optimizer steps, backward passes, batches
drawn), and whether it learns (Health, in every run unless --no-health): per optimizer step the loss
its backward ran on, whether each parameter the optimizer holds got a gradient (none, all zero,
non-finite), whether the parameters changed (norms before and after, not copies), the order of
zero_grad/backward/step, and the training flag of the model during the forward behind it. Gradients
and updates are measured on the first CHECKED_STEPS steps of each optimizer (RECORDS_KEPT in all).

Loaded by path by probe.py (load_beside), after facts.py, whose helpers it uses: standard library
only; torch is handed in by the caller."""

import json
import math
import os
import sys
import time
import weakref

facts = sys.modules["_resolver_facts"]

CHECKED_STEPS = 24  # steps of each optimizer whose gradients and parameter changes are measured
RECORDS_KEPT = 96  # measured steps in all
LOSSES_KEPT = 64  # loss values kept from the start of the run (the last one is kept too)
NAMES_KEPT = 8
MODELS_KEPT = 16  # models (called at the top, with grad on) whose mode and parameters are watched


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


def user_site(project):
    """The innermost user frame calling in: file, line, function, code."""
    frame = sys._getframe(1)
    while frame is not None and not facts.is_user_file(frame.f_code.co_filename, project):
        frame = frame.f_back
    if frame is None:
        return None
    import linecache

    path = os.path.realpath(frame.f_code.co_filename)
    return {"file": path, "line": frame.f_lineno, "function": frame.f_code.co_name,
            "code": linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip()}


def user_stack(project, limit=6):
    """The user frames calling in, innermost first: file, line, function."""
    return facts.user_frames(sys._getframe(1), project, limit)


def number(value):
    """A float for JSON: nan and inf as their names."""
    value = float(value)
    return value if math.isfinite(value) else str(value)


class Health:
    """Watches every optimizer step; `as_dict()` is the report's "health" summary."""

    def __init__(self, torch, project, sites):
        self.torch, self.project, self.sites = torch, project, sites
        self.optimizers = []  # [weakref, class name, site, stack]
        self.replaced = []  # sub-modules replaced (`model.fc = nn.Linear(...)`) while an optimizer held them
        self.records, self.losses, self.last_loss = [], [], None
        self.non_finite = None  # the first backward on a non-finite loss
        self.backward_site = self.step_site = self.eval_site = self.zero_site = None
        self.step_stack, self.backwards, self.steps, self.clipped = [], 0, 0, lambda grad: 0  # clipped: clips.py's
        self.since_step = {}  # id(optimizer) -> events since its last step: "Z" zero_grad, "B" backward
        # id(model) -> (model, training flags under grad since the last step); held until the report is
        # written (a script's models go when it ends, before the summary reads their names)
        self.roots = {}
        self.called = {}  # ids of modules with parameters a training forward called -> ever run under no_grad
        self.got_grad, self.held = {}, {}  # id(param) -> got a finite non-zero gradient; -> param
        self.depth, self.training_forward, self.root = 0, False, None
        self.mode_kinds = (torch.nn.modules.dropout._DropoutNd, torch.nn.modules.batchnorm._NormBase)
        self.eval_in_path, self.mode_call, self.eval_sites = False, False, {}
        self.inside = {}  # id(module) -> (module, id of the model whose forward called it), checked steps only
        self.before, self.cache, self.unread = None, {}, None
        # the first op whose output was not finite; a loss made from a number; ops that took values off the graph
        self.origin, self.leaf_loss, self.cuts = {}, {}, []
        # id(optimizer) -> (its first gradient, weakly: a freed one's id is reused; its version; backward count)
        self.last_grad, self.rates, self.stall = {}, None, None  # lr.py's LearningRates, stall.py's Stall
        self._install(torch)

    def _install(self, torch):
        health = self
        from torch.nn.modules.module import register_module_forward_hook, register_module_forward_pre_hook
        from torch.optim.optimizer import register_optimizer_step_post_hook, register_optimizer_step_pre_hook

        register_optimizer_step_pre_hook(self._before_step)
        register_optimizer_step_post_hook(self._after_step)
        # every module call pays for these two: they go while no optimizer has steps left to check
        self.checked = {}  # id(optimizer) -> its steps measured (a fine-tuning's, a fold's new optimizer's too)
        self.hooks = lambda: [register_module_forward_pre_hook(self._forward_in),
                              register_module_forward_hook(self._forward_out, always_call=True)]
        self.forward_hooks = self.hooks()
        original_backward, original_init = torch.autograd.backward, torch.optim.Optimizer.__init__
        original_zero, original_module_zero = torch.optim.Optimizer.zero_grad, torch.nn.Module.zero_grad
        original_train = torch.nn.Module.train
        original_setattr, module_class = torch.nn.Module.__setattr__, torch.nn.Module

        def backward(tensors, *args, **kwargs):
            health._on_backward(tensors)
            return original_backward(tensors, *args, **kwargs)

        def __init__(self, *args, **kwargs):
            original_init(self, *args, **kwargs)
            health.optimizers.append([weakref.ref(self), type(self).__name__, user_site(health.project),
                                      user_stack(health.project)])
            health.since_step[id(self)], health.checked[id(self)] = [], 0
            if not health.forward_hooks and len(health.records) < RECORDS_KEPT:
                health.forward_hooks = health.hooks()  # its first steps are checked too
            if health.rates is not None:
                health.rates.watch(self, len(health.optimizers) - 1, health.optimizers[-1][2])

        def zero_grad(self, *args, **kwargs):
            health._on_zero_grad(self)
            return original_zero(self, *args, **kwargs)

        def module_zero_grad(self, *args, **kwargs):
            health._on_zero_grad(None)
            return original_module_zero(self, *args, **kwargs)

        def train(self, mode=True):
            if health.mode_call:  # a child, set by its parent's train()
                return original_train(self, mode)
            health.mode_call = True
            try:
                if not mode and id(self) in health.roots:
                    health.eval_site = user_site(health.project)
                if not mode and len(health.eval_sites) < MODELS_KEPT:  # before its first training forward too
                    health.eval_sites.setdefault(id(self), user_site(health.project))
                return original_train(self, mode)
            finally:
                health.mode_call = False

        def __setattr__(self, name, value):
            # only a registered layer replaced by another can leave an optimizer holding the old one
            held = self.__dict__.get("_modules" if isinstance(value, module_class) else "_parameters") or {}
            old = held.get(name) if isinstance(value, (module_class, torch.nn.Parameter)) else None
            if old is not None and health.optimizers and len(health.replaced) < NAMES_KEPT:
                health._on_replace(self, name, old)  # a layer, or a parameter (`m.weight = nn.Parameter(...)`)
            return original_setattr(self, name, value)

        torch.autograd.backward, torch.optim.Optimizer.__init__ = backward, __init__
        torch.nn.Module.__setattr__ = __setattr__
        torch.optim.Optimizer.zero_grad, torch.nn.Module.zero_grad = zero_grad, module_zero_grad
        torch.nn.Module.train = train

    def _on_replace(self, owner, name, old):
        """A layer an optimizer holds is replaced: where (the user frames), and which optimizer."""
        old_params = {id(p) for p in old.parameters()} if hasattr(old, "parameters") else {id(old)}
        for index, (ref, _, _, _) in enumerate(self.optimizers):
            optimizer = ref()
            if optimizer is not None and any(id(p) in old_params for g in optimizer.param_groups for p in g["params"]):
                self.replaced.append({"attribute": name, "class": type(owner).__name__, "optimizer": index,
                                      "steps": self.steps, "stack": user_stack(self.project)})
                return

    # --- the forward: which models train, in which mode --------------------------------------

    def _forward_in(self, module, args):
        if self.depth == 0:
            # a training forward: a model called with grad on (a no_grad block inside it still counts)
            self.training_forward = self.torch.is_grad_enabled()
            self.root = id(module)
            if self.training_forward:
                entry = self.roots.get(id(module))
                if entry is None and len(self.roots) < MODELS_KEPT:
                    entry = self.roots[id(module)] = (module, [])
                if entry is not None:  # the last few forwards before the step: an evaluation pass before them is not
                    entry[1][:] = entry[1][-3:] + [module.training]
            if self.stall is not None:
                self.stall.forward(module)
        # (these hooks run only while registered: no check of the handles here, which torch.compile cannot trace)
        if self.training_forward and not module.training \
                and isinstance(module, self.mode_kinds) and args and getattr(args[0], "requires_grad", False):
            self.eval_in_path = True  # dropout or batch norm in eval mode, on the path the gradient takes
        if self.training_forward and module._parameters:
            self.called[id(module)] = self.called.get(id(module)) or not self.torch.is_grad_enabled()
            if self.depth and len(self.inside) < 256:
                self.inside.setdefault(id(module), (module, self.root))
        self.depth += 1

    def _forward_out(self, module, args, output):
        self.depth = max(0, self.depth - 1)

    # --- backward and zero_grad -----------------------------------------------------------------

    def _on_backward(self, tensors):
        self.backwards += 1
        for events in self.since_step.values():
            events.append("B")
        loss = tensors if isinstance(tensors, self.torch.Tensor) else None
        if loss is None or loss.numel() != 1:
            return
        value = self.last_loss = float(loss.detach())
        if len(self.losses) < LOSSES_KEPT:
            self.losses.append(number(value))
        if self.backward_site is None:
            self.backward_site = user_site(self.project)
        if self.non_finite is None and not math.isfinite(value):
            self.non_finite = {"backward": self.backwards, "step": self.steps, "value": number(value),
                               "site": user_site(self.project)}

    def _on_zero_grad(self, optimizer):
        for key, events in self.since_step.items():
            if optimizer is None or key == id(optimizer):
                events.append("Z")
        if self.zero_site is None:
            self.zero_site = user_site(self.project)

    # --- the step -------------------------------------------------------------------------------

    def _before_step(self, optimizer, args, kwargs):
        events, self.since_step[id(optimizer)] = self.since_step.get(id(optimizer)), []
        if self.rates is not None:
            self.rates.on_step(optimizer)
        if self.step_site is None:
            self.step_site, self.step_stack = user_site(self.project), user_stack(self.project)
        counted = self.checked.get(id(optimizer), 0)
        if counted >= CHECKED_STEPS or len(self.records) >= RECORDS_KEPT:
            for hook in self.forward_hooks:
                hook.remove()
            self.forward_hooks = []
            self.steps += 1
            return
        self.checked[id(optimizer)] = counted + 1
        if not self.forward_hooks:  # another optimizer's steps took them away: this one's forward is checked again
            self.forward_hooks = self.hooks()
        params = [p for group in optimizer.param_groups for p in group["params"]]
        for p in params:
            self.held[id(p)] = p
            self.got_grad.setdefault(id(p), False)
        closure = args[1] if len(args) > 1 else kwargs.get("closure")  # args[0] is the optimizer itself
        if closure is not None:  # LBFGS: the closure makes the gradients inside the step
            self.before = ("closure", params)
            self.steps += 1
            return
        lrs = [float(group.get("lr", 0.0)) for group in optimizer.param_groups]
        with_grad, grad_norms, zero, non_finite = self._gradients(params)
        reset = self._reset(optimizer, events, with_grad)
        moving = [p for p, n in zip(with_grad, grad_norms) if n != 0 and math.isfinite(n)]
        self.before = (moving, self._norms([p.detach() for p in moving]))
        training = [flag for model, flags in self.roots.values() if self._trains(model) and self._mode_matters(model)
                    for flag in flags]
        for _, flags in self.roots.values():
            flags.clear()
        self.records.append({
            "step": self.steps, "optimizer": self._index(optimizer), "lr": max(lrs) if lrs else 0.0,
            "loss": number(self.last_loss) if self.last_loss is not None else None,
            "params": len(params), "no_grad": len(params) - len(with_grad), "zero_grad": zero,
            "non_finite_grad": non_finite, "finite_grad": len(with_grad) - zero - non_finite,
            "reset": reset, "frozen": sum(1 for p in params if not p.requires_grad),
            "zeroed_after_backward": events is not None and "B" in events and events[-1] == "Z",
            "eval": bool(training) and not any(training), "eval_in_path": self.eval_in_path,
        })
        self.eval_in_path = False
        self.steps += 1

    def _gradients(self, params):
        """The parameters with a gradient, its norms, and how many are all zero and not finite."""
        with_grad = [p for p in params if p.grad is not None]  # a sparse one (an Embedding's): its stored values
        grad_norms = self._norms([p.grad._values() if p.grad.is_sparse else p.grad for p in with_grad])
        for p in with_grad:
            self.got_grad[id(p)] = True
        return (with_grad, grad_norms, sum(1 for n in grad_norms if n == 0),
                sum(1 for n in grad_norms if not math.isfinite(n)))

    def _after_step(self, optimizer, args, kwargs):
        if self.before is None:
            return
        moving, norms = self.before
        self.before = None
        if moving == "closure":
            with_grad, _, zero, non_finite = self._gradients(norms)
            self.records.append({"step": self.steps - 1, "optimizer": self._index(optimizer), "closure": True,
                                 "lr": max(float(g.get("lr", 0.0)) for g in optimizer.param_groups),
                                 "loss": number(self.last_loss) if self.last_loss is not None else None,
                                 "params": len(norms), "no_grad": len(norms) - len(with_grad), "zero_grad": zero,
                                 "non_finite_grad": non_finite, "finite_grad": len(with_grad) - zero - non_finite,
                                 "reset": None, "zeroed_after_backward": False, "eval": False})
            return
        after = self._norms([p.detach() for p in moving])
        first = next((p.grad for group in optimizer.param_groups for p in group["params"] if p.grad is not None), None)
        self.last_grad[id(optimizer)] = (weakref.ref(first), first._version, self.backwards + self.clipped(first)) \
            if first is not None else None
        self.records[-1].update(changed=sum(1 for a, b in zip(norms, after) if a != b), measured=len(moving))

    def _reset(self, optimizer, events, with_grad):
        """Whether the gradients were cleared since this optimizer's last step: by zero_grad (the
        optimizer's or a module's), or by hand (`p.grad = None` gives a new tensor; `p.grad.zero_()`
        counts one more change than the backward passes and clipping made). None for its first step."""
        last = self.last_grad.pop(id(optimizer), None)
        if last is None or events is None:
            return None
        if "Z" in events or "B" not in events or not with_grad:
            return True
        grad = with_grad[0].grad
        kept, version, backwards = last
        return kept() is not grad or grad._version - version > self.backwards + self.clipped(grad) - backwards

    def _norms(self, tensors):
        if not tensors:
            return []
        torch = self.torch
        with torch.no_grad():
            try:
                norms = torch._foreach_norm(tensors)
            except (RuntimeError, TypeError, AttributeError):
                norms = [t.norm() for t in tensors]
            return torch.stack([n.float().cpu() for n in norms]).tolist()

    def _index(self, optimizer):
        for i, (ref, _, _, _) in enumerate(self.optimizers):
            if ref() is optimizer:
                return i
        self.optimizers.append([weakref.ref(optimizer), type(optimizer).__name__, None, []])
        return len(self.optimizers) - 1

    def _mode_matters(self, model):
        """Whether train() and eval() change what the model computes: dropout or batch statistics."""
        key = ("mode", id(model))
        if key not in self.cache:
            self.cache[key] = any(isinstance(m, self.mode_kinds) for m in model.modules())
        return self.cache[key]

    def _trains(self, model):
        """Whether a model holds a parameter some optimizer holds (a teacher or an EMA copy does not)."""
        key = ("trains", id(model), len(self.held))
        if key not in self.cache:
            self.cache[key] = any(id(p) in self.held for p in model.parameters())
        return self.cache[key]

    # --- the summary ---------------------------------------------------------------------------

    def _models(self):
        """The models that trained (hold a parameter an optimizer holds): id(param) -> (name, param),
        id(module) -> (name, module)."""
        params, modules = {}, {}
        for model, _ in list(self.roots.values()):
            if not self._trains(model):
                continue
            for name, module in model.named_modules():
                modules.setdefault(id(module), (name or type(model).__name__, module))
            for name, p in model.named_parameters():
                params.setdefault(id(p), (name, p))
        return params, modules

    def as_dict(self):
        params, modules = self._models()
        trainable = {k: p for k, p in self.held.items() if p.requires_grad}
        no_grad = {k for k in trainable if not self.got_grad.get(k)}
        given = self.given([model for model, _ in list(self.roots.values())])
        unread = self.unread() if self.unread else set()  # reads.py's, in the rerun that traces the cuts
        cuts = [c for c in self.cuts if c["params"] & no_grad]  # the cuts behind a parameter without a gradient
        cut = []  # modules called in a training forward whose trainable, held parameters never got a gradient
        for key, (name, module) in modules.items():
            own = {id(p) for p in module._parameters.values() if p is not None and id(p) in trainable}
            if key in self.called and own and own <= no_grad:
                cut.append({"module": name, "class": type(module).__name__, "site": self.sites.site_of(module),
                            "cuts": [i for i, c in enumerate(cuts) if c["params"] & own],  # the ops that cut it off
                            **{f: True for f, on in (("given", name in given), ("unread", key in unread)) if on}})
        # trainable parameters of those models that got a gradient but no optimizer holds
        unheld = sorted(name for k, (name, p) in params.items()
                        if k not in self.held and p.requires_grad and p.grad is not None)
        # models built again after their optimizer (per fold): trained with gradients, no parameter held
        rebuilt = [{"class": type(m).__name__, "site": self.sites.site_of(m)} for m, _ in list(self.roots.values())
                   if not self._trains(m) and any(p.requires_grad and p.grad is not None for p in m.parameters())]
        evaluated = [self.eval_sites[k] for k, (model, _) in self.roots.items() if k in self.eval_sites
                     and not model.training and self._trains(model)]  # where a model that trained in eval mode was
        # layers a trained model's forward ran that it does not register (a plain list or dict): with gradients, held
        unregistered = [{"class": type(m).__name__, "site": self.sites.site_of(m)}  # by no optimizer
                        for key, (m, root) in self.inside.items()
                        if key not in modules and root in self.roots and self._trains(self.roots[root][0])
                        and any(p.requires_grad and p.grad is not None and id(p) not in self.held
                                for p in m._parameters.values() if p is not None)]
        return {
            "steps": self.steps, "checked_steps": len(self.records), "backward_calls": self.backwards,
            "losses": self.losses, "last_loss": number(self.last_loss) if self.last_loss is not None else None,
            "non_finite": self.non_finite,
            "optimizers": [{"class": name, "site": site, "stack": stack} for _, name, site, stack in self.optimizers],
            "replaced": self.replaced, "rebuilt": rebuilt[:NAMES_KEPT], "records": self.records,
            "params": {"held": len(self.held), "trainable": len(trainable), "with_grad": len(trainable) - len(no_grad),
                       "without_grad": sorted(params[k][0] if k in params else "?" for k in no_grad)[:NAMES_KEPT],
                       "without_grad_count": len(no_grad),
                       "stale": sum(1 for k in no_grad if k not in params),  # held, but no model that ran has it
                       "unheld_with_grad": unheld[:NAMES_KEPT], "unheld_with_grad_count": len(unheld)},
            "cut_modules": cut[:NAMES_KEPT * 4], "cut_modules_left_out": max(0, len(cut) - NAMES_KEPT * 4),
            "unregistered": unregistered[:NAMES_KEPT],
            "lr_stuck": [e for e in self.rates.as_list() if e["stuck"]][:NAMES_KEPT] if self.rates else [],
            "schedules_per_batch": self.rates.per_batch() if self.rates else [],
            **{key: value for key, value in (("origin", self.origin), ("leaf_loss", self.leaf_loss)) if value},
            **({"first_cut": said[0], "cuts": said}  # each cut with the count of parameters behind it
               if (said := [dict(c, params=len(c["params"])) for c in cuts]) else {}),
            "sites": {"backward": self.backward_site, "step": self.step_site, "zero_grad": self.zero_site,
                      "eval": self.eval_site or (evaluated[0] if evaluated else None)},
            "step_stack": self.step_stack, "eval_stalled": self.stall.found if self.stall else None,
        }
