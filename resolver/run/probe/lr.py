"""The learning rate each optimizer steps with (Health's helper): how many of its steps ran at a
rate above 0, and where its rate was first written 0. An optimizer built with lr > 0 whose every
step runs at 0, although its schedule wrote the rate again after a step (and wrote 0), never moves
a parameter: a warm-up factor made by integer division, or a schedule that multiplies the current
rate by a factor that was 0 once. Nor does one built with lr 0 in every group that nothing writes
above 0 again (a scaled rate made by integer division, which a scheduler's factors only scale).
Nor one built with lr > 0 whose rate was written 0 before its first step
and never written again: a scheduler built over it wrote the 0 (its first factor, a warm-up's) and
never stepped, and every step() of it in the code sits under a branch on string literals (a setting
no branch takes). A step under a counter (every 20 steps) or after a loop the run left early is
only a run too short to reach it, and a rate set to 0 by hand (a frozen part's optimizer) no schedule.
A warm-up from 0 is not that: its next write is
above 0; nor a group kept at 0 beside others that move.

Also which epoch schedules (StepLR, MultiStepLR, ExponentialLR: a decay counted in epochs, with a
closed form) the script steps more than once in one pass of a DataLoader, and what the schedule's
own formula makes of the rate after the steps a full pass at the user's batch size gives (the
steps per batch seen in a pass, times its batches): stepped per batch, a
gamma meant per epoch takes the rate to ~0 within the first epoch (0.8 ** 63 is 8e-7).

The param groups are watched by a dict subclass whose __setitem__ notes writes of "lr" (reads stay
plain dict reads); where a torch scheduler's lr_lambda made the 0, the lambda is called once more
under a profiler to name its return line, the line that computed it.

Loaded by path by probe.py (load_beside), after health.py, whose user_site it uses: standard
library only."""

import ast
import linecache
import os
import sys

health = sys.modules["_resolver_health"]
facts = sys.modules["_resolver_facts"]
loaders = sys.modules["_resolver_loaders"]
WATCH = []  # the LearningRates of this run: a Group finds it here


def _float(value):
    try:
        return float(value)
    except (TypeError, ValueError, RuntimeError):
        return None


class Group(dict):
    """An optimizer's param group that tells the watch when its "lr" is written."""

    def __setitem__(self, key, value):
        if key == "lr" and WATCH:
            WATCH[0].written(self, value)
        super().__setitem__(key, value)


EPOCH_SCHEDULES = ("StepLR", "MultiStepLR", "ExponentialLR")
COLLAPSED = 1e-3  # the share of its start (or less) a rate falls to within one epoch that no schedule means:
# three tenfold decays, or 0.8 ** 31
SCHEDULES_KEPT = 8


def _factor(scheduler, steps):
    """What the schedule's own formula multiplies the base rate by after `steps` steps."""
    name, gamma = type(scheduler).__name__, _float(getattr(scheduler, "gamma", None))
    if gamma is None or not 0 <= gamma < 1:
        return None  # a rate that grows (a range test) never collapses
    if name == "ExponentialLR":
        return gamma ** steps
    if name == "StepLR":
        return gamma ** (steps // max(int(scheduler.step_size), 1))
    return gamma ** sum(count for milestone, count in scheduler.milestones.items() if milestone <= steps)


def _schedule_terms(scheduler):
    name = type(scheduler).__name__
    terms = {"gamma": _float(scheduler.gamma)}
    if name == "StepLR":
        terms["step_size"] = int(scheduler.step_size)
    elif name == "MultiStepLR":
        terms["milestones"] = sorted(int(m) for m in scheduler.milestones)
    return terms


def _parsed(path):
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node
    return tree


def _project_files(project, limit=400):
    for root, dirs, files in os.walk(project):
        dirs[:] = [d for d in dirs if not d.startswith((".", "__")) and d not in ("venv", "site-packages")]
        for name in files:
            if name.endswith(".py") and limit:
                limit -= 1
                yield os.path.join(root, name)


def _called_name(call):
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _bindings(site, project):
    """(file, code) of the names the scheduler built at `site` is kept under: its assignment's target,
    or where the function that returns it is called and assigned."""
    tree = site and _parsed(site["file"])
    if tree is None:
        return set()
    at = [n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.Return)) and n.lineno <= site["line"]
          <= n.end_lineno]
    if not at:
        return set()
    statement = max(at, key=lambda n: n.lineno)
    if isinstance(statement, ast.Assign):
        return {(site["file"], ast.unparse(t)) for t in statement.targets}
    function = statement.parent
    while function is not None and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        function = getattr(function, "parent", None)
    if function is None:
        return set()
    found = set()
    for path in _project_files(project):
        tree = _parsed(path)
        for node in ast.walk(tree) if tree else ():
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and _called_name(node.value) == function.name:
                found |= {(os.path.realpath(path), ast.unparse(t)) for t in node.targets}
    return found


def _string_test(test):
    """`v == "step"`, `"step" == v`, `v in ("step", "epoch")`."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    sides = (test.left, test.comparators[0])
    if isinstance(test.ops[0], ast.Eq):
        return any(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in sides)
    return isinstance(test.ops[0], ast.In) and isinstance(sides[1], (ast.Tuple, ast.List, ast.Set)) \
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in sides[1].elts)


def _under_string_branch(node):
    """The innermost branch that holds `node` compares a value with string literals (a counter's
    `if step % k == 0` inside `if unit == "step"` is a step a short run may not reach yet)."""
    while getattr(node, "parent", None) is not None:
        parent = node.parent
        if isinstance(parent, (ast.If, ast.IfExp, ast.While)) and node is not getattr(parent, "test", None):
            return isinstance(parent, ast.If) and node in parent.body and _string_test(parent.test)
        if isinstance(parent, ast.match_case) and isinstance(parent.pattern, ast.MatchValue) \
                and isinstance(parent.pattern.value, ast.Constant) and isinstance(parent.pattern.value.value, str):
            return True
        node = parent
    return False


def steps_branched(site, project):
    """Whether every step() of the scheduler built at `site`, where it is kept, sits under a branch that
    compares a value with string literals: evidence that a run's step never came because no branch takes
    the value, not because the run ended before a step counted in steps or epochs."""
    bindings = _bindings(site, project)
    steps = []
    for path in {path for path, _ in bindings}:
        tree = _parsed(path) or ast.Module(body=[], type_ignores=[])
        names = {name for where, name in bindings if where == path}
        steps += [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                  and n.func.attr == "step" and ast.unparse(n.func.value) in names]
    return bool(steps) and all(_under_string_branch(step) for step in steps)


class LearningRates:
    def __init__(self, project, counters):
        self.project, self.counters = project, counters
        self.entries = {}  # id(optimizer) -> its entry; id(group) -> the same entry
        self.schedules = {}  # id(scheduler) -> how the script steps it
        self.built = {}  # id(scheduler) -> loader lengths the script had read when it was built
        WATCH[:] = [self]

    def watch(self, optimizer, index, site):
        """`site`: where the optimizer was built (health.py's record of it)."""
        rates = [_float(group.get("lr")) for group in getattr(optimizer, "param_groups", ())]
        entry = {"optimizer": index, "built_lr": _float(optimizer.defaults.get("lr")), "steps": 0,
                 "built_at_zero": bool(rates) and all(rate == 0 for rate in rates),
                 "moving_steps": 0, "writes": 0, "non_zero_writes": 0, "writes_after_step": 0,
                 "non_zero_writes_after_step": 0,
                 "zero_site": None, "built_site": site, "schedulers": {}}
        self.entries[id(optimizer)] = entry
        try:
            optimizer.param_groups[:] = [Group(group) for group in optimizer.param_groups]
        except TypeError:  # param_groups that are not a list: nothing to watch
            return
        for group in optimizer.param_groups:
            self.entries[id(group)] = entry

    def on_step(self, optimizer):
        entry = self.entries.get(id(optimizer))
        if entry is None:
            return
        entry["steps"] += 1
        if any((_float(group.get("lr", 0)) or 0) > 0 for group in optimizer.param_groups):
            entry["moving_steps"] += 1

    def written(self, group, value):
        entry = self.entries.get(id(group))
        value = _float(value)
        if entry is None or value is None:
            return
        entry["writes"] += 1
        entry["non_zero_writes"] += value != 0
        if entry["steps"]:
            entry["writes_after_step"] += 1
            entry["non_zero_writes_after_step"] += value != 0
        if value == 0 and entry["zero_site"] is None:
            entry["zero_site"] = self._lambda_site() or health.user_site(self.project)
        try:
            self._scheduled(entry, value)
        except Exception:  # the user's scheduler.step() must never fail for the watch's sake
            pass

    def _scheduled(self, written, value):
        """A write made by a scheduler's step(): the scheduler is noted as built over the optimizer
        `written`; an epoch schedule's step() that the script called: note where, and whether it is
        the second step in one pass of the loader that gave the last batch."""
        frame = sys._getframe(2)
        while frame is not None and not (frame.f_code.co_name == "step"
                                         and hasattr(frame.f_locals.get("self"), "last_epoch")):
            frame = frame.f_back
        caller = frame and frame.f_back
        if caller is None:
            return
        scheduler = frame.f_locals["self"]
        kept = written["schedulers"]
        if id(scheduler) in kept or len(kept) < SCHEDULES_KEPT:
            # each of its steps writes the rate: the count after this one, less its constructor's step
            built = kept.get(id(scheduler)) or {"class": type(scheduler).__name__, "wrote_zero": value == 0,
                                                "site": health.user_site(self.project)}
            count = getattr(scheduler, "_step_count", None)
            kept[id(scheduler)] = dict(built, steps=max(count - 1, 0) if isinstance(count, int) else None)
        if not facts.is_user_file(caller.f_code.co_filename, self.project):
            # its step on construction (or a chain of schedulers stepping it): a schedule built after the
            # script read a loader's length may count in batches (`step_size=30 * len(loader)`, which
            # smoke mode's cut loader makes small), so it is not judged
            self.built.setdefault(id(scheduler), loaders.LENGTHS_READ[0])
            return
        if type(scheduler).__name__ not in EPOCH_SCHEDULES \
                or not type(scheduler).__module__.startswith("torch.optim"):
            return
        entry = self.schedules.get(id(scheduler))
        if entry is None:
            if len(self.schedules) >= SCHEDULES_KEPT:
                return
            entry = self.schedules[id(scheduler)] = {
                "class": type(scheduler).__name__, **_schedule_terms(scheduler), "steps": 0,
                "site": {"file": os.path.realpath(caller.f_code.co_filename), "line": caller.f_lineno,
                         "function": caller.f_code.co_name,
                         "code": linecache.getline(caller.f_code.co_filename, caller.f_lineno).strip()},
                "step_count": None, "pass": None, "batches": None, "first_batches": None, "in_pass": 0,
                "in_one_pass": 0, "full_pass": None, "epoch_steps": None, "factor": None,
                "sized_by_loader": self.built.get(id(scheduler), 1) > 0}
        if entry["step_count"] == scheduler._step_count:
            return  # the same step writing another group
        entry["step_count"], entry["steps"] = scheduler._step_count, entry["steps"] + 1
        last = self.counters.loaders.last
        loader = last and last()
        here = (id(loader), getattr(loader, "_resolver_passes", 0)) if loader is not None else None
        batches = self.counters.batches
        if here is None or here != entry["pass"] or batches <= entry["batches"]:
            entry["pass"], entry["batches"], entry["first_batches"], entry["in_pass"] = here, batches, batches, 1
            return
        entry["in_one_pass"] += 1
        entry["in_pass"] += 1
        entry["batches"] = batches
        if entry["full_pass"] is None:
            # steps per batch so far in this pass (1, or 1/k when it steps every k batches), over a full pass
            entry["full_pass"] = loaders.full_pass(loader)
            per_batch = (entry["in_pass"] - 1) / (batches - entry["first_batches"])
            entry["epoch_steps"] = round(entry["full_pass"] * per_batch) if entry["full_pass"] else None
            entry["factor"] = _factor(scheduler, entry["epoch_steps"]) if entry["epoch_steps"] else None

    def _lambda_site(self):
        """The return line of the scheduler lr_lambda that gave 0, when a torch scheduler writes."""
        frame = sys._getframe(2)
        while frame is not None:
            scheduler = frame.f_locals.get("self")
            if hasattr(scheduler, "lr_lambdas") and hasattr(scheduler, "last_epoch"):
                break
            frame = frame.f_back
        if frame is None:
            return None
        for function in scheduler.lr_lambdas:
            site = self._returned_at(function, scheduler.last_epoch)
            if site is not None:
                return site
        return None

    def _returned_at(self, function, epoch):
        code = getattr(function, "__code__", None)
        if code is None or not facts.is_user_file(code.co_filename, self.project):
            return None
        lines = []

        def profile(frame, event, arg):
            if event == "return" and frame.f_code is code:
                lines.append(frame.f_lineno)

        before = sys.getprofile()
        sys.setprofile(profile)
        try:
            result = function(epoch)
        except Exception:  # a lambda that cannot be called again: the writing frame will do
            return None
        finally:
            sys.setprofile(before)
        if not lines or _float(result) != 0:
            return None
        return {"file": os.path.realpath(code.co_filename), "line": lines[-1], "function": code.co_name,
                "code": linecache.getline(code.co_filename, lines[-1]).strip()}

    def as_list(self):
        seen, out = set(), []
        for entry in self.entries.values():
            if id(entry) in seen:
                continue
            seen.add(id(entry))
            # built above 0, its schedule writes 0 after each step; or built at 0 and never written
            # above 0 (a scheduler's factor times a base rate of 0; a warm-up from 0 written by hand rises)
            rescheduled = (entry["built_lr"] or 0) > 0 and entry["writes_after_step"] > 0 \
                and not entry["non_zero_writes_after_step"]
            left_at_zero = entry["built_at_zero"] and not entry["non_zero_writes"]
            # built above 0, written 0 before its first step (a scheduler's first factor) and never again
            held = (entry["built_lr"] or 0) > 0 and entry["writes"] > 0 and not entry["writes_after_step"] \
                and any(s["wrote_zero"] and s["steps"] == 0 and steps_branched(s["site"], self.project)
                        for s in entry["schedulers"].values())
            stuck = entry["steps"] >= 2 and not entry["moving_steps"] and (rescheduled or left_at_zero or held)
            out.append(dict(entry, stuck=stuck, held_at_zero=stuck and held and not left_at_zero,
                            schedulers=list(entry["schedulers"].values())))
        return out

    def per_batch(self):
        """The epoch schedules stepped within a pass whose rate collapses within one epoch."""
        kept_out = ("step_count", "pass", "batches", "first_batches", "in_pass", "sized_by_loader")
        return [{k: v for k, v in entry.items() if k not in kept_out}
                for entry in self.schedules.values()
                if entry["in_one_pass"] and not entry["sized_by_loader"] and entry["factor"] is not None
                and entry["factor"] <= COLLAPSED * (1 + 1e-9)]
