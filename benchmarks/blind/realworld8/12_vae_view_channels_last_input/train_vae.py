import argparse

import numpy
import torch

import common.torch
from models.learned_variational_auto_encoder import LearnedVariationalAutoEncoder


class TrainVariationalAutoEncoder:
    """
    Train a variational auto encoder on the fonts/emnist style data.
    """

    def __init__(self, args=None):
        parser = argparse.ArgumentParser(description='Train variational auto encoder.')
        parser.add_argument('-train_images_file', default='data/train_images.npy', type=str)
        parser.add_argument('-latent_space_size', default=10, type=int)
        parser.add_argument('-epochs', default=3, type=int)
        parser.add_argument('-batch_size', default=64, type=int)
        parser.add_argument('-lr', default=0.005, type=float)
        parser.add_argument('-beta', default=1.0, type=float)
        self.args = parser.parse_args(args)

    def main(self):
        torch.manual_seed(0)
        numpy.random.seed(0)
        # images are stored as N x H x W x C
        self.train_images = numpy.load(self.args.train_images_file).astype(numpy.float32) / 255.
        N = self.train_images.shape[0]

        resolution = [self.train_images.shape[3], self.train_images.shape[1], self.train_images.shape[2]]
        model = LearnedVariationalAutoEncoder(resolution, self.args.latent_space_size)
        optimizer = torch.optim.Adam(model.parameters(), lr=self.args.lr)

        num_batches = int(numpy.ceil(N / self.args.batch_size))
        for epoch in range(self.args.epochs):
            model.train()
            perm = numpy.random.permutation(N)
            for b in range(num_batches):
                batch_perm = perm[b * self.args.batch_size: min((b + 1) * self.args.batch_size, N)]
                batch_images = torch.from_numpy(self.train_images[batch_perm])
                batch_images = batch_images.permute(0, 3, 1, 2)

                optimizer.zero_grad()
                reconstruction, mu, logvar = model(batch_images)
                reconstruction_loss = torch.nn.functional.binary_cross_entropy(reconstruction, batch_images, reduction='sum') / batch_images.size(0)
                kld = common.torch.kullback_leibler_divergence(mu, logvar)
                loss = reconstruction_loss + self.args.beta * kld
                loss.backward()
                optimizer.step()
                if b % 2 == 0:
                    print('[Training] %d | %d: %g (%g, %g)' % (epoch, b, loss.item(), reconstruction_loss.item(), kld.item()))

if __name__ == '__main__':
    program = TrainVariationalAutoEncoder()
    program.main()
