import torch

from .utils import (get_orthogonal_matrix, get_orthogonal_matrix_QR, init_preconditioner, project,
                    update_ggt)


class ForeachSOAP(torch.optim.Optimizer):
    """
    SOAP: ShampoO with Adam in the Preconditioner's eigenbasis
    https://arxiv.org/abs/2409.11321
    """

    def __init__(self, params, lr=3e-3, betas=(0.9, 0.95), shampoo_beta=0.95, eps=1e-8,
                 weight_decay=0.01, precondition_frequency=2, max_precond_dim=2048):
        defaults = dict(lr=lr, betas=betas, shampoo_beta=shampoo_beta, eps=eps,
                        weight_decay=weight_decay, precondition_frequency=precondition_frequency,
                        max_precond_dim=max_precond_dim)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()

        for group in self.param_groups:
            beta1, beta2 = group['betas']
            for p in group['params']:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]

                if 'step' not in state:
                    state['step'] = 0
                    state['exp_avg'] = torch.zeros_like(grad)
                    state['exp_avg_sq'] = torch.zeros_like(grad)
                    init_preconditioner(grad, state, group['max_precond_dim'])
                    update_ggt(grad, state['GG'], group['shampoo_beta'])
                    if grad.dim() >= 2:
                        state['Q'] = get_orthogonal_matrix(state['GG'])
                    continue  # first step is skipped so that we never use the current gradients in the projection.

                state['step'] += 1
                step = state['step']
                exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']

                grad_projected = project(grad, state['Q'])
                exp_avg.lerp_(grad, 1 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad_projected, grad_projected, value=1 - beta2)

                denom = exp_avg_sq.sqrt().add_(group['eps'])
                exp_avg_projected = project(exp_avg, state['Q'])
                norm_grad = project(exp_avg_projected / denom, state['Q'], back=True)

                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                step_size = group['lr'] * (bias_correction2 ** .5) / bias_correction1
                p.add_(norm_grad, alpha=-step_size)
                if group['weight_decay'] > 0:
                    p.add_(p, alpha=-group['lr'] * group['weight_decay'])

                update_ggt(grad, state['GG'], group['shampoo_beta'])
                if grad.dim() >= 2 and step % group['precondition_frequency'] == 0:
                    state['Q'] = get_orthogonal_matrix_QR(state['GG'], state['Q'], exp_avg_sq)

        return loss
