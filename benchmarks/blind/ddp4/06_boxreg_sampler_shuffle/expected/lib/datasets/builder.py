import torch.distributed as dist
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def build_dataloader(dataset, batch_size, shuffle=True, num_workers=0, distributed=True):
    if distributed and dist.is_initialized():
        # the sampler does the (per-epoch) shuffling; DataLoader must not shuffle as well
        sampler = DistributedSampler(dataset, num_replicas=dist.get_world_size(), rank=dist.get_rank(), shuffle=shuffle)
    else:
        sampler = None
    loader = DataLoader(
        dataset,
        batch_size=batch_size,
        shuffle=shuffle if sampler is None else False,
        num_workers=num_workers,
        sampler=sampler,
        drop_last=True,
    )
    return loader, sampler
