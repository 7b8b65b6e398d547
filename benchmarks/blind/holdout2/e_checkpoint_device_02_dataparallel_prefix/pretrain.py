"""Stage 1: self-supervised denoising-autoencoder pretraining on unlabelled windows."""
import torch
from torch import nn
from torch.utils.data import DataLoader

from nets import AutoEncoder
from sensors import sensor_features


def pretrain(cfg):
    loader = DataLoader(sensor_features(512, seed=0), batch_size=cfg["batch_size"], shuffle=True)
    ae = AutoEncoder(latent=cfg["latent"])
    if torch.cuda.device_count() > 1 or cfg.get("data_parallel", True):
        ae = nn.DataParallel(ae)
    opt = torch.optim.Adam(ae.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["pretrain_epochs"]):
        for (x,) in loader:
            noisy = x + 0.2 * torch.randn_like(x)
            loss = nn.functional.mse_loss(ae(noisy), x)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"[pretrain] epoch {epoch} recon {loss.item():.4f}")
    torch.save(ae.state_dict(), cfg["pretrained_path"])
    return cfg["pretrained_path"]
