import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvAE(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(4, ch, 3, 1, 1), nn.GELU(), nn.Conv2d(ch, ch, 3, 1, 1), nn.GELU(),
            nn.Conv2d(ch, 2 * ch, 3, 2, 1), nn.GELU(), nn.Conv2d(2 * ch, 2 * ch, 3, 1, 1), nn.GELU())
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(2 * ch, ch, 2, 2), nn.GELU(), nn.Conv2d(ch, ch, 3, 1, 1), nn.GELU(),
            nn.Conv2d(ch, 4, 3, 1, 1))

    def forward(self, x):
        return x + self.dec(self.enc(x))


class LitDenoiser(nn.Module):
    def __init__(self, hparams):
        super().__init__()
        self.hparams = dict(hparams)
        self.net = ConvAE(hparams["channels"])

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        return F.mse_loss(self.net(noisy), clean)

    def validation_step(self, batch, batch_idx):
        noisy, clean = batch
        mse = F.mse_loss(self.net(noisy), clean)
        return {"psnr": (10 * torch.log10(1.0 / mse)).item()}

    def on_validation_epoch_end(self, outs):
        return f"val_psnr={sum(o['psnr'] for o in outs) / len(outs):.2f}dB"

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=self.hparams["lr"])
        return opt, torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
