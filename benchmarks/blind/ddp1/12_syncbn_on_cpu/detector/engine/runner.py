import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Runner:
    def __init__(self, model, dataset, solver):
        self.rank = dist.get_rank()
        self.model = DDP(model)
        self.sampler = DistributedSampler(dataset, shuffle=True)
        self.loader = DataLoader(dataset, batch_size=solver["batch_size"], sampler=self.sampler, drop_last=True)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=solver["lr"])
        self.epochs = solver["epochs"]

    def run(self):
        for epoch in range(self.epochs):
            self.sampler.set_epoch(epoch)
            self.model.train()
            for it, (img, cnt) in enumerate(self.loader):
                loss = F.smooth_l1_loss(self.model(img), cnt)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                if self.rank == 0 and it % 4 == 0:
                    print(f"[{epoch}][{it}/{len(self.loader)}] loss {loss.item():.4f}", flush=True)
