"""Multi-target regression on molecular descriptors (float64, as produced by the featurizer)."""
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

from multitask import MultiTaskNet

TASKS = ("energy", "dipole", "gap")
SETTINGS = dict(n_mols=448, n_desc=24, width=64, batch_size=64, epochs=3, lr=1e-3)


class DescriptorDataset(Dataset):
    def __init__(self, n, d, seed=0):
        rng = np.random.default_rng(seed)
        self.X = rng.normal(size=(n, d))                      # float64
        w = rng.normal(size=(d, len(TASKS)))
        self.Y = np.tanh(self.X @ w / np.sqrt(d)) + 0.05 * rng.normal(size=(n, len(TASKS)))

    def __len__(self):
        return len(self.X)

    def __getitem__(self, i):
        x = torch.from_numpy(self.X[i])
        y = {t: torch.tensor(self.Y[i, k]) for k, t in enumerate(TASKS)}
        return x, y


def main(s=SETTINGS):
    torch.manual_seed(0)
    ds = DescriptorDataset(s["n_mols"], s["n_desc"])
    loader = DataLoader(ds, batch_size=s["batch_size"], shuffle=True)

    # descriptors are float64 and the targets need the precision: train in double
    model = MultiTaskNet(s["n_desc"], s["width"], TASKS).double()
    opt = torch.optim.Adam(model.parameters(), lr=s["lr"])
    weights = {"energy": 1.0, "dipole": 0.5, "gap": 0.5}

    for epoch in range(s["epochs"]):
        totals = {t: 0.0 for t in TASKS}
        for x, y in loader:
            preds = model(x)
            losses = {t: torch.nn.functional.mse_loss(preds[t], y[t]) for t in TASKS}
            loss = sum(weights[t] * losses[t] for t in TASKS)
            opt.zero_grad()
            loss.backward()
            opt.step()
            for t in TASKS:
                totals[t] += losses[t].item() / len(loader)
        print(f"epoch {epoch}: " + "  ".join(f"{t}={v:.4f}" for t, v in totals.items()))
    torch.save(model.state_dict(), "multitask.pt")


if __name__ == "__main__":
    main()
