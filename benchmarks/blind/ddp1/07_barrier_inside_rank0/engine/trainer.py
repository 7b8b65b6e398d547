import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, dataset, callbacks=(), batch_size=32, lr=1e-3):
        self.rank = dist.get_rank()
        self.world = dist.get_world_size()
        self.model = DDP(model)
        self.sampler = DistributedSampler(dataset, num_replicas=self.world, rank=self.rank)
        self.loader = DataLoader(dataset, batch_size=batch_size, sampler=self.sampler)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.callbacks = list(callbacks)

    def fit(self, epochs):
        for epoch in range(epochs):
            self.sampler.set_epoch(epoch)
            tot = torch.zeros(2)
            for x, y in self.loader:
                loss = F.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                tot += torch.tensor([loss.item() * len(y), len(y)])
            dist.all_reduce(tot)
            logs = {"loss": (tot[0] / tot[1]).item()}
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch, logs)
