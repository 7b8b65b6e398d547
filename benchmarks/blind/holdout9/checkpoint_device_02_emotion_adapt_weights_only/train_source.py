"""Stage 1: train on the large acted-speech corpus and keep the normaliser with the weights."""
from pathlib import Path

import torch
from torch.utils.data import DataLoader, TensorDataset

from ser.features import utterance_stats, Standardizer, EMOTIONS
from ser.model import EmotionMLP
from ser.loops import fit
from ser.utils.ckpt import save_checkpoint

HERE = Path(__file__).resolve().parent
CKPT = HERE / "checkpoints" / "source_ser.pt"


def main():
    torch.manual_seed(0)
    x, y = utterance_stats(2000, seed=0)
    norm = Standardizer().fit(x)
    xt = torch.tensor(norm.transform(x), dtype=torch.float32)
    loader = DataLoader(TensorDataset(xt, torch.as_tensor(y)), batch_size=64, shuffle=True)
    model = EmotionMLP(x.shape[1], len(EMOTIONS))
    fit(model, loader, model.parameters(), lr=1e-3, epochs=2, tag="source")
    save_checkpoint(CKPT, model, extra={"normalizer": norm.state()}, emotions=EMOTIONS)
    return CKPT


if __name__ == "__main__":
    main()
