import torch
import torch.nn as nn


def mlp(in_dim, hidden=(64, 64), out_dim=1):
    layers, d = [], in_dim
    for h in hidden:
        layers += [nn.Linear(d, h), nn.SiLU()]
        d = h
    layers.append(nn.Linear(d, out_dim))
    return nn.Sequential(*layers)


def mse_step(model, opt, batch):
    x, y = batch
    pred = model(x).squeeze(-1)
    loss = torch.nn.functional.mse_loss(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.detach()
