import torch


def coding_rate(Z, eps):
    """R(Z) = 1/2 logdet(I + d/(n eps^2) Z^T Z)."""
    n, d = Z.shape
    with torch.autocast(Z.device.type, enabled=False):
        Z = Z.float()
        eye = torch.eye(d, device=Z.device, dtype=Z.dtype)
        return 0.5 * torch.logdet(eye + (d / (n * eps ** 2)) * Z.T @ Z)


def rate_reduction(Z, y, num_classes, eps=0.5):
    """Maximal coding rate reduction: expand the whole set, compress each class."""
    n = Z.shape[0]
    total = coding_rate(Z, eps)
    compressed = Z.new_zeros(())
    for c in range(num_classes):
        Zc = Z[y == c]
        if Zc.shape[0] < 2:
            continue
        compressed = compressed + (Zc.shape[0] / n) * coding_rate(Zc, eps)
    return total - compressed
