#!/usr/bin/env python
# coding: utf-8

# # High-level RNN PyTorch Example (IMDB sentiment, LSTM)

# In[1]:


import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as data_utils

from common.params_lstm import *
from common.utils import imdb_for_library

torch.manual_seed(0)
np.random.seed(0)


# In[2]:


class SymbolModule(nn.Module):
    # MINIBATCH in: [BATCHSIZE, MAXLEN]
    # LABEL: [BATCHSIZE]
    def __init__(self):
        super(SymbolModule, self).__init__()
        # Output: (mini-batch, W, embedding_dim)
        self.embedding = nn.Embedding(num_embeddings=MAXFEATURES,
                                      embedding_dim=EMBEDSIZE)
        self.lstm = nn.LSTM(input_size=EMBEDSIZE,
                            hidden_size=NUMHIDDEN, batch_first=True)
        self.l_out = nn.Linear(NUMHIDDEN, 2)

    def forward(self, x):
        embeds = self.embedding(x)
        # init hidden and cell states
        h0 = torch.zeros(1, x.size(0), NUMHIDDEN)
        c0 = torch.zeros(1, x.size(0), NUMHIDDEN)
        out, (h_n, c_n) = self.lstm(embeds, (h0, c0))
        return self.l_out(h_n[-1])


# In[3]:


def init_model(m, lr=LR):
    opt = optim.Adam(m.parameters(), lr)
    criterion = nn.CrossEntropyLoss()
    return opt, criterion


# In[4]:


x_train, x_test, y_train, y_test = imdb_for_library(seq_len=MAXLEN, max_features=MAXFEATURES)
print(x_train.shape, x_test.shape, y_train.shape, y_test.shape)
print(x_train.dtype, x_test.dtype, y_train.dtype, y_test.dtype)


# In[5]:


sym = SymbolModule()
optimizer, criterion = init_model(sym)

train_set = data_utils.TensorDataset(torch.from_numpy(x_train), torch.from_numpy(y_train))
train_loader = data_utils.DataLoader(train_set, batch_size=BATCHSIZE, shuffle=True)
test_set = data_utils.TensorDataset(torch.from_numpy(x_test), torch.from_numpy(y_test))
test_loader = data_utils.DataLoader(test_set, batch_size=BATCHSIZE, shuffle=False)


# In[6]:


for j in range(EPOCHS):
    sym.train()
    for data, target in train_loader:
        optimizer.zero_grad()
        output = sym(data)
        loss = criterion(output, target)
        loss.backward()
        optimizer.step()
    print('Epoch {0}: Loss: {1:.4f}'.format(j, loss.item()))


# In[7]:


sym.eval()
n_correct, n_total = 0, 0
with torch.no_grad():
    for data, target in test_loader:
        pred = sym(data).argmax(1)
        n_correct += (pred == target).sum().item()
        n_total += target.numel()
print("Accuracy: ", n_correct / n_total)
