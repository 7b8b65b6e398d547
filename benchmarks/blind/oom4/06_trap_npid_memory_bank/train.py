"""Instance discrimination (NPID-style) with a non-parametric memory bank.

The bank holds one L2-normalised 128-d feature per training image and is used
both for the NCE-style loss (sampled negatives) and for weighted kNN evaluation.
"""
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

N_TRAIN = int(os.environ.get("NPID_N_TRAIN", 100_000))
N_TEST = int(os.environ.get("NPID_N_TEST", 2_000))
FEAT_DIM = int(os.environ.get("NPID_FEAT_DIM", 128))
IN_DIM = int(os.environ.get("NPID_IN_DIM", 256))
N_NEG = int(os.environ.get("NPID_NCE_K", 1024))
BATCH = int(os.environ.get("NPID_BATCH", 256))
STEPS = int(os.environ.get("NPID_STEPS", 30))
TEMP = float(os.environ.get("NPID_T", 0.07))
MOMENTUM = float(os.environ.get("NPID_M", 0.5))


class MemoryBank(nn.Module):
    def __init__(self, n, dim):
        super().__init__()
        bank = torch.randn(n, dim)
        self.register_buffer("bank", F.normalize(bank, dim=1))

    @torch.no_grad()
    def update(self, idx, feats):
        new = self.bank[idx] * MOMENTUM + feats.detach() * (1 - MOMENTUM)
        self.bank.index_copy_(0, idx, F.normalize(new, dim=1))


def main():
    torch.manual_seed(0)
    n_classes = 100
    labels = torch.randint(0, n_classes, (N_TRAIN,))
    protos = torch.randn(n_classes, IN_DIM)
    images = (protos[labels] + torch.randn(N_TRAIN, IN_DIM)).to(torch.bfloat16)
    test_y = torch.randint(0, n_classes, (N_TEST,))
    test_x = protos[test_y] + torch.randn(N_TEST, IN_DIM)

    encoder = nn.Sequential(nn.Linear(IN_DIM, 512), nn.BatchNorm1d(512), nn.ReLU(), nn.Linear(512, FEAT_DIM))
    memory = MemoryBank(N_TRAIN, FEAT_DIM)
    opt = torch.optim.SGD(encoder.parameters(), lr=0.03, momentum=0.9, weight_decay=5e-4)
    print(f"memory bank: {memory.bank.numel() * 4 / 2**20:.0f} MiB")

    t0 = time.time()
    for step in range(STEPS):
        idx = torch.randint(0, N_TRAIN, (BATCH,))
        feats = F.normalize(encoder(images[idx].float()), dim=1)
        neg_idx = torch.randint(0, N_TRAIN, (BATCH, N_NEG))
        pos = (feats * memory.bank[idx]).sum(1, keepdim=True)
        neg = torch.bmm(memory.bank[neg_idx], feats.unsqueeze(2)).squeeze(2)
        logits = torch.cat([pos, neg], 1) / TEMP
        loss = F.cross_entropy(logits, torch.zeros(BATCH, dtype=torch.long))
        opt.zero_grad()
        loss.backward()
        opt.step()
        memory.update(idx, feats)
        if step % 10 == 0:
            print(f"step {step} loss {loss.item():.3f} ({time.time() - t0:.1f}s)")

    encoder.eval()
    correct = 0
    with torch.no_grad():
        for i in range(0, N_TEST, 500):
            q = F.normalize(encoder(test_x[i:i + 500]), dim=1)
            sim = q @ memory.bank.t()
            w, nn_idx = sim.topk(200, dim=1)
            w = (w / TEMP).exp()
            votes = torch.zeros(q.size(0), n_classes).scatter_add_(1, labels[nn_idx], w)
            correct += (votes.argmax(1) == test_y[i:i + 500]).sum().item()
    print(f"weighted kNN top-1: {correct / N_TEST:.3f}")


if __name__ == "__main__":
    main()
