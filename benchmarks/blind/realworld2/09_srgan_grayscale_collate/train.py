import argparse
import random

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from model.model import Generator
from prepare_data import build
from utils.data_utils import TrainDatasetFromFolder

parser = argparse.ArgumentParser(description='Train Super Resolution Models')
parser.add_argument('--crop_size', default=22, type=int, help='training images crop size')
parser.add_argument('--upscale_factor', default=2, type=int, choices=[2, 4, 8])
parser.add_argument('--num_epochs', default=2, type=int, help='train epoch number')

if __name__ == '__main__':
    opt = parser.parse_args()
    random.seed(0)
    torch.manual_seed(0)
    train_set = TrainDatasetFromFolder(build(), crop_size=opt.crop_size, upscale_factor=opt.upscale_factor)
    train_loader = DataLoader(dataset=train_set, num_workers=0, batch_size=8, shuffle=True)

    netG = Generator(opt.upscale_factor)
    print('# generator parameters:', sum(param.numel() for param in netG.parameters()))
    optimizerG = torch.optim.Adam(netG.parameters(), lr=1e-3)

    for epoch in range(1, opt.num_epochs + 1):
        netG.train()
        running = 0.0
        for data, target in train_loader:
            fake_img = netG(data)
            g_loss = F.mse_loss(fake_img, target)
            optimizerG.zero_grad()
            g_loss.backward()
            optimizerG.step()
            running += g_loss.item()
        print('[%d/%d] Loss_G: %.4f' % (epoch, opt.num_epochs, running / len(train_loader)))
    torch.save(netG.state_dict(), 'netG_epoch_%d_%d.pth' % (opt.upscale_factor, opt.num_epochs))
