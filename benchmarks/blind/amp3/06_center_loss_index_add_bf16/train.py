import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

from center_loss import EMACenterLoss


def get_args():
    p = argparse.ArgumentParser("speaker embedding with softmax + center loss")
    p.add_argument("--speakers", type=int, default=20)
    p.add_argument("--utts-per-spk", type=int, default=8)
    p.add_argument("--frames", type=int, default=60)
    p.add_argument("--n-mels", type=int, default=40)
    p.add_argument("--emb", type=int, default=128)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--bs", type=int, default=32)
    p.add_argument("--center-weight", type=float, default=0.05)
    p.add_argument("--amp", action="store_true")
    return p.parse_args()


class TDNN(nn.Module):
    def __init__(self, n_mels, emb, n_spk):
        super().__init__()
        self.frame = nn.Sequential(
            nn.Conv1d(n_mels, 128, 5, padding=2), nn.ReLU(), nn.BatchNorm1d(128),
            nn.Conv1d(128, 128, 3, dilation=2, padding=2), nn.ReLU(), nn.BatchNorm1d(128),
        )
        self.emb = nn.Linear(256, emb)
        self.cls = nn.Linear(emb, n_spk)

    def forward(self, x):
        h = self.frame(x)
        stats = torch.cat([h.mean(-1), h.std(-1)], 1)
        e = self.emb(stats)
        return e, self.cls(F.relu(e))


def main():
    a = get_args()
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    spk_profile = torch.randn(a.speakers, a.n_mels, 1, generator=g)
    labels = torch.arange(a.speakers).repeat_interleave(a.utts_per_spk)
    feats = spk_profile[labels] + torch.randn(len(labels), a.n_mels, a.frames, generator=g)

    model = TDNN(a.n_mels, a.emb, a.speakers)
    center = EMACenterLoss(a.speakers, a.emb)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for ep in range(a.epochs):
        perm = torch.randperm(len(labels), generator=g)
        for i in range(0, len(perm), a.bs):
            idx = perm[i:i + a.bs]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=a.amp):
                emb, logits = model(feats[idx])
                loss = F.cross_entropy(logits, labels[idx]) + a.center_weight * center(emb, labels[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {ep} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
