"""Fit an MLP surrogate of an ODE solution in double precision."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from physics import sample_batch
from surrogate import SurrogateMLP

torch.set_printoptions(precision=10)


def main():
    g = torch.Generator().manual_seed(0)
    x_train, y_train = sample_batch(4096, g)
    x_val, y_val = sample_batch(512, g)
    loader = DataLoader(TensorDataset(x_train, y_train), batch_size=64, shuffle=True)

    torch.manual_seed(0)
    model = SurrogateMLP().double()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.MSELoss()

    for epoch in range(2):
        model.train()
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val = loss_fn(model(x_val), y_val).item()
        print(f"epoch {epoch}: train mse {loss.item():.3e}  val mse {val:.3e}")


if __name__ == "__main__":
    main()
