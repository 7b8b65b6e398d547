import argparse

import numpy as np
import torch

import core.discriminator as D
import core.evolution_functions as evo


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--generations', type=int, default=5)
    parser.add_argument('--generation_size', type=int, default=500)
    parser.add_argument('--beta', type=float, default=2.0)
    parser.add_argument('--disc_epochs_per_generation', type=int, default=10)
    args = parser.parse_args()

    rng = np.random.RandomState(0)
    torch.manual_seed(0)
    device = 'cpu'

    n_bits = 32
    reference = (rng.rand(args.generation_size, n_bits) < 0.3).astype(np.int64)
    population = (rng.rand(args.generation_size, n_bits) < 0.5).astype(np.int64)
    ref_desc = evo.get_descriptors(reference)

    discriminator, d_optimizer, d_loss_func = D.obtain_initial_discriminator(
        disc_layers=[100, 10], device=device, n_features=ref_desc.shape[1])
    graph_x_counter = 0

    for generation in range(args.generations):
        pop_desc = evo.get_descriptors(population)
        disc_pred = D.do_predictions(discriminator, pop_desc, device)
        scores = evo.fitness(population) + args.beta * disc_pred
        print('Generation %d: best fitness %.2f, mean disc %.3f' % (
            generation, scores.max(), disc_pred.mean()))

        population = evo.select_and_reproduce(population, scores, rng)

        data_x, data_y = D.create_dataset(ref_desc, evo.get_descriptors(population))
        discriminator, d_loss, graph_x_counter = D.do_x_training_steps(
            data_x, data_y, discriminator, d_optimizer, d_loss_func,
            args.disc_epochs_per_generation, graph_x_counter, device)
        print('    discriminator loss: %.4f' % d_loss)


if __name__ == '__main__':
    main()
