import json
import os
import random

import numpy as np
import torch
import torch.utils.data as data_utl


def video_to_tensor(pic):
    """Convert a ``numpy.ndarray`` (T x H x W x C) to a torch.FloatTensor (C x T x H x W)."""
    return torch.from_numpy(pic.transpose([3, 0, 1, 2]))


def load_rgb_frames(videos, vid, start, num):
    clip = videos[vid]
    frames = clip[start:start + num]
    frames = (frames / 255.) * 2 - 1
    return np.asarray(frames, dtype=np.float32)


def make_dataset(split_file, split, videos, num_classes):
    dataset = []
    with open(split_file, 'r') as f:
        data = json.load(f)

    for vid in data.keys():
        if split == 'train':
            if data[vid]['subset'] not in ['train', 'val']:
                continue
        else:
            if data[vid]['subset'] != 'test':
                continue

        num_frames = videos[vid].shape[0]
        if num_frames < 9:
            print("Skip video ", vid)
            continue

        label = data[vid]['action'][0]

        dataset.append((vid, label, 0, num_frames))
    return dataset


def get_num_class(split_file):
    classes = set()
    content = json.load(open(split_file))
    for vid in content.keys():
        classes.add(content[vid]['action'][0])
    return len(classes)


class NSLT(data_utl.Dataset):

    def __init__(self, split_file, split, videos, total_frames=16, transforms=None):
        self.num_classes = get_num_class(split_file)
        self.videos = videos
        self.data = make_dataset(split_file, split, videos, num_classes=self.num_classes)
        self.transforms = transforms
        self.total_frames = total_frames

    def __getitem__(self, index):
        vid, label, start_frame, nf = self.data[index]

        try:
            start_f = random.randint(0, nf - self.total_frames - 1) + start_frame
        except ValueError:
            start_f = start_frame

        imgs = load_rgb_frames(self.videos, vid, start_f, self.total_frames)
        imgs = self.pad(imgs, self.total_frames)
        if self.transforms is not None:
            imgs = self.transforms(imgs)

        ret_lab = np.zeros((self.num_classes, self.total_frames), np.float32)
        ret_lab[label, :] = 1
        ret_lab = torch.from_numpy(ret_lab)
        ret_img = video_to_tensor(imgs)
        return ret_img, ret_lab, vid

    def __len__(self):
        return len(self.data)

    def pad(self, imgs, total_frames):
        if imgs.shape[0] < total_frames:
            num_padding = total_frames - imgs.shape[0]
            pad = np.tile(np.expand_dims(imgs[-1], axis=0), (num_padding, 1, 1, 1))
            imgs = np.concatenate([imgs, pad], axis=0)
        return imgs
