import os

import torch
import torch.distributed as dist


class Callback:
    def on_epoch_end(self, trainer, epoch, logs):
        pass


class PrintLogger(Callback):
    def on_epoch_end(self, trainer, epoch, logs):
        if trainer.rank == 0:
            print(f"epoch {epoch}: " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()), flush=True)


class ModelCheckpoint(Callback):
    """Writes last.pt every epoch from the main process; other ranks wait so they
    never read a half-written file when resuming."""

    def __init__(self, dirpath):
        self.dirpath = dirpath

    def on_epoch_end(self, trainer, epoch, logs):
        if trainer.rank == 0:
            os.makedirs(self.dirpath, exist_ok=True)
            state = {"epoch": epoch, "model": trainer.model.module.state_dict(), "logs": logs}
            torch.save(state, os.path.join(self.dirpath, "last.pt"))
        dist.barrier()
