import torch


class ClippedOptimizer:
    """Clips the global grad norm of everything the wrapped optimizer owns, then steps it."""

    def __init__(self, optim, max_norm=1.0, norm_type=2.0):
        self.optim = optim
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.last_grad_norm = None

    @property
    def param_groups(self):
        return self.optim.param_groups

    def _params(self):
        for group in self.optim.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    yield p

    def step(self, closure=None):
        self.last_grad_norm = torch.nn.utils.clip_grad_norm_(list(self._params()), self.max_norm, self.norm_type)
        return self.optim.step(closure)

    def zero_grad(self, set_to_none=True):
        self.optim.zero_grad(set_to_none=set_to_none)

    def state_dict(self):
        return self.optim.state_dict()
