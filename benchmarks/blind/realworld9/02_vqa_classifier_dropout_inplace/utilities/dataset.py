import os
import numpy as np
import torch
import torch.utils.data as data

from utilities import config


def _build_split(split, n, seed):
    """ synthesise a cached split: rcnn features, boxes, tokenised questions and soft answer scores """
    rng = np.random.RandomState(seed)
    path = os.path.join(config.cache_root, '{}_cache.npz'.format(split))
    if os.path.exists(path):
        return path
    v = rng.rand(n, config.rcnn_output_size, config.output_features).astype(np.float32)
    b = rng.rand(n, config.rcnn_output_size, 4).astype(np.float32)
    q = rng.randint(1, config.vocab_size, size=(n, config.max_question_len)).astype(np.int64)
    a = np.zeros((n, config.num_answers), dtype=np.float32)
    for i in range(n):
        for j in rng.choice(config.num_answers, size=3, replace=False):
            a[i, j] = rng.choice([0.3, 0.6, 0.9, 1.0])
    qid = np.arange(n, dtype=np.int64) + (0 if split == 'train' else 100000)
    np.savez(path, v=v, b=b, q=q, a=a, qid=qid)
    return path


def get_loader(split):
    """ Returns a data loader for the desired split """
    n = config.num_train_questions if split == 'train' else config.num_val_questions
    dataset = VQAFeatureDataset(split, n)
    loader = torch.utils.data.DataLoader(
        dataset,
        batch_size=config.batch_size,
        shuffle=(split == 'train'),
        pin_memory=False,
        num_workers=config.workers,
    )
    return loader


class VQAFeatureDataset(data.Dataset):
    def __init__(self, split, n):
        super(VQAFeatureDataset, self).__init__()
        os.makedirs(config.cache_root, exist_ok=True)
        cache = np.load(_build_split(split, n, seed=0 if split == 'train' else 1))
        self.v, self.b, self.q = cache['v'], cache['b'], cache['q']
        self.a, self.qid = cache['a'], cache['qid']
        self.num_ans_candidates = config.num_answers
        self.label2ans = ['ans_{}'.format(i) for i in range(config.num_answers)]

    def __getitem__(self, index):
        v = torch.from_numpy(self.v[index])
        b = torch.from_numpy(self.b[index])
        q = torch.from_numpy(self.q[index])
        a = torch.from_numpy(self.a[index])
        return v, b, q, a, int(self.qid[index])

    def __len__(self):
        return len(self.qid)
