import torch
import torch.nn as nn


def patchify(images, p):
    B, C, H, W = images.shape
    x = images.reshape(B, C, H // p, p, W // p, p)
    x = x.permute(0, 2, 4, 3, 5, 1).reshape(B, (H // p) * (W // p), p * p * C)
    return x


def train_one_epoch(model, data_loader, optimizer, epoch, patch_size, normlize_target=True):
    model.train()
    loss_func = nn.MSELoss()
    total = 0.0
    for step, (batch, _) in enumerate(data_loader):
        images, bool_masked_pos = batch
        with torch.no_grad():
            images_patch = patchify(images, patch_size)
            if normlize_target:
                images_patch = (images_patch - images_patch.mean(dim=-1, keepdim=True)) / (
                    images_patch.var(dim=-1, unbiased=True, keepdim=True).sqrt() + 1e-6)
            B, _, C = images_patch.shape
            labels = images_patch[bool_masked_pos].reshape(B, -1, C)

        outputs = model(images, bool_masked_pos)
        loss = loss_func(input=outputs, target=labels)

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total / len(data_loader)
