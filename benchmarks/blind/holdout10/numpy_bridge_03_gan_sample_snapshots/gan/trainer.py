import torch
import torch.nn.functional as F

from .snapshots import mode_coverage, save_snapshot


class GANTrainer:
    def __init__(self, G, D, loader, centers, cfg):
        self.G, self.D = G, D
        self.loader = loader
        self.centers = centers.numpy()
        self.cfg = cfg
        self.opt_g = torch.optim.Adam(G.parameters(), lr=cfg.lr_g, betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(D.parameters(), lr=cfg.lr_d, betas=(0.5, 0.999))
        self.fixed_noise = torch.randn(512, G.z_dim)
        self.iteration = 0

    def _d_step(self, real):
        z = torch.randn(real.size(0), self.G.z_dim)
        fake = self.G(z).detach()
        d_real, d_fake = self.D(real), self.D(fake)
        loss = (F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real))
                + F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake)))
        self.opt_d.zero_grad()
        loss.backward()
        self.opt_d.step()
        return loss.item()

    def _g_step(self, batch_size):
        z = torch.randn(batch_size, self.G.z_dim)
        d_out = self.D(self.G(z))
        loss = F.binary_cross_entropy_with_logits(d_out, torch.ones_like(d_out))
        self.opt_g.zero_grad()
        loss.backward()
        self.opt_g.step()
        return loss.item()

    def train(self, epochs):
        for epoch in range(epochs):
            self.G.train()
            for (real,) in self.loader:
                d_loss = self._d_step(real)
                g_loss = self._g_step(real.size(0))
                self.iteration += 1
            points = save_snapshot(self.G, self.fixed_noise, self.cfg.out_dir, f"ep{epoch:03d}")
            n_modes, quality = mode_coverage(points, self.centers)
            print(f"epoch {epoch}: d_loss={d_loss:.3f} g_loss={g_loss:.3f} "
                  f"modes={n_modes}/{len(self.centers)} high_quality={quality:.2f}")
