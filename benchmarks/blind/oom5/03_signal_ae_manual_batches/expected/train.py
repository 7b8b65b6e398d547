import time

import torch
import torch.nn.functional as F

from denoise.config import TrainConfig
from denoise.model import DenoisingAE
from denoise.signals import make_signals


def main(cfg: TrainConfig):
    torch.manual_seed(cfg.seed)
    noisy, clean = make_signals(cfg.num_signals, cfg.signal_length, cfg.noise_std, cfg.seed)
    noisy, clean = torch.from_numpy(noisy), torch.from_numpy(clean)
    model = DenoisingAE(cfg.channels)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    n = noisy.size(0)

    for epoch in range(cfg.epochs):
        t0 = time.time()
        perm = torch.randperm(n)
        model.train()
        epoch_loss = 0.0
        num_batches = (n + cfg.batch_size - 1) // cfg.batch_size
        optimizer.zero_grad()
        for step, start in enumerate(range(0, n, cfg.batch_size)):
            idx = perm[start:start + cfg.batch_size]
            x, y = noisy[idx], clean[idx]
            pred = model(x)
            loss = F.mse_loss(pred, y)
            (loss / cfg.grad_accum_steps).backward()
            if (step + 1) % cfg.grad_accum_steps == 0 or step + 1 == num_batches:
                optimizer.step()
                optimizer.zero_grad()
            epoch_loss += loss.item() * len(idx)
        print(f"epoch {epoch}: mse {epoch_loss / n:.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main(TrainConfig())
