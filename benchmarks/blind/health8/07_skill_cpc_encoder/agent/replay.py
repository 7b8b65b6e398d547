import torch
from torch.utils.data import Dataset


def render(pos, size=16):
    """Draw a 3x3 blob at a continuous 2-D position in [0, 1]^2."""
    img = torch.zeros(pos.shape[0], 3, size, size)
    idx = (pos * (size - 3)).long().clamp(0, size - 3)
    for i, (x, y) in enumerate(idx.tolist()):
        img[i, :, y:y + 3, x:x + 3] = 1.0
    return img


class SkillTransitions(Dataset):
    """Reward-free transitions: the skill picks the direction of motion."""

    def __init__(self, n, skill_dim, seed=0):
        g = torch.Generator().manual_seed(seed)
        skill = torch.rand(n, skill_dim, generator=g)
        pos = 0.2 + 0.6 * torch.rand(n, 2, generator=g)
        direction = skill[:, :2] - 0.5
        next_pos = (pos + 0.4 * direction).clamp(0, 1)
        self.obs, self.next_obs, self.skill = render(pos), render(next_pos), skill

    def __len__(self):
        return len(self.skill)

    def __getitem__(self, i):
        return self.obs[i], self.skill[i], self.next_obs[i]
