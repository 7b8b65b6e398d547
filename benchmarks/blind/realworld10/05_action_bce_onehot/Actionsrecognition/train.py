import os
import copy
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn, optim
from torch.utils.data import DataLoader, TensorDataset, random_split

from create_dataset import class_names, synth_frames, make_sequences
from Models import StreamSpatialTemporal

device = 'cpu'

epochs = 6
batch_size = 32

num_class = len(class_names)


def load_dataset(videos, batch_size):
    features, labels = make_sequences(videos)
    # (N, T, V, C) -> (N, C, T, V)
    features = np.transpose(features, (0, 3, 1, 2))
    return TensorDataset(torch.tensor(features, dtype=torch.float32),
                         torch.tensor(labels, dtype=torch.float32))


def accuracy_batch(y_pred, y_true):
    return (y_pred.argmax(1) == y_true.argmax(1)).mean()


def train_model(model, dataloader, epochs, loss_fn, optimizer, lr_scheduler=None):
    model_state = copy.deepcopy(model.state_dict())
    best_loss_acc = -1
    for e in range(epochs):
        model.train()
        last_loss, last_acc = 0.0, 0.0
        for pts, lbs in dataloader['train']:
            pts, lbs = pts.to(device), lbs.to(device)
            out = model(pts)
            loss = loss_fn(out, lbs)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            last_loss += loss.item()
            last_acc += accuracy_batch(out.detach().cpu().numpy(), lbs.cpu().numpy())
        if lr_scheduler:
            lr_scheduler.step()
        n = len(dataloader['train'])
        print('Epoch {}/{}: loss {:.4f} acc {:.4f}'.format(e + 1, epochs, last_loss / n, last_acc / n))
        if last_acc / n > best_loss_acc:
            best_loss_acc = last_acc / n
            model_state = copy.deepcopy(model.state_dict())
    model.load_state_dict(model_state)
    return model


if __name__ == '__main__':
    torch.manual_seed(0)
    save_folder = 'saved/TSSTG(pts)'
    os.makedirs(save_folder, exist_ok=True)

    videos = synth_frames()
    dataset = load_dataset(videos, batch_size)
    n_valid = int(len(dataset) * 0.2)
    train_set, valid_set = random_split(dataset, [len(dataset) - n_valid, n_valid],
                                        generator=torch.Generator().manual_seed(0))
    dataloader = {'train': DataLoader(train_set, batch_size, shuffle=True),
                  'valid': DataLoader(valid_set, batch_size)}

    model = StreamSpatialTemporal(3, 13, num_class).to(device)
    optimizer = optim.Adam(model.parameters(), lr=0.003)
    losser = torch.nn.BCELoss()

    model = train_model(model, dataloader, epochs, losser, optimizer)
    torch.save(model.state_dict(), os.path.join(save_folder, 'tsstg-model.pth'))
