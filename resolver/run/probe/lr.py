"""The learning rate each optimizer steps with (Health's helper): how many of its steps ran at a
rate above 0, and where its rate was first written 0. An optimizer built with lr > 0 whose every
step runs at 0, although its schedule wrote the rate again after a step (and wrote 0), never moves
a parameter: a warm-up factor made by integer division, or a schedule that multiplies the current
rate by a factor that was 0 once. Nor does one built with lr 0 in every group that nothing writes
again (a scaled rate made by integer division). A warm-up from 0 is not that: its next write is
above 0; nor a group kept at 0 beside others that move.

The param groups are watched by a dict subclass whose __setitem__ notes writes of "lr" (reads stay
plain dict reads); where a torch scheduler's lr_lambda made the 0, the lambda is called once more
under a profiler to name its return line, the line that computed it.

Loaded by path by probe.py (load_beside), after health.py, whose user_site it uses: standard
library only."""

import linecache
import os
import sys

health = sys.modules["_resolver_health"]
facts = sys.modules["_resolver_facts"]
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


class LearningRates:
    def __init__(self, project):
        self.project = project
        self.entries = {}  # id(optimizer) -> its entry; id(group) -> the same entry
        WATCH[:] = [self]

    def watch(self, optimizer, index, site):
        """`site`: where the optimizer was built (health.py's record of it)."""
        rates = [_float(group.get("lr")) for group in getattr(optimizer, "param_groups", ())]
        entry = {"optimizer": index, "built_lr": _float(optimizer.defaults.get("lr")), "steps": 0,
                 "built_at_zero": bool(rates) and all(rate == 0 for rate in rates),
                 "moving_steps": 0, "writes": 0, "writes_after_step": 0, "non_zero_writes_after_step": 0,
                 "zero_site": None, "built_site": site}
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
        if entry["steps"]:
            entry["writes_after_step"] += 1
            entry["non_zero_writes_after_step"] += value != 0
        if value == 0 and entry["zero_site"] is None:
            entry["zero_site"] = self._lambda_site() or health.user_site(self.project)

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
            # again (a scheduler writes on construction: a warm-up from 0 is written, and rises)
            rescheduled = (entry["built_lr"] or 0) > 0 and entry["writes_after_step"] > 0 \
                and not entry["non_zero_writes_after_step"]
            left_at_zero = entry["built_at_zero"] and not entry["writes"]
            stuck = entry["steps"] >= 2 and not entry["moving_steps"] and (rescheduled or left_at_zero)
            out.append(dict(entry, stuck=stuck))
        return out
