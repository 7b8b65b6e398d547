from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from .digits import NoisyDigits


def get_loaders(args, rank, world_size):
    train_set = NoisyDigits(args.n_train, seed=0)
    val_set = NoisyDigits(args.n_val, seed=1)

    train_sampler = DistributedSampler(train_set, num_replicas=world_size, rank=rank)
    val_sampler = DistributedSampler(val_set, num_replicas=world_size, rank=rank, shuffle=False)

    train_loader = DataLoader(
        train_set,
        batch_size=args.batch_size,
        sampler=train_sampler,
        num_workers=0,
        drop_last=True,
    )
    val_loader = DataLoader(val_set, batch_size=args.batch_size, sampler=val_sampler)
    return train_loader, val_loader, train_sampler
