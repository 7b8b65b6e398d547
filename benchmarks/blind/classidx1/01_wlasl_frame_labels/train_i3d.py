import argparse
import random

import numpy as np
import torch
import torch.nn.functional as F
import torch.optim as optim

from datasets.nslt_dataset import NSLT as Dataset
from make_split import synth_videos
from pytorch_i3d import InceptionI3d

parser = argparse.ArgumentParser()
parser.add_argument('--mode', type=str, default='rgb')
parser.add_argument('--num_epochs', type=int, default=2)
parser.add_argument('--batch_size', type=int, default=8)
parser.add_argument('--lr', type=float, default=0.01)
args = parser.parse_args()


def run(split_file='nslt_6.json', batch_size=8, num_epochs=3, init_lr=0.01):
    random.seed(0)
    np.random.seed(0)
    torch.manual_seed(0)

    videos, _ = synth_videos()
    dataset = Dataset(split_file, 'train', videos)
    dataloader = torch.utils.data.DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=0)
    val_dataset = Dataset(split_file, 'test', videos)
    val_dataloader = torch.utils.data.DataLoader(val_dataset, batch_size=batch_size, shuffle=False, num_workers=0)
    dataloaders = {'train': dataloader, 'test': val_dataloader}

    i3d = InceptionI3d(400, in_channels=3)
    i3d.replace_logits(dataset.num_classes)

    optimizer = optim.SGD(i3d.parameters(), lr=init_lr, momentum=0.9, weight_decay=1e-7)

    for epoch in range(num_epochs):
        for phase in ['train', 'test']:
            i3d.train(phase == 'train')
            tot_loc_loss = 0.0
            tot_cls_loss = 0.0
            num_iter = 0
            correct = 0
            total = 0
            for inputs, labels, vid in dataloaders[phase]:
                num_iter += 1
                t = inputs.size(2)
                with torch.set_grad_enabled(phase == 'train'):
                    per_frame_logits = i3d(inputs)
                    per_frame_logits = F.interpolate(per_frame_logits, t, mode='linear', align_corners=False)

                    loc_loss = F.binary_cross_entropy_with_logits(per_frame_logits, labels)
                    tot_loc_loss += loc_loss.item()

                    predictions = torch.max(per_frame_logits, dim=2)[0]
                    gt = torch.max(labels, dim=2)[0]
                    cls_loss = F.binary_cross_entropy_with_logits(predictions, gt)
                    tot_cls_loss += cls_loss.item()

                    correct += (predictions.argmax(1) == gt.argmax(1)).sum().item()
                    total += inputs.size(0)

                    loss = (0.5 * loc_loss + 0.5 * cls_loss)
                    if phase == 'train':
                        optimizer.zero_grad()
                        loss.backward()
                        optimizer.step()
            print('Epoch {} {} Loc Loss: {:.4f} Cls Loss: {:.4f} Acc: {:.3f}'.format(
                epoch, phase, tot_loc_loss / num_iter, tot_cls_loss / num_iter, correct / max(total, 1)))


if __name__ == '__main__':
    run(batch_size=args.batch_size, num_epochs=args.num_epochs, init_lr=args.lr)
