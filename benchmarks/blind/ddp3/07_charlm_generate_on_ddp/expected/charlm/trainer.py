import torch
import torch.distributed as dist
import torch.nn.functional as F


class LMTrainer:
    def __init__(self, model, vocab, data, seq_len=48, batch_size=16, lr=3e-3, rank=0, world=1):
        self.model = model
        self.vocab = vocab
        self.data = data
        self.seq_len = seq_len
        self.batch_size = batch_size
        self.rank = rank
        self.world = world
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.gen = torch.Generator().manual_seed(100 + rank)

    def get_batch(self):
        ix = torch.randint(0, len(self.data) - self.seq_len - 1, (self.batch_size,), generator=self.gen)
        x = torch.stack([self.data[i:i + self.seq_len] for i in ix])
        y = torch.stack([self.data[i + 1:i + 1 + self.seq_len] for i in ix])
        return x, y

    def train_epoch(self, steps):
        self.model.train()
        total = torch.zeros(1)
        for _ in range(steps):
            x, y = self.get_batch()
            logits, _ = self.model(x)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.detach()
        dist.all_reduce(total)
        return total.item() / (steps * self.world)

    def sample(self, prefix="the ", n_new=40):
        ids = self.model.module.generate(self.vocab.encode(prefix), n_new)
        return self.vocab.decode(ids)
