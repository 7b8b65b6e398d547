import random
from collections import defaultdict

import torch
from torch.utils.data import DataLoader, TensorDataset, SubsetRandomSampler

from helper import Helper
from models.resnet_cifar import ResNet8
from models.simple import MnistNet


class ImageHelper(Helper):
    def create_model(self):
        if self.params['type'] == 'mnist':
            local_model = MnistNet(name='Local', created_time=self.current_time)
            target_model = MnistNet(name='Target', created_time=self.current_time)
        else:
            local_model = ResNet8(name='Local', created_time=self.current_time)
            target_model = ResNet8(name='Target', created_time=self.current_time)
        self.local_model = local_model
        self.target_model = target_model

    def load_data(self):
        g = torch.Generator().manual_seed(0)
        n = 64 * self.params['number_of_total_participants']
        shape = (1, 28, 28) if self.params['type'] == 'mnist' else (3, 16, 16)
        y = torch.randint(0, 10, (n,), generator=g)
        x = torch.randn(n, *shape, generator=g) * 0.5 + y.float().view(-1, 1, 1, 1) / 10
        self.train_dataset = TensorDataset(x, y)
        # sample indices for participants (iid split)
        indices_per_participant = defaultdict(list)
        all_range = list(range(n))
        random.Random(0).shuffle(all_range)
        per = n // self.params['number_of_total_participants']
        for pos in range(self.params['number_of_total_participants']):
            indices_per_participant[pos] = all_range[pos * per:(pos + 1) * per]
        self.train_data = [(pos, DataLoader(self.train_dataset, batch_size=self.params['batch_size'],
                                            sampler=SubsetRandomSampler(indices)))
                           for pos, indices in indices_per_participant.items()]
