import os

import torch
import numpy as np
from torch.utils.data import Dataset
from mypath import Path


class VideoDataset(Dataset):
    r"""A Dataset for a folder of videos. Expects the directory structure to be
    directory->[train/val/test]->[class labels]->[videos]. Initializes with a list
    of all file names, along with an array of labels, with label being automatically
    inferred from the respective folder names.

        Args:
            dataset (str): Name of dataset. Defaults to 'ucf101'.
            split (str): Determines which folder of the directory the dataset will read from. Defaults to 'train'.
            clip_len (int): Determines how many frames are there in each clip. Defaults to 16.
            preprocess (bool): Determines whether to preprocess dataset. Default is False.
    """

    def __init__(self, dataset='ucf101', split='train', clip_len=16, preprocess=False):
        self.root_dir, self.output_dir = Path.db_dir(dataset)
        folder = os.path.join(self.output_dir, split)
        self.clip_len = clip_len

        # scaled down from the paper section 4.1 for the small run
        self.resize_height = 32
        self.resize_width = 42
        self.crop_size = 28

        if (not self.check_preprocess()) or preprocess:
            print('Preprocessing of {} dataset, this will take long, but it will be done only once.'.format(dataset))
            self.preprocess()

        # obtain all the filenames of files inside all the class folders
        # going through each class folder one at a time
        self.fnames, labels = [], []
        for label in sorted(os.listdir(folder)):
            for fname in sorted(os.listdir(os.path.join(folder, label))):
                self.fnames.append(os.path.join(folder, label, fname))
                labels.append(label)

        assert len(labels) == len(self.fnames)
        print('Number of {} videos: {:d}'.format(split, len(self.fnames)))

        # prepare a mapping between the label names (strings) and indices (ints)
        self.label2index = {label: index for index, label in enumerate(sorted(set(labels)))}
        # convert the list of label names into an array of label indices
        self.label_array = np.array([self.label2index[label] for label in labels], dtype=np.int64)

    def __getitem__(self, index):
        # loading and preprocessing.
        buffer = self.load_frames(self.fnames[index])
        buffer = self.crop(buffer, self.clip_len, self.crop_size)
        buffer = self.randomflip(buffer)
        buffer = self.to_tensor(self.normalize(buffer))
        labels = np.array(self.label_array[index])

        return torch.from_numpy(buffer), torch.from_numpy(labels)

    def check_preprocess(self):
        if not os.path.exists(self.output_dir):
            return False
        elif not os.path.exists(os.path.join(self.output_dir, 'train')):
            return False
        return True

    def preprocess(self):
        # no video decoding here: synthetic clips, one .npy of frames per video
        rng = np.random.RandomState(0)
        classes = ['ApplyEyeMakeup', 'Archery', 'BabyCrawling', 'Basketball', 'Biking']
        for split, n_per_class in (('train', 6), ('val', 2), ('test', 2)):
            for ci, action_name in enumerate(classes):
                save_dir = os.path.join(self.output_dir, split, action_name)
                os.makedirs(save_dir, exist_ok=True)
                for v in range(n_per_class):
                    frames = rng.randint(0, 255, size=(20, self.resize_height, self.resize_width, 3)).astype(np.float32)
                    frames[..., ci % 3] += 40.0
                    np.save(os.path.join(save_dir, 'v_{}_g{:02d}.npy'.format(action_name, v)), frames)
        print('Preprocessing finished.')

    def randomflip(self, buffer):
        """Horizontally flip the given image and ground truth randomly with a probability of 0.5."""

        if np.random.random() < 0.5:
            buffer = buffer[:, :, ::-1, :].copy()

        return buffer

    def normalize(self, buffer):
        for i, frame in enumerate(buffer):
            frame -= np.array([[[90.0, 98.0, 102.0]]], dtype=np.float32)
            buffer[i] = frame

        return buffer

    def to_tensor(self, buffer):
        return np.ascontiguousarray(buffer.transpose((3, 0, 1, 2)))

    def load_frames(self, file_dir):
        buffer = np.load(file_dir).astype(np.float32)
        return buffer

    def crop(self, buffer, clip_len, crop_size):
        # randomly select time index for temporal jittering
        time_index = np.random.randint(buffer.shape[0] - clip_len)

        # randomly select start indices in order to crop the video
        height_index = np.random.randint(buffer.shape[1] - crop_size)
        width_index = np.random.randint(buffer.shape[2] - crop_size)

        buffer = buffer[time_index:time_index + clip_len,
                 height_index:height_index + crop_size,
                 width_index:width_index + crop_size, :]

        return buffer

    def __len__(self):
        return len(self.fnames)
