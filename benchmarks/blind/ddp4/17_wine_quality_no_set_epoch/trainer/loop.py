import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Runner:
    def __init__(self, model, dataset, batch_size, lr, epochs):
        self.rank = dist.get_rank()
        self.model = DDP(model)
        self.sampler = DistributedSampler(dataset, shuffle=True, seed=0)
        self.loader = DataLoader(dataset, batch_size=batch_size, sampler=self.sampler)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.epochs = epochs

    def run_epoch(self, epoch):
        total = torch.zeros(2)
        for step, (ids, x, y) in enumerate(self.loader):
            if step == 0 and self.rank == 0:
                print(f"epoch {epoch} first batch ids: {ids[:8].tolist()}", flush=True)
            pred = self.model(x).squeeze(-1)
            loss = F.mse_loss(pred, y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += torch.tensor([loss.item() * len(y), len(y)])
        dist.all_reduce(total)
        return (total[0] / total[1]).item()

    def fit(self):
        for epoch in range(self.epochs):
            mse = self.run_epoch(epoch)
            if self.rank == 0:
                print(f"epoch {epoch} train mse {mse:.4f}", flush=True)
