import torch
from .data import SoundDataset, get_dataloader


def cycle(dl):
    while True:
        for data in dl:
            yield data


class SoundStreamTrainer:
    def __init__(self, soundstream, folder, num_train_steps, batch_size, data_max_length=None, lr=2e-4):
        self.soundstream = soundstream
        self.num_train_steps = num_train_steps
        self.ds = SoundDataset(folder, max_length=data_max_length)
        self.dl = get_dataloader(self.ds, batch_size=batch_size, shuffle=True)
        self.dl_iter = cycle(self.dl)
        self.optim = torch.optim.Adam(soundstream.parameters(), lr=lr)

    def train_step(self):
        wave = next(self.dl_iter)
        loss = self.soundstream(wave, return_loss=True)
        self.optim.zero_grad()
        loss.backward()
        self.optim.step()
        return loss.item()

    def train(self):
        for step in range(self.num_train_steps):
            loss = self.train_step()
            if step % 10 == 0:
                print(f"{step}: soundstream total loss: {loss:.4f}")
        print("training complete")
