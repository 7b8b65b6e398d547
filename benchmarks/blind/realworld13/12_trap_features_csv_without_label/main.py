import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

import config
from features import load


def main():
    torch.manual_seed(0)
    X_A, labels_A = load(config.TRAIN_FILE)
    X_C, labels_C = load(config.TEST_FILE)
    mean, std = X_A.mean(0), X_A.std(0) + 1e-6
    X_A, X_C = (X_A - mean) / std, (X_C - mean) / std

    train = DataLoader(TensorDataset(torch.from_numpy(X_A), torch.from_numpy(labels_A)),
                       batch_size=config.BATCH_SIZE, shuffle=True)
    model = nn.Sequential(nn.Linear(X_A.shape[1], config.HIDDEN), nn.ReLU(),
                          nn.Linear(config.HIDDEN, len(config.CLASSES)))
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(config.EPOCHS):
        total = 0.0
        for xb, yb in train:
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(yb)
        with torch.no_grad():
            acc = (model(torch.from_numpy(X_C)).argmax(1).numpy() == labels_C).mean()
        print('epoch %d loss %.4f test acc %.3f' % (epoch, total / len(labels_A), acc))


if __name__ == '__main__':
    main()
