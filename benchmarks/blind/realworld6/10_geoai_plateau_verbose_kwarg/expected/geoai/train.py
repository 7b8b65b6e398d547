import glob
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class SemanticSegmentationDataset(Dataset):
    """Dataset of image tiles and label tiles stored as .npy files with matching names."""

    def __init__(self, image_paths, label_paths, num_channels=3):
        self.image_paths = image_paths
        self.label_paths = label_paths
        self.num_channels = num_channels

    def __len__(self):
        return len(self.image_paths)

    def __getitem__(self, idx):
        image = np.load(self.image_paths[idx]).astype(np.float32)[: self.num_channels]
        if image.max() > 1:
            image = image / 255.0
        label = np.load(self.label_paths[idx]).astype(np.int64)
        return torch.from_numpy(image), torch.from_numpy(label)


class _DoubleConv(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.block = nn.Sequential(
            nn.Conv2d(in_ch, out_ch, 3, padding=1, bias=False),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
            nn.Conv2d(out_ch, out_ch, 3, padding=1, bias=False),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.block(x)


class SmallUnet(nn.Module):
    def __init__(self, in_channels=3, classes=2, base=16):
        super().__init__()
        self.enc1 = _DoubleConv(in_channels, base)
        self.enc2 = _DoubleConv(base, base * 2)
        self.bott = _DoubleConv(base * 2, base * 4)
        self.up2 = nn.ConvTranspose2d(base * 4, base * 2, 2, stride=2)
        self.dec2 = _DoubleConv(base * 4, base * 2)
        self.up1 = nn.ConvTranspose2d(base * 2, base, 2, stride=2)
        self.dec1 = _DoubleConv(base * 2, base)
        self.head = nn.Conv2d(base, classes, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        b = self.bott(F.max_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([self.up2(b), e2], 1))
        d1 = self.dec1(torch.cat([self.up1(d2), e1], 1))
        return self.head(d1)


def get_smp_model(architecture="unet", encoder_name="resnet34", in_channels=3, classes=2):
    if architecture.lower() != "unet":
        raise ValueError(f"Unsupported architecture: {architecture}")
    return SmallUnet(in_channels=in_channels, classes=classes)


def train_segmentation_model(
    images_dir,
    labels_dir,
    output_dir,
    architecture="unet",
    encoder_name="resnet34",
    num_channels=3,
    num_classes=2,
    batch_size=8,
    num_epochs=50,
    learning_rate=0.001,
    weight_decay=1e-4,
    val_split=0.2,
    seed=42,
    verbose=True,
):
    """Train a semantic segmentation model on image/label tile folders."""
    torch.manual_seed(seed)
    np.random.seed(seed)
    os.makedirs(output_dir, exist_ok=True)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    image_paths = sorted(glob.glob(os.path.join(images_dir, "*.npy")))
    label_paths = [os.path.join(labels_dir, os.path.basename(p)) for p in image_paths]
    n_val = int(len(image_paths) * val_split)
    perm = np.random.permutation(len(image_paths))
    val_idx, train_idx = perm[:n_val], perm[n_val:]
    train_ds = SemanticSegmentationDataset([image_paths[i] for i in train_idx],
                                           [label_paths[i] for i in train_idx], num_channels)
    val_ds = SemanticSegmentationDataset([image_paths[i] for i in val_idx],
                                         [label_paths[i] for i in val_idx], num_channels)
    if verbose:
        print(f"Training on {len(train_ds)} tiles, validating on {len(val_ds)} tiles")

    train_loader = DataLoader(train_ds, batch_size=batch_size, shuffle=True, num_workers=0)
    val_loader = DataLoader(val_ds, batch_size=batch_size, shuffle=False, num_workers=0)

    model = get_smp_model(architecture, encoder_name, num_channels, num_classes).to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate, weight_decay=weight_decay)

    # Learning rate scheduler
    lr_scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(
        optimizer, mode="min", factor=0.5, patience=5
    )

    best_iou = 0.0
    for epoch in range(num_epochs):
        start = time.time()
        model.train()
        train_loss = 0.0
        for images, targets in train_loader:
            images, targets = images.to(device), targets.to(device)
            optimizer.zero_grad()
            loss = criterion(model(images), targets)
            loss.backward()
            optimizer.step()
            train_loss += loss.item() * images.size(0)
        train_loss /= len(train_ds)

        model.eval()
        val_loss, inter, union = 0.0, 0.0, 0.0
        with torch.no_grad():
            for images, targets in val_loader:
                outputs = model(images.to(device))
                val_loss += criterion(outputs, targets.to(device)).item() * images.size(0)
                pred = outputs.argmax(1)
                inter += ((pred == 1) & (targets == 1)).sum().item()
                union += ((pred == 1) | (targets == 1)).sum().item()
        val_loss /= max(len(val_ds), 1)
        iou = inter / union if union > 0 else 0.0
        lr_scheduler.step(val_loss)

        if iou >= best_iou:
            best_iou = iou
            torch.save(model.state_dict(), os.path.join(output_dir, "best_model.pth"))
        if verbose:
            print(f"Epoch {epoch + 1}/{num_epochs}: train loss {train_loss:.4f}, "
                  f"val loss {val_loss:.4f}, val IoU {iou:.4f} ({time.time() - start:.1f}s)")

    torch.save(model.state_dict(), os.path.join(output_dir, "final_model.pth"))
    return model
