import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Fitter:
    def __init__(self, max_epochs=1, batch_size=32):
        self.max_epochs = max_epochs
        self.batch_size = batch_size
        dist.init_process_group("gloo")
        self.rank = dist.get_rank()
        self.world = dist.get_world_size()

    def _loader(self, ds, shuffle):
        sampler = DistributedSampler(ds, num_replicas=self.world, rank=self.rank, shuffle=shuffle)
        return DataLoader(ds, batch_size=self.batch_size, sampler=sampler), sampler

    def fit(self, lit, train_ds, val_ds):
        lit.net = DDP(lit.net)
        opt = lit.configure_optimizers()
        train_dl, sampler = self._loader(train_ds, True)
        val_dl, _ = self._loader(val_ds, False)
        for epoch in range(self.max_epochs):
            sampler.set_epoch(epoch)
            lit.net.train()
            for step, batch in enumerate(train_dl):
                loss = lit.training_step(batch)
                opt.zero_grad()
                loss.backward()
                opt.step()
            lit.net.eval()
            outs = [lit.validation_step(b) for b in val_dl]
            val = torch.stack([o["val_loss"] for o in outs]).mean()
            dist.all_reduce(val)
            val /= self.world
            if self.rank == 0:
                print(f"epoch {epoch}: train_loss={loss.item():.4f} val_loss={val.item():.4f}", flush=True)

    def teardown(self):
        dist.destroy_process_group()
