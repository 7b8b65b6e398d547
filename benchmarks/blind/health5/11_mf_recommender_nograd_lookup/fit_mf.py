import torch
from torch.utils.data import DataLoader, TensorDataset

from recsys.callbacks import EarlyStopping, EpochLogger
from recsys.data import synthetic_ratings
from recsys.model import MatrixFactorization


def fit(model, loader, epochs, lr, callbacks):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for epoch in range(epochs):
        model.train()
        se, n = 0.0, 0
        for u, i, r in loader:
            pred = model(u, i)
            loss = torch.nn.functional.mse_loss(pred, r)
            opt.zero_grad()
            loss.backward()
            opt.step()
            se += loss.item() * len(r); n += len(r)
        logs = {"rmse": (se / n) ** 0.5}
        for cb in callbacks:
            cb.on_epoch_end(epoch, logs, model)
        if logs.get("stop"):
            break


if __name__ == "__main__":
    torch.manual_seed(0)
    users, items, ratings, n_users, n_items = synthetic_ratings()
    loader = DataLoader(TensorDataset(users, items, ratings), batch_size=256, shuffle=True)
    model = MatrixFactorization(n_users, n_items)
    fit(model, loader, epochs=8, lr=0.02, callbacks=[EpochLogger(), EarlyStopping()])
    print("top-5 for user 0:", model.recommend(torch.tensor(0), k=5).tolist())
