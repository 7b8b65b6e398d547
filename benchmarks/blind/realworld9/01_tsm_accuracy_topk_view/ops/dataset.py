import os
import numpy as np
import torch
import torch.utils.data as data


class VideoRecord(object):
    def __init__(self, row):
        self._data = row

    @property
    def path(self):
        return self._data[0]

    @property
    def num_frames(self):
        return int(self._data[1])

    @property
    def label(self):
        return int(self._data[2])


class TSNDataSet(data.Dataset):
    def __init__(self, root_path, list_file, num_segments=3, new_length=1,
                 modality='RGB', image_size=64, random_shift=True, test_mode=False):
        self.root_path = root_path
        self.list_file = list_file
        self.num_segments = num_segments
        self.new_length = new_length
        self.modality = modality
        self.image_size = image_size
        self.random_shift = random_shift
        self.test_mode = test_mode
        self._parse_list()

    def _parse_list(self):
        tmp = [x.strip().split(' ') for x in open(self.list_file)]
        tmp = [item for item in tmp if int(item[1]) >= 3]
        self.video_list = [VideoRecord(item) for item in tmp]
        print('video number:%d' % (len(self.video_list)))

    def _sample_indices(self, record):
        average_duration = (record.num_frames - self.new_length + 1) // self.num_segments
        if average_duration > 0:
            offsets = np.multiply(list(range(self.num_segments)), average_duration) + \
                np.random.randint(average_duration, size=self.num_segments)
        else:
            offsets = np.zeros((self.num_segments,), dtype=int)
        return offsets

    def _get_val_indices(self, record):
        tick = (record.num_frames - self.new_length + 1) / float(self.num_segments)
        return np.array([int(tick / 2.0 + tick * x) for x in range(self.num_segments)])

    def __getitem__(self, index):
        record = self.video_list[index]
        if not self.test_mode:
            segment_indices = self._sample_indices(record) if self.random_shift else self._get_val_indices(record)
        else:
            segment_indices = self._get_val_indices(record)
        return self.get(record, segment_indices)

    def get(self, record, indices):
        frames = np.load(os.path.join(self.root_path, record.path + '.npy'), mmap_mode='r')
        images = np.stack([frames[int(i)] for i in indices])  # T x H x W x 3, uint8
        images = torch.from_numpy(images).float().div(255.)
        images = images.permute(0, 3, 1, 2).contiguous()
        mean = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
        std = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)
        images = (images - mean) / std
        process_data = images.view(-1, self.image_size, self.image_size)
        return process_data, record.label

    def __len__(self):
        return len(self.video_list)
