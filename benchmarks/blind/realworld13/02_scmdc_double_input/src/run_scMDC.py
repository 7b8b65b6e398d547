import argparse

import numpy as np
import torch

from preprocess import geneSelection, normalize, read_dataset
from scMDC import scMultiCluster

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description='train', formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument('--n_clusters', default=4, type=int)
    parser.add_argument('--batch_size', default=64, type=int)
    parser.add_argument('--pretrain_epochs', default=5, type=int)
    parser.add_argument('--f1', default=128, type=float, help='Number of mRNA after feature selection')
    parser.add_argument('-el', '--encodeLayer', nargs='+', default=[64, 32])
    parser.add_argument('-dl1', '--decodeLayer1', nargs='+', default=[32, 64])
    parser.add_argument('--z_dim', default=16, type=int)
    parser.add_argument('--lr', default=1e-3, type=float)
    parser.add_argument('--device', default='cpu')
    args = parser.parse_args()
    print(args)

    torch.manual_seed(1)
    np.random.seed(1)

    x1, y = read_dataset()
    importantGenes = geneSelection(x1, n=int(args.f1))
    x1 = x1[:, importantGenes]

    X1, X1_raw, sf1 = normalize(x1, size_factors=True, normalize_input=True, logtrans_input=True)
    print('### Autoencoder: Successfully preprocessed {} genes and {} cells.'.format(X1.shape[1], X1.shape[0]))

    encodeLayer = list(map(int, args.encodeLayer))
    decodeLayer1 = list(map(int, args.decodeLayer1))
    model = scMultiCluster(input_dim=X1.shape[1], encodeLayer=encodeLayer, decodeLayer=decodeLayer1,
                           z_dim=args.z_dim, activation="elu", device=args.device).to(args.device)
    model.pretrain_autoencoder(X=X1, X_raw=X1_raw, sf=sf1, batch_size=args.batch_size,
                               lr=args.lr, epochs=args.pretrain_epochs)
