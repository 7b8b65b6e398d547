import torch

from mtl.data import station_records
from mtl.model import WeatherNet
from mtl.weighting import UncertaintyWeighting

TASKS = {"temperature": "regression", "rain": "binary", "wind": "regression"}

torch.manual_seed(0)
x, y = station_records()
model = WeatherNet(x.shape[1], TASKS)
criterion = UncertaintyWeighting(TASKS)
optimizer = torch.optim.Adam(list(model.parameters()) + list(criterion.parameters()), lr=3e-3)

for epoch in range(5):
    perm = torch.randperm(len(x))
    totals = []
    for i in range(0, len(x), 128):
        idx = perm[i:i + 128]
        total, parts = criterion(model(x[idx]), {k: v[idx] for k, v in y.items()})
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        totals.append(total.item())
    sig = " ".join(f"log_var[{t}]={criterion.log_vars[t].item():.4f}" for t in TASKS)
    print(f"epoch {epoch}: weighted loss {sum(totals) / len(totals):.4f} | "
          + " ".join(f"{t}={v:.3f}" for t, v in parts.items()) + " | " + sig)
