#!/usr/bin/env python
# coding: utf-8

# # Star rating classifier
# Predict the 1-5 star rating of a review from its feature vector.

# In[1]:


import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from data_utils import ReviewDataset, load_reviews

torch.manual_seed(0)


# In[2]:


X, y = load_reviews('reviews.csv')
n_train = int(0.8 * len(y))
train_ds = ReviewDataset(X[:n_train], y[:n_train])
valid_ds = ReviewDataset(X[n_train:], y[n_train:])
train_loader = DataLoader(train_ds, batch_size=32, shuffle=True)
valid_loader = DataLoader(valid_ds, batch_size=32)
num_classes = 5


# In[3]:


class Net(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.fc1 = nn.Linear(n_in, 64)
        self.fc2 = nn.Linear(64, 32)
        self.fc3 = nn.Linear(32, n_out)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return F.log_softmax(self.fc3(x), dim=1)


# In[4]:


def train_and_build(n_epochs):
    model = Net(X.shape[1], num_classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(n_epochs):
        model.train()
        running = 0.0
        for data, target in train_loader:
            optimizer.zero_grad()
            output = model(data)
            loss = F.nll_loss(output, target)
            loss.backward()
            optimizer.step()
            running += loss.item() * data.size(0)
        model.eval()
        correct = 0
        with torch.no_grad():
            for data, target in valid_loader:
                correct += (model(data).argmax(1) == target).sum().item()
        print('epoch {} loss {:.4f} val acc {:.3f}'.format(epoch, running / len(train_ds), correct / len(valid_ds)))
    return model


# In[5]:


model = train_and_build(5)
