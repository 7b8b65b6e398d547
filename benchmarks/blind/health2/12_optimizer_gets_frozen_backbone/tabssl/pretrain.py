import torch
import torch.nn as nn


def pretrain_denoising(encoder, x, steps=150, batch_size=128, noise=0.3, lr=2e-3):
    decoder = nn.Linear(encoder.out_dim, x.shape[1])
    opt = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=lr)
    for step in range(1, steps + 1):
        idx = torch.randint(0, len(x), (batch_size,))
        clean = x[idx]
        corrupted = clean + noise * torch.randn_like(clean)
        loss = nn.functional.mse_loss(decoder(encoder(corrupted)), clean)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 50 == 0:
            print(f"[pretrain] step {step}/{steps} recon={loss.item():.4f}")
    return encoder
