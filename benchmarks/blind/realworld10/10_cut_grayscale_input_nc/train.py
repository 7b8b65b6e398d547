import random
import time

import torch
from torch.utils.data import DataLoader

from options.train_options import TrainOptions
from data.unaligned_dataset import UnalignedDataset
from models.networks import ResnetGenerator, NLayerDiscriminator, GANLoss


def set_requires_grad(nets, requires_grad=False):
    for net in nets:
        for p in net.parameters():
            p.requires_grad = requires_grad


if __name__ == '__main__':
    opt = TrainOptions().parse()
    random.seed(0)
    torch.manual_seed(0)

    dataset = UnalignedDataset(opt)
    dataloader = DataLoader(dataset, batch_size=opt.batch_size, shuffle=True, num_workers=0)
    print('The number of training images = %d' % len(dataset))

    netG = ResnetGenerator(opt.input_nc, opt.output_nc, opt.ngf, opt.n_blocks)
    netD = NLayerDiscriminator(opt.output_nc, opt.ndf)
    criterionGAN = GANLoss()
    criterionIdt = torch.nn.L1Loss()
    optimizer_G = torch.optim.Adam(netG.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))
    optimizer_D = torch.optim.Adam(netD.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))

    for epoch in range(1, opt.n_epochs + 1):
        epoch_start_time = time.time()
        for i, data in enumerate(dataloader):
            real_A, real_B = data['A'], data['B']
            fake_B = netG(real_A)

            # update D
            set_requires_grad([netD], True)
            optimizer_D.zero_grad()
            loss_D = 0.5 * (criterionGAN(netD(fake_B.detach()), False) + criterionGAN(netD(real_B), True))
            loss_D.backward()
            optimizer_D.step()

            # update G
            set_requires_grad([netD], False)
            optimizer_G.zero_grad()
            idt_B = netG(real_B)
            loss_G = criterionGAN(netD(fake_B), True) + opt.lambda_idt * criterionIdt(idt_B, real_B)
            loss_G.backward()
            optimizer_G.step()

            if i % 5 == 0:
                print('(epoch: %d, iters: %d) G: %.3f D: %.3f' % (epoch, i, loss_G.item(), loss_D.item()))
        print('End of epoch %d / %d \t Time Taken: %d sec' % (epoch, opt.n_epochs, time.time() - epoch_start_time))
