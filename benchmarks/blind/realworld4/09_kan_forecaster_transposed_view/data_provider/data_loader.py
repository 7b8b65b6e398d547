import os
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader


def make_etth_like(path, n=1500, n_vars=7, seed=0):
    """hourly multivariate series with daily / weekly seasonality (ETTh1-shaped, 7 columns)"""
    rng = np.random.RandomState(seed)
    t = np.arange(n)
    cols = []
    for v in range(n_vars):
        s = (np.sin(2 * np.pi * t / 24 + v) * (1 + 0.3 * v) + 0.5 * np.sin(2 * np.pi * t / 168 + 2 * v)
             + 0.001 * v * t + 0.2 * rng.randn(n))
        cols.append(s)
    np.savetxt(path, np.stack(cols, 1), delimiter=',', fmt='%.5f')


class Dataset_ETT_hour(Dataset):
    def __init__(self, root_path, flag='train', size=None, data_path='ETTh1.csv'):
        self.seq_len, self.pred_len = size
        path = os.path.join(root_path, data_path)
        if not os.path.exists(path):
            os.makedirs(root_path, exist_ok=True)
            make_etth_like(path)
        data = np.loadtxt(path, delimiter=',', dtype=np.float32)
        n = len(data)
        borders = {'train': (0, int(n * 0.7)), 'val': (int(n * 0.7) - self.seq_len, int(n * 0.85)),
                   'test': (int(n * 0.85) - self.seq_len, n)}
        train_part = data[:int(n * 0.7)]
        self.mean, self.std = train_part.mean(0), train_part.std(0) + 1e-8
        b0, b1 = borders[flag]
        self.data = (data[b0:b1] - self.mean) / self.std

    def __len__(self):
        return len(self.data) - self.seq_len - self.pred_len + 1

    def __getitem__(self, i):
        s_end = i + self.seq_len
        return torch.from_numpy(self.data[i:s_end]), torch.from_numpy(self.data[s_end:s_end + self.pred_len])


def data_provider(args, flag):
    ds = Dataset_ETT_hour(args.root_path, flag, size=[args.seq_len, args.pred_len], data_path=args.data_path)
    return ds, DataLoader(ds, batch_size=args.batch_size, shuffle=(flag == 'train'), drop_last=(flag == 'train'))
