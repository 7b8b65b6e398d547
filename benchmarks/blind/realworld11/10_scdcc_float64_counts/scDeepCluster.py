import argparse

import numpy as np
import torch

from preprocess import read_dataset, normalize, simulate_counts
from scDCC import scDCC

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description='train',
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument('--n_clusters', default=4, type=int)
    parser.add_argument('--batch_size', default=64, type=int)
    parser.add_argument('--maxiter', default=5, type=int)
    parser.add_argument('--pretrain_epochs', default=5, type=int)
    parser.add_argument('--gamma', default=1., type=float)
    parser.add_argument('--sigma', default=2.5, type=float)
    args = parser.parse_args()

    np.random.seed(0)
    torch.manual_seed(0)

    x, y = simulate_counts(n_clusters=args.n_clusters)
    adata = read_dataset(x, copy=True)
    adata = normalize(adata, size_factors=True, normalize_input=True, logtrans_input=True)

    input_size = adata.X.shape[1]
    print(args)
    print(adata.X.shape)

    model = scDCC(input_dim=adata.X.shape[1], z_dim=16, n_clusters=args.n_clusters,
                  encodeLayer=[128, 32], decodeLayer=[32, 128], sigma=args.sigma, gamma=args.gamma)
    print(str(model))

    model.pretrain_autoencoder(x=adata.X, batch_size=args.batch_size, epochs=args.pretrain_epochs)
    y_pred = model.fit(X=adata.X, y=y, batch_size=args.batch_size, num_epochs=args.maxiter)
    print('Total cells clustered: %d' % len(y_pred))
