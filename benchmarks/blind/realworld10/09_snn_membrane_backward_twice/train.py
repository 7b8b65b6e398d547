import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

import snn

torch.manual_seed(0)

batch_size = 32
num_steps = 10
beta = 0.5
num_epochs = 2
dtype = torch.float


def make_static_digits(n=512, seed=0):
    """Tiny 1x12x12 'digits': class-specific blobs plus noise."""
    protos = (np.random.RandomState(1234).rand(10, 1, 12, 12) > 0.7).astype(np.float32)
    rng = np.random.RandomState(seed)
    y = rng.randint(0, 10, size=n)
    x = protos[y] * 0.8 + 0.2 * rng.rand(n, 1, 12, 12).astype(np.float32)
    return TensorDataset(torch.from_numpy(x), torch.from_numpy(y))


train_loader = DataLoader(make_static_digits(256, 0), batch_size=batch_size, shuffle=True, drop_last=True)
test_loader = DataLoader(make_static_digits(128, 1), batch_size=batch_size, shuffle=False, drop_last=True)

#  Initialize Network
net = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1),
                    nn.MaxPool2d(2),
                    snn.Leaky(beta=beta, init_hidden=True),
                    nn.Flatten(),
                    nn.Linear(8 * 6 * 6, 10),
                    snn.Leaky(beta=beta, init_hidden=True, output=True))


def forward_pass(net, num_steps, data):
    mem_rec = []
    spk_rec = []
    for step in range(num_steps):
        spk_out, mem_out = net(data)
        spk_rec.append(spk_out)
        mem_rec.append(mem_out)
    return torch.stack(spk_rec), torch.stack(mem_rec)


def ce_rate_loss(spk_rec, targets):
    log_p = nn.functional.log_softmax(spk_rec.sum(0), dim=-1)
    return nn.functional.nll_loss(log_p, targets)


def accuracy_rate(spk_rec, targets):
    return (spk_rec.sum(0).argmax(1) == targets).float().mean().item()


optimizer = torch.optim.Adam(net.parameters(), lr=2e-2, betas=(0.9, 0.999))

loss_hist = []
for epoch in range(num_epochs):
    for i, (data, targets) in enumerate(train_loader):
        net.train()
        spk_rec, mem_rec = forward_pass(net, num_steps, data)
        loss_val = ce_rate_loss(spk_rec, targets)

        optimizer.zero_grad()
        loss_val.backward()
        optimizer.step()

        loss_hist.append(loss_val.item())
        if i % 5 == 0:
            print(f"Epoch {epoch}, Iteration {i} Train Loss: {loss_val.item():.2f}"
                  f"  Accuracy: {accuracy_rate(spk_rec, targets) * 100:.2f}%")

with torch.no_grad():
    net.eval()
    accs = []
    for data, targets in test_loader:
        spk_rec, _ = forward_pass(net, num_steps, data)
        accs.append(accuracy_rate(spk_rec, targets))
    print(f"Test Accuracy: {np.mean(accs) * 100:.2f}%")
