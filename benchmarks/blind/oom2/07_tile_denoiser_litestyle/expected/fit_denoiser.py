import torch
from torch.utils.data import DataLoader

from denoise.hparams import HPARAMS
from denoise.module import LitDenoiser
from denoise.tiles import NoisyTiles
from lite.trainer import MiniTrainer


if __name__ == "__main__":
    torch.manual_seed(0)
    hp = HPARAMS
    train = NoisyTiles(hp["n_train"], hp["tile_size"], hp["noise_sigma"], seed=0)
    val = NoisyTiles(hp["n_val"], hp["tile_size"], hp["noise_sigma"], seed=1)
    model = LitDenoiser(hp)
    trainer = MiniTrainer(max_epochs=hp["max_epochs"], ckpt_path="denoiser.ckpt",
                          accumulate_grad_batches=hp.get("accumulate_grad_batches", 1))
    trainer.fit(model, DataLoader(train, batch_size=hp["batch_size"], shuffle=True),
                DataLoader(val, batch_size=32))
