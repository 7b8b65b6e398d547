import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader

device = 'cpu'
torch.manual_seed(0)

batch_size = 10
nb_inputs = 6


class SixViewsDataset(Dataset):
    def __init__(self, n):
        self.images = torch.rand(n, nb_inputs, 1, 32, 32)
        self.labels = torch.randint(0, 2, (n,))

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        views = [self.images[idx, i] for i in range(nb_inputs)]
        return views, self.labels[idx]


class MultiInputs(nn.Module):
  def __init__(self):
    super().__init__()
    self.cnn = nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(16 * 8 * 8, 32),
        nn.ReLU(),
    )
    self.sec = nn.Sequential(
        nn.Linear(32, 16),
        nn.ReLU(),
        nn.Linear(16, 2),
    )

  def forward(self, input1, input2, input3, input4, input5, input6):
    c1 = self.cnn(input1)
    c2 = self.cnn(input2)
    c3 = self.cnn(input3)
    c4 = self.cnn(input4)
    c5 = self.cnn(input5)
    c6 = self.cnn(input6)
    all = torch.cat((c1, c2, c3, c4, c5, c6), 0)
    return self.sec(all)
model = MultiInputs().to(device)

train_loader = DataLoader(SixViewsDataset(40), batch_size=batch_size, shuffle=True)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for epoch in range(2):
    for views, labels in train_loader:
        views = [v.to(device) for v in views]
        labels = labels.to(device)
        outputs = model(*views)
        loss = loss_fn(outputs, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4f}")
