import torch


class GradientCentralization:
    """Centralize gradients of conv / linear weights before the inner optimizer steps.

    Works with any torch optimizer:
        opt = GradientCentralization(torch.optim.AdamW(model.parameters(), lr=1e-3))
    """

    def __init__(self, base_optimizer, gc_conv_only=False):
        self.base_optimizer = base_optimizer
        self.gc_conv_only = gc_conv_only

    @property
    def param_groups(self):
        return self.base_optimizer.param_groups

    @property
    def defaults(self):
        return self.base_optimizer.defaults

    def _centralize(self):
        for group in self.base_optimizer.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                g = p.grad
                ndim = 3 if self.gc_conv_only else 1
                if g.dim() > ndim:
                    g.sub_(g.mean(dim=tuple(range(1, g.dim())), keepdim=True))

    @torch.no_grad()
    def step(self, closure=None):
        self._centralize()
        return self.base_optimizer.step(closure)

    def zero_grad(self, set_to_none=True):
        self.base_optimizer.zero_grad(set_to_none=set_to_none)

    def state_dict(self):
        return self.base_optimizer.state_dict()

    def load_state_dict(self, sd):
        self.base_optimizer.load_state_dict(sd)
