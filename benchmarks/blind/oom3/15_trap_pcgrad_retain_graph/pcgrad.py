import random

import torch


class PCGrad:
    """Gradient surgery for multi-task learning (Yu et al., 2020)."""

    def __init__(self, optimizer):
        self.opt = optimizer
        self.params = [p for group in optimizer.param_groups for p in group["params"]]

    def zero_grad(self):
        self.opt.zero_grad(set_to_none=True)

    def step(self):
        self.opt.step()

    def _flat_grad(self):
        return torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).flatten() for p in self.params])

    def pc_backward(self, losses):
        grads = []
        for i, loss in enumerate(losses):
            self.opt.zero_grad(set_to_none=True)
            loss.backward(retain_graph=i < len(losses) - 1)
            grads.append(self._flat_grad())
        projected = [g.clone() for g in grads]
        for g_i in projected:
            others = list(range(len(grads)))
            random.shuffle(others)
            for j in others:
                dot = g_i @ grads[j]
                if dot < 0:
                    g_i -= dot / (grads[j].norm() ** 2 + 1e-12) * grads[j]
        merged = torch.stack(projected).sum(0)
        offset = 0
        for p in self.params:
            n = p.numel()
            p.grad = merged[offset:offset + n].view_as(p).clone()
            offset += n
