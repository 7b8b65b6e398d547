import torch
import torch.nn.functional as F


class GanSteps:
    """Non-saturating GAN updates with n_critic discriminator steps per generator step,
    sharing one GradScaler between the two optimizers."""

    def __init__(self, G, D, cfg):
        self.G, self.D, self.cfg = G, D, cfg
        self.opt_g = torch.optim.Adam(G.parameters(), lr=cfg["lr_g"], betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(D.parameters(), lr=cfg["lr_d"], betas=(0.5, 0.999))
        self.dtype = getattr(torch, cfg["amp_dtype"])
        self.scaler = torch.amp.GradScaler("cpu")

    def autocast(self):
        return torch.autocast("cpu", dtype=self.dtype)

    def train_iteration(self, sample_real):
        bs, z_dim = self.cfg["batch_size"], self.cfg["z_dim"]
        for _ in range(self.cfg["n_critic"]):
            real = sample_real(bs)
            with self.autocast():
                fake = self.G(torch.randn(bs, z_dim)).detach()
                d_loss = F.softplus(-self.D(real)).mean() + F.softplus(self.D(fake)).mean()
            self.opt_d.zero_grad(set_to_none=True)
            self.scaler.scale(d_loss).backward()
            self.scaler.step(self.opt_d)
            self.scaler.update()

        with self.autocast():
            g_loss = F.softplus(-self.D(self.G(torch.randn(bs, z_dim)))).mean()
        self.opt_g.zero_grad(set_to_none=True)
        self.scaler.scale(g_loss).backward()
        self.scaler.step(self.opt_g)
        self.scaler.update()
        return d_loss.item(), g_loss.item()
