from pathlib import Path

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from .data import make_table
from .encoder import TabularEncoder


class MaskedFeatureModel(nn.Module):
    def __init__(self, encoder, d_model):
        super().__init__()
        self.encoder = encoder
        self.reconstruct = nn.Linear(d_model, 1)

    def forward(self, x, mask):
        h = self.encoder(x.masked_fill(mask, 0.0))[:, 1:]
        return self.reconstruct(h).squeeze(-1)


def run(cfg, workdir: Path):
    pcfg = cfg["pretrain"]
    x, _ = make_table(cfg["n_rows"], cfg["n_features"])
    loader = DataLoader(TensorDataset(x), batch_size=pcfg["batch_size"], shuffle=True)

    encoder = TabularEncoder(cfg["n_features"], **cfg["encoder"])
    model = MaskedFeatureModel(encoder, cfg["encoder"]["d_model"])
    if pcfg["data_parallel"]:
        encoder = nn.DataParallel(encoder)
        model.encoder = encoder
    opt = torch.optim.AdamW(model.parameters(), lr=pcfg["lr"])

    for epoch in range(pcfg["epochs"]):
        for (xb,) in loader:
            mask = torch.rand_like(xb) < pcfg["mask_prob"]
            pred = model(xb, mask)
            loss = ((pred - xb) ** 2)[mask].mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"[pretrain] epoch {epoch + 1}: masked MSE {loss.item():.4f}")

    out = workdir / "encoder_pretrained.pt"
    torch.save(encoder.state_dict(), out)
    return out
