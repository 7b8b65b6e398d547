import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

from utils.ema import ModelEMA


class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(8, cout), nn.SiLU(),
                                  nn.Conv2d(cout, cout, 3, padding=1), nn.GroupNorm(8, cout), nn.SiLU())

    def forward(self, x):
        h = self.conv(x)
        return h, F.avg_pool2d(h, 2)


class TinyUNet(nn.Module):
    def __init__(self, ch=3, w=32):
        super().__init__()
        self.d1 = Down(ch, w)
        self.d2 = Down(w, 2 * w)
        self.mid = nn.Sequential(nn.Conv2d(2 * w, 2 * w, 3, padding=1), nn.SiLU())
        self.u2 = nn.Conv2d(4 * w, w, 3, padding=1)
        self.u1 = nn.Conv2d(2 * w, w, 3, padding=1)
        self.out = nn.Conv2d(w, ch, 1)

    def forward(self, x):
        s1, x = self.d1(x)
        s2, x = self.d2(x)
        x = self.mid(x)
        x = F.interpolate(x, scale_factor=2)
        x = F.silu(self.u2(torch.cat([x, s2], 1)))
        x = F.interpolate(x, scale_factor=2)
        x = F.silu(self.u1(torch.cat([x, s1], 1)))
        return self.out(x)


def synthetic_images(n, size, ch, g):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    freq = torch.rand(n, 1, 1, 1, generator=g) * 4 + 1
    phase = torch.rand(n, ch, 1, 1, generator=g) * 6.28
    return torch.sin(freq * (xx + yy) * 3.14 + phase)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/unet_denoise.yaml")
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.config))
    torch.manual_seed(cfg["seed"])
    g = torch.Generator().manual_seed(cfg["seed"])
    amp_dtype = getattr(torch, cfg["amp_dtype"])

    model = TinyUNet(cfg["channels"], cfg["base_width"])
    ema_dtype = getattr(torch, cfg["ema"]["dtype"]) if cfg["ema"].get("dtype") else None
    ema = ModelEMA(model, decay=cfg["ema"]["decay"], warmup=cfg["ema"]["warmup"], dtype=ema_dtype)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])

    for step in range(cfg["steps"]):
        clean = synthetic_images(cfg["batch_size"], cfg["image_size"], cfg["channels"], g)
        sigma = torch.rand(cfg["batch_size"], 1, 1, 1, generator=g) * 0.5
        noisy = clean + sigma * torch.randn(clean.shape, generator=g)
        with torch.autocast("cpu", dtype=amp_dtype):
            pred = model(noisy)
            loss = F.mse_loss(pred.float(), clean)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        ema.update(model)
        if step % cfg["log_every"] == 0:
            print(f"step {step} loss {loss.item():.4f}")
    torch.save(ema.state_dict(), "ema.pt")
    print("saved ema.pt")


if __name__ == "__main__":
    main()
