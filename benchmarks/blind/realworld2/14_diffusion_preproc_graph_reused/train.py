import argparse

import torch
from torch.utils.data import TensorDataset

from data_prep import load_sensor_windows, to_model_channels
from denoising_diffusion import GaussianDiffusion1D, Trainer1D, Unet1D

if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--steps', type=int, default=100)
    args = parser.parse_args()
    torch.manual_seed(42)

    seq_length = 64
    raw = load_sensor_windows(seq_length=seq_length)
    training_seq = to_model_channels(raw, channels=1)
    dataset = TensorDataset(training_seq)

    model = Unet1D(dim=32, channels=1)
    diffusion = GaussianDiffusion1D(model, seq_length=seq_length, timesteps=100)
    trainer = Trainer1D(diffusion, dataset=dataset, train_batch_size=32, train_lr=8e-5, train_num_steps=args.steps)
    trainer.train()
