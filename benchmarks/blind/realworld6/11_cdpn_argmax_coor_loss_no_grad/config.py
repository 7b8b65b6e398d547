from easydict_lite import EasyDict as edict

cfg = edict()
cfg.network = edict()
cfg.network.coor_bin = 64
cfg.network.back_freeze = False
cfg.network.rot_head_freeze = False

cfg.dataiter = edict()
cfg.dataiter.inp_res = 64
cfg.dataiter.out_res = 16

cfg.train = edict()
cfg.train.lr = 1e-4
cfg.train.batch_size = 4
cfg.train.epochs = 2
cfg.train.num_samples = 16
