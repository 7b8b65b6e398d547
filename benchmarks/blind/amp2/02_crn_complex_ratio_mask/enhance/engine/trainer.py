import time

import torch
from torch.utils.data import DataLoader

from enhance.data import NoisyToneDataset
from enhance.engine.losses import neg_si_snr
from enhance.models import ComplexMaskNet


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg["seed"])
        d, tr = cfg["data"], cfg["train"]
        kw = dict(seconds=d["seconds"], sample_rate=d["sample_rate"], snr_db=tuple(d["snr_db"]))
        self.train_dl = DataLoader(NoisyToneDataset(d["n_train"], seed=1, **kw),
                                   batch_size=tr["batch_size"], shuffle=True)
        self.valid_dl = DataLoader(NoisyToneDataset(d["n_valid"], seed=2, **kw), batch_size=tr["batch_size"])
        self.model = ComplexMaskNet(cfg["stft"]["n_fft"], cfg["stft"]["hop"], **cfg["model"])
        self.opt = torch.optim.Adam(self.model.parameters(), lr=tr["lr"])
        self.amp = tr["amp"]
        self.amp_dtype = getattr(torch, tr["amp_dtype"])

    def autocast(self):
        return torch.autocast("cpu", dtype=self.amp_dtype, enabled=self.amp)

    def train_epoch(self):
        self.model.train()
        total = 0.0
        for noisy, clean in self.train_dl:
            with self.autocast():
                est = self.model(noisy)
                loss = neg_si_snr(est.float(), clean)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 5.0)
            self.opt.step()
            total += loss.item()
        return total / len(self.train_dl)

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        total = 0.0
        for noisy, clean in self.valid_dl:
            with self.autocast():
                total += neg_si_snr(self.model(noisy).float(), clean).item()
        return total / len(self.valid_dl)

    def fit(self):
        for ep in range(self.cfg["train"]["epochs"]):
            t0 = time.time()
            tr = self.train_epoch()
            va = self.validate()
            print(f"epoch {ep}: train -SI-SNR {tr:.2f} dB | valid -SI-SNR {va:.2f} dB | {time.time() - t0:.1f}s")
        print("training finished")
