import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, train_set, cfg):
        self.cfg = cfg
        self.rank = dist.get_rank()
        self.world = dist.get_world_size()
        self.device = torch.device("cpu")
        self.model = DistributedDataParallel(model.to(self.device))
        self.sampler = DistributedSampler(train_set, num_replicas=self.world, rank=self.rank, shuffle=True)
        self.loader = DataLoader(train_set, batch_size=cfg["batch_size"], sampler=self.sampler)
        self.optim = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])

    def log(self, msg):
        if self.rank == 0:
            print(msg, flush=True)

    def train_epoch(self, epoch):
        self.model.train()
        self.sampler.set_epoch(epoch)
        correct = torch.zeros(2)
        for it, (tokens, labels) in enumerate(self.loader):
            logits = self.model(tokens)
            loss = F.cross_entropy(logits, labels)
            self.optim.zero_grad(set_to_none=True)
            loss.backward()
            self.optim.step()
            correct += torch.tensor([(logits.argmax(-1) == labels).sum().item(), labels.numel()])
            if it % 4 == 0:
                self.log(f"epoch {epoch} it {it} loss {loss.item():.4f}")
        dist.all_reduce(correct)
        self.log(f"epoch {epoch} train acc {correct[0] / correct[1]:.3f}")

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            self.train_epoch(epoch)
