"""The order a DataLoader gives its batches in, as the probe records it: whether consecutive batches
may continue the same sequences (backward_twice carries a recurrent state only then)."""

import importlib.util

import pytest
import torch
from test_probe import PROBE
from torch.utils.data import (
    BatchSampler,
    DataLoader,
    IterableDataset,
    RandomSampler,
    SequentialSampler,
    SubsetRandomSampler,
    TensorDataset,
)
from torch.utils.data.distributed import DistributedSampler

DATA = TensorDataset(torch.arange(12.0))


class Stream(IterableDataset):
    def __iter__(self):
        return iter(range(5))


class Pairs(BatchSampler):
    """a batch sampler of the project's own over a random sampler: the order is its own"""


class EveryOther(SequentialSampler):
    def __iter__(self):
        return iter(range(0, len(self.data_source), 2))


@pytest.mark.parametrize("loader, order", [
    (DataLoader(DATA, batch_size=4, shuffle=True), "shuffled"),
    (DataLoader(DATA, batch_size=4, sampler=RandomSampler(DATA)), "shuffled"),
    (DataLoader(DATA, batch_size=4, sampler=SubsetRandomSampler(range(8))), "shuffled"),
    (DataLoader(DATA, batch_size=4, sampler=DistributedSampler(DATA, num_replicas=2, rank=0)), "shuffled"),
    (DataLoader(DATA, batch_size=4, sampler=DistributedSampler(DATA, num_replicas=2, rank=0, shuffle=False)),
     "ordered"),
    (DataLoader(DATA, batch_size=4), "ordered"),
    (DataLoader(DATA, batch_size=None, shuffle=False), "ordered"),
    (DataLoader(Stream(), batch_size=2), None),
    (DataLoader(DATA, batch_size=4, sampler=EveryOther(DATA)), None),
    (DataLoader(DATA, batch_sampler=[[0, 1], [5, 2]]), None),
    (DataLoader(DATA, batch_sampler=BatchSampler(RandomSampler(DATA), 4, False)), "shuffled"),
    (DataLoader(DATA, batch_sampler=Pairs(SequentialSampler(DATA), 2, False)), None),
])
def test_the_order_follows_the_sampler(loader, order):
    assert _loaders().batch_order(loader) == order


def _loaders():
    """probe.py as the user's interpreter loads it (by path, with its neighbours): its loaders.py."""
    spec = importlib.util.spec_from_file_location("_probe_under_test", PROBE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.LOADERS
