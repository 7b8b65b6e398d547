import json
import os

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader


def imread(path):
    if not os.path.exists(path):
        return None
    return np.load(path)


class COCODataset(Dataset):
    def __init__(self, data_dir="datasets", json_file="instances_train2017.json", name="train2017"):
        self.data_dir = data_dir
        self.name = name
        with open(os.path.join(data_dir, "annotations", json_file)) as f:
            self.annotations = json.load(f)["images"]

    def __len__(self):
        return len(self.annotations)

    def load_image(self, index):
        file_name = self.annotations[index]["file_name"]
        img_file = os.path.join(self.data_dir, self.name, file_name)
        img = imread(img_file)
        return img

    def __getitem__(self, index):
        img = self.load_image(index)
        if img is not None:
            img = torch.from_numpy(img)
        ann = self.annotations[index]
        target = torch.tensor(ann["boxes"], dtype=torch.float32)
        label = ann["category_id"]
        return img, target, label


class TinyDetector(nn.Module):
    def __init__(self, num_classes=3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.cls_head = nn.Linear(16, num_classes)
        self.reg_head = nn.Linear(16, 8)

    def forward(self, x):
        f = self.backbone(x)
        return self.cls_head(f), self.reg_head(f).view(-1, 2, 4)


def main():
    torch.manual_seed(0)
    dataset = COCODataset()
    train_loader = DataLoader(dataset, batch_size=4, shuffle=False)
    model = TinyDetector()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(3):
        for imgs, targets, labels in train_loader:
            cls_out, reg_out = model(imgs)
            loss = nn.functional.cross_entropy(cls_out, labels) + nn.functional.l1_loss(reg_out, targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print("epoch {} loss {:.4f}".format(epoch, loss.item()))


if __name__ == "__main__":
    main()
