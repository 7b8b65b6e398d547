# %% [markdown]
# # Concise Implementation of Linear Regression

# %%
import torch
from torch import nn

from utils import load_array, synthetic_data

torch.manual_seed(0)

# %%
true_w = [2, -3.4]
true_b = 4.2
features, labels = synthetic_data(true_w, true_b, 1000)

# %%
batch_size = 10
data_iter = load_array((features, labels), batch_size)
next(iter(data_iter))

# %%
net = nn.Sequential(nn.Linear(2, 1))
net[0].weight.data.normal_(0, 0.01)
net[0].bias.data.fill_(0)

loss = nn.MSELoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.03)

# %%
num_epochs = 3
for epoch in range(num_epochs):
    for X, y in data_iter:
        l = loss(net(X), y)
        trainer.zero_grad()
        l.backward()
        trainer.step()
    l = loss(net(features), labels)
    print(f'epoch {epoch + 1}, loss {l:f}')

# %%
w = net[0].weight.data
print('error in estimating w:', torch.tensor(true_w) - w.reshape(-1))
b = net[0].bias.data
print('error in estimating b:', true_b - b)
