from torch.utils.data import DataLoader
from data.srdata import SRData


class Data:
    def __init__(self, args):
        trainset = SRData(args, train=True)
        self.loader_train = DataLoader(trainset, batch_size=args.batch_size, shuffle=True,
                                       num_workers=args.n_threads, drop_last=True)
