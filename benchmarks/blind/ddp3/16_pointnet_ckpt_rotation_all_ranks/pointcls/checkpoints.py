import os
from collections import deque

import torch


class CheckpointManager:
    def __init__(self, ckpt_dir, keep_last=3):
        self.ckpt_dir = ckpt_dir
        self.keep_last = keep_last
        self.saved = deque()
        os.makedirs(ckpt_dir, exist_ok=True)

    def _path(self, epoch):
        return os.path.join(self.ckpt_dir, f"epoch_{epoch:04d}.pt")

    def save(self, model, optimizer, epoch):
        path = self._path(epoch)
        state = {"epoch": epoch, "model": model.module.state_dict(), "optim": optimizer.state_dict()}
        torch.save(state, path)
        self.saved.append(path)
        while len(self.saved) > self.keep_last:
            os.remove(self.saved.popleft())
