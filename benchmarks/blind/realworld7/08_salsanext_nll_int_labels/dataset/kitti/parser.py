import numpy as np
import torch
from torch.utils.data import Dataset


class LaserScan:
    """Spherical projection of a point cloud into a range image."""

    def __init__(self, H, W, fov_up, fov_down):
        self.proj_H, self.proj_W = H, W
        self.fov_up = fov_up / 180.0 * np.pi
        self.fov_down = fov_down / 180.0 * np.pi

    def project(self, points, sem_label):
        fov = abs(self.fov_down) + abs(self.fov_up)
        depth = np.linalg.norm(points, 2, axis=1)
        yaw = -np.arctan2(points[:, 1], points[:, 0])
        pitch = np.arcsin(points[:, 2] / depth)
        proj_x = np.clip(np.floor(0.5 * (yaw / np.pi + 1.0) * self.proj_W), 0, self.proj_W - 1).astype(np.int32)
        proj_y = np.clip(np.floor((1.0 - (pitch + abs(self.fov_down)) / fov) * self.proj_H), 0,
                         self.proj_H - 1).astype(np.int32)
        proj_range = np.full((self.proj_H, self.proj_W), -1, dtype=np.float32)
        proj_xyz = np.full((self.proj_H, self.proj_W, 3), -1, dtype=np.float32)
        proj_sem_label = np.zeros((self.proj_H, self.proj_W), dtype=np.int32)
        order = np.argsort(depth)[::-1]
        proj_range[proj_y[order], proj_x[order]] = depth[order]
        proj_xyz[proj_y[order], proj_x[order]] = points[order]
        proj_sem_label[proj_y[order], proj_x[order]] = sem_label[order]
        return proj_range, proj_xyz, proj_sem_label


class SemanticKitti(Dataset):
    def __init__(self, labels, sensor, max_points, scans, seed=0):
        self.labels = labels
        self.sensor_img_H = sensor["img_prop"]["height"]
        self.sensor_img_W = sensor["img_prop"]["width"]
        self.scan = LaserScan(self.sensor_img_H, self.sensor_img_W, sensor["fov_up"], sensor["fov_down"])
        self.max_points = max_points
        rng = np.random.default_rng(seed)
        self.scans = []
        for _ in range(scans):
            n = max_points
            r = rng.uniform(2, 40, n)
            az = rng.uniform(-np.pi, np.pi, n)
            el = rng.uniform(np.radians(-24), np.radians(2), n)
            pts = np.stack([r * np.cos(el) * np.cos(az), r * np.cos(el) * np.sin(az), r * np.sin(el)], 1)
            lab = np.where(el < np.radians(-15), 2, np.where(r > 25, 3, np.where(r < 8, 1, 4)))
            lab[rng.random(n) < 0.05] = 0
            self.scans.append((pts.astype(np.float32), lab.astype(np.int32)))

    def __len__(self):
        return len(self.scans)

    def __getitem__(self, index):
        points, sem_label = self.scans[index]
        proj_range, proj_xyz, proj_sem_label = self.scan.project(points, sem_label)
        proj = torch.cat([torch.from_numpy(proj_range).unsqueeze(0),
                          torch.from_numpy(proj_xyz).permute(2, 0, 1)])
        proj_mask = torch.from_numpy(proj_range > 0)
        proj_labels = torch.from_numpy(proj_sem_label)
        proj_labels = proj_labels * proj_mask
        return proj, proj_mask, proj_labels


class Parser:
    def __init__(self, labels, learning_ignore, sensor, max_points, scans, batch_size, workers):
        self.train_dataset = SemanticKitti(labels, sensor, max_points, scans)
        self.trainloader = torch.utils.data.DataLoader(self.train_dataset, batch_size=batch_size, shuffle=True,
                                                       num_workers=workers, drop_last=True)
        self.learning_ignore = learning_ignore
        self.nclasses = len(labels)

    def get_train_set(self):
        return self.trainloader

    def get_n_classes(self):
        return self.nclasses
