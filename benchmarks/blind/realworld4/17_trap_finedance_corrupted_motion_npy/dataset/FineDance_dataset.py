import glob
import os
import pickle

import numpy as np
import torch
from torch.utils.data import Dataset


class FineDance_Smpl(Dataset):
    """music features (T x 35) + SMPL-X motion (T x 315: root translation + 52 joints x 6D rotation),
    cut into fixed-length windows"""

    def __init__(self, args, istrain=True, dataname="finedance"):
        self.dataname = dataname
        self.data_path = args.data_path
        self.full_seq_len = args.full_seq_len
        self.windows = args.windows
        self.istrain = istrain
        self.mode = "train" if istrain else "test"
        backup = os.path.join(args.processed_data_dir, "{}_{}_{}.pkl".format(dataname, self.mode, args.full_seq_len))
        if os.path.exists(backup) and not args.force_reload:
            with open(backup, "rb") as f:
                self.motion, self.music = pickle.load(f)
        else:
            self.motion, self.music = self.load_data()
            os.makedirs(args.processed_data_dir, exist_ok=True)
            with open(backup, "wb") as f:
                pickle.dump((self.motion, self.music), f)
        print("FineDance {}: {} windows".format(self.mode, len(self.motion)))

    def load_data(self):
        motion_files = sorted(glob.glob(os.path.join(self.data_path, "motion", "*.npy")))
        ignore = ["008"] if self.istrain else ["001", "002", "003", "004", "005", "006", "007"]
        all_motion, all_music = [], []
        for mpath in motion_files:
            name = os.path.splitext(os.path.basename(mpath))[0]
            if name in ignore:
                continue
            music = np.load(os.path.join(self.data_path, "music_npy", name + ".npy"))
            motion = np.load(mpath)
            T = min(len(music), len(motion))
            for start in range(0, T - self.full_seq_len + 1, self.windows):
                all_motion.append(motion[start:start + self.full_seq_len])
                all_music.append(music[start:start + self.full_seq_len])
        return np.stack(all_motion).astype(np.float32), np.stack(all_music).astype(np.float32)

    def __len__(self):
        return len(self.motion)

    def __getitem__(self, idx):
        return torch.from_numpy(self.motion[idx]), torch.from_numpy(self.music[idx])
