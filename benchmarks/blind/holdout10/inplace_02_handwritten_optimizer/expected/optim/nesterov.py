import torch


class NesterovSGDW:
    """SGD with Nesterov momentum and decoupled weight decay (Loshchilov & Hutter).

    Written by hand so the update rule can be tweaked for experiments.
    """

    def __init__(self, params, lr=0.05, momentum=0.9, weight_decay=5e-4):
        self.params = [p for p in params if p.requires_grad]
        self.lr = lr
        self.momentum = momentum
        self.weight_decay = weight_decay
        self.buffers = {}

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        for p in self.params:
            if p.grad is None:
                continue
            g = p.grad
            buf = self.buffers.get(p)
            if buf is None:
                buf = self.buffers[p] = g.clone()
            else:
                buf.mul_(self.momentum).add_(g)
            update = g.add(buf, alpha=self.momentum)
            if self.weight_decay and p.ndim > 1:
                p.mul_(1 - self.lr * self.weight_decay)
            p.add_(update, alpha=-self.lr)

    def state_dict(self):
        return {"lr": self.lr, "momentum": self.momentum, "weight_decay": self.weight_decay,
                "buffers": [self.buffers.get(p) for p in self.params]}
