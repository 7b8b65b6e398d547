import torch
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class LitLoop:
    """Minimal Lightning-like loop: configure_optimizers / training_step / fit."""

    def __init__(self, model, env, cfg):
        self.env = env
        self.cfg = cfg
        model = model.to(env.device)
        ids = [env.local_rank] if env.device.type == "cuda" else None
        self.model = DDP(model, device_ids=ids)

    def configure_optimizers(self):
        o = self.cfg["optim"]
        return torch.optim.AdamW(self.model.parameters(), lr=o["lr"], weight_decay=o["weight_decay"])

    def training_step(self, batch):
        x, y = (t.to(self.env.device, non_blocking=True) for t in batch)
        logits = self.model(x)
        return F.cross_entropy(logits, y), (logits.argmax(1) == y).float().mean()

    def fit(self, dataset):
        tcfg, dcfg = self.cfg["trainer"], self.cfg["data"]
        sampler = DistributedSampler(dataset, num_replicas=self.env.world_size, rank=self.env.rank)
        loader = DataLoader(dataset, batch_size=dcfg["batch_size"], sampler=sampler)
        opt = self.configure_optimizers()
        for epoch in range(tcfg["max_epochs"]):
            sampler.set_epoch(epoch)
            for i, batch in enumerate(loader):
                loss, acc = self.training_step(batch)
                opt.zero_grad()
                loss.backward()
                opt.step()
                if self.env.is_main and i % tcfg["log_every"] == 0:
                    print(f"epoch {epoch} it {i} loss {loss.item():.3f} acc {acc.item():.2f}")
