import torch
import torch.nn.functional as F

from .nets import CIC, Encoder


class RandomShiftsAug(torch.nn.Module):
    def __init__(self, pad):
        super().__init__()
        self.pad = pad

    def forward(self, x):
        n, _, h, w = x.shape
        x = F.pad(x, (self.pad,) * 4, mode="replicate")
        dx, dy = torch.randint(0, 2 * self.pad + 1, (2,)).tolist()
        return x[:, :, dy:dy + h, dx:dx + w]


class CICAgent:
    def __init__(self, obs_shape, skill_dim, hidden_dim, lr, temperature):
        self.encoder = Encoder(obs_shape)
        self.cic = CIC(self.encoder.repr_dim, skill_dim, hidden_dim)
        self.aug = RandomShiftsAug(pad=1)
        self.temperature = temperature
        self.encoder_opt = torch.optim.Adam(self.encoder.parameters(), lr=lr)
        self.cic_optimizer = torch.optim.Adam(self.cic.parameters(), lr=lr)

    def train(self, training=True):
        self.encoder.train(training)
        self.cic.train(training)

    def aug_and_encode(self, obs):
        obs = self.aug(obs)
        return self.encoder(obs)

    def compute_cpc_loss(self, obs, next_obs, skill):
        query, key = self.cic(obs, next_obs, skill)
        query = F.normalize(query, dim=1)
        key = F.normalize(key, dim=1)
        logits = query @ key.T / self.temperature
        labels = torch.arange(logits.shape[0])
        return F.cross_entropy(logits, labels)

    def update_cic(self, obs, skill, next_obs):
        loss = self.compute_cpc_loss(obs, next_obs, skill)
        self.cic_optimizer.zero_grad()
        self.encoder_opt.zero_grad()
        loss.backward()
        self.cic_optimizer.step()
        self.encoder_opt.step()
        return loss.item()

    def update(self, batch):
        obs, skill, next_obs = batch
        with torch.no_grad():
            obs = self.aug_and_encode(obs)
            next_obs = self.aug_and_encode(next_obs)
        return self.update_cic(obs, skill, next_obs)
