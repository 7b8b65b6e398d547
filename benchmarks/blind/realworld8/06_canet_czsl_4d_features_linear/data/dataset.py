import os

import torch
from torch.utils.data import Dataset


class CompositionDataset(Dataset):
    def __init__(self, root, phase, split='compositional-split-natural'):
        self.root = root
        self.phase = phase
        self.split = split

        pairs = [l.split() for l in open(os.path.join(root, 'train_pairs.txt')) if l.strip()]
        self.train_pairs = [tuple(p) for p in pairs]
        self.attrs = sorted(set(a for a, _ in self.train_pairs))
        self.objs = sorted(set(o for _, o in self.train_pairs))
        self.attr2idx = {a: i for i, a in enumerate(self.attrs)}
        self.obj2idx = {o: i for i, o in enumerate(self.objs)}
        self.pair2idx = {p: i for i, p in enumerate(self.train_pairs)}

        self.data = [l.split() for l in open(os.path.join(root, 'images.txt')) if l.strip()]
        print('Using precomputed features')
        self.activations = self.generate_features(os.path.join(root, 'resnet18_feature_vectors.t7'))
        self.feat_dim = self.activations[self.data[0][0]].size(0)
        print('%d activations loaded' % len(self.activations))

    def generate_features(self, out_file):
        activation_data = torch.load(out_file)
        return dict(zip(activation_data['files'], activation_data['features']))

    def __getitem__(self, index):
        image, attr, obj = self.data[index]
        img = self.activations[image]
        return [img, self.attr2idx[attr], self.obj2idx[obj], self.pair2idx[(attr, obj)]]

    def __len__(self):
        return len(self.data)
