# Chapter 4 "wine quality" tensors, carried on into a small classifier trained on the one-hot targets
import argparse
import torch
import torch.nn.functional as F
from wine.data import write_fake_winequality, load_wine, one_hot, normalize
from wine.model import make_model

parser = argparse.ArgumentParser()
parser.add_argument("--csv", default="winequality-white.csv")
parser.add_argument("--epochs", type=int, default=200)
args = parser.parse_args()

torch.manual_seed(0)
write_fake_winequality(args.csv)
data, target = load_wine(args.csv)
print(data.shape, target.shape, target[:5])

target_onehot = one_hot(target)
data_normalized = normalize(data)

n_samples = data.shape[0]
n_val = int(0.2 * n_samples)
shuffled = torch.randperm(n_samples)
train_idx, val_idx = shuffled[:-n_val], shuffled[-n_val:]

model = make_model()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(1, args.epochs + 1):
    logits = model(data_normalized[train_idx])
    loss = -(target_onehot[train_idx] * F.log_softmax(logits, dim=1)).sum(1).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if epoch % 50 == 0:
        with torch.no_grad():
            val_pred = model(data_normalized[val_idx]).argmax(1)
            acc = (val_pred == target_onehot[val_idx].argmax(1)).float().mean()
        print(f"Epoch {epoch}, Training loss {loss.item():.4f}, val acc {acc.item():.3f}")
