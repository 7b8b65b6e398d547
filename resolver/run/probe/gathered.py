"""Where an optimizer's parameters were gathered: each `module.parameters()` called from a file of the
project records the line that called it (the last call per module, MODULES_KEPT modules), and an
optimizer built over all of a module's parameters gets that line in its site's "gathered", with
whether they were all frozen then. An optimizer handed the wrong part of a model is located where
its list was made (a param-groups helper), not at its constructor. A cost per parameters() call:
one frame read, the project test cached per file.

Loaded by path by probe.py (load_beside), after health.py: standard library only; torch is handed
in by the caller."""

import os
import sys
import weakref

facts = sys.modules["_resolver_facts"]
MODULES_KEPT = 256
GATHERED_KEPT = 4  # lines per optimizer


def install(torch, project, health):
    calls = {}  # id(module) -> (module, weakly, file, line, function): the last user line that gathered its parameters
    health.gathered_modules = calls  # loose.py asks whether a module's parameters were handed over
    user = {}  # file -> whether it is the project's
    original_parameters, original_init = torch.nn.Module.parameters, torch.optim.Optimizer.__init__

    def parameters(self, *args, **kwargs):
        caller = sys._getframe(1)
        path = caller.f_code.co_filename
        if path not in user:
            user[path] = facts.is_user_file(path, project)
        if user[path] and id(self) not in calls and len(calls) >= MODULES_KEPT:
            for key in [key for key, entry in calls.items() if entry[0]() is None]:
                del calls[key]  # modules gone (a model per fold, per trial): room for the new ones
        if user[path] and (id(self) in calls or len(calls) < MODULES_KEPT):
            calls[id(self)] = (weakref.ref(self), os.path.realpath(path), caller.f_lineno, caller.f_code.co_name)
        return original_parameters(self, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)  # health.py's: it records the optimizer and its site
        site = health.optimizers[-1][2] if health.optimizers else None
        if site is None:
            return
        held = {id(p) for group in self.param_groups for p in group["params"]}
        gathered = []
        for ref, path, line, function in list(calls.values()):
            module = ref()
            first = next(original_parameters(module), None) if module is not None else None
            if first is None or id(first) not in held:
                continue  # not this optimizer's: its parameters are not listed
            own = list(original_parameters(module))
            if own and all(id(p) in held for p in own) and len(gathered) < GATHERED_KEPT:
                gathered.append({"file": path, "line": line, "function": function,
                                 "frozen": not any(p.requires_grad for p in own)})
        if gathered:
            site["gathered"] = gathered

    torch.nn.Module.parameters, torch.optim.Optimizer.__init__ = parameters, __init__
