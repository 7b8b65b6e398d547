import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from memory_bank import MemoryBank

N_INSTANCES = int(os.environ.get("N_INSTANCES", 1_200_000))
FEAT_DIM = 128
IN_DIM = 32
NEGATIVES = 4096
TEMPERATURE = 0.07
BATCH = 256
EPOCHS = 2
STEPS_PER_EPOCH = 25


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(IN_DIM, 512), nn.BatchNorm1d(512), nn.ReLU(),
                                 nn.Linear(512, 512), nn.BatchNorm1d(512), nn.ReLU(),
                                 nn.Linear(512, FEAT_DIM))

    def forward(self, x):
        return F.normalize(self.net(x), dim=1)


def main():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    # raw descriptors of every instance in the catalogue
    data = torch.randn(N_INSTANCES, IN_DIM, generator=g)
    bank = MemoryBank(N_INSTANCES, FEAT_DIM)
    print(f"bank: {bank.features.numel() * 4 / 2**20:.0f} MiB, data: {data.numel() * 4 / 2**20:.0f} MiB")

    model = Encoder()
    opt = torch.optim.SGD(model.parameters(), lr=0.03, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS * STEPS_PER_EPOCH)

    for epoch in range(EPOCHS):
        t0 = time.time()
        for step in range(STEPS_PER_EPOCH):
            idx = torch.randint(0, N_INSTANCES, (BATCH,), generator=g)
            x = data[idx] + 0.1 * torch.randn(BATCH, IN_DIM, generator=g)
            q = model(x)
            pos = bank.features[idx]
            neg = bank.sample_negatives(NEGATIVES, g)
            l_pos = (q * pos).sum(1, keepdim=True)
            l_neg = q @ neg.T
            logits = torch.cat([l_pos, l_neg], dim=1) / TEMPERATURE
            loss = F.cross_entropy(logits, torch.zeros(BATCH, dtype=torch.long))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            bank.update(idx, q)
        print(f"epoch {epoch}: nce loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
