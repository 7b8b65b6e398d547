"""Which parts of a model were given to it already made: a module whose construction began before the
model's own did (a pretrained backbone built, or loaded, and passed to the constructor). A part like that
which the training forward runs but never lets learn is frozen on purpose (a linear probe, a frozen
encoder under no_grad); a part the model builds itself, from random weights, and never lets learn is the
bug. Order, not names: containers (`nn.Sequential(nn.Linear(...))`) get their children built first, so the
model that is called is the reference. Loaded by path by probe.py; standard library and torch only."""

import itertools
import weakref


def install(torch, health):
    order, begun = itertools.count(), weakref.WeakKeyDictionary()
    module_class = torch.nn.Module
    original_init = module_class.__init__

    def __init__(self, *args, **kwargs):
        try:
            begun.setdefault(self, next(order))  # super().__init__() comes first in a module's own __init__
        except TypeError:  # not weakly referable: not ours to judge
            pass
        original_init(self, *args, **kwargs)

    module_class.__init__ = __init__

    def given(models):
        """The names (as the summary gives them) of the parts of these models begun before the model."""
        names = set()
        for model in models:
            start = begun.get(model)
            if start is None:
                continue
            for name, module in model.named_modules():
                made = begun.get(module)
                if name and made is not None and made < start:
                    names.add(name)
        return names

    health.given = given
