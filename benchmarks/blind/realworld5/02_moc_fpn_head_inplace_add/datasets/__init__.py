from .NWPU_MOC import NWPU_MOC


def loading_data(cfg):
    from torch.utils.data import DataLoader
    train_set = NWPU_MOC(cfg.NUM_TRAIN_IMGS, cfg.TRAIN_SIZE, cfg.NUM_CLASSES, seed=cfg.SEED)
    train_loader = DataLoader(train_set, batch_size=cfg.TRAIN_BATCH_SIZE, shuffle=True, num_workers=0)
    return train_loader
