"""Conditional tabular GAN with an auxiliary classifier (AC-GAN style) on synthetic rows.

The generator output is scored twice: the discriminator/classifier update uses the
fake batch detached, while the generator gets one adversarial and one auxiliary
loss backpropagated separately so each can be clipped and logged on its own.
"""
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

cfg = dict(n_rows=4096, n_features=256, n_classes=10, z_dim=128, hidden=512,
           batch_size=512, epochs=2, lr_g=2e-4, lr_d=2e-4, clip=1.0, seed=7)


def mlp(i, h, o):
    return nn.Sequential(nn.Linear(i, h), nn.LeakyReLU(0.2), nn.Linear(h, h), nn.LeakyReLU(0.2), nn.Linear(h, o))


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(cfg["n_classes"], cfg["z_dim"])
        self.net = mlp(cfg["z_dim"] * 2, cfg["hidden"], cfg["n_features"])

    def forward(self, z, y):
        return self.net(torch.cat([z, self.emb(y)], 1))


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = mlp(cfg["n_features"], cfg["hidden"], cfg["hidden"])
        self.adv = nn.Linear(cfg["hidden"], 1)
        self.aux = nn.Linear(cfg["hidden"], cfg["n_classes"])

    def forward(self, x):
        h = F.leaky_relu(self.body(x), 0.2)
        return self.adv(h).squeeze(1), self.aux(h)


def main():
    torch.manual_seed(cfg["seed"])
    y_all = torch.randint(0, cfg["n_classes"], (cfg["n_rows"],))
    centers = torch.randn(cfg["n_classes"], cfg["n_features"])
    x_all = centers[y_all] + 0.5 * torch.randn(cfg["n_rows"], cfg["n_features"])

    G, D = Generator(), Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg["lr_g"], betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg["lr_d"], betas=(0.5, 0.999))
    bs = cfg["batch_size"]

    for epoch in range(cfg["epochs"]):
        t0 = time.time()
        perm = torch.randperm(cfg["n_rows"])
        logs = {"d": 0.0, "g_adv": 0.0, "g_aux": 0.0}
        for i in range(0, cfg["n_rows"], bs):
            idx = perm[i:i + bs]
            real, y = x_all[idx], y_all[idx]
            z = torch.randn(len(idx), cfg["z_dim"])
            fake = G(z, y)

            adv_r, aux_r = D(real)
            adv_f, aux_f = D(fake.detach())
            d_loss = (F.binary_cross_entropy_with_logits(adv_r, torch.ones_like(adv_r))
                      + F.binary_cross_entropy_with_logits(adv_f, torch.zeros_like(adv_f))
                      + F.cross_entropy(aux_r, y) + F.cross_entropy(aux_f, y))
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()

            adv_f, aux_f = D(fake)
            g_adv = F.binary_cross_entropy_with_logits(adv_f, torch.ones_like(adv_f))
            g_aux = F.cross_entropy(aux_f, y)
            opt_g.zero_grad()
            g_adv.backward(retain_graph=True)
            adv_norm = nn.utils.clip_grad_norm_(G.parameters(), cfg["clip"])
            g_aux.backward()
            opt_g.step()

            logs["d"] += d_loss.item()
            logs["g_adv"] += g_adv.item()
            logs["g_aux"] += g_aux.item()
        n = cfg["n_rows"] // bs
        print(f"epoch {epoch}: " + " ".join(f"{k}={v / n:.3f}" for k, v in logs.items())
              + f" |grad_adv|={adv_norm:.2f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
