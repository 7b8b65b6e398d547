import numpy as np


def get_descriptors(population):
    """Stand-in for RDKit descriptors: bit counts + normalised 'logP' and 'SAS'-like numbers."""
    pop = np.asarray(population, dtype=np.float64)
    counts = pop.sum(axis=1, keepdims=True) / pop.shape[1]
    logp = (pop[:, :16].sum(axis=1, keepdims=True) - pop[:, 16:].sum(axis=1, keepdims=True)) / 16.0
    return np.concatenate([pop, counts, logp], axis=1)


def fitness(population):
    pop = np.asarray(population)
    return pop[:, :16].sum(axis=1) - 0.5 * pop[:, 16:].sum(axis=1)


def mutate(population, rate, rng):
    pop = np.array(population)
    flips = rng.rand(*pop.shape) < rate
    pop[flips] = 1 - pop[flips]
    return pop


def select_and_reproduce(population, scores, rng):
    order = np.argsort(-scores)
    keep = population[order[:len(population) // 2]]
    return np.concatenate([keep, mutate(keep, 0.05, rng)], axis=0)
