import torch
from torch.utils.data import DataLoader, TensorDataset


def get_train_loader(batch_size, griding_num, num_lanes, cls_num_per_lane, size=(64, 160), n=32, seed=0):
    """Synthetic lanes: each lane is a bright slanted line; labels are its grid column per row anchor
    (griding_num means 'no lane')."""
    g = torch.Generator().manual_seed(seed)
    h, w = size
    imgs = torch.rand(n, 3, h, w, generator=g) * 0.1
    labels = torch.full((n, cls_num_per_lane, num_lanes), griding_num, dtype=torch.long)
    rows = torch.linspace(h * 0.4, h - 1, cls_num_per_lane).long()
    for i in range(n):
        for lane in range(num_lanes):
            if torch.rand(1, generator=g) < 0.2:
                continue
            x0 = (lane + 0.5) * w / num_lanes + (torch.rand(1, generator=g).item() - 0.5) * 10
            slope = (lane - (num_lanes - 1) / 2) * 0.6
            for r_i, r in enumerate(rows.tolist()):
                x = int(x0 + slope * (r - h * 0.4))
                if 0 <= x < w:
                    imgs[i, :, r, max(x - 1, 0):x + 2] = 1.0
                    labels[i, r_i, lane] = min(int(x / w * griding_num), griding_num - 1)
    return DataLoader(TensorDataset(imgs, labels), batch_size=batch_size, shuffle=True, drop_last=True)
