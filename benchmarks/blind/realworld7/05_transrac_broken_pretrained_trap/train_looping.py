import torch
import torch.nn as nn
from torch.utils.data import DataLoader


def train_loop(n_epochs, model, train_set, valid_set, train=True, valid=True, batch_size=1, lr=1e-5,
               ckpt_name='ckpt', lastckpt=None, saveckpt=False, log_dir='scalar', device_ids=[0], mae_error=False):
    device = torch.device('cpu')
    trainloader = DataLoader(train_set, batch_size=batch_size, pin_memory=False, shuffle=True, num_workers=0)
    validloader = DataLoader(valid_set, batch_size=batch_size, pin_memory=False, shuffle=False, num_workers=0)
    model = model.to(device)
    optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, model.parameters()), lr=lr)
    lossMSE = nn.MSELoss()

    for epoch in range(n_epochs):
        if train:
            model.train()
            total = 0.0
            for input, target in trainloader:
                optimizer.zero_grad()
                count, density = model(input.to(device))
                loss = lossMSE(density, target.to(device))
                loss.backward()
                optimizer.step()
                total += loss.item()
            print(f'epoch {epoch}: train loss {total / len(trainloader):.5f}')
        if valid:
            model.eval()
            err = 0.0
            with torch.no_grad():
                for input, target in validloader:
                    count, _ = model(input.to(device))
                    gt = target.sum(dim=1)
                    err += (torch.abs(count - gt) / gt).mean().item()
            print(f'epoch {epoch}: valid OBO-MAE {err / len(validloader):.4f}')
