import torch


class collateFunction():
    """ Util class to create padded batches of data. """

    def __init__(self, min_L=8):
        self.min_L = min_L

    def __call__(self, batch):
        return self.collateFunction(batch)

    def collateFunction(self, batch):
        lr_batch, hr_batch, isn_batch = [], [], []
        for imageset in batch:
            lrs = imageset['lr'][:self.min_L]
            lr_batch.append(lrs)
            hr_batch.append(imageset['hr'])
            isn_batch.append(imageset['name'])
        padded_lr_batch = torch.stack(lr_batch, dim=0)
        hr_batch = torch.stack(hr_batch, dim=0)
        return padded_lr_batch, hr_batch, isn_batch
