import torch
from torch.utils.data import DataLoader, TensorDataset


def cycle(dl):
    while True:
        for data in dl:
            yield data


class Trainer1D(object):
    def __init__(self, diffusion_model, dataset, train_batch_size=16, train_lr=1e-4, train_num_steps=100):
        self.model = diffusion_model
        self.dl = cycle(DataLoader(dataset, batch_size=train_batch_size, shuffle=True, drop_last=True))
        self.opt = torch.optim.Adam(diffusion_model.parameters(), lr=train_lr)
        self.train_num_steps = train_num_steps
        self.step = 0

    def train(self):
        while self.step < self.train_num_steps:
            (data,) = next(self.dl)
            loss = self.model(data)
            loss.backward()
            self.opt.step()
            self.opt.zero_grad()
            if self.step % 20 == 0:
                print(f'step {self.step} loss: {loss.item():.4f}')
            self.step += 1
        print('training complete')
