"""A loss made from a number (Health's helper): `backward()` run on a tensor that requires grad but
has no grad_fn is a leaf, so no gradient reaches the model, whatever the optimizer holds. It is made
by rewrapping a value that left the graph (`torch.tensor(total, requires_grad=True)` after `.item()`
or a numpy round trip, `loss.detach().requires_grad_()`). Where such a tensor is made is noted when
it is made (the user line of `torch.tensor(..., requires_grad=True)`, `torch.as_tensor`,
`torch.from_numpy` or `.requires_grad_()`, the last few only, by weak reference), and reported with
the first backward on it, with the line where the function that made it starts (the first cut is
looked for from there).

Loaded by path by probe.py (load_beside), after health.py, whose user_site it uses: standard
library only; torch is handed in by the caller."""

import sys
import weakref

health = sys.modules["_resolver_health"]
facts = sys.modules["_resolver_facts"]
KEPT = 8  # leaves made with requires_grad whose site is remembered


def install(torch, project, found):
    """`found` gets the first leaf loss: site (file, line, function, code, first_line), how it was made."""
    made = []  # (weak reference to the tensor, site, how)

    def note(tensor, how):
        if isinstance(tensor, torch.Tensor) and tensor.requires_grad and tensor.grad_fn is None \
                and tensor.dim() == 0 and not isinstance(tensor, torch.nn.Parameter):
            frame = sys._getframe(1)
            while frame is not None and not facts.is_user_file(frame.f_code.co_filename, project):
                frame = frame.f_back
            site = health.user_site(project)
            if site is not None and frame is not None:
                made.append((weakref.ref(tensor), dict(site, first_line=frame.f_code.co_firstlineno), how))
                del made[:-KEPT]

    def wrapped(function, how):
        def make(*args, **kwargs):
            tensor = function(*args, **kwargs)
            note(tensor, how)
            return tensor
        return make

    torch.tensor = wrapped(torch.tensor, "torch.tensor(..., requires_grad=True)")
    original_requires_grad = torch.Tensor.requires_grad_

    def requires_grad_(self, requires_grad=True):
        out = original_requires_grad(self, requires_grad)
        if requires_grad:
            note(self, ".requires_grad_()")
        return out

    torch.Tensor.requires_grad_ = requires_grad_
    original_backward = torch.autograd.backward

    def backward(tensors, *args, **kwargs):
        if not found and isinstance(tensors, torch.Tensor) and tensors.requires_grad and tensors.grad_fn is None \
                and not isinstance(tensors, torch.nn.Parameter):
            site = next((dict(s, how=how) for ref, s, how in made if ref() is tensors), None)
            found.update(site or dict(health.user_site(project) or {}, how="a leaf"))
        return original_backward(tensors, *args, **kwargs)

    torch.autograd.backward = backward
