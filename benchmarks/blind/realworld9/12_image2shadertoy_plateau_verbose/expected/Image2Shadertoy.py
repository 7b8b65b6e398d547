import argparse

import numpy as np
import torch
import torch.nn as nn

from image_io import load_image, write_shadertoy


class GaussianImage(nn.Module):
    def __init__(self, n, device):
        super().__init__()
        self.means = nn.Parameter(torch.rand(n, 2, device=device))
        self.log_scales = nn.Parameter(torch.full((n, 2), -2.5, device=device))
        self.colors = nn.Parameter(torch.rand(n, 3, device=device) * 0.3)

    def forward(self, grid):
        # grid: H x W x 2 in [0,1]
        d = grid[None, :, :, :] - self.means[:, None, None, :]  # n x H x W x 2
        s = torch.exp(self.log_scales)[:, None, None, :]
        w = torch.exp(-0.5 * ((d / s) ** 2).sum(-1))  # n x H x W
        return torch.einsum("nhw,nc->hwc", w, self.colors)

    def export(self):
        m = self.means.detach().cpu().numpy()
        s = torch.exp(self.log_scales).detach().cpu().numpy()
        c = self.colors.detach().cpu().numpy()
        return [(m[i, 0], m[i, 1], s[i, 0], s[i, 1], c[i, 0], c[i, 1], c[i, 2]) for i in range(len(m))]


def train_stage(model, target, grid, iterations, lr, stage):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode='min', factor=0.5, patience=100, min_lr=1e-6)
    for it in range(iterations):
        optimizer.zero_grad()
        out = model(grid)
        loss = torch.mean((out - target) ** 2)
        loss.backward()
        optimizer.step()
        scheduler.step(loss.item())
        if it % 50 == 0:
            print("stage %d iter %d loss %.6f" % (stage, it, loss.item()))
    return loss.item()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-i", "--input", default="neo.npy")
    parser.add_argument("-n", "--num_gaussians", type=int, default=32)
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("-o", "--output", default="shader.glsl")
    args = parser.parse_args()

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print("Using device:", device)
    if device.type == "cpu":
        print("Warning: CUDA not available, running on CPU")
    torch.manual_seed(0)

    target = torch.from_numpy(load_image(args.input)).to(device)
    h, w, _ = target.shape
    ys, xs = torch.meshgrid(torch.linspace(0, 1, h, device=device), torch.linspace(0, 1, w, device=device), indexing="ij")
    grid = torch.stack([xs, ys], dim=-1)

    print("Initial number of Gaussians: %d" % args.num_gaussians)
    model = GaussianImage(args.num_gaussians, device)
    print("Starting stage 1: %d total Gaussians, %d iterations" % (args.num_gaussians, args.iterations))
    final = train_stage(model, target, grid, args.iterations, 0.01, 1)
    print("final loss %.6f" % final)
    write_shadertoy(args.output, model.export())


if __name__ == "__main__":
    main()
