import torch
import torch.nn as nn


class STEncoder(nn.Module):
    def __init__(self, d_input, d_model, num_nodes, input_length, dropout):
        super().__init__()
        self.start = nn.Linear(d_input, d_model)
        self.temporal = nn.Conv2d(d_model, d_model, kernel_size=(1, input_length))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, graph):
        # x: (b, t, n, c)
        h = self.start(x)                      # b, t, n, d
        h = torch.einsum('nm,btmd->btnd', graph, h)
        h = self.temporal(h.permute(0, 3, 2, 1))  # b, d, n, 1
        return self.dropout(torch.relu(h.squeeze(-1).transpose(1, 2)))  # b, n, d


class STSSL(nn.Module):
    def __init__(self, args):
        super(STSSL, self).__init__()
        self.encoder = STEncoder(args.d_input, args.d_model, args.num_nodes,
                                 args.input_length, args.dropout)
        self.mlp = nn.Linear(args.d_model, args.d_output)
        self.mae = None

    def forward(self, view1, graph):
        repr1 = self.encoder(view1, graph)
        return repr1

    def predict(self, z1, z2):
        return self.mlp(z1).unsqueeze(1)

    def loss(self, z1, z2, y_true, scaler, loss_weights):
        y_pred = self.predict(z1, z2)
        return torch.mean(torch.abs(y_pred - y_true)), None
