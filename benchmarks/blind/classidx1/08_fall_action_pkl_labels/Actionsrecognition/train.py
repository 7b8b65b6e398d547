import os
import sys
import pickle

import numpy as np
import torch
from torch.utils import data
from torch.optim.adadelta import Adadelta

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from Actionsrecognition.Models import TwoStreamSpatialTemporalGraph

device = 'cpu'
epochs = 5
batch_size = 32

# DATA FILES.
# Should be in format of
#  inputs: (N_samples, time_steps, graph_node, channels),
#  labels: (N_samples, num_class)
#   and do some of normalizations on it. Default data create from:
#       Data/create_dataset_2.py
# where
#   time_steps: Number of frame input sequence, Default: 10
#   graph_node: Number of node in skeleton, Default: 14
#   channels: Inputs data (x, y and scores), Default: 3
#   num_class: Number of pose class to train, Default: 7

data_files = [os.path.join(os.path.dirname(__file__), '../Data/Home_new-set(labelXscrw).pkl')]
class_names = ['Standing', 'Walking', 'Sitting', 'Lying Down',
               'Stand up', 'Sit down', 'Fall Down']
num_class = len(class_names)


def load_dataset(data_files, batch_size, split_size=0):
    """Load data files into torch DataLoader with/without spliting train-test.
    """
    features, labels = [], []
    for fil in data_files:
        with open(fil, 'rb') as f:
            fts, lbs = pickle.load(f)
            features.append(fts)
            labels.append(lbs)
        del fts, lbs
    features = np.concatenate(features, axis=0)
    labels = np.concatenate(labels, axis=0)

    n_valid = int(len(features) * split_size)
    idx = np.random.RandomState(9).permutation(len(features))
    tr, va = idx[n_valid:], idx[:n_valid]
    train_set = data.TensorDataset(torch.tensor(features[tr], dtype=torch.float32).permute(0, 3, 1, 2),
                                   torch.tensor(labels[tr], dtype=torch.float32))
    train_loader = data.DataLoader(train_set, batch_size, shuffle=True)
    valid_loader = None
    if n_valid > 0:
        valid_set = data.TensorDataset(torch.tensor(features[va], dtype=torch.float32).permute(0, 3, 1, 2),
                                       torch.tensor(labels[va], dtype=torch.float32))
        valid_loader = data.DataLoader(valid_set, batch_size)
    return train_loader, valid_loader


def accuracy_batch(y_pred, y_true):
    return (y_pred.argmax(1) == y_true.argmax(1)).mean()


def set_training(model, mode=True):
    for p in model.parameters():
        p.requires_grad = mode
    model.train(mode)
    return model


if __name__ == '__main__':
    torch.manual_seed(0)
    train_loader, valid_loader = load_dataset(data_files, batch_size, 0.2)
    dataloader = {'train': train_loader, 'valid': valid_loader}

    graph_args = {'strategy': 'spatial'}
    model = TwoStreamSpatialTemporalGraph(graph_args, num_class).to(device)

    optimizer = Adadelta(model.parameters())

    losser = torch.nn.BCELoss()

    loss_list = {'train': [], 'valid': []}
    accu_list = {'train': [], 'valid': []}
    for e in range(epochs):
        print('Epoch {}/{}'.format(e, epochs - 1))
        for phase in ['train', 'valid']:
            model = set_training(model, phase == 'train')
            run_loss = 0.0
            run_accu = 0.0
            for pts, lbs in dataloader[phase]:
                mot = pts[:, :2, 1:, :] - pts[:, :2, :-1, :]
                mot = mot.to(device)
                pts = pts.to(device)
                lbs = lbs.to(device)

                out = model((pts, mot))
                loss = losser(out, lbs)

                if phase == 'train':
                    model.zero_grad()
                    loss.backward()
                    optimizer.step()

                run_loss += loss.item()
                accu = accuracy_batch(out.detach().cpu().numpy(), lbs.detach().cpu().numpy())
                run_accu += accu
            loss_list[phase].append(run_loss / len(dataloader[phase]))
            accu_list[phase].append(run_accu / len(dataloader[phase]))

        print('Summary epoch:\n - Train loss: {:.4f}, accu: {:.4f}\n - Valid loss:'
              ' {:.4f}, accu: {:.4f}'.format(loss_list['train'][-1], accu_list['train'][-1],
                                             loss_list['valid'][-1], accu_list['valid'][-1]))
