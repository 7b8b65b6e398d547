"""VOC-style Dataset Classes (annotations read from a small csv instead of XML)"""
import csv
import os.path as osp

import numpy as np
import torch
import torch.utils.data as data

VOC_CLASSES = ('aeroplane', 'bicycle', 'bird')


class VOCAnnotationTransform(object):
    """Transforms a list of csv rows into a list of bbox coords and label index
    Returns: a list containing lists of bounding boxes  [bbox coords, class name]
    """

    def __init__(self, class_to_ind=None):
        self.class_to_ind = class_to_ind or dict(zip(VOC_CLASSES, range(len(VOC_CLASSES))))

    def __call__(self, rows, width, height):
        res = []
        for r in rows:
            bndbox = [float(r['xmin']) / width, float(r['ymin']) / height,
                      float(r['xmax']) / width, float(r['ymax']) / height]
            bndbox.append(self.class_to_ind[r['name']])
            res += [bndbox]  # [xmin, ymin, xmax, ymax, label_ind]
        return res


class VOCDetection(data.Dataset):
    def __init__(self, root, image_set='trainval', transform=None,
                 target_transform=VOCAnnotationTransform(), dataset_name='VOC0712'):
        self.root = root
        self.image_set = image_set
        self.transform = transform
        self.target_transform = target_transform
        self.name = dataset_name
        self.images = np.load(osp.join(root, 'JPEGImages.npy'))
        self.annos = {}
        with open(osp.join(root, 'Annotations.csv')) as f:
            for row in csv.DictReader(f):
                self.annos.setdefault(int(row['img_id']), []).append(row)
        self.ids = sorted(self.annos)

    def __getitem__(self, index):
        im, gt, h, w = self.pull_item(index)
        return im, gt

    def __len__(self):
        return len(self.ids)

    def pull_item(self, index):
        img_id = self.ids[index]
        img = self.images[img_id].astype(np.float32)
        height, width, channels = img.shape
        target = self.target_transform(self.annos[img_id], width, height)
        target = np.array(target, dtype=np.float32)
        img = (img - 104.0) / 255.0
        return torch.from_numpy(img).permute(2, 0, 1), target, height, width


def detection_collate(batch):
    """Custom collate fn for dealing with batches of images that have a different
    number of associated object annotations (bounding boxes).

    Return:
        A tuple containing:
            1) (tensor) batch of images stacked on their 0 dim
            2) (list of tensors) annotations for a given image are stacked on 0 dim
    """
    targets = []
    imgs = []
    for sample in batch:
        imgs.append(sample[0])
        targets.append(torch.FloatTensor(sample[1]))
    return torch.stack(imgs, 0), targets
