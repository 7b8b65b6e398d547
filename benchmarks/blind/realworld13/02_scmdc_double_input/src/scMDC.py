import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def buildNetwork(layers, activation="relu"):
    net = []
    for i in range(1, len(layers)):
        net.append(nn.Linear(layers[i - 1], layers[i]))
        net.append(nn.BatchNorm1d(layers[i]))
        if activation == "relu":
            net.append(nn.ReLU())
        elif activation == "elu":
            net.append(nn.ELU())
    return nn.Sequential(*net)


class MeanAct(nn.Module):
    def forward(self, x):
        return torch.clamp(torch.exp(x), min=1e-5, max=1e6)


class DispAct(nn.Module):
    def forward(self, x):
        return torch.clamp(F.softplus(x), min=1e-4, max=1e4)


class NBLoss(nn.Module):
    def forward(self, x, mean, disp, scale_factor):
        eps = 1e-10
        mean = mean * scale_factor[:, None]
        t1 = torch.lgamma(disp + eps) + torch.lgamma(x + 1.0) - torch.lgamma(x + disp + eps)
        t2 = (disp + x) * torch.log(1.0 + (mean / (disp + eps))) + (x * (torch.log(disp + eps) - torch.log(mean + eps)))
        return torch.mean(t1 + t2)


class scMultiCluster(nn.Module):
    def __init__(self, input_dim, encodeLayer=[], decodeLayer=[], z_dim=32, activation="elu", device="cpu"):
        super(scMultiCluster, self).__init__()
        self.device = device
        self.encoder = buildNetwork([input_dim] + encodeLayer, activation=activation)
        self._enc_mu = nn.Linear(encodeLayer[-1], z_dim)
        self.decoder = buildNetwork([z_dim] + decodeLayer, activation=activation)
        self._dec_mean = nn.Sequential(nn.Linear(decodeLayer[-1], input_dim), MeanAct())
        self._dec_disp = nn.Sequential(nn.Linear(decodeLayer[-1], input_dim), DispAct())
        self.nb_loss = NBLoss()

    def forwardAE(self, x):
        h = self.encoder(x + torch.randn_like(x) * 0.1)
        z = self._enc_mu(h)
        h = self.decoder(z)
        return z, self._dec_mean(h), self._dec_disp(h)

    def pretrain_autoencoder(self, X, X_raw, sf, batch_size=64, lr=0.001, epochs=5):
        self.train()
        dataset = TensorDataset(torch.from_numpy(X), torch.from_numpy(X_raw).float(),
                                torch.from_numpy(sf).float())
        dataloader = DataLoader(dataset, batch_size=batch_size, shuffle=True)
        optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, self.parameters()), lr=lr, amsgrad=True)
        for epoch in range(epochs):
            loss_val = 0
            for batch_idx, (x_batch, x_raw_batch, sf_batch) in enumerate(dataloader):
                x_tensor = x_batch.to(self.device)
                z, mean, disp = self.forwardAE(x_tensor)
                loss = self.nb_loss(x=x_raw_batch, mean=mean, disp=disp, scale_factor=sf_batch)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                loss_val += loss.item() * len(x_batch)
            print('Pretrain epoch %3d, NB loss: %.8f' % (epoch + 1, loss_val / X.shape[0]))
