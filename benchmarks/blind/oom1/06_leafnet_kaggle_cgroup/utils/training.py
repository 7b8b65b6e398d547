import torch
import torch.nn as nn
from torch.utils.data import DataLoader

BATCH_SIZE = 128
LR = 1e-3


def fit(model, train_ds, valid_ds, epochs):
    train_dl = DataLoader(train_ds, batch_size=BATCH_SIZE, shuffle=True)
    valid_dl = DataLoader(valid_ds, batch_size=BATCH_SIZE)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    history = []
    for epoch in range(epochs):
        model.train()
        train_loss = 0
        for xb, yb in train_dl:
            optimizer.zero_grad()
            out = model(xb)
            loss = criterion(out, yb)
            loss.backward()
            optimizer.step()
            train_loss += loss.item()
        model.eval()
        correct = 0
        with torch.no_grad():
            for xb, yb in valid_dl:
                correct += (model(xb).argmax(1) == yb).sum().item()
        history.append({"epoch": epoch, "train_loss": train_loss / len(train_dl),
                        "val_acc": correct / len(valid_ds)})
        print(history[-1])
    return history
