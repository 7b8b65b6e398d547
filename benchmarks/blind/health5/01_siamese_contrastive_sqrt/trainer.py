import numpy as np
import torch


def fit(train_loader, model, loss_fn, optimizer, scheduler, n_epochs, log_interval=5):
    for epoch in range(n_epochs):
        train_loss = train_epoch(train_loader, model, loss_fn, optimizer, log_interval)
        scheduler.step()
        message = 'Epoch: {}/{}. Train set: Average loss: {:.4f}'.format(epoch + 1, n_epochs, train_loss)
        print(message)


def train_epoch(train_loader, model, loss_fn, optimizer, log_interval):
    model.train()
    losses = []
    total_loss = 0

    for batch_idx, (data, target) in enumerate(train_loader):
        optimizer.zero_grad()
        outputs = model(*data)
        loss_outputs = loss_fn(*outputs, target)
        loss = loss_outputs[0] if type(loss_outputs) in (tuple, list) else loss_outputs
        losses.append(loss.item())
        total_loss += loss.item()
        loss.backward()
        optimizer.step()

        if batch_idx % log_interval == 0:
            print('  [{}/{}]\tLoss: {:.6f}'.format(batch_idx * len(target), len(train_loader.dataset),
                                                   np.mean(losses)))
            losses = []

    total_loss /= (batch_idx + 1)
    return total_loss
