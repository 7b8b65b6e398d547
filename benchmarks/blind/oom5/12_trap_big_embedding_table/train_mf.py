import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from recsys.interactions import synthetic_ratings
from recsys.model import MatrixFactorization

NUM_USERS = 200_000
NUM_ITEMS = 1_000_000
DIM = 64


def main():
    torch.manual_seed(0)
    data = synthetic_ratings(NUM_USERS, NUM_ITEMS, 20_000)
    loader = DataLoader(data, batch_size=1024, shuffle=True)
    model = MatrixFactorization(NUM_USERS, NUM_ITEMS, DIM)
    opt = torch.optim.SparseAdam(model.parameters(), lr=0.01)
    for epoch in range(3):
        total = 0.0
        for users, items, ratings in loader:
            loss = F.mse_loss(model(users, items), ratings)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(ratings)
        print(f"epoch {epoch}: rmse {(total / len(data)) ** 0.5:.4f}")


if __name__ == "__main__":
    main()
