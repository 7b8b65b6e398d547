#coding=utf-8
import torch
import torch.utils.data as data

import os.path as osp
import numpy as np

class CPDataset(data.Dataset):
    """Dataset for CP-VTON (synthetic person / cloth tensors, same layout as the real pairs).
    """
    def __init__(self, opt):
        super(CPDataset, self).__init__()
        # base setting
        self.opt = opt
        self.root = opt.dataroot
        self.datamode = opt.datamode # train or test or self-defined
        self.stage = opt.stage # GMM or TOM
        self.data_list = opt.data_list
        self.fine_height = opt.fine_height
        self.fine_width = opt.fine_width
        self.radius = opt.radius
        self.data_path = osp.join(opt.dataroot, opt.datamode)

        # load data list
        im_names = []
        c_names = []
        for i in range(16):
            im_names.append('%06d_0.jpg' % i)
            c_names.append('%06d_1.jpg' % i)

        self.im_names = im_names
        self.c_names = c_names

    def name(self):
        return "CPDataset"

    def __getitem__(self, index):
        c_name = self.c_names[index]
        im_name = self.im_names[index]
        rng = np.random.RandomState(index)
        H, W = self.fine_height, self.fine_width

        # cloth image & cloth mask
        c = torch.from_numpy(rng.uniform(-1, 1, (3, H, W)).astype(np.float32))
        cm = torch.from_numpy((rng.rand(1, H, W) > 0.5).astype(np.float32))

        # person image
        im = torch.from_numpy(rng.uniform(-1, 1, (3, H, W)).astype(np.float32))

        # parsing image -> body shape / head / cloth on person
        shape = torch.from_numpy(rng.uniform(-1, 1, (1, H, W)).astype(np.float32))
        phead = torch.from_numpy((rng.rand(1, H, W) > 0.8).astype(np.float32))
        pcm = torch.from_numpy((rng.rand(1, H, W) > 0.5).astype(np.float32))
        im_c = im * pcm + (1 - pcm) # [-1,1], fill 1 for other parts
        im_h = im * phead - (1 - phead) # [-1,1], fill 0 for other parts

        # load pose points -> 18 heatmap channels
        point_num = 18
        pose_map = torch.zeros(point_num, H, W)
        r = self.radius
        for i in range(point_num):
            pointx, pointy = rng.randint(r, W - r), rng.randint(r, H - r)
            pose_map[i, pointy-r:pointy+r, pointx-r:pointx+r] = 1
        pose_map = pose_map * 2 - 1

        # cloth-agnostic representation
        agnostic = torch.cat([shape, im_h, pose_map], 0)

        grid_image = torch.ones(3, H, W)
        grid_image[:, ::8, :] = -1
        grid_image[:, :, ::8] = -1

        result = {
            'c_name':   c_name,     # for visualization
            'im_name':  im_name,    # for visualization or ground truth
            'cloth':    c,          # for input
            'cloth_mask':     cm,   # for input
            'image':    im,         # for visualization
            'agnostic': agnostic,   # for input
            'parse_cloth': im_c,    # for ground truth
            'shape': shape,         # for visualization
            'head': im_h,           # for visualization
            'grid_image': grid_image,   # for visualization
            }

        return result

    def __len__(self):
        return len(self.im_names)

class CPDataLoader(object):
    def __init__(self, opt, dataset):
        super(CPDataLoader, self).__init__()

        if opt.shuffle :
            train_sampler = torch.utils.data.sampler.RandomSampler(dataset)
        else:
            train_sampler = None

        self.data_loader = torch.utils.data.DataLoader(
                dataset, batch_size=opt.batch_size, shuffle=(train_sampler is None),
                num_workers=opt.workers, pin_memory=False, sampler=train_sampler)
        self.dataset = dataset
        self.data_iter = self.data_loader.__iter__()

    def next_batch(self):
        try:
            batch = self.data_iter.__next__()
        except StopIteration:
            self.data_iter = self.data_loader.__iter__()
            batch = self.data_iter.__next__()

        return batch
