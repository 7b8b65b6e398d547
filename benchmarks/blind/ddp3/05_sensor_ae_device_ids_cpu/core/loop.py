from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


class Loop:
    def __init__(self, strategy, max_epochs=1, batch_size=32):
        self.strategy = strategy
        self.max_epochs = max_epochs
        self.batch_size = batch_size

    def fit(self, task, signals):
        s = self.strategy
        ds = TensorDataset(signals)
        sampler = DistributedSampler(ds, num_replicas=s.world_size, rank=s.rank)
        loader = DataLoader(ds, batch_size=self.batch_size, sampler=sampler)
        model = s.wrap(task)
        opt = task.configure_optimizers(model.parameters())
        for epoch in range(self.max_epochs):
            sampler.set_epoch(epoch)
            total = 0.0
            for batch in loader:
                batch = [b.to(s.device) for b in batch]
                loss = task.training_step(model, batch)
                opt.zero_grad()
                loss.backward()
                opt.step()
                total += loss.item()
            avg = s.reduce(total / len(loader))
            if s.rank == 0:
                print(f"epoch={epoch} train_mse={avg:.4f}", flush=True)
        return model
