# -*- coding: utf-8 -*-
"""Untitled1.ipynb
"""

import numpy as np
import torch
from torch import nn

# Make 1000 samples (two circles, like sklearn's make_circles)
n_samples = 1000
rng = np.random.RandomState(42)
angles = rng.uniform(0, 2 * np.pi, n_samples)
radius = np.where(np.arange(n_samples) % 2 == 0, 1.0, 0.8)
X = np.stack([radius * np.cos(angles), radius * np.sin(angles)], axis=1) + rng.normal(0, 0.03, (n_samples, 2))
y = (np.arange(n_samples) % 2 == 1).astype(np.float32)

X = torch.from_numpy(X).type(torch.float)
y = torch.from_numpy(y).type(torch.float)

split = int(0.8 * len(X))
X_train, y_train = X[:split], y[:split]
X_test, y_test = X[split:], y[split:]

device = "cpu"

class CircleModelV0(nn.Module):
  def __init__(self):
    super().__init__()
    self.layer_1 = nn.Linear(in_features=2, out_features=10)
    self.layer_2 = nn.Linear(in_features=10, out_features=10)
    self.layer_3 = nn.Linear(in_features=10, out_features=1)
    self.relu = nn.ReLU()

  def forward(self, x):
    return self.layer_3(self.relu(self.layer_2(self.relu(self.layer_1(x)))))

model_0 = CircleModelV0().to(device)

loss_fn = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(params=model_0.parameters(), lr=0.1)

def accuracy_fn(y_true,y_preds):
  correct = torch.eq(y_true, y_preds).item()
  acc = (correct/len(y_preds)) * 100
  return acc

torch.manual_seed(42)
epochs = 100

for epoch in range(epochs):
  model_0.train()
  y_logits = model_0(X_train).squeeze()
  y_pred = torch.round(torch.sigmoid(y_logits))

  loss = loss_fn(y_logits, y_train)
  acc = accuracy_fn(y_true=y_train, y_preds=y_pred)

  optimizer.zero_grad()
  loss.backward()
  optimizer.step()

  model_0.eval()
  with torch.inference_mode():
    test_logits = model_0(X_test).squeeze()
    test_pred = torch.round(torch.sigmoid(test_logits))
    test_loss = loss_fn(test_logits, y_test)
    test_acc = accuracy_fn(y_true=y_test, y_preds=test_pred)

  if epoch % 10 == 0:
    print(f"Epoch: {epoch} | Loss: {loss:.5f}, Accuracy: {acc:.2f}% | Test loss: {test_loss:.5f}, Test acc: {test_acc:.2f}%")
