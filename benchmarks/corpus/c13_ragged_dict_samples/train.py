import torch
from torch.utils.data import DataLoader, Dataset
class Audio(Dataset):
    def __init__(self):
        self.lengths = [30, 45, 28, 60, 33, 51]
    def __len__(self): return len(self.lengths)
    def __getitem__(self, i):
        return {"features": torch.randn(self.lengths[i], 13), "label": i % 2}
model = torch.nn.GRU(13, 8, batch_first=True)
head = torch.nn.Linear(8, 2)
opt = torch.optim.Adam(list(model.parameters()) + list(head.parameters()))
for batch in DataLoader(Audio(), batch_size=3):
    _, h = model(batch["features"])
    loss = torch.nn.functional.cross_entropy(head(h[-1]), batch["label"])
    opt.zero_grad(); loss.backward(); opt.step()
