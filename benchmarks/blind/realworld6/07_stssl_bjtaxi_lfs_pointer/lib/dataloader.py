import os
import numpy as np
import torch


class StandardScaler:
    """
    Standard the input
    """

    def __init__(self, mean, std):
        self.mean = mean
        self.std = std

    def transform(self, data):
        return (data - self.mean) / self.std

    def inverse_transform(self, data):
        if type(data) == torch.Tensor and type(self.mean) == np.ndarray:
            self.std = torch.from_numpy(self.std).to(data.device).type(data.dtype)
            self.mean = torch.from_numpy(self.mean).to(data.device).type(data.dtype)
        return (data * self.std) + self.mean


def STDataloader(X, Y, batch_size, shuffle=True, drop_last=True):
    X, Y = torch.FloatTensor(X), torch.FloatTensor(Y)
    data = torch.utils.data.TensorDataset(X, Y)
    dataloader = torch.utils.data.DataLoader(
        data,
        batch_size=batch_size,
        shuffle=shuffle,
        drop_last=drop_last,
    )
    return dataloader


def normalize_data(data, scalar_type='Standard'):
    scalar = None
    if scalar_type == 'Standard':
        scalar = StandardScaler(mean=data.mean(), std=data.std())
    else:
        raise ValueError('scalar_type is not supported in data_normalization.')
    return scalar


def get_dataloader(data_dir, dataset, batch_size, test_batch_size, scalar_type='Standard'):
    data = {}
    for category in ['train', 'val', 'test']:
        cat_data = np.load(os.path.join(data_dir, dataset, category + '.npz'))
        data['x_' + category] = cat_data['x']
        data['y_' + category] = cat_data['y']

    scaler = normalize_data(np.concatenate([data['x_train'], data['x_val']], axis=0), scalar_type)

    # Data format
    for category in ['train', 'val', 'test']:
        data['x_' + category] = scaler.transform(data['x_' + category])
        data['y_' + category] = scaler.transform(data['y_' + category])

    # Construct dataloader
    dataloader = {}
    dataloader['train'] = STDataloader(
        data['x_train'],
        data['y_train'],
        batch_size,
        shuffle=True
    )
    dataloader['val'] = STDataloader(
        data['x_val'],
        data['y_val'],
        test_batch_size,
        shuffle=False
    )
    dataloader['test'] = STDataloader(
        data['x_test'],
        data['y_test'],
        test_batch_size,
        shuffle=False,
        drop_last=False
    )
    dataloader['scaler'] = scaler
    return dataloader
