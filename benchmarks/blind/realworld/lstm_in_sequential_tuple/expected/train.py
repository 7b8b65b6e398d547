import torch
import torch.nn as nn

torch.manual_seed(0)

seq_len, batch, n_features, hidden = 20, 16, 3, 32

# noisy sine waves -> predict next value
t = torch.linspace(0, 8 * 3.1416, seq_len + 1)
phase = torch.rand(batch, 1) * 6.28
waves = torch.sin(t.unsqueeze(0) + phase)  # (batch, seq_len+1)
x = torch.stack([waves[:, :-1], torch.cos(t[:-1]).expand(batch, -1), torch.randn(batch, seq_len) * 0.01], dim=2)
x = x.transpose(0, 1).contiguous()  # (seq_len, batch, n_features)
y = waves[:, 1:].transpose(0, 1).unsqueeze(2)  # (seq_len, batch, 1)

class LSTMRegressor(nn.Module):
    def __init__(self, n_features, hidden):
        super(LSTMRegressor, self).__init__()
        self.lstm = nn.LSTM(n_features, hidden)
        self.linear = nn.Linear(hidden, 1)

    def forward(self, x):
        output, (h_n, c_n) = self.lstm(x)
        return self.linear(output)


model = LSTMRegressor(n_features, hidden)

criterion = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

for epoch in range(50):
    optimizer.zero_grad()
    out = model(x)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()
    if epoch % 10 == 0:
        print('epoch', epoch, 'loss', loss.item())
