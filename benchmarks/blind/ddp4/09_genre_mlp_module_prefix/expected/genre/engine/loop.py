import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class FitLoop:
    def __init__(self, module, train_set, val_set, max_epochs=3, batch_size=64, ckpt_dir="checkpoints"):
        self.module = module
        self.rank = dist.get_rank()
        self.model = DDP(module.model)
        self.optimizer = module.configure_optimizers(self.model.parameters())
        self.train_sampler = DistributedSampler(train_set, shuffle=True)
        self.train_loader = DataLoader(train_set, batch_size=batch_size, sampler=self.train_sampler, drop_last=True)
        self.val_loader = DataLoader(val_set, batch_size=256, sampler=DistributedSampler(val_set, shuffle=False))
        self.max_epochs = max_epochs
        self.ckpt_dir = ckpt_dir
        self.best_acc = -1.0
        self.best_path = os.path.join(ckpt_dir, "best.pt")

    def validate(self):
        self.model.eval()
        stats = torch.zeros(3)
        for batch in self.val_loader:
            loss_sum, correct, n = self.module.validation_step(self.model, batch)
            stats += torch.tensor([loss_sum.item(), float(correct), float(n)])
        dist.all_reduce(stats)
        self.model.train()
        return stats[0].item() / stats[2].item(), stats[1].item() / stats[2].item()

    def save_checkpoint(self, epoch, acc):
        os.makedirs(self.ckpt_dir, exist_ok=True)
        # save the unwrapped weights so the checkpoint loads into a plain GenreMLP
        torch.save({"epoch": epoch, "val_acc": acc, "state_dict": self.model.module.state_dict()}, self.best_path)

    def run(self):
        for epoch in range(self.max_epochs):
            self.train_sampler.set_epoch(epoch)
            for batch in self.train_loader:
                loss = self.module.training_step(self.model, batch)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            val_loss, val_acc = self.validate()
            if self.rank == 0:
                print(f"epoch {epoch}: val_loss={val_loss:.4f} val_acc={val_acc:.3f}", flush=True)
                if val_acc > self.best_acc:
                    self.best_acc = val_acc
                    self.save_checkpoint(epoch, val_acc)
        dist.barrier()
        return self.best_path
