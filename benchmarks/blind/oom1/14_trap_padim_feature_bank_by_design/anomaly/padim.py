import torch


class PaDiM:
    def __init__(self, backbone, eps=0.01):
        self.backbone = backbone
        self.eps = eps

    @torch.no_grad()
    def _embed(self, x, batch_size):
        return torch.cat([self.backbone(x[i:i + batch_size]) for i in range(0, len(x), batch_size)])

    @torch.no_grad()
    def fit(self, train_x, batch_size):
        emb = self._embed(train_x, batch_size)                   # (N, C, H, W) -- kept on purpose
        n, c, h, w = emb.shape
        emb = emb.permute(2, 3, 0, 1).reshape(h * w, n, c)        # per-position samples
        self.mean = emb.mean(1)                                   # (HW, C)
        centered = emb - self.mean[:, None]
        cov = centered.transpose(1, 2) @ centered / (n - 1)       # (HW, C, C)
        cov += self.eps * torch.eye(c)
        self.cov_inv = torch.linalg.inv(cov)
        print(f"memory bank {tuple(emb.shape)} = {emb.numel() * 4 / 2**20:.0f} MiB, "
              f"covariances {cov.numel() * 4 / 2**20:.0f} MiB")

    @torch.no_grad()
    def score(self, x, batch_size):
        emb = self._embed(x, batch_size)
        n, c, h, w = emb.shape
        d = emb.permute(2, 3, 0, 1).reshape(h * w, n, c) - self.mean[:, None]
        m = torch.einsum("pnc,pcd,pnd->pn", d, self.cov_inv, d).clamp_min(0).sqrt()
        return m.max(0).values                                    # image score = worst patch
