import torch
import torch.nn as nn

from .data import make_loaders
from .hparams import HParams
from .net import EmotionCNN
from .prepare import export_features


def train(hp=HParams()):
    torch.manual_seed(hp.seed)
    index = export_features(hp)
    train_dl, val_dl = make_loaders(index, hp)
    model = EmotionCNN(hp.n_mels, hp.channels, len(hp.emotions))
    optim = torch.optim.AdamW(model.parameters(), lr=hp.lr)
    sched = torch.optim.lr_scheduler.OneCycleLR(optim, max_lr=hp.lr * 3, total_steps=hp.epochs * len(train_dl))
    criterion = nn.CrossEntropyLoss()
    for epoch in range(hp.epochs):
        model.train()
        for spec, label in train_dl:
            loss = criterion(model(spec), label)
            optim.zero_grad()
            loss.backward()
            optim.step()
            sched.step()
        model.eval()
        hits = total = 0
        with torch.no_grad():
            for spec, label in val_dl:
                hits += (model(spec).argmax(1) == label).sum().item()
                total += len(label)
        print(f"epoch {epoch}: loss={loss.item():.3f} val_acc={hits / total:.3f}")
    return model


if __name__ == "__main__":
    train()
