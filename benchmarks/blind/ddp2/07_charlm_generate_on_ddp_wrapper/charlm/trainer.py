import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class LMTrainer:
    def __init__(self, model, corpus, lr=5e-3, batch_size=16):
        self.model = model
        self.corpus = corpus
        self.rank = dist.get_rank()
        self.sampler = DistributedSampler(corpus)
        self.loader = DataLoader(corpus, batch_size=batch_size, sampler=self.sampler)
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def train_epoch(self, epoch):
        self.sampler.set_epoch(epoch)
        self.model.train()
        total = 0.0
        for x, y in self.loader:
            logits, _ = self.model(x)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
            self.opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.opt.step()
            total += loss.item()
        return total / len(self.loader)

    def sample(self, prompt="the ", n_new=40):
        self.model.eval()
        ids = self.model.generate(self.corpus.encode(prompt), n_new)
        self.model.train()
        return prompt + self.corpus.decode(ids)

    def fit(self, epochs):
        for epoch in range(epochs):
            loss = self.train_epoch(epoch)
            if self.rank == 0:
                print(f"epoch {epoch} loss {loss:.3f}")
                print("  sample:", repr(self.sample()))
            dist.barrier()
