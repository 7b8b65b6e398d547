import os

import torch
from torch.utils.data import DataLoader

from args import parse_train_opt
from dataset.FineDance_dataset import FineDance_Smpl
from model.model import DanceDecoder, GaussianDiffusion


def train(opt):
    torch.manual_seed(0)
    train_dataset = FineDance_Smpl(opt, istrain=True)
    test_dataset = FineDance_Smpl(opt, istrain=False)
    train_loader = DataLoader(train_dataset, batch_size=opt.batch_size, shuffle=True, drop_last=True)
    test_loader = DataLoader(test_dataset, batch_size=opt.batch_size, shuffle=False)

    diffusion = GaussianDiffusion(DanceDecoder())
    optim = torch.optim.Adam(diffusion.parameters(), lr=opt.learning_rate)
    save_dir = os.path.join(opt.project, opt.exp_name)
    os.makedirs(save_dir, exist_ok=True)

    for epoch in range(1, opt.epochs + 1):
        diffusion.train()
        avg = 0.0
        for motion, music in train_loader:
            loss = diffusion.loss(motion, music)
            optim.zero_grad()
            loss.backward()
            optim.step()
            avg += loss.item()
        diffusion.eval()
        with torch.no_grad():
            val = sum(diffusion.loss(m, c).item() for m, c in test_loader) / max(len(test_loader), 1)
        print("epoch {} train loss {:.4f} val loss {:.4f}".format(epoch, avg / max(len(train_loader), 1), val))
        if epoch % opt.save_interval == 0 or epoch == opt.epochs:
            torch.save({"model_state_dict": diffusion.state_dict()}, os.path.join(save_dir, "train-%d.pt" % epoch))


if __name__ == "__main__":
    opt = parse_train_opt()
    train(opt)
