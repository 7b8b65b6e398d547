import torch


class Lion:
    """Lion (EvoLved Sign Momentum), Chen et al. 2023 - minimal standalone implementation.

    update = sign(beta1 * m + (1 - beta1) * g); m = beta2 * m + (1 - beta2) * g
    """

    def __init__(self, params, lr=1e-4, betas=(0.9, 0.99), weight_decay=0.0):
        if lr <= 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        params = list(params)
        self.param_groups = [dict(params=params, lr=lr, betas=betas, weight_decay=weight_decay)]
        self.state = {}

    def zero_grad(self):
        for group in self.param_groups:
            for p in group["params"]:
                p.grad = None

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            lr, wd = group["lr"], group["weight_decay"]
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                if p not in self.state:
                    self.state[p] = {"exp_avg": torch.zeros_like(p)}
                exp_avg = self.state[p]["exp_avg"]
                p.mul_(1 - lr * wd)
                update = exp_avg.mul(beta1).add(p.grad, alpha=1 - beta1).sign_()
                p.add_(update, alpha=-lr)
                exp_avg.mul_(beta2).add_(p.grad, alpha=1 - beta2)
