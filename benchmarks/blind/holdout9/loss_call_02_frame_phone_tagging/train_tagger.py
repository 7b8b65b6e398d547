import tomllib
from pathlib import Path

import torch
from torch.utils.data import DataLoader, random_split

from tagger.corpus import FbankFrames, N_MELS, N_PHONES
from tagger.losses import frame_cross_entropy, frame_accuracy
from tagger.model import BiGRUTagger

HERE = Path(__file__).resolve().parent


def main():
    cfg = tomllib.loads((HERE / "tagger.toml").read_text())
    torch.manual_seed(cfg["seed"])
    data = FbankFrames(n_utts=cfg["data"]["n_utts"], n_frames=cfg["data"]["n_frames"])
    n_dev = len(data) // 8
    train, dev = random_split(data, [len(data) - n_dev, n_dev])
    train_dl = DataLoader(train, batch_size=cfg["train"]["batch_size"], shuffle=True)
    dev_dl = DataLoader(dev, batch_size=cfg["train"]["batch_size"])

    model = BiGRUTagger(N_MELS, N_PHONES, hidden=cfg["model"]["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg["train"]["lr"],
                                                total_steps=cfg["train"]["epochs"] * len(train_dl))
    for epoch in range(cfg["train"]["epochs"]):
        model.train()
        for feats, labels in train_dl:
            loss = frame_cross_entropy(model(feats), labels, cfg["train"]["label_smoothing"])
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            accs = [frame_accuracy(model(f), l) for f, l in dev_dl]
        print(f"epoch {epoch + 1}: loss {loss.item():.3f} dev frame acc {torch.stack(accs).mean():.3f}")


if __name__ == "__main__":
    main()
