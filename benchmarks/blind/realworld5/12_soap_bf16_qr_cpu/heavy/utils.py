import torch


def init_preconditioner(grad, state, max_precond_dim=2048):
    state['GG'] = []
    for sh in grad.shape:
        if sh > max_precond_dim or grad.dim() < 2:
            state['GG'].append([])
        else:
            state['GG'].append(torch.zeros(sh, sh, device=grad.device, dtype=grad.dtype))
    state['Q'] = None


def update_ggt(grad, GG, beta):
    if grad.dim() < 2:
        return
    GG[0].lerp_(grad @ grad.T, 1 - beta)
    GG[1].lerp_(grad.T @ grad, 1 - beta)


def project(grad, Q, back=False):
    if Q is None or grad.dim() < 2:
        return grad
    if back:
        return Q[0] @ grad @ Q[1].T
    return Q[0].T @ grad @ Q[1]


def get_orthogonal_matrix(mat):
    final = []
    for m in mat:
        if len(m) == 0:
            final.append([])
            continue
        eye = torch.eye(m.shape[0], device=m.device, dtype=torch.float32)
        _, Q = torch.linalg.eigh(m.float() + 1e-30 * eye)
        Q = torch.flip(Q, [1]).to(m.dtype)
        final.append(Q)
    return final


def get_orthogonal_matrix_QR(GG, Q, exp_avg_sq):
    """
    Computes the eigenbases of the preconditioner using one round of power iteration
    followed by torch.linalg.qr decomposition.
    """
    final = []
    for ind, (m, o) in enumerate(zip(GG, Q)):
        if len(m) == 0:
            final.append([])
            continue
        est_eig = torch.diag(o.T @ m @ o)
        sort_idx = torch.argsort(est_eig, descending=True)
        exp_avg_sq.copy_(exp_avg_sq.index_select(ind, sort_idx))
        o = o[:, sort_idx]
        power_iter = m @ o
        Q_new, _ = torch.linalg.qr(power_iter)
        final.append(Q_new)
    return final
